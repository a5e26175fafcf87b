// What `accsim report` knows about finished runs: a run directory's stats.json, host.json and
// config.json, per-function and per-region tables grouped out of the flat stat names, and the
// comparison of several runs (every stat whose value differs, with delta and ratio against
// the first run), and a model run's operators (op.<NNN>.<opname>.*) with their totals by op
// type. Plain data in, plain data out: the command only formats.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace accsim::cli {

class ReportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunRecord {
  std::filesystem::path dir;
  std::string label;      // column heading: the directory's name, unique among the runs
  nlohmann::json stats;   // stats.json plus host.json's figures as host.* (if present)
  nlohmann::json config;  // config.json, or null
};

// Throws ReportError naming the directory when it has no readable stats.json.
RunRecord load_run(const std::filesystem::path& dir);
// Labels for the runs: directory names, or paths where names repeat.
void label_runs(std::vector<RunRecord>& runs);

// Rows of a "<prefix><name>.<field>" family (cpu.function., region.): name -> field -> value.
// Names may contain dots (GCC's foo.constprop.0): the field is the last component.
using Table = std::map<std::string, std::map<std::string, nlohmann::json>>;
Table group_stats(const nlohmann::json& stats, const std::string& prefix);
// The rows' names, by `field` descending (ties and missing values by name, "natural" order so
// dw2 comes before dw10).
std::vector<std::string> rows_by(const Table& table, const std::string& field);
bool natural_less(const std::string& a, const std::string& b);

struct CompareRow {
  std::string name;
  std::vector<std::optional<nlohmann::json>> values;  // per run; nullopt = absent
};
// Stats that differ between runs (all of them with `all`), restricted to names matching one of
// `globs` when given. host.* figures vary between identical runs, so they appear only when a
// glob asks for them.
std::vector<CompareRow> compare_runs(const std::vector<RunRecord>& runs, bool all,
                                     const std::vector<std::string>& globs);

// A configuration as dotted keys ("cfu.macc_lanes"): objects are walked, anything else (arrays
// included) is one value.
std::map<std::string, nlohmann::json> flatten_config(const nlohmann::json& config);
// The keys whose value is not the same in every run's config.json, keys only some runs have
// included (absent = nullopt), sorted by key. Empty unless every run has a config object.
std::vector<CompareRow> config_differences(const std::vector<RunRecord>& runs);
// A configuration value as a reader wants it: strings bare, anything else as compact JSON,
// "(absent)" for a key the run's config lacks.
std::string config_value_text(const std::optional<nlohmann::json>& value);

std::optional<double> as_number(const std::optional<nlohmann::json>& value);
std::string value_text(const std::optional<nlohmann::json>& value);
// b - a (exact for integers) and b / a to 3 decimals; "" when not both numeric (or a == 0).
std::string delta_text(const std::optional<nlohmann::json>& a,
                       const std::optional<nlohmann::json>& b);
std::string ratio_text(const std::optional<nlohmann::json>& a,
                       const std::optional<nlohmann::json>& b);

// One operator of a model run, from op.<NNN>.<opname>.<field> (NNN = index in graph order,
// opname = the lowercase TFLite builtin). Fields are whatever the run wrote: any may be absent,
// and new ones (backend, accelerator figures) just ride along.
struct OpRecord {
  int index = 0;
  std::string number_text;  // the index as written ("007"), for labels
  std::string op;
  std::map<std::string, nlohmann::json> fields;

  std::string label() const { return number_text + " " + op; }
  std::string stat_name(const std::string& field) const {
    return "op." + number_text + "." + op + "." + field;
  }
  std::optional<nlohmann::json> value(const std::string& field) const;  // nullopt: absent
  std::optional<double> number(const std::string& field) const;         // nullopt: absent or text
};
// The run's operators in graph order; empty when it has no op.* stats (not a model run).
std::vector<OpRecord> model_ops(const nlohmann::json& stats);
// The sum of a numeric field over the operators (absent counts as 0).
double ops_total(const std::vector<OpRecord>& ops, const std::string& field);
// Whether two runs' operators line up one to one: the same op at every index.
bool same_operators(const std::vector<OpRecord>& a, const std::vector<OpRecord>& b);

struct OpTypeTotal {
  std::string op;
  size_t count = 0;
  double cycles = 0;
  double macs = 0;
};
// One row per op name, most cycles first (ties by name).
std::vector<OpTypeTotal> totals_by_type(const std::vector<OpRecord>& ops);

// numerator / denominator to `decimals` places; "" when either is absent or the denominator
// is 0 (cycles/MAC of an op without MACs, the speedup of an op that took no cycles).
std::string quotient_text(std::optional<double> numerator, std::optional<double> denominator,
                          int decimals);
// part as a percentage of whole, one decimal and "%"; "" when part is absent or whole is 0.
std::string percent_text(std::optional<double> part, double whole);

}  // namespace accsim::cli
