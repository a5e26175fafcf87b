// accsim report/sweep plots: the gnuplot script keeps every series and leaves room for labels.
#include "report_plot.h"

#include <catch2/catch.hpp>
#include <regex>

using namespace accsim::cli;

namespace {

PlotPanel two_run_panel() {
  PlotPanel panel;
  panel.title = "cycles per region";
  panel.series = {"A", "B"};
  panel.categories = {"invoke", "setup"};
  panel.y = {{100.0, std::nullopt}, {std::nullopt, std::nullopt}};
  return panel;
}

int margin(const std::string& script, const std::string& side) {
  std::smatch match;
  const std::regex pattern("set " + side + "margin ([0-9]+)");
  REQUIRE(std::regex_search(script, match, pattern));
  return std::stoi(match[1]);
}

}  // namespace

TEST_CASE("plot: a series without any value stays in the key, as zeros, said to have no data") {
  const std::string script = gnuplot_script({two_run_panel()}, "x.svg");
  CHECK(script.find("\"x\" \"A\" \"B (no data)\"\n") != std::string::npos);
  CHECK(script.find("\"invoke\" 100 0\n") != std::string::npos);
  // A's missing value stays a gap: only whole missing series become zeros.
  CHECK(script.find("\"setup\" ? 0\n") != std::string::npos);
}

TEST_CASE("plot: margins grow with the longest x label") {
  PlotPanel short_names = two_run_panel();
  PlotPanel long_names = two_run_panel();
  long_names.categories = {"a_rather_long_function_name_constprop_0", "setup"};
  const std::string a = gnuplot_script({short_names}, "x.svg");
  const std::string b = gnuplot_script({long_names}, "x.svg");
  CHECK(margin(b, "b") > margin(a, "b"));
  CHECK(margin(b, "r") >= 30);  // slanted labels run right of the last tick
}

TEST_CASE("pareto: the front is the points no other point beats in both cycles and energy") {
  const std::vector<std::vector<std::string>> csv = {
      {"point", "lanes", "status", "cpu.cycles", "energy.total_pj"},
      {"p4", "4", "ok", "1000", "50"},     // fastest: on the front
      {"p8", "8", "ok", "1200", "40"},     // less energy: on the front
      {"p16", "16", "ok", "1300", "45"},   // beaten by p8 in both
      {"p2", "2", "failed:1", "10", "1"},  // failed points are left out
      {"p1", "1", "ok", "2000", "30"}};    // least energy: on the front
  const auto points = pareto_points(csv, "cpu.cycles", "energy.total_pj");
  REQUIRE(points.size() == 4);
  CHECK(points[0].label == "p4");
  CHECK(points[0].on_front);
  CHECK(points[1].on_front);
  CHECK_FALSE(points[2].on_front);
  CHECK(points[3].on_front);
  const std::string script = pareto_script(points, "cpu.cycles", "energy", "t", "x.svg");
  // The front is drawn in cycle order: p4, p8, p1.
  CHECK(script.find("$front << EOD\n1000 50\n1200 40\n2000 30\nEOD") != std::string::npos);
  CHECK(script.find("\"p16\"") != std::string::npos);
}
