// Cycles and instructions per function (SymbolTable index), booked per stretch of consecutive
// instructions in one function instead of per instruction: the core says which function each
// instruction belongs to (enter), which cycles belong to no instruction (unattributed: fetch
// stalls, store holds, fetch faults), and books the open stretch when it stops running.
// An instruction's cycles are those from its issue (after its fetch stall and store hold) to
// the next instruction's start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace accsim::cpu {

class FunctionProfile {
 public:
  void reset(size_t functions);

  // The instruction starting at `cycle`, with executed() instructions before it, belongs to
  // `function`. `executed` is a callable, evaluated only when the function changes: the check
  // runs for every instruction.
  template <typename Executed>
  void enter(uint16_t function, uint64_t cycle, const Executed& executed) {
    if (__builtin_expect(function != m_function, 0)) switch_to(function, cycle, executed());
  }
  void unattributed(uint64_t cycles) { m_unattributed += cycles; }
  // Books the open stretch: it ends at `cycle`, after `executed` instructions in all.
  void book(uint64_t cycle, uint64_t executed);

  // The function of the instruction entered last.
  uint16_t function() const { return m_function; }
  const std::vector<uint64_t>& cycles() const { return m_cycles; }
  const std::vector<uint64_t>& instructions() const { return m_instructions; }

 private:
  void switch_to(uint16_t function, uint64_t cycle, uint64_t executed);

  uint16_t m_function = 0;     // of the open stretch
  uint64_t m_start_cycle = 0;  // where it started
  uint64_t m_start_executed = 0;
  uint64_t m_unattributed = 0;  // cycles in it that belong to no instruction
  std::vector<uint64_t> m_cycles;
  std::vector<uint64_t> m_instructions;
};

}  // namespace accsim::cpu
