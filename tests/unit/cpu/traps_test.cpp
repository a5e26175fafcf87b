// Traps: CSR state on entry, mret, and the one-line diagnostic when no handler is installed.
#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

namespace {
// Installs a handler at 0x100 that copies mcause/mepc/mtval to x20..x22 and spins.
CoreHarness& with_handler(CoreHarness& h, const std::vector<uint32_t>& body) {
  std::vector<uint32_t> program = {rv::addi(30, 0, 0x100), rv::csrrw(0, 0x305, 30)};
  program.insert(program.end(), body.begin(), body.end());
  h.load(program);
  h.memory.set_word(0x100, rv::csrrs(20, 0x342, 0));
  h.memory.set_word(0x104, rv::csrrs(21, 0x341, 0));
  h.memory.set_word(0x108, rv::csrrs(22, 0x343, 0));
  h.memory.set_word(0x10C, rv::jal(0, 0));
  h.core.reset(0);
  for (auto& [r, v] : h.preset) h.core.set_reg(r, v);
  h.core.run(2000);
  return h;
}
}  // namespace

TEST_CASE("a trap with a handler records cause, pc and value", "[cpu][traps]") {
  struct Case {
    uint32_t insn;
    uint32_t cause;
    uint32_t tval;
  };
  const uint32_t illegal = 0xFFFFFFFFu;
  for (const Case& c : std::vector<Case>{{illegal, 2, illegal},
                                         {rv::ebreak(), 3, 8},
                                         {rv::ecall(), 11, 0},
                                         {rv::lw(5, 1, 1), 4, 0x1001},
                                         {rv::sh(5, 1, 3), 6, 0x1003},
                                         {rv::lw(5, 2, 0), 5, 0x7FFF0000},
                                         {rv::sw(5, 2, 0), 7, 0x7FFF0000},
                                         {rv::cfu(1, 0, 5, 0, 0), 2, rv::cfu(1, 0, 5, 0, 0)},
                                         {rv::jal(0, 2), 0, 10}}) {
    CoreHarness h;
    h.preset = {{1, 0x1000}, {2, 0x7FFF0000}};
    with_handler(h, {c.insn});
    INFO("instruction 0x" << std::hex << c.insn);
    CHECK_FALSE(h.core.halted());
    CHECK(h.core.reg(20) == c.cause);
    CHECK(h.core.reg(21) == 8);  // the faulting instruction's pc
    CHECK(h.core.reg(22) == c.tval);
    CHECK(h.core.traps_taken() == 1);
  }
}

TEST_CASE("an observer sees only the trapping instruction as trapped", "[cpu][traps]") {
  struct Recorder : cpu::InstructionObserver {
    std::vector<std::pair<uint32_t, bool>> seen;  // pc, trapped
    void on_instruction(const cpu::ExecutedInstruction& e) override {
      seen.emplace_back(e.pc, e.trapped);
    }
  } recorder;
  CoreHarness h;
  h.core.set_observer(&recorder);
  // The handler starts with an instruction that can never trap (as a C handler's addi sp).
  std::vector<uint32_t> program = {rv::addi(30, 0, 0x100), rv::csrrw(0, 0x305, 30), rv::ecall()};
  h.load(program);
  h.memory.set_word(0x100, rv::addi(7, 7, 1));
  h.memory.set_word(0x104, rv::jal(0, 0));
  h.core.reset(0);
  h.core.run(100);
  std::vector<std::pair<uint32_t, bool>> first(recorder.seen.begin(), recorder.seen.begin() + 5);
  CHECK(first == std::vector<std::pair<uint32_t, bool>>{
                     {0x0, false}, {0x4, false}, {0x8, true}, {0x100, false}, {0x104, false}});
}

TEST_CASE("trap entry saves MIE to MPIE and mret restores it", "[cpu][traps]") {
  CoreHarness h;
  h.preset = {{1, 0x40}, {2, 0x8}};
  h.load({rv::csrrw(0, 0x305, 1), rv::csrrs(0, 0x300, 2), rv::ecall(), rv::csrrs(5, 0x300, 0)});
  h.memory.set_word(0x40, rv::csrrs(6, 0x300, 0));  // mstatus inside the handler
  h.memory.set_word(0x44, rv::csrrs(7, 0x341, 0));
  h.memory.set_word(0x48, rv::addi(7, 7, 4));
  h.memory.set_word(0x4C, rv::csrrw(0, 0x341, 7));
  h.memory.set_word(0x50, rv::mret());
  h.core.reset(0);
  h.core.set_reg(1, 0x40);
  h.core.set_reg(2, 0x8);
  h.step_to_end();
  REQUIRE(h.stopped_at_end());
  CHECK((h.core.reg(6) & 0x88) == 0x80);  // in handler: MIE=0, MPIE=1
  CHECK((h.core.reg(5) & 0x8) == 0x8);    // after mret: MIE restored
}

