// A CFU without rsp_payload_outputs_0: accsim must refuse it with a clear error.
module Cfu (
    input clk,
    input reset,
    input cmd_valid,
    output cmd_ready,
    input [9:0] cmd_payload_function_id,
    input [31:0] cmd_payload_inputs_0,
    input [31:0] cmd_payload_inputs_1,
    output reg rsp_valid,
    input rsp_ready
);
  assign cmd_ready = 1'b1;
  always @(posedge clk) rsp_valid <= cmd_valid & ~reset;
endmodule
