#include "run_summary.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "pipeline_timing.h"
#include "stats.h"

namespace accsim::cli {

namespace {
double percent(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

// Total energy, average power and the three components that took most (docs/energy.md).
void print_energy(std::FILE* out, const Stats& stats) {
  const double total = std::get<double>(stats.value("energy.total_pj"));
  std::vector<std::pair<double, std::string>> parts;
  const nlohmann::json all = stats.to_json();
  const std::string suffix = ".total_pj";
  for (const auto& [name, value] : all.items()) {
    if (name.rfind("energy.", 0) != 0 || name.size() <= suffix.size() + 7 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    parts.emplace_back(value.get<double>(), name.substr(7, name.size() - 7 - suffix.size()));
  }
  std::sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::fprintf(out, "  energy        %.3f uJ, average power %.3f mW, EDP %.4g uJ*ms", total * 1e-6,
               std::get<double>(stats.value("energy.average_power_mw")),
               std::get<double>(stats.value("energy.edp_uj_ms")));
  for (size_t i = 0; i < parts.size() && i < 3; ++i) {
    std::fprintf(out, "%s %s %.1f%%", i == 0 ? ";" : ",", parts[i].second.c_str(),
                 total > 0 ? 100.0 * parts[i].first / total : 0.0);
  }
  std::fprintf(out, "\n");
}
}  // namespace

void print_run_summary(std::FILE* out, const Stats& stats, const nlohmann::json& host,
                       const std::string& out_dir) {
  const uint64_t cycles = stats.get("cpu.cycles");
  // The RTL CPU has no instruction count without minstret, and no stall breakdown.
  const uint64_t insns = stats.contains("cpu.instructions") ? stats.get("cpu.instructions") : 0;
  std::fprintf(out, "---- accsim summary ----\n");
  std::fprintf(out, "  cycles        %llu\n", static_cast<unsigned long long>(cycles));
  std::fprintf(out, "  instructions  %llu\n", static_cast<unsigned long long>(insns));
  std::fprintf(out, "  CPI           %.3f\n", insns ? double(cycles) / double(insns) : 0.0);
  if (stats.contains(std::string("cpu.stall.") + cpu::kStallKinds[0].name)) {
    std::fprintf(out, "  stalls       ");
    for (const cpu::StallKind& kind : cpu::kStallKinds) {
      const std::string name = std::string("cpu.stall.") + kind.name;
      if (!stats.contains(name)) continue;  // a run recorded before this kind existed (shift)
      const uint64_t v = stats.get(name);
      std::fprintf(out, " %s %llu (%.1f%%)", kind.name, static_cast<unsigned long long>(v),
                   percent(v, cycles));
    }
    std::fprintf(out, "\n");
  }
  for (const char* cache : {"icache", "dcache"}) {
    const std::string p = std::string("cache.") + cache + ".";
    if (!stats.contains(p + "accesses") && stats.contains(p + "bytes_filled")) {
      // The RTL CPU: its caches as the bus saw them.
      const std::string refills = p + (cache[0] == 'i' ? "misses.fetch" : "misses.read");
      std::fprintf(out, "  %s        %llu line refills on the bus\n", cache,
                   static_cast<unsigned long long>(stats.get(refills)));
      continue;
    }
    if (!stats.contains(p + "accesses")) continue;
    const uint64_t accesses = stats.get(p + "accesses");
    const uint64_t misses = stats.get(p + "misses");
    std::fprintf(out, "  %s        %llu misses / %llu accesses (%.2f%%), %llu stall cycles", cache,
                 static_cast<unsigned long long>(misses), static_cast<unsigned long long>(accesses),
                 percent(misses, accesses),
                 static_cast<unsigned long long>(stats.get(p + "stall_cycles")));
    if (stats.contains(p + "misses.compulsory")) {
      std::fprintf(out, "; compulsory %llu, capacity %llu, conflict %llu",
                   static_cast<unsigned long long>(stats.get(p + "misses.compulsory")),
                   static_cast<unsigned long long>(stats.get(p + "misses.capacity")),
                   static_cast<unsigned long long>(stats.get(p + "misses.conflict")));
    }
    std::fprintf(out, "\n");
  }
  if (stats.contains("cfu.busy_cycles")) {  // the C++ model sees inside the CFU
    const uint64_t busy = stats.get("cfu.busy_cycles");
    std::fprintf(out,
                 "  cfu           %llu instructions, %llu MACs, MACC pipeline busy %llu cycles "
                 "(%.1f%%), gate-stalled %llu, FIFO peak %llu words\n",
                 static_cast<unsigned long long>(stats.get("cfu.instructions")),
                 static_cast<unsigned long long>(stats.get("cfu.macs")),
                 static_cast<unsigned long long>(busy), percent(busy, cycles),
                 static_cast<unsigned long long>(stats.get("cfu.gate_stall_cycles")),
                 static_cast<unsigned long long>(stats.get("cfu.fifo.peak_words")));
  } else if (stats.contains("cfu.instructions")) {  // RTL: what the CPU saw of it
    std::fprintf(out,
                 "  cfu (RTL)     %llu instructions, CPU waited %llu cycles, %llu cycles clocked\n",
                 static_cast<unsigned long long>(stats.get("cfu.instructions")),
                 static_cast<unsigned long long>(stats.get("cfu.cpu_wait_cycles")),
                 static_cast<unsigned long long>(stats.get("cfu.rtl.cycles_clocked")));
  }
  if (stats.contains("vta.launches")) {
    const uint64_t vta_cycles = stats.get("vta.cycles");
    const auto busy = [&](const char* unit) {
      return percent(stats.get(std::string("vta.") + unit + ".busy_cycles"), vta_cycles);
    };
    std::fprintf(out,
                 "  vta           %llu launches, %llu cycles launch-to-FINISH, %llu instructions, "
                 "busy load %.1f%% compute %.1f%% store %.1f%%, GEMM %llu ALU %llu uop "
                 "iterations, DMA %llu B\n",
                 static_cast<unsigned long long>(stats.get("vta.launches")),
                 static_cast<unsigned long long>(vta_cycles),
                 static_cast<unsigned long long>(stats.get("vta.instructions")), busy("load"),
                 busy("compute"), busy("store"),
                 static_cast<unsigned long long>(stats.get("vta.gemm_counter")),
                 static_cast<unsigned long long>(stats.get("vta.alu_counter")),
                 static_cast<unsigned long long>(stats.get("vta.dma.read_bytes") +
                                                 stats.get("vta.dma.write_bytes")));
  }
  if (stats.contains("energy.total_pj")) print_energy(out, stats);
  std::fprintf(out, "  host          %.3f s, %.2f simulated MIPS, %.2f MHz\n",
               host.at("host_seconds").get<double>(), host.at("simulated_mips").get<double>(),
               host.at("simulated_mhz").get<double>());
  std::fprintf(out, "  outputs       %s/\n", out_dir.c_str());
}

}  // namespace accsim::cli
