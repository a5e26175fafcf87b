// The mnv2 CFU's RTL (rtl/cfu/mnv2/, Verilated) against the C++ model (models/cfu/mnv2_cfu.h) on
// random valid command streams: every command's value, accept cycle and response cycle must
// match. One executable per Verilog parameter set; the set comes from compile definitions
// (tests/rtl/CMakeLists.txt) so model and RTL are configured alike.
//
// Two drivers run such streams (different seeds): the project's transactor
// (models/cfu/rtl/verilated_cfu.h, what `accsim run` uses) and pin_driver.h, an independent one
// that also checks that rsp_valid is high only in response cycles.

// clang-format off
// The Verilated model's headers first (before anything that may pull in <systemc>).
#include COSIM_TOP_HEADER
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#include COSIM_TOP_SYMS_HEADER
#pragma GCC diagnostic pop
#include "verilated_cfu.h"
#include "pin_driver.h"
// clang-format on

#include "cfu_cosim.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>

using namespace accsim_rtl_test;

namespace {

Mnv2Config variant_config() {
  Mnv2Config c;
  c.filter_banks = COSIM_FILTER_BANKS;
  c.filter_bank_words = COSIM_FILTER_BANK_WORDS;
  c.param_entries = COSIM_PARAM_ENTRIES;
  c.input_words = COSIM_INPUT_WORDS;
  c.macc_lanes = COSIM_LANES;
  c.macc_pipeline_depth = COSIM_MACC_DEPTH;
  c.post_process_depth = COSIM_POST_DEPTH;
  c.fifo_words = COSIM_FIFO_WORDS;
  c.fifo_gate_words = COSIM_GATE_WORDS;
  return c;
}

// Runs `commands` random commands from `seed` through model and RTL (driven by `Rtl`).
template <class Rtl>
void cosim(Rtl& rtl, uint64_t seed, uint64_t commands, bool expect_gate_stalls) {
  const Mnv2Config config = variant_config();
  accsim::cfu::Mnv2Cfu model(config);
  Cosim sim(model, rtl);
  ProgramGenerator generator(config, sim, seed);
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = generator.run(commands);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(COSIM_NAME << " seed " << seed << ": " << sim.failure());
  REQUIRE(ok);
  std::cout << COSIM_NAME << " seed " << seed << ": " << sim.commands() << " commands, "
            << sim.cycle() << " cycles (" << sim.count(MNV2_MACC_RUN) << " MACC_RUN, "
            << sim.count(MNV2_GET_OUTPUT) << " GET_OUTPUT, " << sim.count(MNV2_MACC4_RUN_1)
            << " MACC4_RUN_1, " << sim.count(MNV2_MACC4_RUN_4) << " MACC4_RUN_4, "
            << sim.count(MNV2_POST_PROCESS) << " POST_PROCESS), gate stall cycles "
            << model.gate_stall_cycles() << ", " << seconds << " s, "
            << static_cast<uint64_t>(static_cast<double>(sim.cycle()) / seconds) << " cycles/s\n";
  CHECK(sim.count(MNV2_MACC_RUN) > 0);
  CHECK(sim.count(MNV2_MACC4_RUN_4) > 0);
  CHECK(sim.count(MNV2_POST_PROCESS) > 0);
  if (expect_gate_stalls) CHECK(model.gate_stall_cycles() > 0);
}

// Seeds per test case: 3, or ACCSIM_RTL_COSIM_SEEDS for a longer soak.
uint64_t seeds() {
  const char* env = std::getenv("ACCSIM_RTL_COSIM_SEEDS");
  return env ? std::strtoull(env, nullptr, 10) : 3;
}

}  // namespace

TEST_CASE(COSIM_NAME ": RTL matches the model via the project's transactor", "[rtl]") {
  accsim::cfu::VerilatedCfuOptions options;
  options.name = "mnv2";
  options.max_wait_cycles = 1'000'000;
  for (uint64_t seed = 1; seed <= seeds(); ++seed) {
    accsim::cfu::VerilatedCfu<COSIM_TOP> rtl(options);
    cosim(rtl, seed, COSIM_COMMANDS, COSIM_GATE_WORDS < 64);
  }
}

TEST_CASE(COSIM_NAME ": RTL matches the model via the pin-level driver", "[rtl]") {
  for (uint64_t seed = 1001; seed <= 1000 + seeds(); ++seed) {
    PinDriver<COSIM_TOP> rtl(1'000'000);
    cosim(rtl, seed, COSIM_COMMANDS, COSIM_GATE_WORDS < 64);
  }
}

// Lazy clocking (the transactor skips the cycles after the design has settled) against the same
// transactor clocking every cycle, command for command, on a stream whose pauses let the design
// settle: identical values and cycles, and cycles really skipped (so the agreement is not
// vacuous). The test cases above run the lazy transactor against the model.
TEST_CASE(COSIM_NAME ": lazy clocking agrees with clocking every cycle", "[rtl]") {
  accsim::cfu::VerilatedCfuOptions options;
  options.name = "mnv2";
  options.max_wait_cycles = 1'000'000;
  accsim::cfu::VerilatedCfu<COSIM_TOP> lazy(options);
  options.lazy_clocking = false;
  accsim::cfu::VerilatedCfu<COSIM_TOP> every_cycle(options);
  Cosim sim(every_cycle, lazy);
  ProgramGenerator generator(variant_config(), sim, 2001);
  const bool ok = generator.run(COSIM_COMMANDS);
  INFO(COSIM_NAME << ": " << sim.failure());
  REQUIRE(ok);
  std::cout << COSIM_NAME << " lazy clocking: " << lazy.rtl_cycles_evaluated() << " of "
            << lazy.cycles_clocked() << " cycles evaluated\n";
  CHECK(lazy.cycles_clocked() == every_cycle.cycles_clocked());
  CHECK(every_cycle.rtl_cycles_evaluated() == every_cycle.cycles_clocked());
  CHECK(lazy.rtl_cycles_evaluated() < lazy.cycles_clocked());
}
