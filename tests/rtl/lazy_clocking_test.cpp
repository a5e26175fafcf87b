// Lazy clocking (models/cfu/rtl/verilated_cfu.h: the cycles after a Verilated CFU has settled
// are skipped) on the CFUs `accsim run` builds: the built-in mnv2 RTL and users' cfu.v
// verilated at run time. Each runs the same command stream (issue cycles with short and long
// pauses) with lazy clocking and with every cycle evaluated: every value, accept and response
// cycle must agree, and where the design allows it cycles must really have been skipped.
// Designs that may keep state outside the model (tests/data/cfu_idle_traps.v with $random) must
// be evaluated every cycle. cfu_cosim_test.cpp does the same against the C++ model.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "accsim/hw/mnv2_cfu_isa.h"
#include "closed_design.h"
#include "mnv2_rtl.h"
#include "runtime_cfu.h"

using accsim::cfu::CfuModel;
using accsim::cfu::VerilatedCfuOptions;
using CfuResult = accsim::cpu::CfuIf::Result;

namespace {

struct Command {
  uint16_t function_id;
  uint32_t in0, in1;
};

using Factory = std::function<std::unique_ptr<CfuModel>()>;

struct Run {
  std::vector<CfuResult> results;
  std::vector<uint64_t> issues;
  uint64_t evaluated = 0;
};

// Builds a CFU and issues `commands` in turn, each after a pause drawn from `seed` (mostly
// short, sometimes thousands of cycles). In a thread of its own: Verilator's $random generator
// is per thread, and each run must draw the sequence a lone `accsim run` would.
Run run(const Factory& make, const std::vector<Command>& commands, uint64_t seed) {
  Run out;
  std::thread([&] {
    std::unique_ptr<CfuModel> cfu = make();
    std::mt19937_64 rng(seed);
    uint64_t cycle = 0;
    for (const Command& c : commands) {
      const uint64_t r = rng() % 100;
      cycle += r < 60 ? r % 4 : r < 90 ? rng() % 200 : rng() % 30000;
      const CfuResult result = cfu->execute(c.function_id, c.in0, c.in1, cycle);
      out.results.push_back(result);
      out.issues.push_back(cycle);
      if (result.status != CfuResult::Status::kOk) break;  // a hung CFU
      cycle = std::max(result.accept_cycle + 1, result.response_cycle);
    }
    out.evaluated = cfu->rtl_cycles_evaluated();
  }).join();
  return out;
}

// "" if both runs answered every command alike, else the first difference.
std::string difference(const Run& lazy, const Run& every_cycle) {
  for (std::size_t i = 0; i < std::max(lazy.results.size(), every_cycle.results.size()); ++i) {
    if (i >= lazy.results.size() || i >= every_cycle.results.size()) {
      return "the runs stopped after different commands";
    }
    const CfuResult& a = lazy.results[i];
    const CfuResult& b = every_cycle.results[i];
    if (a.status != b.status || a.value != b.value || a.accept_cycle != b.accept_cycle ||
        a.response_cycle != b.response_cycle || a.error != b.error) {
      return "command " + std::to_string(i) + " issued at cycle " + std::to_string(lazy.issues[i]) +
             ": lazy answered " + std::to_string(a.value) + " at " +
             std::to_string(a.response_cycle) + ", every cycle " + std::to_string(b.value) +
             " at " + std::to_string(b.response_cycle) + " (" + a.error + " / " + b.error + ")";
    }
  }
  return "";
}

// simd_mac's three operations (rtl/cfu/simd_mac/cfu.v) on random operands.
std::vector<Command> mac_commands(std::size_t n) {
  std::mt19937 rng(7);
  std::vector<Command> commands;
  for (std::size_t i = 0; i < n; ++i) {
    commands.push_back({static_cast<uint16_t>(i % 7 == 0   ? 0
                                              : i % 7 == 6 ? 2
                                                           : 1),
                        static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng())});
  }
  return commands;
}

Factory user_cfu(const std::string& source, int64_t mode, bool lazy) {
  return [=] {
    accsim::cfu::RuntimeCfuSpec spec;
    spec.sources = {source};
    if (mode >= 0) spec.parameters["MODE"] = mode;
    spec.cache_dir = ACCSIM_TEST_CFU_CACHE;
    VerilatedCfuOptions options;
    options.lazy_clocking = lazy;
    options.max_wait_cycles = 100'000;
    return accsim::cfu::load_runtime_cfu(spec, options, nullptr);
  };
}

