// A small CFU-Playground CFU: a 4-lane SIMD int8 multiply-accumulate. It proves that accsim
// co-simulates any cfu.v with the CFU-Playground ports, not only the built-in mnv2 design
// (configs/simd_mac_cfu.json names this file; firmware: simd_mac_test).
//   funct3 0: acc <= rs1;                                   rd = rs1
//   funct3 1: acc <= acc + sum_i int8(rs1[i]) * int8(rs2[i]); rd = the new acc
//   funct3 2:                                               rd = acc
// Pipelined: it accepts a command every cycle and answers the cycle after (registered).
// CFU-Playground names the file cfu.v and the module Cfu, so the two differ by design.
/* verilator lint_off DECLFILENAME */
module Cfu (
    input             clk,
    input             reset,
    input             cmd_valid,
    output            cmd_ready,
    input      [ 9:0] cmd_payload_function_id,
    input      [31:0] cmd_payload_inputs_0,
    input      [31:0] cmd_payload_inputs_1,
    output reg        rsp_valid,
    input             rsp_ready,
    output reg [31:0] rsp_payload_outputs_0
);
  // VexRiscv takes every response at once (rsp_ready is always 1), and funct7 does not select
  // anything in this CFU: both are unused by design.
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused = rsp_ready | (|cmd_payload_function_id[9:3]);
  /* verilator lint_on UNUSEDSIGNAL */

  wire [2:0] funct3 = cmd_payload_function_id[2:0];
  reg [31:0] acc;

  // Sum of the four signed byte products (each fits 16 bits; the sum 18).
  wire signed [15:0] p0 = $signed(cmd_payload_inputs_0[7:0]) * $signed(cmd_payload_inputs_1[7:0]);
  wire signed [15:0] p1 = $signed(cmd_payload_inputs_0[15:8]) * $signed(cmd_payload_inputs_1[15:8]);
  wire signed [15:0] p2 = $signed(cmd_payload_inputs_0[23:16]) * $signed(cmd_payload_inputs_1[23:16]);
  wire signed [15:0] p3 = $signed(cmd_payload_inputs_0[31:24]) * $signed(cmd_payload_inputs_1[31:24]);
  wire signed [31:0] dot = {{16{p0[15]}}, p0} + {{16{p1[15]}}, p1} + {{16{p2[15]}}, p2} +
                           {{16{p3[15]}}, p3};

  assign cmd_ready = 1'b1;

  always @(posedge clk) begin
    if (reset) begin
      acc <= 32'd0;
      rsp_valid <= 1'b0;
      rsp_payload_outputs_0 <= 32'd0;
    end else begin
      rsp_valid <= cmd_valid;
      if (cmd_valid) begin
        case (funct3)
          3'd0: begin
            acc <= cmd_payload_inputs_0;
            rsp_payload_outputs_0 <= cmd_payload_inputs_0;
          end
          3'd1: begin
            acc <= acc + dot;
            rsp_payload_outputs_0 <= acc + dot;
          end
          default: rsp_payload_outputs_0 <= acc;
        endcase
      end
    end
  end
endmodule
/* verilator lint_on DECLFILENAME */
