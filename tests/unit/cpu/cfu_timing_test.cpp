// custom-0 instructions: the CFU's accept/response timing, as measured on VexRiscv with a
// pipelined and a non-pipelined CFU (reference/vexriscv-measured.md, CFU rows).
#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

namespace {
uint64_t run_with_cfu(ScriptedCfu& cfu, const std::vector<uint32_t>& body, int repeat) {
  CoreHarness h;
  h.core.set_cfu(cfu);
  std::vector<uint32_t> program;
  for (int i = 0; i < repeat; ++i) program.insert(program.end(), body.begin(), body.end());
  const uint64_t c = h.run(program);
  REQUIRE(h.stopped_at_end());
  return c;
}
}  // namespace

TEST_CASE("a pipelined CFU sustains one op per cycle", "[cpu][cfu]") {
  ScriptedCfu cfu(1, true);
  // Each op issues the cycle after the previous one: its response arrives in time for it to
  // leave the Memory stage. (The board shows ~2 more cycles draining the last response before
  // a csrr; that calibration belongs with the measured-VexRiscv work, docs/timing.md.)
  CHECK(run_with_cfu(cfu, {rv::cfu(0, 0, 5, 1, 2)}, 100) == 100);
  CHECK(cfu.calls == 100);
}

TEST_CASE("a non-pipelined CFU of latency N costs N + 1 per op back to back", "[cpu][cfu]") {
  for (uint64_t n : {1, 2, 5, 10}) {
    ScriptedCfu cfu(n, false);
    const uint64_t c = run_with_cfu(cfu, {rv::cfu(0, 0, 5, 1, 2)}, 100);
    CHECK(c == 99 * (n + 1) + n);  // the final op only waits for its response
  }
}

TEST_CASE("a dependent instruction after a non-pipelined op costs N + 2 per pair", "[cpu][cfu]") {
  for (uint64_t n : {1, 2, 5, 10}) {
    ScriptedCfu cfu(n, false);
    const uint64_t c = run_with_cfu(cfu, {rv::cfu(0, 0, 5, 1, 2), rv::addi(6, 5, 1)}, 100);
    CHECK(c == 100 * (n + 2));
  }
}

TEST_CASE("a dependent instruction right after a pipelined op stalls one cycle", "[cpu][cfu]") {
  ScriptedCfu cfu(1, true);
  CHECK(run_with_cfu(cfu, {rv::cfu(0, 0, 5, 1, 2), rv::addi(6, 5, 1)}, 100) == 300);
}

TEST_CASE("the first CSR access after CFU ops waits cfu_csr_drain cycles", "[cpu][cfu]") {
  ScriptedCfu cfu(1, true);
  CoreHarness h;
  h.core.set_cfu(cfu);
  // csrr, 3 pipelined ops, csrr, csrr: the first read after the ops is 2 later than without
  // a CFU op before it (measured: 100 ops read 105 = 100 + 3 + 2); the second one is not.
  h.run({rv::csrrs(5, 0xB00, 0), rv::cfu(0, 0, 8, 1, 2), rv::cfu(0, 0, 8, 1, 2),
         rv::cfu(0, 0, 8, 1, 2), rv::csrrs(6, 0xB00, 0), rv::csrrs(7, 0xB00, 0)});
  CHECK(h.core.reg(6) - h.core.reg(5) == 3 + 3 + 2);
  CHECK(h.core.reg(7) - h.core.reg(6) == 3);
}

TEST_CASE("the CFU sees function_id = {funct7, funct3} and both operands", "[cpu][cfu]") {
  ScriptedCfu cfu(1, true);
  CoreHarness h;
  h.core.set_cfu(cfu);
  h.preset = {{1, 100}, {2, 20}};
  h.run({rv::cfu(3, 5, 7, 1, 2)});
  CHECK(h.core.reg(7) == 100 + 20 + ((3 << 3) | 5));
  CHECK(h.core.cfu_ops() == 1);
}

TEST_CASE("cfu_issue_cycles adds to every custom-0 instruction", "[cpu][cfu]") {
  cpu::CoreConfig config;
  config.timing.cfu_issue_cycles = 4;
  ScriptedCfu cfu(1, true);
  CoreHarness h(config);
  h.core.set_cfu(cfu);
  CHECK(h.run({rv::cfu(0, 0, 5, 1, 2), rv::cfu(0, 0, 5, 1, 2)}) == 2 * (1 + 4) + 0);
}
