// Runs short programs on Rv32Core without SystemC: a flat memory at address 0 with
// configurable stalls, and a scripted CFU.
#pragma once

#include <cstring>
#include <memory>
#include <vector>

#include "rv32_core.h"

namespace accsim::test {

class FlatMemory : public cpu::MemoryIf {
 public:
  explicit FlatMemory(size_t bytes) : m_bytes(bytes, 0) {}
  bool fetch_word(uint32_t pc, uint32_t& word) override {
    if (pc + 4 > m_bytes.size()) return false;
    std::memcpy(&word, &m_bytes[pc], 4);
    return true;
  }
  uint64_t fetch_stall(uint32_t, uint64_t, uint64_t) override {
    ++fetch_blocks;
    return fetch_stall_cycles;
  }
  uint32_t fetch_block_bytes() const override { return block_bytes; }
  bool load(uint32_t addr, unsigned size, uint64_t, uint32_t& value, uint64_t& stall) override {
    if (addr + size > m_bytes.size()) return false;
    value = 0;
    std::memcpy(&value, &m_bytes[addr], size);
    stall = load_stall_cycles;
    return true;
  }
  bool store(uint32_t addr, unsigned size, uint32_t value, uint64_t, uint64_t& stall) override {
    if (addr + size > m_bytes.size()) return false;
    std::memcpy(&m_bytes[addr], &value, size);
    stall = store_stall_cycles;
    return true;
  }
  uint64_t take_store_release() override { return store_release; }
  void fence_i() override { ++fences; }
  void wait_for_interrupt(uint64_t) override { ++wfis; }

  uint32_t word(uint32_t addr) const {
    uint32_t v;
    std::memcpy(&v, &m_bytes[addr], 4);
    return v;
  }
  void set_word(uint32_t addr, uint32_t v) { std::memcpy(&m_bytes[addr], &v, 4); }

  uint64_t fetch_stall_cycles = 0;
  uint64_t load_stall_cycles = 0;
  uint64_t store_stall_cycles = 0;
  uint64_t store_release = 0;  // returned after every store (0 = no Memory-stage hold)
  uint32_t block_bytes = 4;
  uint64_t fetch_blocks = 0;
  int fences = 0;
  int wfis = 0;

 private:
  std::vector<uint8_t> m_bytes;
};

// A CFU that answers `latency` cycles after accepting; `pipelined` CFUs accept a command every
// cycle, others only after answering the previous one. Returns in0 + in1 + function_id.
class ScriptedCfu : public cpu::CfuIf {
 public:
  ScriptedCfu(uint64_t latency, bool pipelined) : m_latency(latency), m_pipelined(pipelined) {}
  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue) override {
    Result r;
    r.accept_cycle = std::max(issue, m_ready_for_command);
    r.response_cycle = r.accept_cycle + m_latency;
    m_ready_for_command = m_pipelined ? r.accept_cycle + 1 : r.response_cycle + 1;
    r.value = in0 + in1 + function_id;
    ++calls;
    return r;
  }
  int calls = 0;

 private:
  uint64_t m_latency;
  bool m_pipelined;
  uint64_t m_ready_for_command = 0;
};

struct CoreHarness {
  explicit CoreHarness(cpu::CoreConfig config = {})
      : memory(64 * 1024), core(config, memory, cfu) {}

  // Loads `program` at 0 followed by an ebreak, runs until the ebreak halts the core, and
  // returns the cycle the ebreak issued in (the cost of the program).
  uint64_t run(const std::vector<uint32_t>& program) {
    load(program);
    core.reset(0);
    for (auto& [reg, value] : preset) core.set_reg(reg, value);
    core.run(1'000'000);
    return core.cycle();
  }
  void load(const std::vector<uint32_t>& program) {
    uint32_t addr = 0;
    for (uint32_t w : program) {
      memory.set_word(addr, w);
      addr += 4;
    }
    memory.set_word(addr, 0x00100073);  // ebreak
    end_pc = addr;
  }
  // Steps one instruction at a time until the pc reaches the closing ebreak (used once a trap
  // handler is installed, when the ebreak would trap instead of halting).
  uint64_t step_to_end(size_t max_instructions = 100000) {
    while (!core.halted() && core.pc() != end_pc && max_instructions-- > 0) {
      core.run(core.cycle() + 1);
    }
    return core.cycle();
  }
  bool stopped_at_end() const { return core.pc() == end_pc; }

  FlatMemory memory;
  cpu::NoCfu cfu;
  cpu::Rv32Core core;
  std::vector<std::pair<unsigned, uint32_t>> preset;
  uint32_t end_pc = 0;
};

}  // namespace accsim::test