TEST_CASE("a trap without a handler stops with a one-line diagnostic", "[cpu][traps]") {
  CoreHarness h;
  h.preset = {{2, 0x7FFF0000}};
  h.run({rv::nop(), rv::sw(5, 2, 16)});
  REQUIRE(h.core.halted());
  CHECK(h.core.halt_message() ==
        "store access fault at pc 0x00000004, instruction 0x00512823 `sw t0, 16(sp)`, "
        "cycle 1, address 0x7fff0010 (no trap handler: mtvec not set)");
  CHECK(h.core.halt_message().find('\n') == std::string::npos);
}

TEST_CASE("a CFU instruction without a CFU or a handler says the architecture has none",
          "[cpu][traps]") {
  CoreHarness h;  // its CFU is NoCfu: the CPU of an architecture without a cfu section
  h.run({rv::nop(), rv::cfu(1, 2, 5, 0, 0)});
  REQUIRE(h.core.halted());
  CHECK_THAT(h.core.halt_message(),
             Catch::Matches("illegal instruction at pc 0x00000004, instruction 0x[0-9a-f]{8} "
                            "`cfu [^`]*`, cycle [0-9]+: a custom-0 \\(CFU\\) instruction, and "
                            "this architecture has no cfu section \\(add one: docs/cfu.md\\)"));
  CHECK(h.core.halt_message().find('\n') == std::string::npos);
}

TEST_CASE("the diagnostic names the enclosing function", "[cpu][traps]") {
  CoreHarness h;
  cpu::SymbolTable symbols;
  symbols.add({"start", 0, 8});
  symbols.add({"broken", 8, 8});
  symbols.finalize();
  h.core.set_symbols(&symbols);
  h.run({rv::nop(), rv::nop(), rv::nop(), 0x00000000});
  REQUIRE(h.core.halted());
  CHECK_THAT(h.core.halt_message(),
             Catch::StartsWith("illegal instruction at pc 0x0000000c (broken+0x4), instruction "
                               "0x00000000 `.word 0x00000000 (illegal)`"));
}

TEST_CASE("misaligned accesses are performed when allowed", "[cpu][traps]") {
  cpu::CoreConfig c;
  c.trap_misaligned = false;
  CoreHarness h(c);
  h.memory.set_word(0x1000, 0x44332211u);
  h.memory.set_word(0x1004, 0x88776655u);
  h.preset = {{1, 0x1000}};
  h.run({rv::lw(5, 1, 1), rv::lh(6, 1, 3)});
  REQUIRE(h.stopped_at_end());
  CHECK(h.core.reg(5) == 0x55443322u);
  CHECK(h.core.reg(6) == 0x5544);
}

TEST_CASE("stores into decoded code take effect and fence.i reaches the memory", "[cpu][traps]") {
  CoreHarness h;
  // Execute the word at 0x20 (addi x5, x0, 1), overwrite it with addi x5, x0, 2, run it again.
  h.preset = {{1, 0x20}, {2, rv::addi(5, 0, 2)}};
  h.memory.set_word(0x20, rv::addi(5, 0, 1));
  h.memory.set_word(0x24, rv::jalr(0, 3, 0));
  h.load({rv::jalr(3, 1, 0), rv::addi(6, 5, 0), rv::sw(2, 1, 0), rv::fence_i(), rv::jalr(3, 1, 0),
          rv::addi(7, 5, 0)});
  h.memory.set_word(0x20, rv::addi(5, 0, 1));
  h.memory.set_word(0x24, rv::jalr(0, 3, 0));
  h.core.reset(0);
  h.core.set_reg(1, 0x20);
  h.core.set_reg(2, rv::addi(5, 0, 2));
  h.core.run(10'000);
  REQUIRE(h.stopped_at_end());
  CHECK(h.core.reg(6) == 1);
  CHECK(h.core.reg(7) == 2);
  CHECK(h.memory.fences == 1);
}

TEST_CASE("run stops at the requested cycle and resumes", "[cpu][traps]") {
  CoreHarness h;
  h.load({rv::addi(1, 1, 1), rv::jal(0, -4)});
  h.core.reset(0);
  h.core.run(100);
  CHECK(h.core.cycle() >= 100);
  CHECK(h.core.cycle() < 103);
  const uint32_t count = h.core.reg(1);
  h.core.run(200);
  CHECK(h.core.reg(1) > count);
}
