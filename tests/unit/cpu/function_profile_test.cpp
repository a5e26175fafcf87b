// Per-function cycles and instructions: the core checks an instruction's function only after a
// jump, a taken branch or a trap, and where straight-line code enters a new function (a slot
// marked at decode). These programs reach functions every way, whole and one cycle at a time.
#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"
#include "symbol_table.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

namespace {

// f1 [0x00, 0x10) falls through into f2 [0x10, 0x20), which branches back to f1 once (x5 = 2),
// so the second time f2 is reached in sequence its slots are decoded already; then it jumps to
// f3 [0x30, 0x40). The harness's closing ebreak at 0x38 is f3's too.
const std::vector<uint32_t> kProgram = {
    rv::addi(1, 1, 1), rv::nop(),          rv::nop(),        rv::nop(),  // f1
    rv::addi(2, 2, 1), rv::blt(2, 5, -20), rv::jal(0, 0x18), rv::nop(),  // f2
    rv::nop(),         rv::nop(),          rv::nop(),        rv::nop(),  // no function
    rv::addi(3, 0, 1), rv::addi(3, 3, 1),                                // f3
};
const std::vector<std::pair<unsigned, uint32_t>> kPreset = {{5, 2}};

cpu::SymbolTable symbols() {
  cpu::SymbolTable table;
  table.add({"f1", 0x00, 0x10});
  table.add({"f2", 0x10, 0x10});
  table.add({"f3", 0x30, 0x10});
  table.finalize();
  return table;
}

struct Profile {
  uint64_t instructions;
  uint64_t cycles;
};

Profile of(const CoreHarness& h, const cpu::SymbolTable& table, const char* name) {
  const cpu::Symbol* symbol = table.find(name);
  REQUIRE(symbol != nullptr);
  const uint32_t index = table.function_index(symbol->address);
  return {h.core.function_instret()[index], h.core.function_cycles()[index]};
}

void check(const CoreHarness& h, const cpu::SymbolTable& table) {
  // One cycle per addi and nop; the backward blt is predicted taken: taken, it costs the taken
  // penalty, not taken the mispredict penalty; jal costs its issue and the taken penalty.
  CHECK(of(h, table, "f1").instructions == 2 * 4);
  CHECK(of(h, table, "f1").cycles == 2 * 4);
  CHECK(of(h, table, "f2").instructions == 2 + 2 + 1);
  CHECK(of(h, table, "f2").cycles == (1 + 2) + (1 + 3) + 2);
  CHECK(of(h, table, "f3").instructions == 2);
  CHECK(of(h, table, "f3").cycles == 2);
  CHECK(h.core.function_instret()[cpu::SymbolTable::kNoFunction] == 0);
}

}  // namespace

TEST_CASE("straight-line code entering a new function books it to that function",
          "[cpu][profile]") {
  const cpu::SymbolTable table = symbols();
  CoreHarness h;
  h.core.set_symbols(&table);
  h.preset = kPreset;
  h.run(kProgram);
  REQUIRE(h.core.halted());  // the ebreak, which is no instruction of the profile
  check(h, table);
}

TEST_CASE("the profile is the same when every run stops after one cycle", "[cpu][profile]") {
  const cpu::SymbolTable table = symbols();
  CoreHarness h;
  h.core.set_symbols(&table);
  h.load(kProgram);
  h.core.reset(0);
  for (auto& [reg, value] : kPreset) h.core.set_reg(reg, value);
  h.step_to_end();  // a run per cycle: each stop lands between two instructions
  REQUIRE(h.stopped_at_end());
  check(h, table);
}

TEST_CASE("a jump into the middle of a function books it to that function", "[cpu][profile]") {
  const cpu::SymbolTable table = symbols();
  std::vector<uint32_t> program = kProgram;
  program[6] = rv::jal(0, 0x1c);  // to f3's second instruction
  CoreHarness h;
  h.core.set_symbols(&table);
  h.preset = kPreset;
  h.run(program);
  CHECK(of(h, table, "f2").instructions == 5);
  CHECK(of(h, table, "f3").instructions == 1);
  CHECK(of(h, table, "f3").cycles == 1);
}
