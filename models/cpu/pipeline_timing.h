// VexRiscv's pipeline timing: when each instruction issues and what it costs beyond its issue
// cycle, keyed by its timing class (rv32_isa.h). docs/timing.md gives each rule and the
// measurement behind it. Rv32Core calls it at fixed points of every instruction and keeps
// the functional semantics; this class keeps the core's local cycle, the register
// scoreboard, and the stall and branch statistics.
//
// Per instruction, in order: fetch() when execution enters a new fetch block, store_hold(),
// wait_for_operands(); during execution the events of its class (data_stall, ...); then
// retire(), or issue() alone if it trapped. The instruction's operands and timing class come
// from the instruction table as template arguments, so each instruction's path is compiled
// with exactly its rules.
//
// The per-instruction rules take the cycle as an argument (`cycle`): the core's instruction
// loop keeps it in a local, which the host holds in a register, instead of loading and storing
// this class's cycle for every instruction (that store-to-load chain was what bounded the
// loop). The loop hands its cycle over (set_cycle) before anything else that reads or moves the
// model's cycle (fetch, trap entry, CSR and CFU events, a memory that may wait) and takes it
// back after.
#pragma once

#include <array>
#include <cstdint>

#include "core_timing.h"
#include "rv32_isa.h"

namespace accsim::cpu {

// Where the cycles went, beyond one per instruction.
struct StallCounters {
  uint64_t branch = 0;    // taken-branch and mispredict penalties, jumps
  uint64_t load_use = 0;  // waiting for a load result
  uint64_t mul_div = 0;   // waiting for a multiply, divides
  uint64_t shift = 0;     // waiting for a shift result
  uint64_t fetch = 0;     // instruction fetch (I$ misses, uncached fetch)
  uint64_t data = 0;      // data accesses (D$ misses, write-through, MMIO)
  uint64_t cfu = 0;       // custom-0: waiting for the CFU to accept or answer, and its result
  uint64_t csr = 0;       // CSR serialisation
  uint64_t trap = 0;      // trap entry and mret
};

// The kinds of StallCounters as statistics: cpu.stall.<name> for the run, <name>_stall_cycles
// per firmware region (Soc::make_region_profiler), in the order the summary prints them. One
// cycle of the run is either an instruction's issue or one of these, so per run and per region
// cycles = instructions + the sum of the kinds.
struct StallKind {
  const char* name;
  uint64_t StallCounters::*counter;
  const char* description;
};
inline constexpr std::array<StallKind, 9> kStallKinds = {{
    {"branch", &StallCounters::branch, "Cycles lost to taken branches, mispredictions, jumps"},
    {"load_use", &StallCounters::load_use, "Cycles waiting for a load result"},
    {"mul_div", &StallCounters::mul_div, "Cycles waiting for multiply results and divides"},
    {"shift", &StallCounters::shift, "Cycles waiting for shift results"},
    {"fetch", &StallCounters::fetch, "Cycles waiting for instruction fetch"},
    {"data", &StallCounters::data, "Cycles waiting for data accesses"},
    {"cfu", &StallCounters::cfu, "Cycles waiting for the CFU (accept, response, result)"},
    {"csr", &StallCounters::csr, "Cycles of CSR serialisation"},
    {"trap", &StallCounters::trap, "Cycles entering and leaving trap handlers"},
}};

struct BranchCounters {
  uint64_t conditional = 0;
  uint64_t taken = 0;
  uint64_t mispredicted = 0;
  uint64_t jumps = 0;
};

class PipelineTiming {
 public:
  explicit PipelineTiming(const CoreTimingParams& params);
  void reset();

  uint64_t cycle() const { return m_cycle; }
  void set_cycle(uint64_t cycle) { m_cycle = cycle; }
  const StallCounters& stalls() const { return m_stalls; }
  const BranchCounters& branches() const { return m_branches; }
  // Instructions retired of the rare timing classes no other counter counts (multiplies,
  // divides, CSR accesses, mret, system): the energy model's action counts (docs/energy.md).
  // Each of them has slow work of its own already. The common classes cost nothing here:
  // branches and jumps are branches(), custom-0 instructions the core's cfu_ops(), loads and
  // stores the D$'s lookups, ALU instructions the rest (a store to a counter in the common
  // paths made the compiler reload the loop's state: +2.5% host instructions on compute).
  static constexpr bool counts_retired(TimingClass c) {
    return c == TimingClass::kMultiply || c == TimingClass::kDivide || c == TimingClass::kCsr ||
           c == TimingClass::kTrapReturn || c == TimingClass::kSystem;
  }
  uint64_t retired(TimingClass c) const { return m_retired[static_cast<size_t>(c)]; }

