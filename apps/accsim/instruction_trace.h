// `--trace insn`: one CSV row per executed instruction inside --trace-window (cycle, pc, raw
// word, disassembly, cycles taken, stall cycles by reason, function), capped by --trace-limit.
// Meant for the moments a user zooms into: every instruction of a long run is far too many.
#pragma once

#include <string>
#include <vector>

#include "rv32_core.h"
#include "symbol_table.h"
#include "trace_file.h"

namespace accsim::cli {

class InstructionTrace : public cpu::InstructionObserver {
 public:
  InstructionTrace(const std::string& path, const TraceLimits& limits);
  void set_symbols(const cpu::SymbolTable* symbols) { m_symbols = symbols; }
  void on_instruction(const cpu::ExecutedInstruction& executed) override;
  TraceFile& file() { return m_file; }

 private:
  TraceFile m_file;
  const cpu::SymbolTable* m_symbols = nullptr;
};

// Hands every instruction to several observers (the timeline and the instruction trace).
class ObserverFanout : public cpu::InstructionObserver {
 public:
  void add(cpu::InstructionObserver* observer) { m_observers.push_back(observer); }
  bool empty() const { return m_observers.empty(); }
  // The single observer itself when there is one (no extra call per instruction).
  cpu::InstructionObserver* target() {
    return m_observers.size() == 1 ? m_observers.front() : this;
  }
  void on_instruction(const cpu::ExecutedInstruction& executed) override {
    for (auto* o : m_observers) o->on_instruction(executed);
  }

 private:
  std::vector<cpu::InstructionObserver*> m_observers;
};

}  // namespace accsim::cli
