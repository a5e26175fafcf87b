// The energy model as plain C++ (soc/energy_table.h, soc/energy_model.h): counters whose counts
// the test sets, priced by a small table; exact table-weighted sums, size scaling, overrides,
// leakage over time, per-region additivity through the region profiler, and bad tables.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "energy_model.h"
#include "energy_table.h"
#include "jsonconfig/config.h"
#include "region_profiler.h"
#include "stats.h"

using accsim::ActionCounter;
using accsim::Stats;
using accsim::energy::EnergyModel;
using accsim::energy::EnergyTable;
using nlohmann::json;

namespace {

const json kTable = json::parse(R"({
  "name": "test",
  "technology": "made up for the test",
  "classes": {
    "cpu": {"actions": {"instruction": {"pj": 45, "source": "s"}, "multiply": {"pj": 3.1, "source": "s"}},
            "leakage": {"mw": 0, "source": "s"}},
    "cache": {"scale": {"rule": "sqrt_size", "reference_bytes": 8192, "source": "s"},
              "actions": {"hit": {"pj": 10, "source": "s"}},
              "leakage": {"uw_per_kib": 0, "source": "s"}}
  }
})");

// Counts the test moves by hand.
struct Counts {
  uint64_t instructions = 0, multiplies = 0, hits = 0, unknown = 0;
};

std::vector<ActionCounter> counters(const Counts* c, uint64_t cache_bytes = 8192) {
  return {{"cpu", "cpu", "instruction", "", "d", 0, [c] { return c->instructions; }},
          {"cpu", "cpu", "multiply", "", "d", 0, [c] { return c->multiplies; }},
          {"dcache", "cache", "hit", "", "d", cache_bytes, [c] { return c->hits; }},
          {"dcache", "cache", "lookup_typo", "", "d", cache_bytes, [c] { return c->unknown; }}};
}

double real(const Stats& stats, const std::string& name) {
  return std::get<double>(stats.value(name));
}

EnergyTable table_with(const json& overrides = json::object()) {
  EnergyTable table = accsim::energy::parse_energy_table(kTable, "test.json", "energy.table");
  accsim::energy::apply_overrides(table, overrides, "energy.overrides");
  return table;
}

}  // namespace

TEST_CASE("energy is the table-weighted sum of the action counts", "[energy]") {
  Counts c{1000, 100, 400, 7};
  EnergyModel model(table_with(), counters(&c), 10000);
  Stats stats;
  model.report(stats, 5000);
  // 1000 x 45 + 100 x 3.1 + 400 x 10 pJ, exactly (whole fJ per action).
  CHECK(model.dynamic_fj(0) == 1000 * 45000 + 100 * 3100);
  CHECK(model.dynamic_fj(1) == 400 * 10000);
  CHECK(real(stats, "energy.total_pj") == Approx(45000 + 310 + 4000).epsilon(1e-12));
  CHECK(real(stats, "energy.cpu.multiply_pj") == Approx(310));
  CHECK(stats.get("actions.cpu.instruction") == 1000);
  // An action the table lacks is counted, priced 0 and named.
  CHECK(model.unpriced() == std::vector<std::string>{"dcache.lookup_typo"});
  CHECK(std::get<std::string>(stats.value("energy.unpriced")) == "dcache.lookup_typo");
  // Power and EDP from the same figures: 49310 pJ over 5000 cycles of 10 ns.
  CHECK(real(stats, "energy.average_power_mw") == Approx(49310.0 / (5000 * 10000.0) * 1000));
  CHECK(real(stats, "energy.edp_uj_ms") == Approx(49310e-6 * 5000 * 10e-9 * 1e3));
}

TEST_CASE("cache energies scale with the square root of the size", "[energy]") {
  Counts c{0, 0, 1, 0};
  EnergyModel small(table_with(), counters(&c, 8192), 10000);
  EnergyModel big(table_with(), counters(&c, 32768), 10000);
  EnergyModel half(table_with(), counters(&c, 4096), 10000);
  CHECK(small.dynamic_fj(1) == 10000);
  CHECK(big.dynamic_fj(1) == 20000);  // Horowitz: 8 KB 10 pJ, 32 KB 20 pJ
  CHECK(half.dynamic_fj(1) == std::llround(10000 / std::sqrt(2.0)));
}

