// Each pipeline timing rule costs exactly what the configuration says. The default numbers
// are those measured on VexRiscv full+cfu (reference/vexriscv-measured.md); each test also
// changes the parameter to show the rule follows the config, not a constant.
#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

namespace {
uint64_t cycles(const std::vector<uint32_t>& program, cpu::CoreConfig config = {},
                std::vector<std::pair<unsigned, uint32_t>> preset = {}) {
  CoreHarness h(config);
  h.preset = std::move(preset);
  h.preset.push_back({10, 0x1000});  // loads read from 0x1000
  const uint64_t c = h.run(program);
  REQUIRE(h.stopped_at_end());
  return c;
}
}  // namespace

TEST_CASE("independent instructions issue one per cycle", "[cpu][timing]") {
  CHECK(cycles({rv::addi(5, 0, 1), rv::addi(6, 0, 2)}) == 2);
  CHECK(cycles({rv::addi(5, 5, 1), rv::addi(5, 5, 1), rv::addi(5, 5, 1)}) == 3);  // bypass
}

TEST_CASE("a load result used by the next instruction stalls load_use cycles", "[cpu][timing]") {
  CHECK(cycles({rv::lw(5, 10, 0), rv::addi(6, 5, 1)}) == 4);                     // 1 + 2 + 1
  CHECK(cycles({rv::lw(5, 10, 0), rv::addi(7, 0, 0), rv::addi(6, 5, 1)}) == 4);  // one between
  CHECK(cycles({rv::lw(5, 10, 0), rv::addi(6, 0, 1)}) == 2);                     // independent
  cpu::CoreConfig c;
  c.timing.load_use_stall = 5;
  CHECK(cycles({rv::lw(5, 10, 0), rv::addi(6, 5, 1)}, c) == 7);
}

TEST_CASE("immediate bits in the rs2 field create no false dependency", "[cpu][timing]") {
  // addi x6, x0, 5 has rs2-field bits = 5 = x5, which the load just wrote.
  CHECK(cycles({rv::lw(5, 10, 0), rv::addi(6, 0, 5)}) == 2);
}

TEST_CASE("a multiply result used next stalls mul_use cycles", "[cpu][timing]") {
  CHECK(cycles({rv::mul(5, 1, 2), rv::addi(6, 5, 1)}) == 4);
  CHECK(cycles({rv::mul(5, 1, 2), rv::addi(6, 0, 1)}) == 2);
  cpu::CoreConfig c;
  c.timing.mul_use_stall = 0;
  CHECK(cycles({rv::mul(5, 1, 2), rv::addi(6, 5, 1)}, c) == 2);
}

TEST_CASE("a shift result used next stalls shift_use cycles", "[cpu][timing]") {
  // Measured on VexRiscv_FullCfu.v: slli; dependent addi x100 = 303, independent 203, one
  // instruction between 303 (the barrel shifter finishes in the Memory stage).
  CHECK(cycles({rv::slli(5, 1, 1), rv::addi(6, 5, 1)}) == 3);
  CHECK(cycles({rv::slli(5, 1, 1), rv::addi(6, 0, 1)}) == 2);
  CHECK(cycles({rv::slli(5, 1, 1), rv::addi(7, 0, 0), rv::addi(6, 5, 1)}) == 3);
  CHECK(cycles({rv::sra(5, 1, 2), rv::addi(6, 5, 1)}) == 3);
  CHECK(cycles({rv::srai(5, 1, 1), rv::sll(6, 5, 2)}) == 3);
  CHECK(cycles({rv::addi(5, 1, 1), rv::addi(6, 5, 1)}) == 2);  // other ALU ops bypass
  cpu::CoreConfig c;
  c.timing.shift_use_stall = 3;
  CHECK(cycles({rv::sll(5, 1, 2), rv::addi(6, 5, 1)}, c) == 5);
}

TEST_CASE("a fall-through refill after a redirect overlaps the redirect's bubbles",
          "[cpu][timing]") {
  // Measured on VexRiscv_FullCfu.v: a taken forward bne at the last word of a cold line costs
  // L + 9 more than at the word before: the next line's refill (L + 7 + 4) less the two
  // cycles of the mispredict penalty it overlaps.
  cpu::PipelineTiming t{cpu::CoreTimingParams{}};
  uint64_t cycle = 0;
  t.conditional_branch(0x1c, 8, true);
  CHECK(t.branch_redirected_in_execute());
  t.retire<cpu::TimingClass::kBranch>(0, cycle);
  CHECK(cycle == 1 + 2);
  t.fall_through_refill(10 + 7 + 4, cycle);
  CHECK(cycle == 1 + 2 + (10 + 7 + 4 - 2));
  CHECK(t.stalls().fetch == 10 + 7 + 4 - 2);
  t.conditional_branch(0x3c, -8, true);  // backward: predicted taken, redirected in Decode
  CHECK_FALSE(t.branch_redirected_in_execute());
}

