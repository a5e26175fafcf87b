// accsim timing-check's logic: the console masking, the functional verdict, the cycle rows with
// their budgets, and the side-by-side reading of two instruction traces (--by-pc).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "timing_by_pc.h"
#include "timing_compare.h"

using namespace accsim::cli;
namespace fs = std::filesystem;

TEST_CASE("timing-check masks the cycle counts of the console only") {
  const auto lines = masked_console(
      "hello\naccsim: warning: bus error at 0x10\nmcycle   1234 cycles\n  12 | conv | 77\n"
      "checksum 0x12ab34 (42)\n");
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "hello");
  CHECK(lines[1] == "mcycle N cycles");
  CHECK(lines[2] == "N | conv | N");
  // Not a timing line: its numbers stay, a different checksum is a difference.
  CHECK(lines[3] == "checksum 0x12ab34 (42)");
}

TEST_CASE("timing-check reports each functional difference") {
  SideOutcome model{0, "ok\nmcycle 100 cycles\n", std::string("\x01\x02", 2)};
  SideOutcome rtl{0, "ok\nmcycle 117 cycles\n", std::string("\x01\x02", 2)};
  CHECK(functional_differences(model, rtl).empty());

  rtl.console = "ok\nresult 5\n";
  rtl.exit_code = 1;
  rtl.output = std::string("\x01\x03", 2);
  const auto problems = functional_differences(model, rtl);
  REQUIRE(problems.size() == 3);
  CHECK(problems[0] == "exit codes differ: model 0, RTL 1");
  CHECK(problems[1] ==
        "console differs (cycle counts masked) at line 2: model \"mcycle N cycles\", RTL "
        "\"result 5\"");
  CHECK(problems[2] == "output.bin differs from byte 1 (model 2 bytes, RTL 2 bytes)");

  rtl.output.reset();
  CHECK(functional_differences(model, rtl).back() == "output.bin written by the model only");
}

TEST_CASE("timing-check rows: total, regions, ops and op types with their budgets") {
  const nlohmann::json model = {
      {"cpu.cycles", 1010},           {"region.invoke.cycles", 900},
      {"region.setup.cycles", 50},    {"region.only_model.cycles", 5},
      {"op.000.conv_2d.cycles", 400}, {"op.001.add.cycles", 100},
      {"op.002.conv_2d.cycles", 300},
  };
  const nlohmann::json rtl = {
      {"cpu.cycles", 1000},           {"region.invoke.cycles", 880}, {"region.setup.cycles", 50},
      {"op.000.conv_2d.cycles", 390}, {"op.001.add.cycles", 110},    {"op.002.conv_2d.cycles", 300},
  };
  const auto rows = timing_rows(model, rtl, {1.0, 3.0});
  REQUIRE(rows.size() == 1 + 2 + 3 + 2);
  CHECK(rows[0].kind == "total");
  CHECK(rows[0].error_percent() == 1.0);
  CHECK_FALSE(rows[0].over());  // exactly at the budget passes
  CHECK(rows[1].name == "invoke");
  CHECK(rows[1].over());
  CHECK_FALSE(rows[1].gated);
  CHECK(rows[3].name == "000 conv_2d");
  CHECK(rows[6].kind == "op type");
  CHECK(rows[6].name == "conv_2d");
  CHECK(rows[6].model == 700);
  CHECK(rows[6].rtl == 690);
  CHECK_FALSE(rows[6].over());  // +1.45%
  CHECK(rows[7].name == "add");
  CHECK(rows[7].over());  // -9.09%
  const auto failing = failing_rows(rows);
  REQUIRE(failing.size() == 1);
  CHECK(failing[0]->name == "add");

  // A tighter total budget fails the total too; region rows never gate.
  CHECK(failing_rows(timing_rows(model, rtl, {0.5, 10.0})).size() == 1);
  CHECK(failing_rows(timing_rows(model, rtl, {0.5, 10.0}))[0]->kind == "total");

  const std::string table = timing_table(rows);
  CHECK(table.find("add") != std::string::npos);
  CHECK(table.find("-9.09%") != std::string::npos);
  CHECK(table.find("OVER") != std::string::npos);

  CHECK_THROWS(timing_rows(nlohmann::json::object(), rtl, {}));
}

