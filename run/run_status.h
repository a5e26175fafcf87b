// How a simulation ends. Exactly one outcome is recorded (the first): the firmware exited with
// a code, or something failed (bad firmware behaviour, protocol error, cycle limit). Recording
// an outcome stops the SystemC kernel; the CLI maps it to the process exit code.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace accsim {

// Thrown inside models for a failure the firmware or an accelerator program caused. The
// message is the one-line diagnostic the user sees.
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class RunStatus {
 public:
  enum class Outcome { kRunning, kExited, kFailed };

  // Firmware asked to exit (sim-control EXIT register or exit ecall).
  void exit(int32_t code, uint64_t cycle);
  // Simulation failure with a one-line message.
  void fail(const std::string& message, uint64_t cycle);

  Outcome outcome() const { return m_outcome; }
  bool running() const { return m_outcome == Outcome::kRunning; }
  int32_t exit_code() const { return m_exit_code; }
  const std::string& message() const { return m_message; }
  uint64_t end_cycle() const { return m_end_cycle; }

 private:
  Outcome m_outcome = Outcome::kRunning;
  int32_t m_exit_code = 0;
  std::string m_message;
  uint64_t m_end_cycle = 0;
};

}  // namespace accsim