// Runs `commands` on the CFU `make(lazy)` builds, lazily and clocking every cycle; fails unless
// they agree. Returns the cycles each evaluated: {lazy, every cycle}.
std::pair<uint64_t, uint64_t> compare(const std::function<Factory(bool lazy)>& make,
                                      const std::vector<Command>& commands, uint64_t seed) {
  const Run lazy = run(make(true), commands, seed);
  const Run every_cycle = run(make(false), commands, seed);
  const std::string why = difference(lazy, every_cycle);
  INFO(why);
  REQUIRE(why.empty());
  std::cout << "lazy clocking: " << lazy.evaluated << " of " << every_cycle.evaluated
            << " cycles evaluated over " << lazy.results.size() << " commands\n";
  return {lazy.evaluated, every_cycle.evaluated};
}

}  // namespace

TEST_CASE("lazy clocking: the built-in mnv2 RTL keeps all its state in the model", "[rtl]") {
  CHECK(accsim::cfu::state_outside_model(ACCSIM_MNV2_VERILATED_DIR, "Vmnv2_cfu") == "");
}

TEST_CASE("lazy clocking: the mnv2 RTL from the factory skips idle cycles exactly", "[rtl]") {
  const auto mnv2 = [](bool lazy) -> Factory {
    return [lazy] {
      VerilatedCfuOptions options;
      options.lazy_clocking = lazy;
      return accsim::cfu::make_mnv2_rtl(accsim::cfu::Mnv2Config{}, options, ACCSIM_TEST_CFU_CACHE,
                                        nullptr);
    };
  };
  // Setters and GET_CONFIG: valid in any order, each changing the design's registers.
  std::vector<Command> commands;
  for (uint32_t i = 0; i < 300; ++i) {
    const unsigned funct7 = i % 3 == 0   ? MNV2_GET_CONFIG
                            : i % 3 == 1 ? MNV2_SET_OUTPUT_OFFSET
                                         : MNV2_SET_ACTIVATION_MAX;
    const uint32_t in0 = funct7 == MNV2_GET_CONFIG ? i % MNV2_CONFIG_ITEMS : i % 100;
    commands.push_back({static_cast<uint16_t>(funct7 << 3), in0, 0});
  }
  const auto [lazy, every_cycle] = compare(mnv2, commands, 1);
  CHECK(every_cycle > 100'000);
  CHECK(lazy * 10 < every_cycle);
}

TEST_CASE("lazy clocking: a user's cfu.v skips idle cycles exactly", "[rtl]") {
  const auto simd_mac = [](bool lazy) {
    return user_cfu(ACCSIM_SOURCE_DIR "/rtl/cfu/simd_mac/cfu.v", -1, lazy);
  };
  const auto [lazy, every_cycle] = compare(simd_mac, mac_commands(400), 2);
  CHECK(lazy * 10 < every_cycle);
}

TEST_CASE("lazy clocking: a design whose outputs stand still while it counts", "[rtl]") {
  // cfu_idle_traps.v MODE 0: a timer runs for 20000 cycles behind stable outputs, then changes
  // every MAC result. The design has not settled until it stops.
  const auto timer = [](bool lazy) {
    return user_cfu(ACCSIM_SOURCE_DIR "/tests/data/cfu_idle_traps.v", 0, lazy);
  };
  const auto [lazy, every_cycle] = compare(timer, mac_commands(400), 3);
  CHECK(lazy >= 20000);
  CHECK(lazy < every_cycle);
}

TEST_CASE("lazy clocking: a design with $random is evaluated every cycle", "[rtl]") {
  // cfu_idle_traps.v MODE 1 draws $random every cycle: the draws advance Verilator's generator,
  // outside the model, so skipping them would change later results.
  const auto random = [](bool lazy) {
    return user_cfu(ACCSIM_SOURCE_DIR "/tests/data/cfu_idle_traps.v", 1, lazy);
  };
  const auto [lazy, every_cycle] = compare(random, mac_commands(200), 4);
  CHECK(lazy == every_cycle);
}

TEST_CASE("lazy clocking: a CFU that never answers is given up on at the same cycle", "[rtl]") {
  const auto never = [](bool lazy) {
    return user_cfu(ACCSIM_SOURCE_DIR "/tests/data/cfu_never_answers.v", -1, lazy);
  };
  const auto [lazy, every_cycle] = compare(never, mac_commands(3), 5);
  CHECK(every_cycle > 100'000);
  CHECK(lazy < 1000);
}
