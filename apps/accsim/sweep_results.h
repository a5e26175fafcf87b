// results.csv: one row per point in spec order. Columns: point (its directory), the spec's
// columns (axis and point keys), status (ok, failed:<exit code>, missing), then the chosen
// stats, globs expanded over the finished points in sorted order. Built only from the spec and
// the point directories, so a sweep at any -j, a resumed sweep and --collect write equal bytes.
#pragma once

#include <string>
#include <vector>

#include "sweep_point_dir.h"
#include "sweep_spec.h"

namespace accsim::cli {

struct SweepTable {
  std::string csv;
  std::vector<std::string> warnings;  // stat names no finished point has
  size_t ok = 0, failed = 0, missing = 0;
};

// `*` matches any run of characters (dots included), `?` one character.
bool glob_match(const std::string& pattern, const std::string& name);
// Why glob_match() cannot take `pattern` (empty if it can): `[`, `]`, `{`, `}` and `\` would
// match only themselves, so a shell-style class or set would silently match nothing.
std::string glob_problem(const std::string& pattern);

// The stat columns: each pattern in order, a glob replaced by its sorted matches (skipping
// names already chosen); `unmatched` gets the patterns nothing matched.
std::vector<std::string> stat_columns(const std::vector<std::string>& patterns,
                                      const std::vector<PointOutcome>& outcomes,
                                      std::vector<std::string>* unmatched);

// The energy columns every results.csv ends with (after the spec's stats, unless it lists them):
// total energy, average power, energy-delay product (docs/energy.md).
inline constexpr const char* kEnergyColumns[] = {"energy.total_pj", "energy.average_power_mw",
                                                 "energy.edp_uj_ms"};

// A stats.json value as a CSV cell (integers exactly, reals as JSON writes them).
std::string stat_text(const nlohmann::json& value);

SweepTable assemble_results(const SweepSpec& spec, const std::vector<PointOutcome>& outcomes);

}  // namespace accsim::cli
