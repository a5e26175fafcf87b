// The caches' shape read from SpinalHDL's Verilog: the arrays of InstructionCache and DataCache.
#include "vexriscv_geometry.h"

#include <catch2/catch.hpp>

using accsim::cpu::rtl::vexriscv_caches;

TEST_CASE("the caches' size, line and ways come from the cache modules' arrays") {
  const std::string verilog = R"(module VexRiscv (
  input wire clk
);
endmodule
module DataCache (
  input wire clk
);
  (* ram_style = "block" *) reg [20:0] ways_0_tags [0:255];
  (* ram_style = "block" *) reg [7:0] ways_0_data_symbol0 [0:2047];
  (* ram_style = "block" *) reg [7:0] ways_0_data_symbol1 [0:2047];
  (* ram_style = "block" *) reg [7:0] ways_0_data_symbol2 [0:2047];
  (* ram_style = "block" *) reg [7:0] ways_0_data_symbol3 [0:2047];
endmodule
module InstructionCache (
  input wire clk
);
  reg [31:0] banks_0 [0:511];
  reg [31:0] banks_1 [0:511];
  reg [21:0] ways_0_tags [0:63];
  reg [21:0] ways_1_tags [0:63];
endmodule
)";
  const auto caches = vexriscv_caches(verilog);
  CHECK(caches.dcache.size == 8192);
  CHECK(caches.dcache.line_bytes == 32);
  CHECK(caches.dcache.ways == 1);
  CHECK(caches.icache.size == 4096);
  CHECK(caches.icache.line_bytes == 32);
  CHECK(caches.icache.ways == 2);
}

TEST_CASE("a design without a cache module has no such cache") {
  const auto caches = vexriscv_caches("module VexRiscv (input wire clk);\nendmodule\n");
  CHECK_FALSE(caches.icache.found());
  CHECK_FALSE(caches.dcache.found());
}
