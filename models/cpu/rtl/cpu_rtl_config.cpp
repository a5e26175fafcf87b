#include "cpu_rtl_config.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cpu_config.h"
#include "jsonconfig/config.h"

namespace accsim::cpu::rtl {

namespace {

std::string bytes(uint64_t n) {
  return n % 1024 == 0 ? std::to_string(n / 1024) + "K" : std::to_string(n);
}

// caches.<name> against the Verilog's cache: the first key that differs.
void check_cache(const nlohmann::json& caches, const char* name, const VexRiscvCacheShape& rtl) {
  const std::string key = std::string("caches.") + name;
  if (!rtl.found()) {
    if (caches.contains(name) && !caches[name].is_null()) {
      throw config::ValueError(key, "the CPU's Verilog has no " + std::string(name) +
                                        " (cpu.impl = rtl): remove the section");
    }
    return;
  }
  const std::string has = "the CPU's Verilog has a " + bytes(rtl.size) + " " + name + " with " +
                          std::to_string(rtl.line_bytes) + "-byte lines, " +
                          std::to_string(rtl.ways) + " way" + (rtl.ways == 1 ? "" : "s");
  if (!caches.contains(name) || caches[name].is_null()) {
    throw config::ValueError(key, "is absent, but " + has + " (cpu.impl = rtl)");
  }
  const nlohmann::json& c = caches[name];
  const uint64_t size = *config::parse_size(c.at("size"));
  const uint64_t line = *config::parse_size(c.at("line_bytes"));
  const uint64_t ways = c.at("ways").get<uint64_t>();
  const auto differs = [&](const char* field, uint64_t json_value) {
    throw config::ValueError(key + "." + field,
                             std::to_string(json_value) + " differs from the Verilog: " + has +
                                 " (cpu.impl = rtl takes the caches from cpu.verilog)",
                             {"cpu.verilog"});
  };
  if (size != rtl.size) differs("size", size);
  if (line != rtl.line_bytes) differs("line_bytes", line);
  if (ways != rtl.ways) differs("ways", ways);
}

}  // namespace

bool cpu_is_rtl(const nlohmann::json& effective) {
  return cpu_impl_from_json(effective.at("cpu")).rtl;
}

CpuRtlConfig cpu_rtl_config(const nlohmann::json& effective) {
  const nlohmann::json& cpu = effective.at("cpu");
  CpuRtlConfig c;
  if (!cpu.contains("verilog") || !cpu["verilog"].is_string()) {
    throw config::ValueError("cpu.verilog",
                             "cpu.impl = rtl needs the VexRiscv Verilog (e.g. "
                             "--set cpu.verilog=path/VexRiscv_FullCfu.v)",
                             {"cpu.impl"});
  }
  c.verilog = cpu["verilog"].get<std::string>();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(c.verilog, ec)) {
    throw config::ValueError("cpu.verilog", "no such file: " + c.verilog);
  }
  std::ifstream in(c.verilog, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw config::ValueError("cpu.verilog", "cannot read " + c.verilog);
  c.caches = vexriscv_caches(text.str());
  const nlohmann::json& caches = effective.at("caches");
  check_cache(caches, "icache", c.caches.icache);
  check_cache(caches, "dcache", c.caches.dcache);
  return c;
}

}  // namespace accsim::cpu::rtl