TEST_CASE("doubling a table entry doubles its share", "[energy]") {
  Counts c{1000, 100, 400, 0};
  EnergyModel base(table_with(), counters(&c), 10000);
  EnergyModel doubled(table_with({{"cpu", {{"multiply", 6.2}}}}), counters(&c), 10000);
  Stats a, b;
  base.report(a, 100);
  doubled.report(b, 100);
  CHECK(real(b, "energy.cpu.multiply_pj") == Approx(2 * real(a, "energy.cpu.multiply_pj")));
  CHECK(real(b, "energy.total_pj") - real(a, "energy.total_pj") ==
        Approx(real(a, "energy.cpu.multiply_pj")));
  CHECK(real(b, "energy.cpu.instruction_pj") == real(a, "energy.cpu.instruction_pj"));
  CHECK(doubled.table().find("cpu", "multiply")->source ==
        "override (energy.overrides.cpu.multiply)");
}

TEST_CASE("leakage is power x simulated time, scaled by size for caches", "[energy]") {
  Counts c;
  EnergyModel model(
      table_with({{"cpu", {{"leakage_mw", 2.0}}}, {"cache", {{"leakage_uw_per_kib", 50.0}}}}),
      counters(&c, 16384), 10000);
  CHECK(model.leakage_mw(0) == 2.0);
  CHECK(model.leakage_mw(1) == Approx(16 * 50e-3));  // 16 KiB x 50 uW
  Stats one, two;
  model.report(one, 1000);
  model.report(two, 2000);
  // 2 mW x 1000 cycles x 10 ns = 20000 pJ; twice the time, twice the leakage.
  CHECK(real(one, "energy.cpu.leakage_pj") == Approx(20000));
  CHECK(real(two, "energy.leakage_pj") == Approx(2 * real(one, "energy.leakage_pj")));
  CHECK(real(two, "energy.dynamic_pj") == 0);
}

TEST_CASE("region energies add up to the run's through the region profiler", "[energy]") {
  Counts c;
  EnergyModel model(table_with({{"cpu", {{"leakage_mw", 1.0}}}}), counters(&c), 10000);
  const size_t n = model.components().size();
  std::vector<accsim::RegionProfiler::Counter> names;
  for (size_t i = 0; i < n; ++i) names.push_back({"energy_fj." + model.components()[i], "", true});
  accsim::RegionProfiler profiler(names, [&] {
    std::vector<uint64_t> v;
    for (size_t i = 0; i < n; ++i) v.push_back(model.dynamic_fj(i));
    return v;
  });
  profiler.set_derived([&](Stats& stats, const std::string& prefix, uint64_t cycles,
                           const std::vector<uint64_t>& values) {
    model.report_region(stats, prefix, cycles, values);
  });
  // Three back-to-back operators covering cycles 0..600, with work between the markers.
  uint64_t cycle = 0;
  for (const char* op : {"op.000.conv_2d", "op.001.add", "op.002.conv_2d"}) {
    profiler.on_event({cycle, true, op, 0});
    c.instructions += 100 + cycle;
    c.multiplies += 7;
    c.hits += 30;
    cycle += 200;
    profiler.on_event({cycle, false, op, 0});
  }
  Stats stats;
  profiler.report(stats);
  model.report(stats, cycle);
  double sum = 0;
  for (const char* op : {"op.000.conv_2d", "op.001.add", "op.002.conv_2d"}) {
    const std::string p = std::string(op) + ".";
    sum += real(stats, p + "energy_pj");
    CHECK(real(stats, p + "energy_pj") ==
          Approx(real(stats, p + "energy_cpu_pj") + real(stats, p + "energy_dcache_pj")));
    CHECK(real(stats, p + "energy_leakage_pj") == Approx(1.0 * 200 * 10000 / 1000));
    CHECK_FALSE(stats.contains(p + "energy_fj.cpu"));  // hidden counters stay out
  }
  CHECK(sum == Approx(real(stats, "energy.total_pj")).epsilon(1e-12));
}

TEST_CASE("the same counts give the same statistics", "[energy]") {
  Counts c{123, 45, 67, 0};
  EnergyModel a(table_with(), counters(&c), 10000), b(table_with(), counters(&c), 10000);
  Stats sa, sb;
  a.report(sa, 999);
  b.report(sb, 999);
  CHECK(sa.to_json().dump() == sb.to_json().dump());
}

