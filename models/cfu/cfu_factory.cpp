#include "cfu_factory.h"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "jsonconfig/config.h"
#include "latency_cfu.h"
#include "mnv2_cfu.h"
#include "mnv2_rtl.h"
#include "runtime_cfu.h"
#include "runtime_verilator.h"
#include "simd_mac_cfu.h"

namespace accsim::cfu {

namespace {

std::string default_cache_dir() { return rtl::runtime_cache_dir("ACCSIM_CFU_CACHE", "cfu"); }

bool is_rtl(const nlohmann::json& cfu) { return cfu.at("impl") == "rtl"; }

// mnv2: seed 001's accelerator, as the C++ model or its RTL (rtl/cfu/mnv2).
void check_mnv2(const nlohmann::json& cfu) { mnv2_config_from_json(cfu); }
std::unique_ptr<CfuModel> make_mnv2(const nlohmann::json& cfu, const VerilatedCfuOptions& rtl,
                                    const Note& note) {
  const Mnv2Config config = mnv2_config_from_json(cfu);
  if (is_rtl(cfu)) return make_mnv2_rtl(config, rtl, default_cache_dir(), note);
  return std::make_unique<Mnv2Cfu>(config);
}
nlohmann::json mnv2_defaults() { return mnv2_config_to_json(Mnv2Config{}); }

// verilog: the user's own cfu.v, verilated on first use.
void check_verilog(const nlohmann::json& cfu) {
  if (!is_rtl(cfu)) {
    throw config::ValueError("cfu",
                             "a \"verilog\" CFU runs as RTL only: add \"impl\": \"rtl\" to the cfu "
                             "section, or --set cfu.impl=rtl (the default impl is \"model\")");
  }
  const nlohmann::json rtl = cfu.value("rtl", nlohmann::json::object());
  const auto sources = rtl.value("sources", std::vector<std::string>{});
  if (sources.empty()) {
    throw config::ValueError("cfu.rtl.sources", "a \"verilog\" CFU needs its Verilog files");
  }
  // The files must exist before `validate` says ok: otherwise only `run` finds out.
  for (std::size_t i = 0; i < sources.size(); ++i) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(sources[i], ec)) {
      throw config::ValueError("cfu.rtl.sources[" + std::to_string(i) + "]",
                               "no such file: " + sources[i]);
    }
  }
}
std::unique_ptr<CfuModel> make_verilog(const nlohmann::json& cfu, const VerilatedCfuOptions& rtl,
                                       const Note& note) {
  RuntimeCfuSpec spec;
  // check_verilog made sure there is an rtl section; loading filled in its defaults.
  const nlohmann::json& section = cfu.at("rtl");
  spec.sources = section.at("sources").get<std::vector<std::string>>();
  spec.top = section.at("top").get<std::string>();
  spec.parameters = section.at("parameters").get<std::map<std::string, int64_t>>();
  spec.cache_dir = default_cache_dir();
  try {
    return load_runtime_cfu(spec, rtl, note);
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
}

// latency: a timing-only CFU (the calibration test's), a model only.
void check_latency(const nlohmann::json& cfu) {
  if (is_rtl(cfu)) throw config::ValueError("cfu.impl", "a \"latency\" CFU is a model only");
}
std::unique_ptr<CfuModel> make_latency(const nlohmann::json& cfu, const VerilatedCfuOptions&,
                                       const Note&) {
  return std::make_unique<LatencyCfu>(latency_cfu_config_from_json(cfu));
}
nlohmann::json latency_defaults() { return latency_cfu_config_to_json(LatencyCfuConfig{}); }

// simd_mac: the walk-through's 4-lane int8 MAC CFU, the C++ model or (impl rtl) its Verilog,
// named in cfu.rtl as for a verilog CFU.
void check_simd_mac(const nlohmann::json& cfu) {
  if (is_rtl(cfu)) check_verilog(cfu);
}
std::unique_ptr<CfuModel> make_simd_mac(const nlohmann::json& cfu, const VerilatedCfuOptions& rtl,
                                        const Note& note) {
  if (is_rtl(cfu)) return make_verilog(cfu, rtl, note);
  return std::make_unique<SimdMacCfu>();
}

const CfuKind kKinds[] = {
    {"mnv2", check_mnv2, make_mnv2, mnv2_defaults},
    {"verilog", check_verilog, make_verilog, nullptr},
    {"latency", check_latency, make_latency, latency_defaults},
    {"simd_mac", check_simd_mac, make_simd_mac, nullptr},
};

}  // namespace

std::vector<const CfuKind*> cfu_kinds() {
  std::vector<const CfuKind*> kinds;
  for (const CfuKind& kind : kKinds) kinds.push_back(&kind);
  return kinds;
}

nlohmann::json cfu_defaults() {
  nlohmann::json defaults = nlohmann::json::object();
  for (const CfuKind& kind : kKinds) {
    if (kind.defaults != nullptr) defaults.update(kind.defaults());
  }
  return defaults;
}

const CfuKind& cfu_kind(const nlohmann::json& cfu) {
  const std::string name = cfu.at("kind").get<std::string>();
  for (const CfuKind& kind : kKinds) {
    if (name == kind.name) return kind;
  }
  throw config::ValueError("cfu.kind", "unknown CFU \"" + name + "\"");
}

std::unique_ptr<CfuModule> make_cfu(const nlohmann::json& cfu, const Clock& clock,
                                    VerilatedCfuOptions rtl_options, const Note& note) {
  const CfuKind& kind = cfu_kind(cfu);
  kind.check(cfu);
  rtl_options.clock_period_ps = clock.period_ps();
  // The reference for lazy clocking's tests: same results, every cycle evaluated.
  if (const char* every = std::getenv("ACCSIM_CFU_CLOCK_EVERY_CYCLE"); every && *every == '1') {
    rtl_options.lazy_clocking = false;
  }
  return std::make_unique<CfuModule>("cfu", clock, kind.make(cfu, rtl_options, note));
}

}  // namespace accsim::cfu
