// What `accsim report` says about *why*: a model run's misses by class (3C) per operator and the
// buffers whose lines evict each other (conflicts.json), and the top-down comparison of runs:
// totals, configuration differences, the operators with a cause for each, then a capped list of
// the other statistics that differ. Plain data in, text out.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "report_model.h"

namespace accsim::cli {

// conflicts.json of a run directory (ConflictAttribution), or null when it has none.
nlohmann::json load_conflicts(const RunRecord& run);

// The caches whose misses a run classified per operator ("icache", "dcache", "l2"): the ops
// carry <cache>_<class>_misses.
std::vector<std::string> classified_caches(const std::vector<OpRecord>& ops);
// One row per operator: misses by class for each classified cache and the stall cycles of the
// conflict misses; header first, total last. Empty when no cache classified.
std::vector<std::vector<std::string>> miss_class_table(const std::vector<OpRecord>& ops);

// The pairs of buffers whose lines evict each other in `scope` (a region name such as
// "op.001.depthwise_conv_2d") of cache `cache` ("dcache"), most misses first, at most `max`:
// "t3 [1x48x48x8] ← t7 [...] 38,112 misses in 64 sets (top 12: 211, 13: 198)". Empty when the
// run has no conflicts.json or the scope no conflict.
std::vector<std::string> conflict_pair_lines(const nlohmann::json& conflicts,
                                             const std::string& cache, const std::string& scope,
                                             size_t max);
// The single-run section: operators with at least `min_share` of their cycles stalled on
// conflict misses, each with its colliding pairs.
void print_conflicts(const RunRecord& run, const std::vector<OpRecord>& ops, double min_share);
// The same for a run's firmware regions (region.<name>.*; a model's setup and invoke left out).
void print_region_conflicts(const RunRecord& run, double min_share);

// ---- Comparing runs top-down ----

struct ExplainOptions {
  double threshold = 0.10;  // an operator whose backend stayed but cycles moved more is flagged
  size_t max_stats = 25;    // other differing statistics listed (0 = all)
};

// Why operator `i` took different cycles in run `b` than in run `a`: backend or kernel change,
// then the stall kinds and miss classes that moved most, the instructions, and the colliding
// buffers of the run with more conflict misses. "" when nothing recorded moved.
std::string op_cause(const OpRecord& a, const OpRecord& b, const nlohmann::json& conflicts_a,
                     const nlohmann::json& conflicts_b);
// Whether the operator kept its backend (and kernel) but its cycles moved by more than
// `threshold` (a fraction).
bool op_flagged(const OpRecord& a, const OpRecord& b, double threshold);

// The totals that open a comparison: name, then one value per run (nullopt: absent). Cycles,
// the invoke region's cycles, instructions, energy when recorded, misses of each cache.
std::vector<std::pair<std::string, std::vector<std::optional<double>>>> compare_totals(
    const std::vector<RunRecord>& runs);

// The comparison, top-down: totals, configuration differences, operators (when `ops` line up)
// with causes, by op type, then `rows` (the other differing statistics) capped.
// `after_ops` prints what follows the operator table (the by-type table), if anything.
void print_explained_compare(const std::vector<RunRecord>& runs,
                             const std::vector<std::vector<OpRecord>>& ops,
                             const std::vector<CompareRow>& rows, const ExplainOptions& options,
                             const std::function<void()>& after_ops);

}  // namespace accsim::cli
