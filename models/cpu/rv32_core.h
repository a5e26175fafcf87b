// The RV32IM core: functional semantics plus the VexRiscv-like timing model. Plain C++ — it
// knows memory, the CFU and symbols only through interfaces — so every instruction and timing
// rule is unit-testable without SystemC. Instructions are decoded once per address
// (DecodedCache, emptied by fence.i and by stores into decoded code).
//
// Timing: each instruction issues one cycle after the previous one, later if an operand is not
// ready (load-use, mul-use, CFU result), plus its own extra cycles (branch penalties, divide,
// CSR, fetch and data stalls): the rules live in PipelineTiming, keyed by each instruction's
// timing class. `cycle()` is the core's local time; the SystemC wrapper keeps it within one
// quantum of simulated time.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core_timing.h"
#include "cpu_interfaces.h"
#include "csr_file.h"
#include "decoded_cache.h"
#include "function_profile.h"
#include "pipeline_timing.h"
#include "rv32_decoder.h"
#include "symbol_table.h"

namespace accsim::cpu {

class CachedMemory;

struct CoreConfig {
  CoreTimingParams timing;
  bool trap_misaligned = true;  // VexRiscv traps; "allow" performs the access
};

// One executed instruction as an observer (instruction trace, timeline) sees it.
struct ExecutedInstruction {
  uint64_t begin_cycle;  // before its fetch and operand stalls
  uint64_t end_cycle;    // when the next instruction may start
  uint32_t pc;
  const DecodedInsn* insn;
  StallCounters stalls;  // the cycles of each kind this instruction stalled for
  bool trapped;          // it raised a trap instead of retiring
};

class InstructionObserver {
 public:
  virtual ~InstructionObserver() = default;
  virtual void on_instruction(const ExecutedInstruction& executed) = 0;
};

enum class TrapCause : uint32_t {
  kInstructionMisaligned = 0,
  kInstructionAccessFault = 1,
  kIllegalInstruction = 2,
  kBreakpoint = 3,
  kLoadMisaligned = 4,
  kLoadAccessFault = 5,
  kStoreMisaligned = 6,
  kStoreAccessFault = 7,
  kEcallFromM = 11,
};
const char* trap_cause_name(TrapCause cause);

class Rv32Core {
 public:
  Rv32Core(const CoreConfig& config, MemoryIf& memory, CfuIf& cfu);
  ~Rv32Core();

  void reset(uint32_t pc);
  void set_symbols(const SymbolTable* symbols) { m_symbols = symbols; }
  // Names what an address reaches ("wb_copy + 0x100"), for the message of an access fault
  // that ends the run; empty: nothing to say.
  using AddressNamer = std::function<std::string(uint32_t address)>;
  void set_address_namer(AddressNamer namer) { m_address_namer = std::move(namer); }
  void set_cfu(CfuIf& cfu) { m_cfu = &cfu; }
  // Reports every executed instruction to `observer` (null = none; costs one test per
  // instruction when unset).
  void set_observer(InstructionObserver* observer) { m_observer = observer; }

  // Executes until the local cycle reaches `stop_cycle`, request_stop() is called, or the core
  // halts (a trap with no handler installed). Returns the number of instructions retired.
  uint64_t run(uint64_t stop_cycle);
  // Makes run() return after the current instruction (used when firmware ends the run).
  void request_stop() { m_stop_cycle = 0; }

  bool halted() const { return m_halted; }
  // One-line diagnostic of the trap that halted the core.
  const std::string& halt_message() const { return m_halt_message; }

  uint64_t cycle() const { return m_timing.cycle(); }
  uint64_t instret() const { return m_instret; }
  uint32_t pc() const { return m_pc; }
  // SymbolTable index of the function of the instruction in progress, as its DecodedInsn has
  // it (0 = unknown).
  uint32_t current_function() const { return m_profile.function(); }
  uint32_t reg(unsigned i) const { return m_x[i]; }
  void set_reg(unsigned i, uint32_t v) {
    if (i != 0) m_x[i] = v;
  }
  CsrFile& csrs() { return m_csr; }
  const StallCounters& stalls() const { return m_timing.stalls(); }
  const BranchCounters& branches() const { return m_timing.branches(); }
  uint64_t retired(TimingClass c) const { return m_timing.retired(c); }
  // Repeated fetches executed but not yet handed to the memory (it gets them at the next fetch
  // block), so that a count read between two blocks (the energy model's, at a region marker)
  // is the same however the run is traced.
  uint64_t unbooked_repeated_fetches() const {
    return executed() > m_repeated_fetch_base ? executed() - m_repeated_fetch_base : 0;
  }
  uint64_t traps_taken() const { return m_traps; }
  uint64_t cfu_ops() const { return m_cfu_ops; }

  // Per-function cycles and instructions, indexed like the SymbolTable (0 = unknown).
  const std::vector<uint64_t>& function_cycles() const { return m_profile.cycles(); }
  const std::vector<uint64_t>& function_instret() const { return m_profile.instructions(); }

