// A CFU whose result port is misnamed (rsp_payload_output_0 for rsp_payload_outputs_0), whose
// function id is too narrow, and which has an input CFU-Playground's interface lacks: accsim
// must name each, one line per port, before compiling anything. CFU-Playground names the
// module Cfu whatever the file is called.
/* verilator lint_off DECLFILENAME */
module Cfu (
    input clk,
    input reset,
    input cmd_valid,
    output cmd_ready,
    input [2:0] cmd_payload_function_id,
    input [31:0] cmd_payload_inputs_0,
    input [31:0] cmd_payload_inputs_1,
    input [31:0] cmd_payload_inputs_2,
    output reg rsp_valid,
    input rsp_ready,
    output reg [31:0] rsp_payload_output_0
);
  assign cmd_ready = 1'b1;
  always @(posedge clk) begin
    rsp_valid <= cmd_valid & ~reset;
    rsp_payload_output_0 <= cmd_payload_inputs_0 + cmd_payload_inputs_1 + cmd_payload_inputs_2 +
                            {29'd0, cmd_payload_function_id} + {31'd0, rsp_ready};
  end
endmodule
