// A top module named VexRiscv with only the clock, the reset and one bus signal of
// CFU-Playground's VexRiscv ports: accsim must refuse it with one line per missing port
// (tests/firmware: rtl/cpu_rtl_missing_ports).
module VexRiscv (
    input  wire clk,
    input  wire reset,
    output reg  iBusWishbone_CYC
);
  always @(posedge clk) iBusWishbone_CYC <= reset;
endmodule
