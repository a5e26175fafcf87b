// The Soc the command line builds, built the same way from shipped configs: its parts, their
// statistics, per-region figures and timeline counters, and a whole firmware run. One SystemC
// elaboration per test process (see CMakeLists.txt).
#include "soc.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "architecture_checks.h"
#include "elf_loader.h"
#include "pipeline_timing.h"
#include "stats.h"

namespace fs = std::filesystem;
using accsim::RunStatus;
using accsim::soc::Soc;

namespace {

accsim::config::LoadedConfig shipped(const std::string& name,
                                     const std::vector<std::string>& overrides = {}) {
  return accsim::config::load(fs::path(ACCSIM_CONFIG_DIR) / (name + ".json"), overrides,
                              accsim::soc::architecture_schema(),
                              accsim::soc::architecture_checks(), {ACCSIM_CONFIG_DIR});
}

accsim::soc::SocOptions options_for(const accsim::config::LoadedConfig& loaded) {
  accsim::soc::SocOptions options;
  options.max_cycles = loaded.effective.at("simulation").at("max_cycles").get<uint64_t>();
  return options;
}

std::string firmware(const std::string& app) {
  return (fs::path(ACCSIM_FIRMWARE_DIR) / (app + ".elf")).string();
}

// Records what a timeline would be offered, without writing one.
class CountingSink : public accsim::TimelineSink {
 public:
  std::vector<std::string> counters, tracks;
  void add_counter(accsim::TimelineCounter counter) override { counters.push_back(counter.name); }
  uint64_t sample_interval_cycles() const override { return 1000; }
  int track(const std::string& group, const std::string& name) override {
    tracks.push_back(group + "/" + name);
    return static_cast<int>(tracks.size()) - 1;
  }
  void slice(int, const std::string&, const sc_core::sc_time&, const sc_core::sc_time&,
             const std::string&, Empty) override {}
};

}  // namespace

TEST_CASE("a Soc with the CFU and the VTA reports every part", "[soc]") {
  const auto loaded = shipped("soc_cfu_vta");
  RunStatus status;
  Soc soc(loaded, status, options_for(loaded));
  accsim::Stats stats;
  soc.report(stats);
  const std::string text = stats.to_text();
  for (const char* key :
       {"cpu.cycles", "cache.l2.", "mem.main_ram.reads", "vta.", "cfu.", "bus.", "sim_control."}) {
    INFO(key);
    CHECK(text.find(key) != std::string::npos);
  }
}

TEST_CASE("a Soc asks its parts for timeline counters in order of distance from the CPU", "[soc]") {
  const auto loaded = shipped("soc_cfu_vta");
  RunStatus status;
  Soc soc(loaded, status, options_for(loaded));
  CountingSink sink;
  soc.attach_timeline(sink);
  // Six counters of the parts, then (the config prices energy) one power track per component.
  REQUIRE(sink.counters.size() > 6);
  CHECK(sink.counters[0] == "icache misses");
  CHECK(sink.counters[3] == "cfu output fifo words");  // the CFU, on the CPU's path
  CHECK(sink.counters[4] == "main_ram busy %");        // the fabric
  CHECK(sink.counters[5] == "vta dma bytes");          // a bus device
  for (size_t i = 6; i < sink.counters.size(); ++i) {
    INFO(sink.counters[i]);
    CHECK(sink.counters[i].rfind("power ", 0) == 0);
  }
  CHECK(sink.tracks.size() == 8);  // the VTA's modules and their DMA
}

TEST_CASE("a Soc without accelerators has no accelerator figures", "[soc]") {
  const auto loaded = shipped("vexriscv_arty");
  RunStatus status;
  Soc soc(loaded, status, options_for(loaded));
  accsim::Stats stats;
  soc.report(stats);
  const std::string text = stats.to_text();
  CHECK(text.find("vta.") == std::string::npos);
  CHECK(text.find("cfu.") == std::string::npos);
}

TEST_CASE("a Soc runs firmware to its exit and charges regions", "[soc]") {
  const auto loaded = shipped("vexriscv_arty");
  RunStatus status;
  Soc soc(loaded, status, options_for(loaded));
  std::string console;
  soc.sim_control().set_console([&](char c) { console += c; });
  const auto image = accsim::cpu::read_elf(firmware("hello"));
  soc.load_firmware(image, firmware("hello"));
  const auto regions = soc.make_region_profiler();
  sc_core::sc_start();
  CHECK(status.outcome() == RunStatus::Outcome::kExited);
  CHECK(status.exit_code() == 0);
  CHECK(console.find("Hello from accsim!") != std::string::npos);
  accsim::Stats stats;
  soc.report(stats);
  regions->report(stats);
  CHECK(stats.to_text().find("cpu.instructions") != std::string::npos);
  // hello's "crc32" region carries the summary's whole stall breakdown: each of its cycles is an
  // instruction's issue or one kind of stall, as for the run, and no kind exceeds the run's.
  uint64_t accounted = stats.get("region.crc32.instructions");
  for (const accsim::cpu::StallKind& stall : accsim::cpu::kStallKinds) {
    const std::string kind = stall.name;
    const uint64_t in_region = stats.get("region.crc32." + kind + "_stall_cycles");
    CHECK(in_region <= stats.get("cpu.stall." + kind));
    accounted += in_region;
  }
  CHECK(accounted == stats.get("region.crc32.cycles"));
  CHECK(stats.get("region.crc32.branch_stall_cycles") > 0);
}