  // --- Every instruction ---
  // Entering a new fetch block: the memory's fetch stall.
  void fetch(uint64_t stall) {
    m_cycle += stall;
    m_stalls.fetch += stall;
  }
  // A store held in the Memory stage holds the instruction after next until its release.
  // Returns the cycles this instruction waited for it.
  uint64_t store_hold(uint64_t& cycle) {
    if (!store_hold_pending()) return 0;
    if (m_store_hold[0] <= cycle) {  // passed, the common case: nothing to wait for
      move_store_hold_up();
      return 0;
    }
    const uint64_t before = cycle;
    cycle = apply_store_hold(cycle);
    return cycle - before;
  }
  // A store's hold is still to apply to one of the next two instructions.
  bool store_hold_pending() const { return (m_store_hold[0] | m_store_hold[1]) != 0; }
  // The instruction cannot issue before the source registers it reads are ready.
  template <bool kReadsRs1, bool kReadsRs2>
  void wait_for_operands(uint8_t rs1, uint8_t rs2, uint64_t& cycle) {
    if constexpr (kReadsRs1 || kReadsRs2) {
      const uint64_t ready1 = kReadsRs1 ? m_ready[rs1] : 0;
      const uint64_t ready2 = kReadsRs2 ? m_ready[rs2] : 0;
      const uint64_t ready = ready1 > ready2 ? ready1 : ready2;
      if (ready > cycle) cycle = operand_stall(rs1, rs2, ready, cycle);
    }
  }
  // The rules of its timing class, then the issue cycle. `rd` is the register it wrote.
  template <TimingClass kClass>
  void retire(uint8_t rd, uint64_t& cycle) {
    if constexpr (counts_retired(kClass)) ++m_retired[static_cast<size_t>(kClass)];
    if constexpr (kClass == TimingClass::kJump) {
      ++m_branches.jumps;
      redirect(m_jal_penalty, cycle);
    } else if constexpr (kClass == TimingClass::kJumpIndirect) {
      ++m_branches.jumps;
      redirect(m_params.jalr_penalty, cycle);
    } else if constexpr (kClass == TimingClass::kBranch) {
      redirect(m_branch_penalty, cycle);
    } else if constexpr (kClass == TimingClass::kLoad) {
      result_late(rd, m_params.load_use_stall, Producer::kLoad, cycle);
    } else if constexpr (kClass == TimingClass::kShift) {
      result_late(rd, m_params.shift_use_stall, Producer::kShift, cycle);
    } else if constexpr (kClass == TimingClass::kMultiply) {
      result_late(rd, m_params.mul_use_stall, Producer::kMultiply, cycle);
    } else if constexpr (kClass == TimingClass::kDivide) {
      cycle += m_divide_extra;
      m_stalls.mul_div += m_divide_extra;
    } else if constexpr (kClass == TimingClass::kTrapReturn) {
      cycle += m_params.trap_cycles;
      m_stalls.trap += m_params.trap_cycles;
    }
    // kAlu, kStore, kCsr, kCfu, kSystem: none of their own; their cycles, if any, came as
    // events during execution.
    issue(cycle);
  }
  // The issue cycle alone: an instruction that trapped (its trap entry is charged already).
  static void issue(uint64_t& cycle) { ++cycle; }

