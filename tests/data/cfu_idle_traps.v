// simd_mac's CFU (rtl/cfu/simd_mac/cfu.v) with two traps for lazy clocking, which skips the
// cycles after a design has settled (models/cfu/rtl/settle_probe.h). Neither may change a
// result (tests/firmware/check_lazy_clocking.sh, tests/rtl/lazy_clocking_test.cpp):
//   MODE 0: a timer counts the first 20000 cycles after reset, with every output stable all the
//     while, then adds 1 to every MAC result. The design settles only once the timer stops.
//   MODE 1: draws $random every cycle, busy or idle, and adds a draw's low bit to every MAC
//     result. The idle draws change nothing in the model's state but advance Verilator's
//     generator, which the state compare cannot see: such a design must be clocked every cycle.
/* verilator lint_off DECLFILENAME */
module Cfu #(
    parameter MODE = 0
) (
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
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused = rsp_ready | (|cmd_payload_function_id[9:3]);
  /* verilator lint_on UNUSEDSIGNAL */

  wire [2:0] funct3 = cmd_payload_function_id[2:0];
  reg [31:0] acc;
  reg [15:0] timer;
  reg rare;  // flipped by a draw of 0 (about never): keeps the per-cycle draw in the design
  reg [31:0] next_acc;
  wire signed [15:0] p0 = $signed(cmd_payload_inputs_0[7:0]) * $signed(cmd_payload_inputs_1[7:0]);
  wire signed [15:0] p1 = $signed(cmd_payload_inputs_0[15:8]) * $signed(cmd_payload_inputs_1[15:8]);
  wire signed [15:0] p2 = $signed(cmd_payload_inputs_0[23:16]) * $signed(cmd_payload_inputs_1[23:16]);
  wire signed [15:0] p3 = $signed(cmd_payload_inputs_0[31:24]) * $signed(cmd_payload_inputs_1[31:24]);
  wire signed [31:0] dot = {{16{p0[15]}}, p0} + {{16{p1[15]}}, p1} + {{16{p2[15]}}, p2} +
                           {{16{p3[15]}}, p3};
  wire [31:0] bias = MODE == 0 ? {31'd0, timer == 16'd20000} : {31'd0, rare};

  assign cmd_ready = 1'b1;

  /* verilator lint_off BLKSEQ */
  always @(posedge clk) begin
    if (reset) begin
      acc <= 32'd0;
      timer <= 16'd0;
      rare <= 1'b0;
      rsp_valid <= 1'b0;
      rsp_payload_outputs_0 <= 32'd0;
    end else begin
      if (MODE == 0 && timer != 16'd20000) timer <= timer + 16'd1;
      if (MODE == 1 && $random == 0) rare <= ~rare;
      rsp_valid <= cmd_valid;
      if (cmd_valid) begin
        case (funct3)
          3'd0: begin
            acc <= cmd_payload_inputs_0;
            rsp_payload_outputs_0 <= cmd_payload_inputs_0;
          end
          3'd1: begin
            next_acc = acc + dot + bias + (MODE == 1 ? ($random & 32'd1) : 32'd0);
            acc <= next_acc;
            rsp_payload_outputs_0 <= next_acc;
          end
          default: rsp_payload_outputs_0 <= acc;
        endcase
      end
    end
  end
endmodule
