// Per-instruction CFU statistics: how many of each funct7 ran and how long the CPU waited on
// them. The C++ model and the RTL transactor both keep them here, so their cfu.insn.* names,
// which the model-vs-RTL regression compares one by one, cannot drift apart. Header-only: the
// transactor is also compiled into CFUs verilated at run time.
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

  void record(unsigned funct7, uint64_t issue, uint64_t response) {
    Counts& c = m_counts[funct7 & 127];
    ++c.count;
    if (response > issue + 1) c.cpu_wait_cycles += response - (issue + 1);
  }
  const Counts& operator[](unsigned funct7) const { return m_counts[funct7 & 127]; }

  // cfu.instructions, cfu.cpu_wait_cycles, and cfu.insn.<name>.{count,cpu_wait_cycles} for every
  // funct7 `name_of` names (zero or not) plus any unnamed one that ran (as funct7_<n>).
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
      stats.set("cfu.insn." + key + ".count", c.count, shown + " instructions executed");
      stats.set("cfu.insn." + key + ".cpu_wait_cycles", c.cpu_wait_cycles,
                "Cycles the CPU waited on " + shown + " beyond its own cycle");
    }
    stats.set("cfu.instructions", instructions, "CFU instructions executed");
    stats.set("cfu.cpu_wait_cycles", waits,
              "Cycles the CPU waited for the CFU (accept or response), all instructions");
  }

 private:
  std::array<Counts, 128> m_counts{};
};

}  // namespace accsim::cfu
