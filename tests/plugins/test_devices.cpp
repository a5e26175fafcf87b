// Plug-in components for the tests (tests/plugins/CMakeLists.txt): ones that go wrong on
// purpose (each must end the run with one line naming the device), "crash", which raises a
// fatal signal, and "mirror", whose MMIO window is main memory reached through its DMA
// initiator socket.
#include <sys/mman.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdio>
#include <memory>
#include <stdexcept>

#include "accsim_plugin.h"

namespace {

enum class Fault { kThrow, kErrorResponse, kIncomplete, kThread };

// Answers every access as `fault` says; kThread answers well but its own process throws.
class FaultyModule : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<FaultyModule> socket;

  SC_HAS_PROCESS(FaultyModule);
  FaultyModule(sc_core::sc_module_name name, Fault fault) : sc_module(name), m_fault(fault) {
    socket.register_b_transport(this, &FaultyModule::b_transport);
    if (fault == Fault::kThread) SC_THREAD(engine);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    switch (m_fault) {
      case Fault::kThrow:
        throw std::runtime_error("injected fault");
      case Fault::kErrorResponse:
        trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
      case Fault::kIncomplete:
        return;
      case Fault::kThread:
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
  }

  void engine() {
    wait(sc_core::sc_time(100, sc_core::SC_NS));
    throw std::runtime_error("engine overheated");
  }

  Fault m_fault;
};

class FaultyComponent : public accsim::soc::Component {
 public:
  FaultyComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc, Fault fault)
      : m_module(device.name.c_str(), fault) {
    soc.connect_target(m_module.socket, "regs", device.base, device.size);
  }
  void report(accsim::Stats&) const override {}

 private:
  FaultyModule m_module;
};

template <Fault F>
std::unique_ptr<accsim::soc::Component> build(const accsim::plugin::Device& device,
                                              accsim::soc::SocBuilder& soc) {
  return std::make_unique<FaultyComponent>(device, soc, F);
}

// Binds outside its range.
class StrayComponent : public accsim::soc::Component {
 public:
  StrayComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc)
      : m_module(device.name.c_str(), Fault::kThrow) {
    soc.connect_target(m_module.socket, "regs", device.base + device.size, 4);
  }
  void report(accsim::Stats&) const override {}

 private:
  FaultyModule m_module;
};

std::unique_ptr<accsim::soc::Component> build_stray(const accsim::plugin::Device& device,
                                                    accsim::soc::SocBuilder& soc) {
  return std::make_unique<StrayComponent>(device, soc);
}

void any_params(const nlohmann::json&) {}

// "crash": params.signal ("segv", "bus" or "fpe") raised by a real faulting instruction,
// params.in "b_transport" (the first access) or "thread" (its own SC_THREAD, 100 ns in).
struct CrashParams {
  std::string signal;
  bool in_thread;
};

CrashParams crash_params(const nlohmann::json& params) {
  const std::string signal = params.value("signal", "segv");
  const std::string in = params.value("in", "b_transport");
  if (signal != "segv" && signal != "bus" && signal != "fpe") {
    throw accsim::config::ValueError("signal", "expected segv, bus or fpe");
  }
  if (in != "b_transport" && in != "thread") {
    throw accsim::config::ValueError("in", "expected b_transport or thread");
  }
  return {signal, in == "thread"};
}

// Volatile, so that the compiler emits the faulting instruction instead of a trap of its own.
int* volatile g_null = nullptr;
volatile int g_zero = 0;
volatile int g_one = 1;

int crash(const std::string& signal) {
  if (signal == "segv") return *g_null;
  if (signal == "fpe") return g_one / g_zero;  // 1 / x alone compiles to a comparison
  // A page of a file mapped beyond the file's end (it is empty): SIGBUS on access.
  std::FILE* file = std::tmpfile();
  void* page = mmap(nullptr, 4096, PROT_READ, MAP_SHARED, fileno(file), 0);
  return *static_cast<volatile int*>(page);
}

