// The roles the CPU core talks to. The core is plain C++; the SystemC wrapper (CpuModule)
// implements MemoryIf over TLM sockets and DMI, and a CFU model or RTL adapter implements CfuIf.
#pragma once

#include <cstdint>
#include <string>

namespace accsim::cpu {

// Memory as the core sees it. Stall values are cycles beyond the instruction's own cycle.
class MemoryIf {
 public:
  virtual ~MemoryIf() = default;

  // Reads the instruction word at `pc` (4-aligned) for decoding. Timing is not charged here
  // (see fetch_stall); false = instruction access fault.
  virtual bool fetch_word(uint32_t pc, uint32_t& word) = 0;
  // Cycles the fetch of the block holding `pc` stalls the pipeline, charged once each time
  // execution enters a new fetch block (fetch_block_bytes()). `repeated`: the further
  // instructions fetched from the block of the previous fetch_stall since then (see
  // count_repeated_fetches).
  virtual uint64_t fetch_stall(uint32_t pc, uint64_t cycle, uint64_t repeated) = 0;
  virtual uint32_t fetch_block_bytes() const = 0;
  // The further instructions fetched from the block of the last fetch_stall: each is a fetch
  // (a cache hit on the line just fetched) that costs nothing, counted so that the cache
  // statistics are per instruction fetch. Reported with the next fetch_stall, and with this
  // at the end of every Rv32Core::run.
  virtual void count_repeated_fetches(uint64_t count) {}
  // A trace of every instruction fetch (Dinero's din): when traces_fetches(), the core reports
  // each instruction's fetch here, apart from the once-per-block timing, so that tracing
  // changes neither the timing nor the cache statistics.
  virtual bool traces_fetches() const { return false; }
  virtual void trace_fetch(uint32_t pc, uint64_t cycle) {}

  // Data accesses of 1, 2 or 4 bytes; false = access fault (bus error or unmapped).
  virtual bool load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
                    uint64_t& stall) = 0;
  virtual bool store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
                     uint64_t& stall) = 0;
  // Why the last failed load or store failed, when the memory system knows ("the model region
  // ... is read-only"), for the fault's message; empty otherwise.
  virtual std::string access_fault_reason() const { return {}; }

  // A write-through store leaves the Memory stage only once the bus (or a write buffer) has
  // taken its write; meanwhile the next instruction waits in Execute, so the hold delays the
  // instruction after next. Returns the cycle the last store leaves the Memory stage (0 = at
  // once); the core applies it and reports the cycles it actually stalled through
  // store_hold_stalled (cache statistics).
  virtual uint64_t take_store_release() { return 0; }
  virtual void store_hold_stalled(uint64_t cycles) {}
  // fence.i: instruction memory may have changed (caches drop lines).
  virtual void fence_i() {}
  // VexRiscv's data-cache flush instruction (0x0000500F, LiteX's flush_cpu_dcache): write back
  // dirty lines and invalidate the D$. Returns the stall cycles.
  virtual uint64_t flush_dcache(uint64_t cycle) { return 0; }
  // wfi: the core is idle until an interrupt; the wrapper synchronises with SystemC time.
  virtual void wait_for_interrupt(uint64_t cycle) {}
};

// A CFU-Playground custom function unit, reached through custom-0 instructions.
class CfuIf {
 public:
  struct Result {
    enum class Status { kOk, kIllegalInstruction, kError } status = Status::kOk;
    uint32_t value = 0;
    uint64_t accept_cycle = 0;    // cycle the CFU accepted the command (cmd_valid && cmd_ready)
    uint64_t response_cycle = 0;  // cycle rsp_valid rose with the result (kError: gave up)
    // kError: what the firmware did wrong; kIllegalInstruction: why, if the CFU can say (the
    // CPU's message when no trap handler takes it).
    std::string error;
  };
  virtual ~CfuIf() = default;
  // function_id = {funct7, funct3}; `issue_cycle` is when the CPU presents the command.
  virtual Result execute(uint16_t function_id, uint32_t in0, uint32_t in1,
                         uint64_t issue_cycle) = 0;
};

// The CPU without a CFU: every custom-0 instruction is illegal (as on VexRiscv without one:
// a firmware's trap handler sees it). Unhandled, the run says the architecture lacks the CFU
// rather than only "illegal instruction": the usual cause is a CFU firmware on the wrong config.
class NoCfu : public CfuIf {
 public:
  Result execute(uint16_t, uint32_t, uint32_t, uint64_t issue_cycle) override {
    Result r;
    r.status = Result::Status::kIllegalInstruction;
    r.accept_cycle = r.response_cycle = issue_cycle;
    r.error =
        "a custom-0 (CFU) instruction, and this architecture has no cfu section (add one: "
        "docs/cfu.md)";
    return r;
  }
};

}  // namespace accsim::cpu
