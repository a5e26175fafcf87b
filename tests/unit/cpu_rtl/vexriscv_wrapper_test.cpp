// The port check of a VexRiscv top: one line per missing or mismatched port, naming what is
// expected; a complete port set gives a wrapper.
#include "vexriscv_wrapper.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using accsim::cpu::rtl::vexriscv_port_problems;
using accsim::cpu::rtl::vexriscv_wrapper_source;
using accsim::rtl::VerilatedPort;

TEST_CASE("every missing port is named with its direction and width") {
  const std::vector<VerilatedPort> ports = {
      {"clk", true, false, 1}, {"reset", true, false, 1}, {"iBusWishbone_ADR", false, true, 32}};
  const auto problems = vexriscv_port_problems(ports);
  CHECK(problems.size() == 36 - 3 + 1);  // 36 ports: 33 missing, one too wide
  CHECK(std::find(problems.begin(), problems.end(),
                  "missing port: input externalResetVector[31:0]") != problems.end());
  CHECK(std::find(problems.begin(), problems.end(),
                  "port iBusWishbone_ADR is 32 bits wide, expected output "
                  "iBusWishbone_ADR[29:0]") != problems.end());
  CHECK_THROWS_WITH(vexriscv_wrapper_source("Vv", ports, {}),
                    Catch::Contains("lacks CFU-Playground's VexRiscv ports (one line each):\n"
                                    "  missing port: input externalResetVector[31:0]"));
}
