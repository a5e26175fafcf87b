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
