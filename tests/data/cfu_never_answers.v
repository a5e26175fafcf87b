// A CFU that accepts every command and never answers: the run must stop at the cycle it
// really reached waiting for it, not at the cycle the instruction was issued.
module Cfu (
    input clk,
    input reset,
    input cmd_valid,
    output cmd_ready,
    input [9:0] cmd_payload_function_id,
    input [31:0] cmd_payload_inputs_0,
    input [31:0] cmd_payload_inputs_1,
    output rsp_valid,
    input rsp_ready,
    output [31:0] rsp_payload_outputs_0
);
  assign cmd_ready = 1'b1;
  assign rsp_valid = 1'b0;
  assign rsp_payload_outputs_0 = 32'd0;
endmodule
