// accsim report's model: grouping stat families, natural order, and run comparison.
#include "report_model.h"

#include <catch2/catch.hpp>

using namespace accsim::cli;
using nlohmann::json;

TEST_CASE("stat families group by name and field") {
  const json stats = {{"cpu.function.main.cycles", 10},
                      {"cpu.function.foo.constprop.0.cycles", 30},
                      {"cpu.function.foo.constprop.0.instructions", 12},
                      {"cpu.cycles", 50}};
  const auto table = group_stats(stats, "cpu.function.");
  REQUIRE(table.size() == 2);
  CHECK(table.at("foo.constprop.0").at("instructions") == 12);
  CHECK(rows_by(table, "cycles") == std::vector<std::string>{"foo.constprop.0", "main"});
}

TEST_CASE("natural order puts dw2 before dw10") {
  CHECK(natural_less("dw2", "dw10"));
  CHECK_FALSE(natural_less("dw10", "dw2"));
  CHECK(natural_less("a", "b"));
  CHECK(natural_less("layer", "layer1"));
}

TEST_CASE("comparison lists differing stats with delta and ratio") {
  std::vector<RunRecord> runs(2);
  runs[0].stats = {
      {"cpu.cycles", 200}, {"cpu.instructions", 100}, {"host.seconds", 1.5}, {"run.config", "a"}};
  runs[1].stats = {{"cpu.cycles", 150},
                   {"cpu.instructions", 100},
                   {"host.seconds", 0.5},
                   {"run.config", "b"},
                   {"cfu.macs", 5}};
  const auto rows = compare_runs(runs, false, {});
  REQUIRE(rows.size() == 3);  // host.* only on request
  CHECK(rows[0].name == "cfu.macs");
  CHECK(rows[1].name == "cpu.cycles");
  CHECK(delta_text(rows[1].values[0], rows[1].values[1]) == "-50");
  CHECK(ratio_text(rows[1].values[0], rows[1].values[1]) == "0.750");
  CHECK(value_text(rows[0].values[0]) == "-");
  CHECK(delta_text(rows[2].values[0], rows[2].values[1]).empty());
  CHECK(compare_runs(runs, false, {"host.*"}).size() == 1);
  CHECK(compare_runs(runs, true, {"cpu.*"}).size() == 2);
}

namespace {

// A model run's stats: op.<NNN>.<name>.<field> with the given cycles and MACs (macs < 0 =
// no macs stat), plus stats that are not operators.
json model_stats(const std::vector<std::tuple<std::string, std::string, int, int>>& ops) {
  json stats = {{"model.file", "net.tflite"}, {"cpu.cycles", 1}, {"region.invoke.cycles", 1}};
  for (const auto& [number, name, cycles, macs] : ops) {
    const std::string prefix = "op." + number + "." + name + ".";
    stats[prefix + "cycles"] = cycles;
    if (macs >= 0) stats[prefix + "macs"] = macs;
  }
  return stats;
}

}  // namespace

TEST_CASE("a model run's operators come in graph order with all their fields") {
  json stats = model_stats({{"002", "add", 30, 0},
                            {"000", "conv_2d", 100, 400},
                            {"001", "depthwise_conv_2d", 60, 50},
                            {"1000", "softmax", 5, -1},
                            {"999", "reshape", 1, 0}});
  stats["op.001.depthwise_conv_2d.kernel"] = "depthwise_k32";
  stats["op.001.depthwise_conv_2d.backend"] = "cpu";  // a field the table does not know
  const auto ops = model_ops(stats);
  REQUIRE(ops.size() == 5);
  std::vector<std::string> labels;
  for (const auto& op : ops) labels.push_back(op.label());
  // By index, not by name: 999 before 1000.
  CHECK(labels == std::vector<std::string>{"000 conv_2d", "001 depthwise_conv_2d", "002 add",
                                           "999 reshape", "1000 softmax"});
  CHECK(ops[1].index == 1);
  CHECK(ops[1].value("kernel") == json("depthwise_k32"));
  CHECK(ops[1].value("backend") == json("cpu"));
  CHECK(ops[1].stat_name("cycles") == "op.001.depthwise_conv_2d.cycles");
  CHECK_FALSE(ops[4].value("macs"));
  CHECK_FALSE(ops[1].number("kernel"));  // text is not a number
  CHECK(ops_total(ops, "cycles") == 196);
  CHECK(ops_total(ops, "macs") == 450);  // the absent macs count as 0
}

