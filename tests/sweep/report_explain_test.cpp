// Why an operator's cycles moved (report A B's cause column), which operators are flagged, the
// per-operator miss-class table and the conflict pair lines, on hand-built operator records.
#include "report_explain.h"

#include <catch2/catch.hpp>

using namespace accsim::cli;
using nlohmann::json;

namespace {
OpRecord op(const std::string& backend, const std::string& kernel, double cycles,
            std::map<std::string, json> more = {}) {
  OpRecord r;
  r.index = 5;
  r.number_text = "005";
  r.op = "depthwise_conv_2d";
  r.fields = std::move(more);
  r.fields["backend"] = backend;
  r.fields["kernel"] = kernel;
  r.fields["cycles"] = cycles;
  return r;
}

const json kConflicts = json::parse(R"({"dcache": {"sets": 128, "line_bytes": 32, "scopes": {
  "op.005.depthwise_conv_2d": {"conflict_misses": 119440, "pairs": [
    {"victim": "state of op 5", "evictor": "g_state_pool", "misses": 60163, "set_count": 3,
     "sets": [[112, 44111], [113, 9783], [111, 6269]]},
    {"victim": "g_state_pool", "evictor": "state of op 5", "misses": 46600, "set_count": 3,
     "sets": [[112, 39800]]}]}}}})");
}  // namespace

TEST_CASE("an operator slowed by conflict misses is explained by them and their buffers",
          "[report_explain]") {
  const OpRecord a = op("cpu", "dw_k32", 4472634,
                        {{"instructions", 2000000},
                         {"data_stall_cycles", 600000},
                         {"fetch_stall_cycles", 10000},
                         {"dcache_conflict_misses", 13700},
                         {"dcache_capacity_misses", 19000},
                         {"dcache_conflict_miss_cycles", 500000}});
  const OpRecord b = op("cpu", "dw_k32", 6486995,
                        {{"instructions", 2000000},
                         {"data_stall_cycles", 2620000},
                         {"fetch_stall_cycles", 10100},
                         {"dcache_conflict_misses", 119440},
                         {"dcache_capacity_misses", 19084},
                         {"dcache_conflict_miss_cycles", 2606174}});
  CHECK(op_flagged(a, b, 0.10));
  CHECK_FALSE(op_flagged(a, b, 0.50));
  const std::string cause = op_cause(a, b, json(), kConflicts);
  CHECK(cause ==
        "data stall +2.02M; D$ conflict misses 13.7k→119k; "
        "in B D$ state of op 5 evicted by g_state_pool: 60.2k misses in 3 sets");
}

TEST_CASE("an operator that moved to an accelerator is explained by its backend",
          "[report_explain]") {
  const OpRecord a = op("cpu", "gemm_1x1", 4645228, {{"instructions", 3830000}});
  const OpRecord b = op("cfu", "cfu_stage6", 238507, {{"instructions", 97200}});
  CHECK_FALSE(op_flagged(a, b, 0.10));  // a new backend is no surprise
  CHECK(op_cause(a, b, kConflicts, kConflicts) ==
        "backend cpu→cfu; kernel gemm_1x1→cfu_stage6; instructions 3.83M→97.2k");
}

TEST_CASE("conflict pair lines name the pair, its misses and its busiest sets",
          "[report_explain]") {
  const auto lines = conflict_pair_lines(kConflicts, "dcache", "op.005.depthwise_conv_2d", 1);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "state of op 5 evicted by g_state_pool: 60.2k misses in 3 sets (set:misses 112:44.1k, "
        "113:9783, 111:6269)");
  CHECK(conflict_pair_lines(kConflicts, "icache", "op.005.depthwise_conv_2d", 3).empty());
  CHECK(conflict_pair_lines(json(), "dcache", "op.005.depthwise_conv_2d", 3).empty());
}

TEST_CASE("the miss-class table has a column per class of each classified cache",
          "[report_explain]") {
  const std::vector<OpRecord> ops = {op("cpu", "k", 10,
                                        {{"dcache_compulsory_misses", 1},
                                         {"dcache_capacity_misses", 2},
                                         {"dcache_conflict_misses", 3},
                                         {"dcache_conflict_miss_cycles", 40}}),
                                     op("cpu", "k", 10,
                                        {{"dcache_compulsory_misses", 4},
                                         {"dcache_capacity_misses", 5},
                                         {"dcache_conflict_misses", 6},
                                         {"dcache_conflict_miss_cycles", 70}})};
  CHECK(classified_caches(ops) == std::vector<std::string>{"dcache"});
  const auto table = miss_class_table(ops);
  REQUIRE(table.size() == 4);
  CHECK(table[0] == std::vector<std::string>{"#", "op", "D$ compulsory", "D$ capacity",
                                             "D$ conflict", "D$ conflict cycles"});
  CHECK(table[3] == std::vector<std::string>{"total", "2 ops", "5", "7", "9", "110"});
  CHECK(miss_class_table({op("cpu", "k", 1)}).empty());
}
