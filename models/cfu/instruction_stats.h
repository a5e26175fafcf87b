// Per-instruction CFU statistics: how many of each funct7 ran and how long the CPU waited on
// them. The C++ model and the RTL transactor both keep them here, so their cfu.insn.* names,
// which the model-vs-RTL regression compares one by one, cannot drift apart. Header-only: the
// transactor is also compiled into CFUs verilated at run time.
//
// A CFU that names its instructions (mnv2) is counted per name, funct7. One that does not (a
// "verilog" CFU of the user's) is counted per funct7 and, below it, per funct3: CFU-Playground's
// cfu_op0..cfu_op7 differ only in funct3, and a CFU may decode nothing else (simd_mac).
#pragma once

#include <array>
#include <cctype>
#include <cstdint>
#include <string>

#include "stats.h"

namespace accsim::cfu {

class CfuInstructionStats {
 public:
  struct Counts {
    uint64_t count = 0;
    uint64_t cpu_wait_cycles = 0;  // cycles beyond the instruction's own one
  };
  using NameOf = const char* (*)(unsigned funct7);

  void record(unsigned funct7, unsigned funct3, uint64_t issue, uint64_t response) {
    const uint64_t wait = response > issue + 1 ? response - (issue + 1) : 0;
    for (Counts* c : {&m_counts[funct7 & 127], &m_by_funct3[funct7 & 127][funct3 & 7]}) {
      ++c->count;
      c->cpu_wait_cycles += wait;
    }
  }
  const Counts& operator[](unsigned funct7) const { return m_counts[funct7 & 127]; }

  // cfu.instructions, cfu.cpu_wait_cycles, and cfu.insn.<name>.{count,cpu_wait_cycles} for every
  // funct7 `name_of` names (zero or not) plus any unnamed one that ran (as funct7_<n>, with
  // cfu.insn.funct7_<n>.funct3_<m>.* for each funct3 of it that ran).
  void report(Stats& stats, NameOf name_of) const {
    uint64_t instructions = 0;
    uint64_t waits = 0;
    for (unsigned funct7 = 0; funct7 < m_counts.size(); ++funct7) {
      const Counts& c = m_counts[funct7];
      instructions += c.count;
      waits += c.cpu_wait_cycles;
      const char* name = name_of ? name_of(funct7) : nullptr;
      if (name == nullptr && c.count == 0) continue;
      const std::string shown = name ? name : "funct7_" + std::to_string(funct7);
      std::string key = shown;
      for (char& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      set(stats, "cfu.insn." + key, shown, c);
      if (name != nullptr) continue;
      for (unsigned funct3 = 0; funct3 < 8; ++funct3) {
        const Counts& by = m_by_funct3[funct7][funct3];
        if (by.count == 0) continue;
        const std::string f3 = "funct3_" + std::to_string(funct3);
        set(stats, "cfu.insn." + key + "." + f3, shown + " " + f3, by);
      }
    }
    stats.set("cfu.instructions", instructions, "CFU instructions executed");
    stats.set("cfu.cpu_wait_cycles", waits,
              "Cycles the CPU waited for the CFU (accept or response), all instructions");
  }

 private:
  static void set(Stats& stats, const std::string& prefix, const std::string& shown,
                  const Counts& c) {
    stats.set(prefix + ".count", c.count, shown + " instructions executed");
    stats.set(prefix + ".cpu_wait_cycles", c.cpu_wait_cycles,
              "Cycles the CPU waited on " + shown + " beyond its own cycle");
  }

  std::array<Counts, 128> m_counts{};                    // per funct7
  std::array<std::array<Counts, 8>, 128> m_by_funct3{};  // per funct7, funct3
};

}  // namespace accsim::cfu
