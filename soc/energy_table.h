// A technology's energy table (configs/energy/*.json, docs/energy.md): per table class (a kind
// of component: "cpu", "cache", "dram", "sram", "bus", "cfu", "vta", a device's own), the
// energy of each action in pJ and the leakage power, every entry with its source. Energies of
// classes with a size rule scale with the acting storage's size (ActionCounter::size_bytes):
// dynamic energy per access with the square root of the size, leakage linearly. Plain C++.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace accsim::energy {

struct ActionEnergy {
  double pj = 0;       // per action, at the class's reference size when it has one
  std::string source;  // where the figure comes from, or how it was derived
};

struct ClassEnergy {
  std::string description;
  std::map<std::string, ActionEnergy> actions;
  // Dynamic energy per access grows as sqrt(size / reference_bytes) (CACTI's trend for a fixed
  // word width; Horowitz's 8 KB / 32 KB SRAM reads); 0 = energies do not scale with size.
  uint64_t reference_bytes = 0;
  std::string scale_source;
  double leakage_mw = 0;          // fixed static power of each component of the class
  double leakage_uw_per_kib = 0;  // plus this per KiB of its size (leakage ~ bit cells)
  std::string leakage_source;
};

struct EnergyTable {
  std::string name;        // e.g. "asic45"
  std::string technology;  // e.g. "45 nm CMOS, 0.9 V"
  std::string file;        // where it was read from, for messages and the stats
  std::map<std::string, ClassEnergy> classes;

  // The entry of `action` of `table_class`, or null.
  const ActionEnergy* find(const std::string& table_class, const std::string& action) const;
  // The energy per action in pJ of a component of `size_bytes` (0 = no size), or nullopt when
  // the table has no such entry.
  std::optional<double> action_pj(const std::string& table_class, const std::string& action,
                                  uint64_t size_bytes) const;
  // The leakage power in mW of a component of `size_bytes`; 0 for a class the table lacks.
  double leakage_mw(const std::string& table_class, uint64_t size_bytes) const;
};

// Parses a table file's JSON; throws config::ValueError naming `key` (the config key that
// named the file) and the path inside the file at fault.
EnergyTable parse_energy_table(const nlohmann::json& document, const std::string& file,
                               const std::string& key);
// Reads and parses `file` (config::parse_json: syntax errors name line and column).
EnergyTable load_energy_table(const std::string& file, const std::string& key);
// Applies an architecture's "energy.overrides" ({"<class>": {"<action>": pJ, "leakage_mw": mW,
// "leakage_uw_per_kib": uW}}): each replaced entry's source becomes "override (<key path>)".
// Throws config::ValueError at "<key>.<class>.<action>" for a class or action the table lacks.
void apply_overrides(EnergyTable& table, const nlohmann::json& overrides, const std::string& key);
// The table an architecture's (schema-valid) "energy" section names, its overrides applied.
EnergyTable energy_table_of(const nlohmann::json& section);

}  // namespace accsim::energy
