#include "platform_checks.h"

#include <algorithm>
#include <optional>

#include "accsim/hw/sim_control_regs.h"
#include "accsim/hw/vta_regs.h"
#include "address_map.h"

namespace accsim {

namespace {

struct NamedRange {
  AddressRange range;
  std::string path;  // JSON path of the key that placed it
};

// Every address range the config maps. Entries whose base or size the schema rejected are
// skipped: they have their own diagnostic already.
std::vector<NamedRange> mapped_ranges(const nlohmann::json& cfg) {
  std::vector<NamedRange> out;
  auto add = [&](const std::string& name, const nlohmann::json& base, uint64_t size,
                 const std::string& path) {
    const auto b = config::parse_address(base);
    if (b && size != 0) out.push_back({AddressRange{name, *b, size, -1}, path});
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
  if (cfg.contains("vta") && cfg["vta"].is_object() && cfg["vta"].contains("base")) {
    add("vta", cfg["vta"]["base"], VTA_REG_BLOCK_SIZE, "vta.base");
  }
  return out;
}

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

// The CFU's keys that depend on each other (the schema checks each alone).
void check_cfu(const config::LoadedConfig& config, std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = config.effective;
  // A value the schema rejected is treated as absent: checks built on it would only repeat the
  // problem.
  const auto value = [&](const char* key) -> std::optional<uint64_t> {
    const auto* v = find(cfg, {"cfu", key});
    if (v == nullptr || !v->is_number_unsigned()) return std::nullopt;
    if (config::reported(diags, std::string("cfu.") + key)) return std::nullopt;
    return v->get<uint64_t>();
  };
  const auto report = [&](const std::string& key, const std::string& message,
                          std::initializer_list<const char*> related = {}) {
    std::vector<std::string> inputs;
    for (const char* other : related) inputs.push_back(std::string("cfu.") + other);
    diags.push_back(config::derived_problem(config, "cfu." + key, inputs, message));
  };
  if (const auto* kind = find(cfg, {"cfu", "kind"}); kind && *kind == "verilog") {
    const auto* impl = find(cfg, {"cfu", "impl"});
    if (impl && config.from_defaults("cfu.impl")) {
      // Left out, impl defaults to "model": blame the file that chose "verilog" and say what to
      // add, rather than "<defaults>: cfu.impl".
      diags.push_back({config.origin_of("cfu.kind"), "cfu",
                       "a \"verilog\" CFU runs as RTL only: add \"impl\": \"rtl\" to the cfu "
                       "section, or --set cfu.impl=rtl (the default impl is \"model\")"});
    } else if (impl && *impl != "rtl") {
      report("impl", "a \"verilog\" CFU has no C++ model: set \"rtl\"");
    }
    const auto* sources = find(cfg, {"cfu", "rtl", "sources"});
    if (sources == nullptr || !sources->is_array() || sources->empty()) {
      report("rtl.sources", "a \"verilog\" CFU needs its Verilog files");
    }
    return;  // the mnv2 sizes below do not apply
  }
  if (const auto* kind = find(cfg, {"cfu", "kind"}); kind && *kind == "latency") {
    const auto* impl = find(cfg, {"cfu", "impl"});
    if (impl && *impl != "model") report("impl", "a \"latency\" CFU is a model only");
    return;
  }
  const auto lanes = value("macc_lanes");
  const auto banks = value("filter_banks");
  if (lanes && *lanes % 4 != 0) {
    report("macc_lanes", std::to_string(*lanes) +
                             " is not a multiple of 4 (one lane group "
                             "multiplies one word of 4 int8 values)");
  } else if (lanes && banks && *lanes > 4 * *banks) {
    report("macc_lanes",
           std::to_string(*lanes) + " lanes need " + std::to_string(*lanes / 4) +
               " filter words per cycle but there are only " + std::to_string(*banks) +
               " filter_banks",
           {"filter_banks"});
  }
  const auto fifo = value("output_fifo_words");
  const auto gate = value("output_fifo_gate_words");
  const auto macc_depth = value("macc_pipeline_depth");
  const auto post_depth = value("post_process_depth");
  if (fifo && gate && macc_depth && post_depth) {
    // Words between the gate and the FIFO when the gate closes: one per 4 feed cycles over the
    // pipeline (multiply-add, accumulator, post-processor, packer); Mnv2Config says the same.
    const uint64_t in_flight = (*macc_depth + 1 + *post_depth + 1 + 3) / 4;
    if (*gate + in_flight > *fifo) {
      report("output_fifo_gate_words",
             std::to_string(*gate) + " + up to " + std::to_string(in_flight) +
                 " words in flight exceed output_fifo_words (" + std::to_string(*fifo) + ")",
             {"output_fifo_words", "macc_pipeline_depth", "post_process_depth"});
    }
  }
}

}  // namespace

void check_platform(const config::LoadedConfig& config, std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = config.effective;
  const auto ranges = mapped_ranges(cfg);
  for (const auto& r : ranges) {
    if (r.range.end() > (uint64_t{1} << 32)) {
      diags.push_back({config.origin_of(r.path), r.path,
                       describe_range(r.range) + " extends past the 32-bit address space"});
    }
  }
  // Each overlapping pair once, reported at the later range's key.
  for (size_t i = 0; i < ranges.size(); ++i) {
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      const AddressRange& a = ranges[i].range;
      const AddressRange& b = ranges[j].range;
      if (a.base < b.end() && b.base < a.end()) {
        diags.push_back({config.origin_of(ranges[j].path), ranges[j].path,
                         "address range " + describe_range(b) + " overlaps " + describe_range(a)});
      }
    }
  }
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
    if (!size || !line || *line == 0 || !(*c)["ways"].is_number_unsigned()) continue;
    const uint64_t ways = (*c)["ways"].get<uint64_t>();
    const uint64_t lines = *size / *line;
    const auto report = [&](const std::string& path, const std::string& message) {
      diags.push_back(config::derived_problem(config, path, inputs, message));
    };
    if (*line > *size) {
      report(prefix + ".line_bytes", "line size " + std::to_string(*line) +
                                         " exceeds the cache size " + std::to_string(*size));
    } else if (ways > lines) {
      report(prefix + ".ways", std::to_string(ways) + " ways but the cache holds only " +
                                   std::to_string(lines) + " lines (0 = fully associative)");
    } else if (ways != 0 && (lines % ways != 0 || ((lines / ways) & (lines / ways - 1)) != 0)) {
      report(prefix + ".ways", std::to_string(ways) + " ways do not divide " +
                                   std::to_string(lines) +
                                   " lines into a power-of-two number of sets");
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
  check_cfu(config, diags);
}

std::vector<config::Diagnostic> check_platform(const config::LoadedConfig& config) {
  std::vector<config::Diagnostic> diags;
  check_platform(config, diags);
  return diags;
}

}  // namespace accsim
