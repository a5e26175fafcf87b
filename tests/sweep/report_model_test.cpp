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