TEST_CASE("a divide occupies divide_cycles", "[cpu][timing]") {
  CHECK(cycles({rv::div(5, 1, 2)}, {}, {{1, 100}, {2, 7}}) == 34);
  CHECK(cycles({rv::remu(5, 1, 2), rv::addi(6, 0, 1)}, {}, {{1, 100}, {2, 7}}) == 35);
  cpu::CoreConfig c;
  c.timing.divide_cycles = 1;
  CHECK(cycles({rv::div(5, 1, 2)}, c, {{1, 100}, {2, 7}}) == 1);
}

TEST_CASE("static prediction: forward not taken, backward taken, jal taken", "[cpu][timing]") {
  // Forward branch not taken: predicted correctly, 1 cycle.
  CHECK(cycles({rv::beq(1, 2, 8), rv::nop()}, {}, {{1, 1}}) == 2);
  // Forward branch taken over a nop: mispredicted, 1 + 2.
  CHECK(cycles({rv::bne(1, 2, 8), rv::nop()}, {}, {{1, 1}}) == 3);
  // j over a nop: 1 + 1.
  CHECK(cycles({rv::jal(0, 8), rv::nop()}) == 2);
  // Loop: addi; bnez back, 10 iterations. Taken backward = 2, last (not taken) = 1 + 2.
  CHECK(cycles({rv::addi(1, 1, -1), rv::bne(1, 0, -4)}, {}, {{1, 10}}) == 9 * 3 + (1 + 3));
}

TEST_CASE("branch penalties follow the config", "[cpu][timing]") {
  cpu::CoreConfig c;
  c.timing.mispredict_penalty = 7;
  c.timing.taken_penalty = 3;
  CHECK(cycles({rv::bne(1, 2, 8), rv::nop()}, c, {{1, 1}}) == 1 + 7);
  CHECK(cycles({rv::jal(0, 8), rv::nop()}, c) == 1 + 3);
  CHECK(cycles({rv::addi(1, 1, -1), rv::bne(1, 0, -4)}, c, {{1, 2}}) == (1 + 1 + 3) + (1 + 1 + 7));
}

TEST_CASE("no prediction: every taken branch and jump pays the mispredict penalty",
          "[cpu][timing]") {
  cpu::CoreConfig c;
  c.timing.prediction = cpu::BranchPrediction::kNone;
  CHECK(cycles({rv::jal(0, 8), rv::nop()}, c) == 3);
  CHECK(cycles({rv::addi(1, 1, -1), rv::bne(1, 0, -4)}, c, {{1, 2}}) == (1 + 3) + (1 + 1));
  CHECK(cycles({rv::beq(1, 2, 8), rv::nop()}, c, {{1, 1}}) == 2);  // not taken: free
}

TEST_CASE("dynamic prediction learns a loop branch", "[cpu][timing]") {
  cpu::CoreConfig c;
  c.timing.prediction = cpu::BranchPrediction::kDynamic;
  CoreHarness h(c);
  h.preset = {{1, 100}};
  h.run({rv::addi(1, 1, -1), rv::bne(1, 0, -4)});
  // Counters start weakly not-taken: the first taken branch and the final exit mispredict.
  CHECK(h.core.branches().mispredicted == 2);
  CHECK(h.core.branches().conditional == 100);
}

TEST_CASE("jalr pays the jalr penalty", "[cpu][timing]") {
  CHECK(cycles({rv::jalr(0, 5, 0), rv::nop()}, {}, {{5, 8}}) == 1 + 2);
  cpu::CoreConfig c;
  c.timing.jalr_penalty = 4;
  CHECK(cycles({rv::jalr(0, 5, 0), rv::nop()}, c, {{5, 8}}) == 1 + 4);
}

TEST_CASE("CSR instructions occupy csr_cycles", "[cpu][timing]") {
  CHECK(cycles({rv::csrrs(5, 0xB00, 0), rv::csrrs(6, 0xB00, 0)}) == 6);
  cpu::CoreConfig c;
  c.timing.csr_cycles = 1;
  CHECK(cycles({rv::csrrs(5, 0xB00, 0), rv::csrrs(6, 0xB00, 0)}, c) == 2);
}

