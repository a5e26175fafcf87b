// CFU instruction statistics: a CFU that names its instructions (mnv2) is counted per name; one
// that does not (a user's "verilog" CFU) per funct7 and per funct3 below it, since
// CFU-Playground's cfu_op0..cfu_op7 differ only in funct3.
#include "instruction_stats.h"

#include <catch2/catch.hpp>

using accsim::Stats;
using accsim::cfu::CfuInstructionStats;

namespace {
const char* name_of(unsigned funct7) { return funct7 == 1 ? "SET" : nullptr; }
}  // namespace

TEST_CASE("an unnamed CFU's instructions are counted per funct7 and funct3", "[cfu][stats]") {
  CfuInstructionStats counts;
  counts.record(0, 1, 10, 11);  // cfu_op1(0, ...): answered at once
  counts.record(0, 1, 20, 24);  // waited 3 cycles
  counts.record(0, 2, 30, 31);
  counts.record(5, 0, 40, 41);
  Stats stats;
  counts.report(stats, nullptr);
  CHECK(stats.get("cfu.insn.funct7_0.count") == 3);
  CHECK(stats.get("cfu.insn.funct7_0.cpu_wait_cycles") == 3);
  CHECK(stats.get("cfu.insn.funct7_0.funct3_1.count") == 2);
  CHECK(stats.get("cfu.insn.funct7_0.funct3_1.cpu_wait_cycles") == 3);
  CHECK(stats.get("cfu.insn.funct7_0.funct3_2.count") == 1);
  CHECK(stats.get("cfu.insn.funct7_0.funct3_2.cpu_wait_cycles") == 0);
  CHECK_FALSE(stats.contains("cfu.insn.funct7_0.funct3_0.count"));  // none ran
  CHECK(stats.get("cfu.insn.funct7_5.funct3_0.count") == 1);
  CHECK(stats.get("cfu.instructions") == 4);
  CHECK(stats.get("cfu.cpu_wait_cycles") == 3);
}

TEST_CASE("a CFU that names its instructions keeps one entry per name", "[cfu][stats]") {
  CfuInstructionStats counts;
  counts.record(1, 0, 0, 1);
  counts.record(1, 3, 5, 6);
  counts.record(9, 4, 7, 8);  // unnamed even here: split
  Stats stats;
  counts.report(stats, name_of);
  CHECK(stats.get("cfu.insn.set.count") == 2);
  CHECK_FALSE(stats.contains("cfu.insn.set.funct3_0.count"));
  CHECK_FALSE(stats.contains("cfu.insn.set.funct3_3.count"));
  CHECK(stats.get("cfu.insn.funct7_9.funct3_4.count") == 1);
  CHECK(counts[1].count == 2);
}
