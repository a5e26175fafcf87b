// results.csv assembly: columns, statuses, glob expansion, and CSV quoting.
#include "sweep_results.h"

#include <catch2/catch.hpp>

#include "csv.h"

using namespace accsim::cli;
using ojson = nlohmann::ordered_json;

namespace {

PointOutcome ok(const nlohmann::json& stats) {
  PointOutcome o;
  o.kind = PointOutcome::Kind::kOk;
  o.stats = stats;
  return o;
}

}  // namespace

TEST_CASE("glob matching for stat names") {
  CHECK(glob_match("region.*.cycles", "region.dw1.cycles"));
  CHECK(glob_match("region.*.cycles", "region.a.b.cycles"));
  CHECK_FALSE(glob_match("region.*.cycles", "region.dw1.instructions"));
  CHECK(glob_match("cpu.stall.?ata", "cpu.stall.data"));
  CHECK(glob_match("*", "anything"));
  CHECK_FALSE(glob_match("cpu.cycles", "cpu.cycles.x"));
}

TEST_CASE("glob syntax the matcher does not take is named, not silently matched literally") {
  CHECK(glob_problem("op.*.cycles").empty());
  CHECK(glob_problem("cpu.stall.?ata").empty());
  CHECK(glob_problem("op.00[01].*") ==
        "'[' is not supported (patterns take * for any text and ? for one character)");
  CHECK(glob_problem("op.{1,2}.cycles").rfind("'{' is not supported", 0) == 0);
  CHECK(glob_problem("a\\.b").rfind("'\\' is not supported", 0) == 0);
  CHECK(glob_problem("") == "an empty pattern");
}

TEST_CASE("results csv has one row per point in spec order") {
  const auto spec = parse_sweep_spec(
      ojson::parse(R"({"base": "b", "axes": {"k.lanes": [4, 8], "k.args": [[1, 2]]},
                       "stats": ["cpu.cycles", "region.*.cycles", "nope.x"]})"),
      "s.json");
  PointOutcome failed;
  failed.kind = PointOutcome::Kind::kFailed;
  failed.exit_code = 2;
  const auto table = assemble_results(
      spec, {ok({{"cpu.cycles", 100}, {"region.b.cycles", 7}, {"region.a.cycles", 3}}), failed});
  CHECK(table.csv ==
        "point,k.lanes,k.args,status,cpu.cycles,region.a.cycles,region.b.cycles,nope.x,"
        "energy.total_pj,energy.average_power_mw,energy.edp_uj_ms\n"
        "000_lanes-4_args-1-2,4,\"[1,2]\",ok,100,3,7,,,,\n"
        "001_lanes-8_args-1-2,8,\"[1,2]\",failed:2,,,,,,,\n");
  CHECK(table.ok == 1);
  CHECK(table.failed == 1);
  REQUIRE(table.warnings.size() == 1);
  CHECK(table.warnings[0] == "stats: no finished point has \"nope.x\"");
}

TEST_CASE("results csv marks points that never ran as missing") {
  const auto spec =
      parse_sweep_spec(ojson::parse(R"({"base": "b", "axes": {"a": [1]}})"), "s.json");
  const auto table = assemble_results(spec, {PointOutcome{}});
  CHECK(table.csv ==
        "point,a,status,cpu.cycles,cpu.instructions,energy.total_pj,energy.average_power_mw,"
        "energy.edp_uj_ms\n000_a-1,1,missing,,,,,\n");
  CHECK(table.missing == 1);
  CHECK(table.warnings.empty());
}

TEST_CASE("csv fields are quoted only when needed and parse back") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  const std::string text = csv_line({"a", "b,c", "d\"e", ""}) + csv_line({"x\ny"});
  const auto rows = parse_csv(text);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0] == std::vector<std::string>{"a", "b,c", "d\"e", ""});
  CHECK(rows[1] == std::vector<std::string>{"x\ny"});
}

TEST_CASE("results csv ends with the energy columns, once, with the run's values") {
  const auto spec = parse_sweep_spec(
      ojson::parse(
          R"({"base": "b", "axes": {"a": [1]}, "stats": ["cpu.cycles", "energy.total_pj"]})"),
      "s.json");
  const auto table = assemble_results(spec, {ok({{"cpu.cycles", 100},
                                                 {"energy.total_pj", 2.5},
                                                 {"energy.average_power_mw", 1.5},
                                                 {"energy.edp_uj_ms", 0.25}})});
  CHECK(table.csv ==
        "point,a,status,cpu.cycles,energy.total_pj,energy.average_power_mw,energy.edp_uj_ms\n"
        "000_a-1,1,ok,100,2.5,1.5,0.25\n");
}