TEST_CASE("a CSR access right after a taken branch overlaps its bubbles", "[cpu][timing]") {
  // The CSR waits csr_cycles - 1 after the previous instruction finished executing; the
  // branch's penalty counts toward that wait (measured: 100 taken bne between csrr = 301).
  // bne taken over a nop (1 + 2 bubbles), then csrr: issues at 3, reads at 3, ends at 4.
  CHECK(cycles({rv::bne(1, 2, 8), rv::nop(), rv::csrrs(5, 0xB00, 0)}, {}, {{1, 1}}) == 4);
  // After a plain instruction it waits the full 2 (the csrr reads at 3, ends at 4).
  CHECK(cycles({rv::addi(6, 0, 1), rv::csrrs(5, 0xB00, 0)}) == 4);
  // ... and the read value shows where it read.
  CoreHarness h;
  h.run({rv::jal(0, 8), rv::nop(), rv::csrrs(5, 0xB00, 0)});
  // jal issues at 0 and finishes at 1; its bubble makes the csrr issue at 2; it reads at
  // 1 + (3 - 1) = 3, not 2 + 2.
  CHECK(h.core.reg(5) == 3);
}

TEST_CASE("a store held in the Memory stage holds the instruction after next", "[cpu][timing]") {
  CoreHarness h;
  h.memory.store_release = 20;  // every store leaves the Memory stage at cycle 20
  h.preset = {{10, 0x1000}};
  // sw at 0; addi at 1 (in Execute behind the store); the next addi waits until 20.
  const uint64_t c = h.run({rv::sw(5, 10, 0), rv::addi(6, 0, 1), rv::addi(7, 0, 1)});
  CHECK(c == 21);
  CHECK(h.core.stalls().data == 20 - 2);
}

TEST_CASE("a store's hold that has passed costs nothing; the next store's still holds",
          "[cpu][timing]") {
  CoreHarness h;
  h.memory.store_release = 3;  // every store leaves the Memory stage at cycle 3
  h.preset = {{10, 0x1000}};
  // sw at 0; sw at 1 (its hold from the first store: none yet); addi waits for the first
  // store's release until 3 and issues then; the next addi, at 4, finds the second store's
  // release (3) passed.
  const uint64_t c =
      h.run({rv::sw(5, 10, 0), rv::sw(5, 10, 4), rv::addi(6, 0, 1), rv::addi(7, 0, 1)});
  CHECK(c == 5);
  CHECK(h.core.stalls().data == 1);
}

TEST_CASE("fetch stalls are charged once per fetch block", "[cpu][timing]") {
  CoreHarness h;
  h.memory.fetch_stall_cycles = 5;
  h.memory.block_bytes = 16;  // four instructions per block
  const uint64_t c = h.run({rv::nop(), rv::nop(), rv::nop(), rv::nop(), rv::nop()});
  // Blocks [0,16) and [16,32) (which holds the 5th nop and the ebreak): 2 stalls.
  CHECK(c == 5 + 5 + 5);
  CHECK(h.core.stalls().fetch == 10);
}

TEST_CASE("data access stalls come from the memory", "[cpu][timing]") {
  CoreHarness h;
  h.memory.load_stall_cycles = 9;
  h.memory.store_stall_cycles = 4;
  h.preset = {{10, 0x1000}};
  const uint64_t c = h.run({rv::lw(5, 10, 0), rv::sw(5, 10, 4), rv::addi(6, 0, 1)});
  // lw 1 + 9; sw waits for x5 (ready 2 cycles after the load completes), then 1 + 4; addi 1.
  CHECK(c == (1 + 9) + 2 + (1 + 4) + 1);
  CHECK(h.core.stalls().data == 13);
  CHECK(h.core.stalls().load_use == 2);
}

TEST_CASE("trap entry and mret cost trap_cycles each", "[cpu][timing]") {
  CoreHarness h;
  h.preset = {{1, 0x40}};
  // 0: csrw mtvec, x1; 4: ecall; 8: ebreak (end after return)
  // 0x40: handler: csrr x2, mepc; addi x2, x2, 4; csrw mepc, x2; mret
  h.memory.set_word(0x40, rv::csrrs(2, 0x341, 0));
  h.memory.set_word(0x44, rv::addi(2, 2, 4));
  h.memory.set_word(0x48, rv::csrrw(0, 0x341, 2));
  h.memory.set_word(0x4C, rv::mret());
  h.load({rv::csrrw(0, 0x305, 1), rv::ecall()});
  h.memory.set_word(0x40, rv::csrrs(2, 0x341, 0));
  h.core.reset(0);
  h.core.set_reg(1, 0x40);
  h.step_to_end();
  REQUIRE(h.stopped_at_end());
  // csrw 3; ecall 1 + 4; handler: csrr 3, addi 1, csrw 3, mret 1 + 4.
  CHECK(h.core.cycle() == 3 + 5 + 3 + 1 + 3 + 5);
  CHECK(h.core.traps_taken() == 1);
  CHECK(h.core.instret() == 1 + 4);  // ecall does not retire
}
