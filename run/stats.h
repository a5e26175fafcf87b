// A run's statistics, gem5 style: dotted hierarchical names, a value and a one-line
// description. Components add their figures at the end of a run; the registry writes
// stats.json (for programs) and stats.txt (for people). Names are kept sorted so output is
// byte-identical across runs. Host-dependent figures (seconds, MIPS) never go here.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>

namespace accsim {

class Stats {
 public:
  using Value = std::variant<uint64_t, int64_t, double, std::string>;

  void set(const std::string& name, uint64_t value, const std::string& description);
  void set_signed(const std::string& name, int64_t value, const std::string& description);
  void set_real(const std::string& name, double value, const std::string& description);
  void set_text(const std::string& name, const std::string& value, const std::string& desc);

  // Every statistic of `other`, named `prefix` + its name (a plug-in's, under its device).
  void add_all(const Stats& other, const std::string& prefix);

  bool contains(const std::string& name) const { return m_entries.count(name) != 0; }
  const Value& value(const std::string& name) const { return m_entries.at(name).value; }
  uint64_t get(const std::string& name) const;  // throws if absent or not unsigned

  nlohmann::json to_json() const;  // flat object: {"cpu.cycles": 123, ...}
  std::string to_text() const;     // "cpu.cycles   123   # Simulated cycles" per line

 private:
  struct Entry {
    Value value;
    std::string description;
  };
  std::map<std::string, Entry> m_entries;
};

}  // namespace accsim
