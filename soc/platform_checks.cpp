#include "platform_checks.h"

#include <algorithm>
#include <optional>

#include "accsim/hw/sim_control_regs.h"
#include "address_map.h"
#include "cache.h"

namespace accsim {

std::vector<soc::MappedRange> fabric_ranges(const nlohmann::json& cfg) {
  std::vector<soc::MappedRange> out;
  auto add = [&](const std::string& name, const nlohmann::json& base, uint64_t size,
                 const std::string& path) {
    const auto b = config::parse_address(base);
    if (b && size != 0) out.push_back({name, *b, size, path});
  };
  if (cfg.contains("memories") && cfg["memories"].is_object()) {
    for (const auto& [name, mem] : cfg["memories"].items()) {
      if (!mem.is_object() || !mem.contains("base") || !mem.contains("size")) continue;
      const auto size = config::parse_size(mem["size"]);
      if (size) add("memories." + name, mem["base"], *size, "memories." + name + ".base");
    }
  }
  if (cfg.contains("sim_control") && cfg["sim_control"].is_object() &&
      cfg["sim_control"].contains("base")) {
    add("sim_control", cfg["sim_control"]["base"], ACCSIM_SIMCTL_BLOCK_SIZE, "sim_control.base");
  }
  return out;
}

namespace {

bool any_reported(const std::vector<config::Diagnostic>& diags,
                  const std::vector<std::string>& paths) {
  return std::any_of(paths.begin(), paths.end(),
                     [&](const std::string& path) { return config::reported(diags, path); });
}

const nlohmann::json* find(const nlohmann::json& cfg, std::initializer_list<const char*> path) {
  const nlohmann::json* node = &cfg;
  for (const char* key : path) {
    if (!node->is_object() || !node->contains(key)) return nullptr;
    node = &(*node)[key];
  }
  return node;
}

// Where a range's placement came from: its base's key, or its size's if that was set later
// (a range's key is "<section>.base"; its size is beside it).
struct Blame {
  std::string origin;
  std::string key;
};

Blame blame_of(const config::LoadedConfig& config, const soc::MappedRange& range) {
  const auto dot = range.key.rfind('.');
  const std::string size_key =
      dot == std::string::npos ? range.key : range.key.substr(0, dot) + ".size";
  const std::string base_origin = config.origin_of(range.key);
  const std::string latest = config.latest_origin({range.key, size_key});
  return {latest, latest == base_origin ? range.key : size_key};
}

}  // namespace

void check_address_ranges(const config::LoadedConfig& config,
                          const std::vector<soc::MappedRange>& mapped,
                          std::vector<config::Diagnostic>& diags) {
  std::vector<AddressRange> ranges;
  for (const auto& m : mapped) ranges.push_back(AddressRange{m.name, m.base, m.size, -1});
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (ranges[i].end() > (uint64_t{1} << 32)) {
      diags.push_back({config.origin_of(mapped[i].key), mapped[i].key,
                       describe_range(ranges[i]) + " extends past the 32-bit address space"});
    }
  }
  // Each overlapping pair once, reported at the range the user changed last (a --set before
  // the config file that the other range came from); on a tie, at the later range's key.
  for (size_t i = 0; i < ranges.size(); ++i) {
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      if (!(ranges[i].base < ranges[j].end() && ranges[j].base < ranges[i].end())) continue;
      const Blame first = blame_of(config, mapped[i]);
      const Blame second = blame_of(config, mapped[j]);
      const std::string latest = config.latest_origin({first.key, second.key});
      const bool blame_first = latest == first.origin && latest != second.origin;
      const size_t blamed = blame_first ? i : j;
      const size_t other = blame_first ? j : i;
      diags.push_back({latest, (blame_first ? first : second).key,
                       "address range " + describe_range(ranges[blamed]) + " overlaps " +
                           describe_range(ranges[other])});
    }
  }
}

void check_fabric(const config::LoadedConfig& config, std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = config.effective;
  // Cache geometries: the L1s and every memory's L2, by config path.
  std::vector<std::pair<std::string, const nlohmann::json*>> caches;
  for (const char* name : {"icache", "dcache"}) {
    caches.emplace_back(std::string("caches.") + name, find(cfg, {"caches", name}));
  }
  if (const auto* mems = find(cfg, {"memories"}); mems && mems->is_object()) {
    for (const auto& [mem_name, mem] : mems->items()) {
      if (mem.is_object() && mem.contains("l2")) {
        caches.emplace_back("memories." + mem_name + ".l2", &mem.at("l2"));
        const auto line = config::parse_size(mem.at("l2").value("line_bytes", nlohmann::json()));
        const auto* width = mem.contains("width_bytes") ? &mem.at("width_bytes") : nullptr;
        const std::string path = "memories." + mem_name + ".l2.line_bytes";
        const std::vector<std::string> inputs{path, "memories." + mem_name + ".width_bytes"};
        if (line && width && width->is_number_unsigned() && *line < width->get<uint64_t>() &&
            !any_reported(diags, inputs)) {
          diags.push_back(
              config::derived_problem(config, path, inputs,
                                      "L2 line of " + std::to_string(*line) +
                                          " bytes is narrower than the memory's width_bytes " +
                                          std::to_string(width->get<uint64_t>())));
        }
      }
    }
  }
  for (const auto& [prefix, c] : caches) {
    if (c == nullptr || !c->is_object() || !c->contains("size") || !c->contains("line_bytes") ||
        !c->contains("ways")) {
      continue;
    }
    const std::vector<std::string> inputs{prefix + ".size", prefix + ".line_bytes",
                                          prefix + ".ways"};
    if (any_reported(diags, inputs)) continue;
    const auto size = config::parse_size((*c)["size"]);
    const auto line = config::parse_size((*c)["line_bytes"]);
    if (!size || !line || !(*c)["ways"].is_number_unsigned()) continue;
    if (const auto problem = cache::geometry_problem(*size, *line, (*c)["ways"].get<uint64_t>())) {
      diags.push_back(
          config::derived_problem(config, prefix + "." + problem->key, inputs, problem->message));
    }
  }
  if (const auto* bht = find(cfg, {"cpu", "timing", "bht_entries"});
      bht && bht->is_number_unsigned()) {
    const uint64_t n = bht->get<uint64_t>();
    if (n == 0 || (n & (n - 1)) != 0) {
      const std::string path = "cpu.timing.bht_entries";
      diags.push_back(
          {config.origin_of(path), path, "value " + std::to_string(n) + " is not a power of two"});
    }
  }
}

}  // namespace accsim