TEST_CASE("timing-check reads budgets as percentages") {
  CHECK(parse_percent("1%") == 1.0);
  CHECK(parse_percent("0.5") == 0.5);
  CHECK_FALSE(parse_percent("").has_value());
  CHECK_FALSE(parse_percent("-1%").has_value());
  CHECK_FALSE(parse_percent("1%%").has_value());
  CHECK_FALSE(parse_percent("abc").has_value());
  CHECK(signed_percent_text(-0.5) == "-0.50%");
  CHECK(signed_percent_text(2) == "+2.00%");
}

namespace {
fs::path write_trace(const std::string& name, const std::string& rows) {
  const fs::path file = fs::temp_directory_path() / ("accsim_timing_check_test_" + name);
  std::ofstream(file) << "cycle,pc,raw,disassembly,cycles,stalls,function\n" << rows;
  return file;
}
}  // namespace

TEST_CASE("timing-check --by-pc sums both traces per function and per pc") {
  const auto model = write_trace("model.csv",
                                 "0,0x00000000,0x00000013,\"addi x0, x0, 0\",1,,_start\n"
                                 "1,0x00000004,0x00a00513,\"li a0, 10\",3,fetch:2,main\n"
                                 "4,0x00000008,0x00000013,\"nop\",1,,main\n");
  const auto rtl = write_trace("rtl.csv",
                               "0,0x00000000,0x00000013,\"addi x0, x0, 0\",1,,_start\n"
                               "1,0x00000004,0x00a00513,\"li a0, 10\",7,,main\n"
                               "8,0x00000008,0x00000013,\"nop\",1,,main\n"
                               "9,0x0000000c,0x00000013,\"nop\",1,,main\n");
  const ByPcResult r = compare_insn_traces(model, rtl);
  CHECK(r.rows == 3);
  CHECK(r.stopped == "the model's trace ends first (--trace-limit or --trace-window)");
  CHECK(r.functions.at("main").model == 4);
  CHECK(r.functions.at("main").rtl == 8);
  CHECK(r.pcs.at(4).disassembly == "li a0, 10");
  const std::string table = by_pc_table(r, 10);
  CHECK(table.find("main") != std::string::npos);
  CHECK(table.find("+4") != std::string::npos);
  CHECK(table.find("_start") == std::string::npos);  // no difference, not listed

  const auto parted = write_trace("parted.csv",
                                  "0,0x00000000,0x00000013,\"addi x0, x0, 0\",1,,_start\n"
                                  "1,0x00000010,0x00a00513,\"li a0, 10\",7,,main\n");
  const ByPcResult p = compare_insn_traces(model, parted);
  CHECK(p.rows == 1);
  CHECK(p.stopped.rfind("the streams part at row 2: model pc 0x00000004, RTL pc 0x00000010", 0) ==
        0);

  const auto bad = write_trace("bad.csv", "0,0x0,0x13,no quotes,1,,main\n");
  CHECK_THROWS_WITH(compare_insn_traces(model, bad),
                    bad.string() + ":2: cannot read the row \"0,0x0,0x13,no quotes,1,,main\"");
}

TEST_CASE("timing-check gates the calibration kernels a firmware prints") {
  const auto rows = console_rows("calib empty = 3\ncalib div = 3500\nother = 5\ncalib x = y\n",
                                 "calib div = 3434\ncalib empty = 3\n", 1.0);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].kind == "kernel");
  CHECK(rows[0].name == "empty");
  CHECK_FALSE(rows[0].over());
  CHECK(rows[1].name == "div");
  CHECK(rows[1].gated);
  CHECK(rows[1].over());  // +1.92%
  CHECK(masked_console("calib div = 3400\n")[0] == "calib div = N");
}
