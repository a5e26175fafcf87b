// Files a run leaves in its output directory (see traces/README.md):
//   config.json  the effective configuration, defaults included (re-runnable as is)
//   stats.json   every statistic, flat dotted names (for programs)
//   stats.txt    the same with descriptions (for people), plus the host.* figures of host.json
//   host.json    host seconds and simulation speed: the only file that differs between two
//                runs of the same inputs
//   manifest.json  the files this run wrote (a reused directory holds no file of an earlier run)
// and the traces asked for (console.log, cache_misses.csv, mem.din, timeline.json, insn.csv,
// cfu.fst, <device>.fst of each Verilog device), a --model run's output.bin (output tensor
// 0), output_1.bin, ... (the others) and outputs.json (what each holds) and, where an L1
// classifies its misses, conflicts.json.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "stats.h"

namespace accsim::cli {

// The name of every file `accsim run` writes into its output directory.
namespace run_file {
inline constexpr const char* kConfig = "config.json";
inline constexpr const char* kStats = "stats.json";
inline constexpr const char* kStatsText = "stats.txt";
inline constexpr const char* kHost = "host.json";
inline constexpr const char* kManifest = "manifest.json";
inline constexpr const char* kConsole = "console.log";
inline constexpr const char* kCacheMisses = "cache_misses.csv";
inline constexpr const char* kMemDin = "mem.din";
inline constexpr const char* kTimeline = "timeline.json";
inline constexpr const char* kInsn = "insn.csv";
inline constexpr const char* kCfuWaveform = "cfu.fst";
inline constexpr const char* kModelOutput = "output.bin";     // a --model run's output tensor 0
inline constexpr const char* kModelOutputs = "outputs.json";  // its outputs' names, types, shapes
// output.bin for output 0, output_<i>.bin for the others.
std::string model_output_name(int i);
// --energy-export accelergy: the action counts and the energies used (docs/energy.md).
inline constexpr const char* kAccelergyActionCounts = "accelergy_action_counts.yaml";
inline constexpr const char* kAccelergyErt = "accelergy_ert.yaml";
// Buffer pairs behind conflict misses, where an L1 classifies its misses (conflict_attribution.h)
inline constexpr const char* kConflicts = "conflicts.json";
// All of the above, in manifest order (output_<i>.bin and <device>.fst are found by name).
const std::vector<const char*>& all();
}  // namespace run_file

// Creates `dir` if needed and checks that files can be written in it; throws
// std::runtime_error naming the path and the OS reason on failure.
void prepare_output_dir(const std::filesystem::path& dir);
// prepare_output_dir, then removes the files an earlier run left there (only run_file::all()
// and waveforms, *.fst; nothing else in the directory is touched), so that every file in it is
// this run's. Returns how many files of an earlier run it removed.
size_t prepare_run_dir(const std::filesystem::path& dir);
void write_text_file(const std::filesystem::path& file, const std::string& text);
// Writes config.json, stats.json, stats.txt, host.json, then manifest.json listing every run
// file present (the traces included).
void write_run_outputs(const std::filesystem::path& dir, const nlohmann::json& effective_config,
                       const Stats& stats, const nlohmann::json& host);

}  // namespace accsim::cli