TEST_CASE("bad tables and overrides are errors naming the key and the entry", "[energy]") {
  const auto error_of = [](const json& doc) {
    try {
      accsim::energy::parse_energy_table(doc, "t.json", "energy.table");
    } catch (const accsim::config::ValueError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  json no_source = kTable;
  no_source["classes"]["cpu"]["actions"]["instruction"].erase("source");
  CHECK_THAT(error_of(no_source),
             Catch::Contains("energy.table: t.json: classes.cpu.actions.instruction") &&
                 Catch::Contains("source"));
  json negative = kTable;
  negative["classes"]["cpu"]["actions"]["instruction"]["pj"] = -1;
  CHECK_THAT(error_of(negative), Catch::Contains("must be a number >= 0"));
  json typo = kTable;
  typo["classes"]["cpu"]["leakge"] = json::object();
  CHECK_THAT(error_of(typo), Catch::Contains("unknown key \"leakge\""));
  json bad_rule = kTable;
  bad_rule["classes"]["cache"]["scale"]["rule"] = "linear";
  CHECK_THAT(error_of(bad_rule), Catch::Contains("sqrt_size"));

  EnergyTable table = table_with();
  CHECK_THROWS_WITH(
      accsim::energy::apply_overrides(table, {{"cpu", {{"mul", 1}}}}, "energy.overrides"),
      Catch::Contains("energy.overrides.cpu.mul") && Catch::Contains("multiply"));
  CHECK_THROWS_WITH(
      accsim::energy::apply_overrides(table, {{"gpu", {{"mac", 1}}}}, "energy.overrides"),
      Catch::Contains("no class \"gpu\""));
}

TEST_CASE("the shipped 45 nm table names a source for every entry", "[energy]") {
  const EnergyTable table =
      accsim::energy::load_energy_table(ACCSIM_CONFIG_DIR "/energy/asic45.json", "energy.table");
  CHECK(table.name == "asic45");
  size_t entries = 0;
  for (const auto& [name, c] : table.classes) {
    for (const auto& [action, entry] : c.actions) {
      INFO(name << "." << action);
      CHECK_FALSE(entry.source.empty());
      ++entries;
    }
  }
  CHECK(entries > 30);
  // Horowitz's 45 nm figures as the table uses them.
  CHECK(*table.action_pj("cpu", "multiply", 0) == 3.1);
  CHECK(*table.action_pj("cache", "hit", 32768) == Approx(20));
}

TEST_CASE("the Accelergy export lists every component's counts", "[energy]") {
  Counts c{10, 2, 3, 0};
  EnergyModel model(table_with(), counters(&c), 10000);
  std::ostringstream counts, ert;
  model.write_accelergy_action_counts(counts);
  model.write_accelergy_ert(ert);
  CHECK_THAT(counts.str(), Catch::Contains("action_counts:") &&
                               Catch::Contains("- name: \"accsim.cpu\"") &&
                               Catch::Contains("- name: \"multiply\"\n      counts: 2"));
  CHECK_THAT(ert.str(), Catch::Contains("- name: \"hit\"\n      energy: 10"));
}

TEST_CASE("a table extends its base entry by entry; a cycle of bases is an error", "[energy]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "accsim_energy_test";
  fs::create_directories(dir);
  const auto write = [&](const char* name, const json& doc) {
    std::ofstream(dir / name) << doc.dump();
  };
  write("base.json", kTable);
  write("mine.json", json::parse(R"({"name": "mine", "extends": "base.json", "classes": {
      "cpu": {"actions": {"multiply": {"pj": 1.5, "source": "mine"}}},
      "npu": {"actions": {"mac": {"pj": 0.05, "source": "mine"}}}}})"));
  const EnergyTable mine =
      accsim::energy::load_energy_table((dir / "mine.json").string(), "energy.table");
  CHECK(*mine.action_pj("cpu", "multiply", 0) == 1.5);
  CHECK(*mine.action_pj("cpu", "instruction", 0) == 45);  // from the base
  CHECK(*mine.action_pj("npu", "mac", 0) == 0.05);
  write("loop.json", json::parse(R"({"name": "loop", "extends": "loop.json", "classes": {}})"));
  CHECK_THROWS_WITH(accsim::energy::load_energy_table((dir / "loop.json").string(), "energy.table"),
                    Catch::Contains("more than 8 deep"));
  CHECK_THROWS_WITH(accsim::energy::load_energy_table("/dev/zero", "energy.table"),
                    Catch::Contains("not a readable file"));
  fs::remove_all(dir);
}
