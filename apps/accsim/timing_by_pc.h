// `accsim timing-check --by-pc`: where the model's cycles and the RTL's part, from the two runs'
// instruction traces (insn.csv: the model's per-instruction trace and the RTL's retire trace,
// same columns). Both sides execute the same instruction stream, so the files are read side by
// side, row i against row i, streaming (a trace may have millions of rows): per pc and per
// function (the trace's function column, from the ELF's symbols) the cycles of each side. The
// model books an instruction's cycles from its start to the next one's, the RTL from the
// previous retire to its own: a stall can land one instruction apart, so per-pc deltas come in
// +/- pairs around the gap, and per-function sums are the better first look.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace accsim::cli {

struct PcCycles {
  std::string function;
  std::string disassembly;
  uint64_t count = 0;  // times executed (rows)
  uint64_t model = 0;
  uint64_t rtl = 0;
};

struct FunctionCycles {
  uint64_t count = 0;  // instructions executed
  uint64_t model = 0;
  uint64_t rtl = 0;
};

struct ByPcResult {
  uint64_t rows = 0;    // row pairs compared
  std::string stopped;  // why the comparison ended before either file's end ("" = it did not)
  std::map<uint32_t, PcCycles> pcs;
  std::map<std::string, FunctionCycles> functions;
};

// Reads both files side by side up to the shorter one's end (a --trace-limit cut) or the first
// row whose pc differs (recorded in `stopped`). Throws std::runtime_error naming the file and
// line of a row it cannot read.
ByPcResult compare_insn_traces(const std::filesystem::path& model_csv,
                               const std::filesystem::path& rtl_csv);

// The top `top` functions and pcs by |RTL - model| (ties by name, by pc), as printed.
std::string by_pc_table(const ByPcResult& result, size_t top);
nlohmann::ordered_json by_pc_json(const ByPcResult& result, size_t top);

}  // namespace accsim::cli
