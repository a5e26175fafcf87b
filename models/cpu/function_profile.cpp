#include "function_profile.h"

namespace accsim::cpu {

void FunctionProfile::reset(size_t functions) {
  m_function = 0;
  m_start_cycle = 0;
  m_start_executed = 0;
  m_unattributed = 0;
  m_cycles.assign(functions, 0);
  m_instructions.assign(functions, 0);
}

void FunctionProfile::book(uint64_t cycle, uint64_t executed) {
  m_cycles[m_function] += cycle - m_start_cycle - m_unattributed;
  m_instructions[m_function] += executed - m_start_executed;
  m_start_cycle = cycle;
  m_start_executed = executed;
  m_unattributed = 0;
}

void FunctionProfile::switch_to(uint16_t function, uint64_t cycle, uint64_t executed) {
  book(cycle, executed);
  m_function = function;
}

}  // namespace accsim::cpu
