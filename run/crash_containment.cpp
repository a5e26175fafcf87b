#include "crash_containment.h"

#include <setjmp.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <systemc>
#include <vector>

namespace accsim::crash {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
// The handler runs on its own stack: a plug-in that overflowed its stack (a SystemC thread's is
// small) leaves none to run on.
constexpr size_t kAltStackBytes = 64 * 1024;

// What the handler saw, in plain memory; turned into a message after the jump.
struct Fault {
  int signal = 0;
  int code = 0;
  const void* address = nullptr;
  const std::string* owner = nullptr;
  bool in_call = false;  // else in a process the owner claims
  uint64_t access_address = 0;
  uint64_t access_size = 0;
  ForeignCall::Command command = ForeignCall::Command::kOther;
  const char* process = nullptr;
};

sigjmp_buf g_jump;
volatile sig_atomic_t g_armed = 0;
Fault g_fault;
struct sigaction g_previous[std::size(kSignals)];

const void* current_process() {
  // A plain read of the kernel's current-process pointer (no locks): safe in the handler.
  return sc_core::sc_get_current_process_b();
}

const char* process_name(const void* process) {
  return process == nullptr ? nullptr : static_cast<const sc_core::sc_process_b*>(process)->name();
}

}  // namespace

// Live calls (a doubly linked list through the callers' stacks, newest last) and owners.
struct Registry {
  static ForeignCall* s_last;
  static std::vector<const ForeignOwner*>& owners() {
    static std::vector<const ForeignOwner*> list;
    return list;
  }
  static void link(ForeignCall* call) {
    call->m_prev = s_last;
    if (s_last != nullptr) s_last->m_next = call;
    s_last = call;
  }
  static void unlink(ForeignCall* call) {
    if (call->m_prev != nullptr) call->m_prev->m_next = call->m_next;
    if (call->m_next != nullptr) call->m_next->m_prev = call->m_prev;
    if (s_last == call) s_last = call->m_prev;
  }
  // Async-signal-safe: reads only.
  static bool record(const void* process, Fault& fault) {
    for (const ForeignCall* call = s_last; call != nullptr; call = call->m_prev) {
      if (call->m_process != process) continue;
      fault.owner = &call->m_owner;
      fault.in_call = true;
      fault.access_address = call->m_address;
      fault.access_size = call->m_size;
      fault.command = call->m_command;
      return true;
    }
    const char* name = process_name(process);
    if (name == nullptr) return false;
    for (const ForeignOwner* owner : owners()) {
      if (std::strncmp(name, owner->prefix().c_str(), owner->prefix().size()) == 0) {
        fault.owner = &owner->owner();
        fault.process = name;
        return true;
      }
    }
    return false;
  }
};
ForeignCall* Registry::s_last = nullptr;

ForeignCall::ForeignCall(const std::string& owner, uint64_t address, uint64_t size, Command command)
    : m_owner(owner),
      m_address(address),
      m_size(size),
      m_command(command),
      m_process(current_process()) {
  Registry::link(this);
}

ForeignCall::~ForeignCall() { Registry::unlink(this); }

ForeignOwner::ForeignOwner(std::string prefix, std::string owner)
    : m_prefix(std::move(prefix) + "."), m_owner(std::move(owner)) {
  Registry::owners().push_back(this);
}

ForeignOwner::~ForeignOwner() {
  auto& owners = Registry::owners();
  owners.erase(std::remove(owners.begin(), owners.end(), this), owners.end());
}

namespace {

size_t index_of(int signal) {
  return static_cast<size_t>(std::find(std::begin(kSignals), std::end(kSignals), signal) -
                             std::begin(kSignals));
}

void on_fatal_signal(int signal, siginfo_t* info, void*) {
  if (g_armed && g_fault.signal == 0 && Registry::record(current_process(), g_fault)) {
    g_fault.signal = signal;
    g_fault.code = info->si_code;
    g_fault.address = info->si_addr;
    siglongjmp(g_jump, 1);
  }
  // Not foreign code (a bug in accsim itself): what would have happened without this handler.
  // A fault re-raises when the instruction is retried; a signal sent by kill() is raised again.
  sigaction(signal, &g_previous[index_of(signal)], nullptr);
  raise(signal);
}

// The handler and its stack, installed for the simulation and restored after it.
class Installed {
 public:
  Installed() : m_stack(kAltStackBytes) {
    stack_t stack{};
    stack.ss_sp = m_stack.data();
    stack.ss_size = m_stack.size();
    sigaltstack(&stack, &m_previous_stack);
    struct sigaction action {};
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < std::size(kSignals); ++i) {
      sigaction(kSignals[i], &action, &g_previous[i]);
    }
  }
  ~Installed() {
    g_armed = 0;
    for (size_t i = 0; i < std::size(kSignals); ++i) {
      sigaction(kSignals[i], &g_previous[i], nullptr);
    }
    sigaltstack(&m_previous_stack, nullptr);
  }
  Installed(const Installed&) = delete;
  Installed& operator=(const Installed&) = delete;

 private:
  std::vector<char> m_stack;
  stack_t m_previous_stack{};
};

std::string hex(uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

const char* signal_name(int signal) {
  switch (signal) {
    case SIGSEGV:
      return "SIGSEGV";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    default:
      return "SIGILL";
  }
}

// "SIGSEGV (invalid memory access at 0x0)"
std::string describe_signal(const Fault& fault) {
  const std::string name = signal_name(fault.signal);
  // SI_USER, SI_TKILL, ...: sent by kill() or raise(), not caused by an instruction.
  if (fault.code <= 0) return name + " (raised)";
  const std::string at = hex(reinterpret_cast<uintptr_t>(fault.address));
  switch (fault.signal) {
    case SIGSEGV:
      return name + " (invalid memory access at " + at + ")";
    case SIGBUS:
      return name + " (bus error at " + at + ")";
    case SIGFPE:
      return name + " (" +
             (fault.code == FPE_INTDIV   ? "integer division by zero"
              : fault.code == FPE_INTOVF ? "integer overflow"
                                         : "arithmetic exception") +
             " at " + at + ")";
    default:
      return name + " (illegal instruction at " + at + ")";
  }
}

std::string describe(const Fault& fault) {
  std::string message = *fault.owner + " crashed with " + describe_signal(fault);
  if (fault.in_call) {
    const char* command = fault.command == ForeignCall::Command::kRead    ? "read"
                          : fault.command == ForeignCall::Command::kWrite ? "write"
                                                                          : "ignore command";
    return message + " on a " + std::to_string(fault.access_size) + "-byte " + command + " at " +
           hex(fault.access_address);
  }
  return message + " in its SystemC process " + fault.process;
}

}  // namespace

std::optional<std::string> contain_crashes(const std::function<void()>& simulate) {
  if (Registry::owners().empty()) {
    simulate();
    return std::nullopt;
  }
  Installed installed;
  g_fault = Fault{};
  if (sigsetjmp(g_jump, /*savemask=*/1) == 0) {
    g_armed = 1;
    simulate();
    g_armed = 0;
    return std::nullopt;
  }
  g_armed = 0;
  // The calls in progress were on stacks that are abandoned with the kernel.
  Registry::s_last = nullptr;
  return describe(g_fault);
}

}  // namespace accsim::crash
