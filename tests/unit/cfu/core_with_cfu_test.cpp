// The mnv2 CFU behind the real CPU core: its waits are CPU cycles (what mcycle counts and
// Renode misses), and work the CPU does meanwhile hides them (background computation).
#include <catch2/catch.hpp>

#include "accsim/hw/mnv2_cfu_isa.h"
#include "core_harness.h"
#include "mnv2_cfu.h"
#include "rv32_asm.h"

using namespace accsim;
namespace rv = accsim::test::rv;

namespace {

uint32_t op(unsigned funct7, unsigned rd, unsigned rs1) { return rv::cfu(funct7, 0, rd, rs1, 0); }

// A 4-channel batch over a 1-word pixel (x1 = 1, x3 = a Q31 multiplier), the pixel stored, a
// MACC_RUN, then `work` independent instructions and one GET_OUTPUT into x5.
std::vector<uint32_t> program(int work) {
  std::vector<uint32_t> p = {rv::addi(1, 0, 1), rv::addi(2, 0, 4), rv::lui(3, 0x40000),
                             op(MNV2_SET_INPUT_DEPTH_WORDS, 0, 1),
                             op(MNV2_SET_OUTPUT_BATCH_SIZE, 0, 2)};
  for (int c = 0; c < 4; ++c) {
    p.push_back(op(MNV2_STORE_OUTPUT_MULTIPLIER, 0, 3));
    p.push_back(op(MNV2_STORE_OUTPUT_SHIFT, 0, 0));
    p.push_back(op(MNV2_STORE_OUTPUT_BIAS, 0, 0));
    p.push_back(op(MNV2_STORE_FILTER_VALUE, 0, 1));
  }
  p.push_back(op(MNV2_STORE_INPUT_VALUE, 0, 1));
  p.push_back(op(MNV2_MACC_RUN, 0, 0));
  for (int i = 0; i < work; ++i) p.push_back(rv::addi(6, 6, 1));
  p.push_back(op(MNV2_GET_OUTPUT, 5, 0));
  return p;
}

}  // namespace

TEST_CASE("GET_OUTPUT right after MACC_RUN stalls the CPU until the word is ready", "[cfu][core]") {
  test::CoreHarness h;
  cfu::Mnv2Cfu cfu{cfu::Mnv2Config{}};
  h.core.set_cfu(cfu);
  const auto body = program(0);
  const uint64_t cycles = h.run(body);
  REQUIRE(h.stopped_at_end());
  // 4 feeds + the 8-cycle word latency after MACC_RUN's accept a: the word enters the FIFO at
  // a + 12, GET_OUTPUT issues at a + 1, so the CPU waits 10 cycles beyond GET_OUTPUT's own.
  CHECK(h.core.stalls().cfu == 10);
  CHECK(cycles == body.size() + 10);
  // (1 + 0) * 1 * 2^30 / 2^31 rounds to 1 per channel: 0x01010101.
  CHECK(h.core.reg(5) == 0x01010101u);
}

TEST_CASE("independent work after MACC_RUN hides the CFU's computation", "[cfu][core]") {
  test::CoreHarness h;
  cfu::Mnv2Cfu cfu{cfu::Mnv2Config{}};
  h.core.set_cfu(cfu);
  const auto body = program(11);
  const uint64_t cycles = h.run(body);
  CHECK(h.core.stalls().cfu == 0);
  CHECK(cycles == body.size());
  CHECK(h.core.reg(5) == 0x01010101u);
}
