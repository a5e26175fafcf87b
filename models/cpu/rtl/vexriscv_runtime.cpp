#include "vexriscv_runtime.h"

#include <stdexcept>

#include "cpu_rtl_config.h"
#include "runtime_verilator.h"
#include "vexriscv_rtl_cpu.h"
#include "vexriscv_wrapper.h"

namespace accsim::cpu::rtl {

namespace {
// Bumped whenever the wrapper or the model's layout changes, so stale builds are not loaded.
constexpr const char* kWrapperVersion = "accsim-vexriscv-4";
}  // namespace

std::unique_ptr<VexRiscvModel> load_vexriscv_model(
    const std::string& verilog, bool trace, const std::function<void(const std::string&)>& note) {
  if (!accsim::rtl::runtime_verilator_supported()) {
    throw std::runtime_error(
        "cpu.impl: \"rtl\" needs an accsim built with Verilator (-DACCSIM_BUILD_RTL=ON)");
  }
  accsim::rtl::RuntimeBuild build;
  build.what = "cpu.verilog";
  build.sources = {verilog};
  build.top = kVexRiscvTop;
  build.cache_dir = accsim::rtl::runtime_cache_dir("ACCSIM_CPU_CACHE", "cpu");
  build.prefix = "Vvexriscv";  // one CPU per process
  build.key = kWrapperVersion;
  build.compile_step = "compiling the Verilated CPU";
  build.wrapper = [](const std::string& prefix,
                     const std::vector<accsim::rtl::VerilatedPort>& ports,
                     const std::string& obj_dir) {
    return vexriscv_wrapper_source(prefix, ports, find_internals(prefix, obj_dir));
  };
  using Factory = VexRiscvModel* (*)(const char*, bool);
  auto factory =
      reinterpret_cast<Factory>(accsim::rtl::load_runtime_build(build, kVexRiscvFactory, note));
  return std::unique_ptr<VexRiscvModel>(factory("cpu", trace));
}

std::unique_ptr<RtlCpu> make_rtl_cpu(const nlohmann::json& effective, BusPort& bus,
                                     const RunStatus& status, const RtlCpuRunOptions& run) {
  const CpuRtlConfig config = cpu_rtl_config(effective);
  VexRiscvRtlOptions options;
  options.icache = config.caches.icache;
  options.dcache = config.caches.dcache;
  options.fst_path = run.fst_path;
  options.trace_first_cycle = run.trace_first_cycle;
  options.trace_end_cycle = run.trace_end_cycle;
  options.clock_period_ps = run.clock_period_ps;
  return std::make_unique<VexRiscvRtlCpu>(
      load_vexriscv_model(config.verilog, !run.fst_path.empty(), run.note), bus, status, options);
}

}  // namespace accsim::cpu::rtl
