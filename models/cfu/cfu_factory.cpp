#include "cfu_factory.h"

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "latency_cfu.h"
#include "mnv2_cfu.h"
#include "mnv2_rtl.h"
#include "runtime_cfu.h"

namespace accsim::cfu {

namespace {

std::string default_cache_dir() {
  if (const char* dir = std::getenv("ACCSIM_CFU_CACHE"); dir != nullptr && *dir != '\0') return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::string(xdg) + "/accsim/cfu";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.cache/accsim/cfu";
  }
  return "/tmp/accsim-cfu-cache";
}

}  // namespace

std::unique_ptr<CfuModule> make_cfu(const nlohmann::json& cfu, const Clock& clock,
                                    VerilatedCfuOptions rtl_options,
                                    const std::function<void(const std::string&)>& note) {
  const std::string kind = cfu.value("kind", "mnv2");
  const std::string impl = cfu.value("impl", "model");
  rtl_options.clock_period_ps = clock.period_ps();
  if (kind == "verilog") {
    if (impl != "rtl") {
      throw std::invalid_argument("cfu.impl: a \"verilog\" CFU has no C++ model; set \"rtl\"");
    }
    RuntimeCfuSpec spec;
    const nlohmann::json rtl = cfu.value("rtl", nlohmann::json::object());
    spec.sources = rtl.value("sources", std::vector<std::string>{});
    spec.top = rtl.value("top", "Cfu");
    spec.parameters = rtl.value("parameters", std::map<std::string, int64_t>{});
    spec.cache_dir = default_cache_dir();
    std::unique_ptr<CfuModel> model;
    try {
      model = load_runtime_cfu(spec, rtl_options, note);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument(e.what());
    }
    return std::make_unique<CfuModule>("cfu", clock, std::move(model));
  }
  if (kind == "latency") {
    if (impl != "model") throw std::invalid_argument("cfu.impl: a \"latency\" CFU is a model only");
    LatencyCfuConfig config;
    config.latency_cycles = cfu.value("latency_cycles", uint64_t{1});
    config.pipelined = cfu.value("pipelined", false);
    return std::make_unique<CfuModule>("cfu", clock, std::make_unique<LatencyCfu>(config));
  }
  if (kind != "mnv2") throw std::invalid_argument("cfu.kind: unknown CFU \"" + kind + "\"");
  const Mnv2Config config = mnv2_config_from_json(cfu);
  std::unique_ptr<CfuModel> model;
  if (impl == "rtl") {
    model = make_mnv2_rtl(config, rtl_options, default_cache_dir(), note);
  } else {
    model = std::make_unique<Mnv2Cfu>(config);
  }
  return std::make_unique<CfuModule>("cfu", clock, std::move(model));
}

}  // namespace accsim::cfu
