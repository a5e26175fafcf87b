// mnv2_ram: simple dual-port synchronous RAM, one write port and one registered read port.
//
// Why: every memory of the mnv2 CFU (filter banks, parameter stores, input buffers, output
// FIFO) is written by one side (the CPU's store instructions, or the packer) while the other
// side reads it in the same cycle. A registered read without reset is the shape yosys maps to
// FPGA block RAM and Verilator to a plain array. Read-during-write of one address returns the
// old word; the two stores that need the new one (parameter prefetch, FIFO head) bypass it
// themselves. DEPTH must be at least 2; a DEPTH that is not a power of two leaves the top
// addresses unused (callers never read them for results).
`default_nettype none

module mnv2_ram #(
    parameter integer WIDTH = 32,
    parameter integer DEPTH = 512,
    parameter integer AW    = $clog2(DEPTH)  // derived: leave at its default
) (
    input  wire             clk,
    input  wire             we,
    input  wire [   AW-1:0] waddr,
    input  wire [WIDTH-1:0] wdata,
    input  wire [   AW-1:0] raddr,
    output reg  [WIDTH-1:0] rdata
);
  reg [WIDTH-1:0] mem[0:DEPTH-1];

  always @(posedge clk) begin
    if (we) mem[waddr] <= wdata;
    rdata <= mem[raddr];
  end
endmodule

`default_nettype wire