  // Drops every decoded instruction (fence.i, or a loader rewrote memory).
  void invalidate_decoded();
  // Books the per-function profile up to the start of the instruction in progress. The
  // SystemC wrapper calls it before the core's thread waits: the run may end during the wait
  // and the thread never come back.
  void settle_profile();

 private:
  // The instruction loop; kObserved: an observer or the fetch trace sees every instruction.
  template <bool kObserved>
  void run_instructions();
  // Decodes the instruction at `pc` into `slot`; false if it cannot be fetched (then it
  // trapped, or halted the core).
  bool decode_into(DecodedInsn& slot, uint32_t pc);
  // The SymbolTable index of the function holding `pc`, as a decoded slot keeps it (0 = unknown).
  uint16_t function_of(uint32_t pc) const;
  // Instructions executed so far, retired or trapped.
  uint64_t executed() const { return m_instret + m_trapped_instructions; }
  // Charges the fetch of `block` (pc's, not the current one), handing the memory the repeated
  // fetches from the previous block (counted by instruction count, not one by one).
  void fetch(uint32_t pc, uint32_t block);
  // Issues, executes and retires the instruction `d` at `pc`: a switch on its Op into
  // step<Op>, which is compiled with the instruction's operands and timing class from the
  // instruction table. Returns the pc of the next instruction, or kHalted.
  static constexpr uint64_t kHalted = uint64_t{1} << 32;
  // `cycle` is the loop's local copy of the timing model's cycle (PipelineTiming).
  uint64_t dispatch(const DecodedInsn& d, uint32_t pc, uint64_t& cycle);
  template <Op kOp>
  uint64_t step(const DecodedInsn& d, uint32_t pc, uint64_t& cycle);
  // The instruction's functional semantics (one switch over every Op; step<kOp> keeps the case).
  // `pc` is the instruction's; m_pc equals it unless the instruction only computes (step).
  template <Op kOp>
  void execute(const DecodedInsn& d, uint32_t pc, uint64_t& cycle);
  // `why`: when there is more to say than the cause (a CFU instruction with no CFU); it
  // replaces the generic ending of the message when no handler takes the trap.
  void trap(TrapCause cause, uint32_t tval, const DecodedInsn* insn, const std::string& why = "");
  // trap() from the instruction loop: hands the loop's cycle over and takes it back.
  void trap(TrapCause cause, uint32_t tval, const DecodedInsn* insn, uint64_t& cycle);
  // Hands the fetches counted since the last fetch_stall to the memory (at the end of run).
  void report_repeated_fetches();
  void notify_observer(const DecodedInsn& d, uint64_t first_cycle, const StallCounters& before);
  void load(const DecodedInsn& d, unsigned size, bool sign, uint64_t& cycle);
  void store(const DecodedInsn& d, unsigned size, uint64_t& cycle);
  void branch(const DecodedInsn& d, bool taken, uint64_t& cycle);
  void jump(const DecodedInsn& d, uint32_t target, uint64_t& cycle);
  void csr_op(const DecodedInsn& d);
  void cfu_op(const DecodedInsn& d);
  std::string where(uint32_t pc, const DecodedInsn* insn) const;

  CoreConfig m_config;
  MemoryIf& m_memory;
  // m_memory when it is the simulator's memory system: called directly (it is final), so its
  // common cases inline into the instruction loop. Null for other memories (unit tests).
  CachedMemory* m_cached;
  CfuIf* m_cfu;
  const SymbolTable* m_symbols = nullptr;
  AddressNamer m_address_namer;
  InstructionObserver* m_observer = nullptr;
  PipelineTiming m_timing;

  std::array<uint32_t, 32> m_x{};
  // The current instruction trapped, or halted the core (then m_halted is set too): it does not
  // retire. One flag for both, so a normal instruction tests one.
  bool m_trapped = false;
  uint32_t m_pc = 0;
  uint32_t m_next_pc = 0;
  uint64_t m_instret = 0;
  uint64_t m_stop_cycle = 0;
  bool m_halted = false;
  std::string m_halt_message;
  CsrFile m_csr;

  DecodedCache m_decoded;
  DecodedInsn m_plain_copy;  // a slot marked as a function entry, unmarked (run_instructions)
  uint32_t m_fetch_block_mask = ~3u;
  uint32_t m_current_fetch_block = 1;  // never a valid block address (odd)
  bool m_trace_fetches = false;        // the memory traces every fetch (MemoryIf::trace_fetch)
  // Repeated fetches (MemoryIf::count_repeated_fetches) not yet reported: executed() minus this.
  uint64_t m_repeated_fetch_base = 0;

  uint64_t m_traps = 0;
  uint64_t m_cfu_ops = 0;
  uint64_t m_trapped_instructions = 0;
  FunctionProfile m_profile;
  bool m_in_run = false;         // inside run()
  uint64_t m_settled_cycle = 0;  // the profile is complete up to here (see settle_profile)
};

}  // namespace accsim::cpu