TEST_CASE("names that are not op.<index>.<name>.<field> are not operators") {
  const json stats = {
      {"op.count", 3},           {"op.007.cycles", 3},          {"op.x7.conv_2d.cycles", 3},
      {"op..conv_2d.cycles", 3}, {"opx.001.conv_2d.cycles", 3}, {"region.invoke.cycles", 9}};
  CHECK(model_ops(stats).empty());
  CHECK(model_ops(json::object()).empty());
}

TEST_CASE("totals by op type: count, cycles and MACs, most cycles first") {
  const auto ops = model_ops(model_stats({{"000", "conv_2d", 100, 400},
                                          {"001", "depthwise_conv_2d", 60, 50},
                                          {"002", "conv_2d", 20, 100},
                                          {"003", "depthwise_conv_2d", 70, 30},
                                          {"004", "reshape", 5, -1},
                                          {"005", "add", 5, 0}}));
  const auto types = totals_by_type(ops);
  REQUIRE(types.size() == 4);
  CHECK(types[0].op == "depthwise_conv_2d");
  CHECK(types[0].count == 2);
  CHECK(types[0].cycles == 130);
  CHECK(types[0].macs == 80);
  CHECK(types[1].op == "conv_2d");
  CHECK(types[1].macs == 500);
  CHECK(types[2].op == "add");  // equal cycles: by name
  CHECK(types[3].op == "reshape");
  CHECK(types[3].macs == 0);
}

TEST_CASE("runs line up operator by operator only when they ran the same graph") {
  const auto a = model_ops(model_stats({{"000", "conv_2d", 100, 4}, {"001", "add", 5, 0}}));
  const auto b = model_ops(model_stats({{"000", "conv_2d", 50, 4}, {"001", "add", 9, 0}}));
  const auto shorter = model_ops(model_stats({{"000", "conv_2d", 100, 4}}));
  const auto other = model_ops(model_stats({{"000", "conv_2d", 100, 4}, {"001", "mul", 5, 0}}));
  CHECK(same_operators(a, b));
  CHECK_FALSE(same_operators(a, shorter));
  CHECK_FALSE(same_operators(shorter, a));
  CHECK_FALSE(same_operators(a, other));
}

TEST_CASE("quotients and percentages are blank where they mean nothing") {
  CHECK(quotient_text(400000.0, 165888.0, 2) == "2.41");  // cycles/MAC
  CHECK(quotient_text(900.0, 300.0, 2) == "3.00");        // a speedup
  CHECK(quotient_text(20000.0, 0.0, 2).empty());          // cycles/MAC of RESHAPE
  CHECK(quotient_text(20000.0, std::nullopt, 2).empty());
  CHECK(quotient_text(std::nullopt, 3.0, 2).empty());
  CHECK(percent_text(400000.0, 2300000) == "17.4%");
  CHECK(percent_text(5.0, 0).empty());
  CHECK(percent_text(std::nullopt, 10).empty());
}

TEST_CASE("configurations flatten to dotted keys, arrays whole") {
  const auto flat = flatten_config(
      json::parse(R"({"cfu": {"macc_lanes": 4, "impl": "model"}, "args": [6, 26], "l2": {}})"));
  REQUIRE(flat.size() == 4);
  CHECK(flat.at("cfu.macc_lanes") == 4);
  CHECK(flat.at("cfu.impl") == "model");
  CHECK(flat.at("args") == json::parse("[6, 26]"));
  CHECK(flat.at("l2") == json::object());
}

TEST_CASE("configuration differences: changed keys and keys only one run has, by key") {
  std::vector<RunRecord> runs(2);
  runs[0].config = json::parse(R"({"name": "a", "cfu": {"macc_lanes": 4}, "seed": 1, "x": [1]})");
  runs[1].config =
      json::parse(R"({"name": "a", "cfu": {"macc_lanes": 8, "extra": true}, "seed": 1, "x": [2]})");
  const auto rows = config_differences(runs);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].name == "cfu.extra");
  CHECK(config_value_text(rows[0].values[0]) == "(absent)");
  CHECK(config_value_text(rows[0].values[1]) == "true");
  CHECK(rows[1].name == "cfu.macc_lanes");
  CHECK(config_value_text(rows[1].values[0]) == "4");
  CHECK(config_value_text(rows[1].values[1]) == "8");
  CHECK(rows[2].name == "x");
  CHECK(config_value_text(rows[2].values[1]) == "[2]");
}

TEST_CASE("configuration differences need every run's config") {
  std::vector<RunRecord> runs(2);
  runs[0].config = json::parse(R"({"name": "a"})");
  CHECK(config_differences(runs).empty());  // runs[1] has no config.json
  runs[1].config = json::parse(R"({"name": "a"})");
  CHECK(config_differences(runs).empty());  // identical
}
