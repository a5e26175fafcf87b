// `accsim sweep SPEC --explain KEY`: what a swept key did. For every group of points that
// differ only in KEY, the statistics that moved (largest relative move first) and those on the
// time's path that did not; then where the first point's time goes (issue and stall cycles) and
// the path its memory accesses take (L1 hits, L2 hits, DRAM row hits and misses), so that a key
// that moved nothing ("main_ram.latency_cycles" behind an L2 whose hits time most accesses)
// shows why. Plain data in, text out.
#pragma once

#include <string>
#include <vector>

#include "sweep_point_dir.h"
#include "sweep_spec.h"

namespace accsim::cli {

// The explanation's text (lines end in '\n'). Throws SpecError when KEY is not a column of the
// sweep (naming the columns) or no finished point has it.
std::string explain_sweep(const SweepSpec& spec, const std::vector<PointOutcome>& outcomes,
                          const std::string& key, size_t max_stats = 20);

}  // namespace accsim::cli
