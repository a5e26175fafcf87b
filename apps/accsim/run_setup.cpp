#include "run_setup.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "config_loading.h"
#include "locations.h"
#include "run_outputs.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

const std::vector<std::string> kTraceKinds = {"console", "cache-misses", "mem",
                                              "fst",     "timeline",     "insn"};

bool check_traces(const std::vector<std::string>& traces) {
  for (const auto& t : traces) {
    if (std::find(kTraceKinds.begin(), kTraceKinds.end(), t) == kTraceKinds.end()) {
      std::string valid;
      for (const auto& k : kTraceKinds) valid += (valid.empty() ? "" : ", ") + k;
      std::fprintf(stderr, "--trace: unknown trace \"%s\" (available: %s)\n", t.c_str(),
                   valid.c_str());
      return false;
    }
  }
  return true;
}

// "NAME=FILE" / "INDEX=FILE" -> {NAME, FILE}; a plain FILE (or a path that exists as given, or
// has a '/' before its '=') -> {"", FILE}: the next input in order.
std::pair<std::string, std::string> split_input(const std::string& text) {
  const size_t eq = text.find('=');
  std::error_code ec;
  if (eq == std::string::npos || eq == 0 || text.substr(0, eq).find('/') != std::string::npos ||
      fs::exists(text, ec)) {
    return {"", text};
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

// --model / --input are the workload.model / workload.inputs keys, given relative to the working
// directory: passed on as absolute paths so config.json re-runs from anywhere. --verify is
// runtime.verify.
std::vector<std::string> with_workload_overrides(const RunOptions& options) {
  std::vector<std::string> overrides = options.overrides;
  if (!options.model.empty()) {
    overrides.push_back("workload.model=" +
                        nlohmann::json(fs::absolute(options.model).string()).dump());
  }
  if (!options.inputs.empty()) {
    nlohmann::json inputs = nlohmann::json::array();
    for (const std::string& text : options.inputs) {
      const auto [tensor, file] = split_input(text);
      inputs.push_back({{"tensor", tensor}, {"file", fs::absolute(file).string()}});
    }
    // The command line's inputs replace the config's, workload.input included.
    overrides.push_back("workload.input=\"\"");
    overrides.push_back("workload.inputs=" + inputs.dump());
  }
  if (options.verify) overrides.push_back("runtime.verify=true");
  return overrides;
}

}  // namespace

std::optional<RunSetup> prepare_run(const RunOptions& options) {
  if (!check_traces(options.traces)) return std::nullopt;
  const std::string config_name =
      options.config.empty() ? default_config_path().string() : options.config;
  auto loaded = load_architecture(config_name, with_workload_overrides(options));
  if (!loaded) return std::nullopt;
  if (options.classify_misses) {
    // The caches this architecture has, known once it is loaded: load it again with each one's
    // classify_misses set, so that config.json records it like any --set.
    RunOptions classified = options;
    for (const char* cache : {"icache", "dcache"}) {
      if (loaded->effective.at("caches").value(cache, nlohmann::json()).is_object()) {
        classified.overrides.push_back(std::string("caches.") + cache + ".classify_misses=true");
      }
    }
    for (const auto& [name, memory] : loaded->effective.at("memories").items()) {
      if (memory.is_object() && memory.value("l2", nlohmann::json()).is_object()) {
        classified.overrides.push_back("memories." + name + ".l2.classify_misses=true");
      }
    }
    loaded = load_architecture(config_name, with_workload_overrides(classified));
    if (!loaded) return std::nullopt;
  }
  RunSetup setup;
  setup.config_name = config_name;
  setup.loaded = std::move(*loaded);
  const nlohmann::json& cfg = setup.loaded.effective;
  // An export of energy figures needs the energy model.
  if (!options.energy_export.empty() && !cfg.contains("energy")) {
    std::fprintf(stderr,
                 "--energy-export %s: %s has no \"energy\" section (give one, e.g. --set "
                 "energy.table=energy/asic45.json; docs/energy.md)\n",
                 options.energy_export.c_str(), config_name.c_str());
    return std::nullopt;
  }
  setup.energy_export = options.energy_export;

  // A .tflite model (--model or workload.model) is checked before anything is simulated.
  try {
    setup.workload = ModelWorkload::from_config(setup.loaded);
  } catch (const ModelError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return std::nullopt;
  }
  // The input is model input: without a model nothing would read it.
  if (!options.inputs.empty() && !setup.workload) {
    std::fprintf(stderr,
                 "--input %s: there is no model to feed it to (give --model NET.tflite, or "
                 "workload.model in the config)\n",
                 options.inputs.front().c_str());
    return std::nullopt;
  }
  const std::string firmware_name = !options.firmware.empty() ? options.firmware
                                    : setup.workload          ? setup.workload->firmware()
                                                     : cfg.at("firmware").get<std::string>();
  const auto firmware_path = resolve_firmware(firmware_name);
  if (!firmware_path) {
    std::fprintf(stderr,
                 "firmware \"%s\": not found (looked for %s); `accsim list` shows the built "
                 "apps\n",
                 firmware_name.c_str(), firmware_lookup(firmware_name).c_str());
    return std::nullopt;
  }
  setup.firmware_path = *firmware_path;
  try {
    setup.image = cpu::read_elf(*firmware_path);
  } catch (const cpu::ElfError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return std::nullopt;
  }

  // A model run is named after the model: runs of different networks do not share a directory.
  const std::string workload_stem =
      setup.workload ? fs::path(cfg.at("workload").at("model").get<std::string>()).stem().string()
                     : firmware_path->stem().string();
  setup.out_dir =
      options.out_dir.empty()
          ? fs::path("traces") / (cfg.at("name").get<std::string>() + "-" + workload_stem)
          : fs::path(options.out_dir);
  try {
    // Said, because the earlier run's results are gone (a --out reused by mistake).
    if (const size_t removed = prepare_run_dir(setup.out_dir)) {
      spdlog::info("{}: replaced the earlier run there ({} of its files removed)",
                   setup.out_dir.string(), removed);
    }
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "--out: %s\n", e.what());
    return std::nullopt;
  }
  setup.max_cycles =
      options.max_cycles.value_or(cfg.at("simulation").at("max_cycles").get<uint64_t>());
  return setup;
}

}  // namespace accsim::cli
