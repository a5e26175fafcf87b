// mnv2_accumulator: the accumulator stage between the MACC pipeline and the post-processor.
//
// What: adds each step's sum into a 32-bit register (restarting on a channel's first step),
// wrapping like the C++ model's uint32 accumulator. When a channel's last step has been added
// the register holds the channel's accumulator and `done` is high for that one cycle, with
// the step's tag; it then goes to the post-processor, or is MACC4_RUN_1 raw's response.
//
// Why a stage of its own: the model's word latency counts it (W = MACC_DEPTH + 1 + POST_DEPTH
// + 1), and MACC4_RUN_1 raw answers in the cycle the register shows the channel's sum
// (accept + S + MACC_DEPTH + 1).
`default_nettype none

module mnv2_accumulator #(
    parameter integer TAG_W = 2
) (
    input  wire             clk,
    input  wire             reset,
    input  wire             in_valid,
    input  wire             in_first,
    input  wire             in_last,
    input  wire [TAG_W-1:0] in_tag,
    input  wire [     31:0] in_sum,
    output reg  [     31:0] acc,
    output reg              done,
    output reg  [TAG_W-1:0] done_tag
);
  always @(posedge clk) begin
    if (in_valid) acc <= (in_first ? 32'd0 : acc) + in_sum;
    done     <= !reset && in_valid && in_last;
    done_tag <= in_tag;
  end
endmodule

`default_nettype wire
