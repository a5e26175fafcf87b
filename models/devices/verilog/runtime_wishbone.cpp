#include "runtime_wishbone.h"

#include "runtime_verilator.h"

namespace accsim::wishbone {

namespace {
// Bumped whenever the wrapper or the headers' layout changes in a way the headers' contents do
// not show.
constexpr const char* kWrapperVersion = "accsim-wishbone-1";
}  // namespace

std::string default_wishbone_cache_dir() {
  return rtl::runtime_cache_dir("ACCSIM_RTL_CACHE", "verilog");
}

std::unique_ptr<WishboneModel> load_wishbone_model(
    const WishboneRtlSpec& spec, const std::string& name, bool trace,
    const std::function<void(const std::string&)>& note) {
  rtl::RuntimeBuild build;
  build.what = spec.what;
  build.sources = spec.sources;
  build.top = spec.top;
  build.parameters = spec.parameters;
  build.cache_dir = spec.cache_dir.empty() ? default_wishbone_cache_dir() : spec.cache_dir;
  // Several devices may be loaded into one run: each design gets a class of its own.
  build.prefix = "Vwb";
  build.unique_prefix = true;
  const WishbonePortNames& p = spec.ports;
  build.key = std::string(kWrapperVersion) + "|" + p.clock + "|" + p.reset + "|" +
              (p.reset_active_low ? "low" : "high") + "|" + p.slave + "|" + p.master;
  build.compile_step = "compiling the Verilated device";
  build.wrapper = [&spec](const std::string& prefix, const std::vector<rtl::VerilatedPort>& ports,
                          const std::string&) {
    return wishbone_wrapper_source(prefix, spec.top, ports, spec.ports);
  };
  using Factory = WishboneModel* (*)(const char*, bool);
  auto factory = reinterpret_cast<Factory>(rtl::load_runtime_build(build, kWishboneFactory, note));
  return std::unique_ptr<WishboneModel>(factory(name.c_str(), trace));
}

}  // namespace accsim::wishbone
