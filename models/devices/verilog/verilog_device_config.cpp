#include "verilog_device_config.h"

#include <filesystem>
#include <fstream>
#include <regex>

#include "jsonconfig/config.h"

namespace accsim::wishbone {

namespace {

// Port names and prefixes end up in generated C++: Verilog identifiers only.
void check_identifier(const std::string& value, const std::string& key, bool may_be_empty) {
  static const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
  if (value.empty()) {
    if (may_be_empty) return;
    throw config::ValueError(key, "must not be empty");
  }
  if (!std::regex_match(value, identifier)) {
    throw config::ValueError(key, "\"" + value + "\" is not a Verilog identifier");
  }
}

}  // namespace

VerilogDeviceConfig verilog_device_config(const nlohmann::json& entry, const std::string& key) {
  VerilogDeviceConfig c;
  c.key = key;
  c.name = entry.at("name").get<std::string>();
  c.base = *config::parse_address(entry.at("base"));
  c.size = *config::parse_size(entry.at("size"));
  if (c.size % 4 != 0) throw config::ValueError(key + ".size", "must be a multiple of 4");
  c.sources = entry.at("sources").get<std::vector<std::string>>();
  // The files must be readable before `validate` says ok: otherwise only `run` finds out.
  for (std::size_t i = 0; i < c.sources.size(); ++i) {
    const std::string at = key + ".sources[" + std::to_string(i) + "]";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(c.sources[i], ec)) {
      throw config::ValueError(at, "no such file: " + c.sources[i]);
    }
    if (!std::ifstream(c.sources[i])) throw config::ValueError(at, "cannot read " + c.sources[i]);
  }
  c.top = entry.at("top").get<std::string>();
  check_identifier(c.top, key + ".top", false);
  c.parameters = entry.at("parameters").get<std::map<std::string, int64_t>>();
  c.ports.clock = entry.at("clock").get<std::string>();
  check_identifier(c.ports.clock, key + ".clock", false);
  c.ports.reset = entry.at("reset").get<std::string>();
  check_identifier(c.ports.reset, key + ".reset", true);
  c.ports.reset_active_low = entry.at("reset_active_low").get<bool>();
  const nlohmann::json& wishbone = entry.at("wishbone");
  c.ports.slave = wishbone.at("slave").get<std::string>();
  check_identifier(c.ports.slave, key + ".wishbone.slave", true);
  c.ports.master = wishbone.at("master").get<std::string>();
  check_identifier(c.ports.master, key + ".wishbone.master", true);
  if (!c.ports.master.empty() && c.ports.master == c.ports.slave) {
    throw config::ValueError(key + ".wishbone.master",
                             "the master port's prefix is the slave port's: they would share "
                             "their ports",
                             {key + ".wishbone.slave"});
  }
  c.addressing = wishbone.at("addressing") == "byte" ? Addressing::kByte : Addressing::kWord;
  c.timeout_cycles = wishbone.at("timeout_cycles").get<uint64_t>();
  c.clock_idle = entry.at("clocking") == "always";
  return c;
}

nlohmann::json verilog_device_config_to_json(const VerilogDeviceConfig& c) {
  return {
      {"size", config::to_size(c.size)},
      {"clock", c.ports.clock},
      {"reset", c.ports.reset},
      {"reset_active_low", c.ports.reset_active_low},
      {"wishbone",
       {{"slave", c.ports.slave},
        {"master", c.ports.master},
        {"addressing", c.addressing == Addressing::kByte ? "byte" : "word"},
        {"timeout_cycles", c.timeout_cycles}}},
      {"clocking", c.clock_idle ? "always" : "idle_aware"},
  };
}

}  // namespace accsim::wishbone
