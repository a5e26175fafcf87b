// Crash containment for code accsim did not write (plug-in devices): a fatal signal (SIGSEGV,
// SIGBUS, SIGFPE, SIGILL) raised while a plug-in's b_transport or one of its own SystemC
// processes runs ends the run as a failure with one line naming the device and the access or
// the process, instead of killing accsim with no output.
//
// How: a handler on an alternate stack looks at what was running when the signal came. If it
// was foreign code (a ForeignCall of the current SystemC process, or a process a ForeignOwner
// claims), it records that in plain memory and siglongjmp()s out of the simulation to
// contain_crashes(), which abandons the SystemC kernel (it is never resumed) and returns the
// message; the run then writes its outputs as for any failed run. Any other fatal signal (a
// bug in accsim itself) gets the default action, as if no handler were installed. The handler
// only reads memory and jumps: nothing in it allocates, locks or formats.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace accsim::crash {

// One call from accsim into foreign code, recorded for its duration on the caller's stack:
// who is called and which bus access it serves. Cheap (no allocation, no system call), so it
// can wrap every access to a plug-in device.
class ForeignCall {
 public:
  enum class Command : char { kRead = 'r', kWrite = 'w', kOther = 'o' };
  // `owner` ("device \"dev\" (plug-in component x)") must outlive the call.
  ForeignCall(const std::string& owner, uint64_t address, uint64_t size, Command command);
  ~ForeignCall();
  ForeignCall(const ForeignCall&) = delete;
  ForeignCall& operator=(const ForeignCall&) = delete;

 private:
  friend struct Registry;
  const std::string& m_owner;
  uint64_t m_address;
  uint64_t m_size;
  Command m_command;
  const void* m_process;  // the SystemC process making the call: calls interleave across them
  ForeignCall* m_prev = nullptr;
  ForeignCall* m_next = nullptr;
};

// Claims the SystemC processes named "<prefix>.*" (a plug-in device's own threads and methods,
// its clocked work) for `owner`, while it lives.
class ForeignOwner {
 public:
  ForeignOwner(std::string prefix, std::string owner);
  ~ForeignOwner();
  ForeignOwner(const ForeignOwner&) = delete;
  ForeignOwner& operator=(const ForeignOwner&) = delete;

  const std::string& prefix() const { return m_prefix; }
  const std::string& owner() const { return m_owner; }

 private:
  std::string m_prefix;  // with its trailing '.'
  std::string m_owner;
};

// Runs `simulate` (sc_start) with the handler installed when any ForeignOwner exists (without
// one there is no foreign code to contain and signals are left alone). Returns the one-line
// failure if foreign code raised a fatal signal; the SystemC kernel must not be run again then.
std::optional<std::string> contain_crashes(const std::function<void()>& simulate);

}  // namespace accsim::crash