class CrashModule : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<CrashModule> socket;

  SC_HAS_PROCESS(CrashModule);
  CrashModule(sc_core::sc_module_name name, CrashParams params)
      : sc_module(name), m_params(std::move(params)) {
    socket.register_b_transport(this, &CrashModule::b_transport);
    if (m_params.in_thread) SC_THREAD(engine);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    if (!m_params.in_thread) m_result = crash(m_params.signal);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  void engine() {
    wait(sc_core::sc_time(100, sc_core::SC_NS));
    m_result = crash(m_params.signal);
  }

  CrashParams m_params;
  int m_result = 0;
};

class CrashComponent : public accsim::soc::Component {
 public:
  CrashComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc)
      : m_module(device.name.c_str(), crash_params(device.params)) {
    soc.connect_target(m_module.socket, "regs", device.base, device.size);
  }
  void report(accsim::Stats& stats) const override {
    stats.set("reported", 1, "The device reported its statistics");
  }

 private:
  CrashModule m_module;
};

std::unique_ptr<accsim::soc::Component> build_crash(const accsim::plugin::Device& device,
                                                    accsim::soc::SocBuilder& soc) {
  return std::make_unique<CrashComponent>(device, soc);
}

void check_crash(const nlohmann::json& params) { crash_params(params); }

// Serves each access to its window by the same access at params.to + offset through its DMA
// socket, nested inside the bus's b_transport as loosely-timed TLM allows. Its params parse
// with accsim's own config::parse_address, taken from the executable.
class MirrorModule : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<MirrorModule> socket;
  tlm_utils::simple_initiator_socket<MirrorModule> dma;

  MirrorModule(sc_core::sc_module_name name, uint64_t to) : sc_module(name), m_to(to) {
    socket.register_b_transport(this, &MirrorModule::b_transport);
  }
  uint64_t forwarded() const { return m_forwarded; }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const uint64_t offset = trans.get_address();
    trans.set_address(m_to + offset);
    dma->b_transport(trans, delay);
    trans.set_address(offset);
    ++m_forwarded;
  }

  uint64_t m_to;
  uint64_t m_forwarded = 0;
};

uint64_t mirror_target(const nlohmann::json& params) {
  const auto to = accsim::config::parse_address(params.value("to", nlohmann::json()));
  if (!to) throw accsim::config::ValueError("to", "expected an address, got " + params.dump());
  return *to;
}

class MirrorComponent : public accsim::soc::Component {
 public:
  MirrorComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc)
      : m_module(device.name.c_str(), mirror_target(device.params)) {
    soc.connect_target(m_module.socket, "regs", device.base, device.size);
    soc.connect_initiator(m_module.dma, "dma");
  }
  void report(accsim::Stats& stats) const override {
    stats.set("forwarded", m_module.forwarded(), "Accesses forwarded to memory");
  }

 private:
  MirrorModule m_module;
};

void check_mirror(const nlohmann::json& params) { mirror_target(params); }

std::unique_ptr<accsim::soc::Component> build_mirror(const accsim::plugin::Device& device,
                                                     accsim::soc::SocBuilder& soc) {
  return std::make_unique<MirrorComponent>(device, soc);
}

}  // namespace

extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin() {
  static const accsim::plugin::ComponentSpec components[] = {
      {"throws", "throws out of b_transport", any_params, build<Fault::kThrow>},
      {"error_response", "answers with TLM_GENERIC_ERROR_RESPONSE", any_params,
       build<Fault::kErrorResponse>},
      {"incomplete", "leaves the response incomplete", any_params, build<Fault::kIncomplete>},
      {"thread_throws", "its SC_THREAD throws", any_params, build<Fault::kThread>},
      {"stray", "binds outside its range", any_params, build_stray},
      {"mirror", "its window is memory at params.to, through its DMA", check_mirror, build_mirror},
      {"crash", "raises a fatal signal (params.signal, params.in)", check_crash, build_crash},
  };
  static const accsim::plugin::Library library = accsim::plugin::library(components);
  return &library;
}