  // --- Events during execution ---
  // Cycles a load, store or cache flush waited for the memory.
  void data_stall(uint64_t cycles, uint64_t& cycle) {
    cycle += cycles;
    m_stalls.data += cycles;
  }
  // A write-through store leaves the Memory stage at `release` (0 = at once).
  void store_release(uint64_t release) {
    // The next instruction issues behind the store; the one after waits for the release.
    if (release > m_store_hold[1]) m_store_hold[1] = release;
  }
  // A conditional branch: predicts and trains the predictor, counts, and keeps the penalty
  // for retire().
  void conditional_branch(uint32_t pc, int32_t offset, bool taken) {
    ++m_branches.conditional;
    const bool predicted = m_predictor.predict_and_update(pc, offset, taken);
    m_branch_penalty = 0;
    m_redirected_in_execute = taken && !predicted;
    if (predicted != taken) {
      ++m_branches.mispredicted;
      m_branch_penalty = m_params.mispredict_penalty;
    } else if (taken) {
      m_branch_penalty = m_params.taken_penalty;
    }
    if (taken) ++m_branches.taken;
  }
  // The conditional branch just executed was taken against its prediction: Execute redirected
  // the fetch (a predicted jump redirects in Decode).
  bool branch_redirected_in_execute() const { return m_redirected_in_execute; }
  // A redirect from Execute found the fetch refilling the line after the jump's (the I$
  // finishes a refill it started): `stall` cycles, of which the redirect's own bubbles
  // overlap the first.
  void fall_through_refill(uint64_t stall, uint64_t& cycle) {
    const uint64_t extra = stall > m_bubbles ? stall - m_bubbles : 0;
    cycle += extra;
    m_stalls.fetch += extra;
  }
  // A CSR access waits for the pipeline to drain; call it before the CSR is read, which
  // then sees the cycle after the wait.
  void csr_access();
  // A custom-0 instruction's command was accepted and answered at these cycles; its result
  // (to `rd`) is usable once the response has passed the Memory stage.
  void cfu_answered(uint64_t accept_cycle, uint64_t response_cycle, uint8_t rd);
  // The CPU waited for a CFU that gave up at `response_cycle`.
  void cfu_gave_up(uint64_t response_cycle);
  // Entering a trap handler flushes the pipeline.
  void trap_entry() {
    m_cycle += m_params.trap_cycles;
    m_stalls.trap += m_params.trap_cycles;
  }

 private:
  enum class Producer : uint8_t { kLoad, kShift, kMultiply, kCfu };

  // store_hold() when the instruction waits: the cycle after the hold (out of line, by value,
  // so that the caller's cycle can stay in a register; the hold that has passed, the common
  // case, is inline).
  uint64_t apply_store_hold(uint64_t cycle);
  // The next instruction's hold applied: the later store's hold is the next one's.
  void move_store_hold_up() {
    m_store_hold[0] = m_store_hold[1];
    m_store_hold[1] = 0;
  }
  // Out of line and by value (the loop's cycle stays in a register): returns `ready`, having
  // counted the wait.
  uint64_t operand_stall(uint8_t rs1, uint8_t rs2, uint64_t ready, uint64_t cycle);
  void redirect(uint32_t penalty, uint64_t& cycle) {
    cycle += penalty;
    m_stalls.branch += penalty;
    m_bubbles = penalty;
    m_bubbles_end = cycle + 1;
  }
  void result_late(uint8_t rd, uint32_t extra_cycles, Producer producer, uint64_t cycle) {
    if (rd == 0) return;  // x0 is always ready
    m_ready[rd] = cycle + 1 + extra_cycles;
    m_producer[rd] = producer;
  }

  CoreTimingParams m_params;
  BranchPredictor m_predictor;
  uint32_t m_jal_penalty;   // by prediction mode: jal is predicted unless prediction is off
  uint32_t m_divide_extra;  // cycles a divide occupies the pipeline beyond its issue cycle

  uint64_t m_cycle = 0;                   // issue cycle of the next instruction
  std::array<uint64_t, 32> m_ready{};     // cycle each register's value can be used
  std::array<Producer, 32> m_producer{};  // what a late register waits for (stall attribution)
  // A store held in the Memory stage holds the instruction after next until its release:
  // [0] applies to the next instruction to issue, [1] to the one after.
  std::array<uint64_t, 2> m_store_hold{};
  uint32_t m_branch_penalty = 0;         // of the conditional branch executing, for retire()
  bool m_redirected_in_execute = false;  // it was taken and predicted not taken
  bool m_cfu_since_csr = false;          // a custom-0 op issued since the last CSR instruction
  uint64_t m_bubbles = 0;                // branch/jump penalty cycles of the last taken redirect,
  uint64_t m_bubbles_end = 0;  // ending at this issue cycle (a CSR right after overlaps them)

  StallCounters m_stalls;
  BranchCounters m_branches;
  // Last, beside the other counters, so that the timing state the rules read keeps its layout.
  std::array<uint64_t, static_cast<size_t>(TimingClass::kSystem) + 1> m_retired{};
};

}  // namespace accsim::cpu
