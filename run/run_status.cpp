#include "run_status.h"

#include <systemc>

namespace accsim {

namespace {
void stop_kernel() {
  if (sc_core::sc_get_status() & (sc_core::SC_RUNNING | sc_core::SC_PAUSED)) sc_core::sc_stop();
}
}  // namespace

void RunStatus::exit(int32_t code, uint64_t cycle) {
  if (!running()) return;
  m_outcome = Outcome::kExited;
  m_exit_code = code;
  m_end_cycle = cycle;
  stop_kernel();
}

void RunStatus::fail(const std::string& message, uint64_t cycle) {
  if (!running()) return;
  m_outcome = Outcome::kFailed;
  m_message = message;
  m_end_cycle = cycle;
  stop_kernel();
}

}  // namespace accsim
