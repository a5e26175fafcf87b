// mnv2_macc: the MACC pipeline, LANES multiply-adds per cycle in MACC_DEPTH stages.
//
// What: a step fed in cycle L reads WPS = LANES/4 filter words and as many input words; the
// stores' registered reads are this pipeline's stage 1 (this block registers the step's
// control beside them). In cycle L+1 the LANES products (int8 input + input_offset) x int8
// filter of the valid lane groups are summed; MACC_DEPTH-1 further registers carry the sum to
// the accumulator, which therefore adds it in cycle L+MACC_DEPTH. Lane groups past the end of
// the pixel's depth (last step of a channel when depth is not a multiple of WPS) contribute 0:
// their words belong to the next channel or to nothing, and the model sums only the pixel.
//
// Why this split: the C++ model's word latency W = MACC_DEPTH + 1 + POST_DEPTH + 1 counts
// MACC_DEPTH cycles from the feed to the accumulator's input; with the store read as the
// first, a depth of 2 leaves one cycle for the 4x(10-bit x 8-bit) products and their sum.
// The sum is exact in 32 bits; the accumulator wraps at 32 bits like the model's.
`default_nettype none

module mnv2_macc #(
    parameter integer WPS        = 1,  // lane groups (words) per step = LANES / 4
    parameter integer MACC_DEPTH = 2,  // >= 1
    parameter integer TAG_W      = 2
) (
    input  wire              clk,
    input  wire              reset,
    // The step fed this cycle.
    input  wire              feed,
    input  wire              feed_first,   // first step of a channel: restart the accumulator
    input  wire              feed_last,    // last step of a channel
    input  wire [   WPS-1:0] feed_mask,    // lane groups inside the pixel's depth
    input  wire [ TAG_W-1:0] feed_tag,
    input  wire [       8:0] input_offset,  // signed, added to every int8 input
    // The step's words, from the stores, the cycle after it was fed.
    input  wire [WPS*32-1:0] in_words,
    input  wire [WPS*32-1:0] flt_words,
    // Towards the accumulator, MACC_DEPTH cycles after the feed.
    output wire              out_valid,
    output wire              out_first,
    output wire              out_last,
    output wire [ TAG_W-1:0] out_tag,
    output wire [      31:0] out_sum
);
  localparam integer CTRL_W = 3 + TAG_W;  // valid, first, last, tag

  // Stage 1: the step's control, beside the stores' RAM reads.
  reg              s1_valid;
  reg              s1_first;
  reg              s1_last;
  reg  [  WPS-1:0] s1_mask;
  reg  [TAG_W-1:0] s1_tag;

  always @(posedge clk) begin
    s1_valid <= !reset && feed;
    s1_first <= feed_first;
    s1_last  <= feed_last;
    s1_mask  <= feed_mask;
    s1_tag   <= feed_tag;
  end

  // The LANES products of the step, summed.
  integer g, k;
  reg signed [9:0] x;
  reg signed [7:0] y;
  reg signed [17:0] p;
  reg [31:0] sum;
  always @* begin
    sum = 32'd0;
    for (g = 0; g < WPS; g = g + 1) begin
      for (k = 0; k < 4; k = k + 1) begin
        x = $signed({in_words[g*32+k*8+7], in_words[g*32+k*8+:8]}) + $signed(input_offset);
        y = $signed(flt_words[g*32+k*8+:8]);
        p = x * y;
        if (s1_mask[g]) sum = sum + {{14{p[17]}}, p};
      end
    end
  end

  wire [CTRL_W-1:0] s1_ctrl = {s1_valid, s1_first, s1_last, s1_tag};

  generate
    if (MACC_DEPTH == 1) begin : g_direct
      assign {out_valid, out_first, out_last, out_tag} = s1_ctrl;
      assign out_sum = sum;
    end else begin : g_pipe
      // Stages 2 .. MACC_DEPTH: a shift register, stage 2 in the lowest slice.
      localparam integer N = MACC_DEPTH - 1;
      reg [N*CTRL_W-1:0] ctrl;
      reg [    N*32-1:0] data;
      integer s;
      always @(posedge clk) begin
        ctrl[0+:CTRL_W] <= reset ? {CTRL_W{1'b0}} : s1_ctrl;
        data[0+:32] <= sum;
        for (s = 1; s < N; s = s + 1) begin
          ctrl[s*CTRL_W+:CTRL_W] <= reset ? {CTRL_W{1'b0}} : ctrl[(s-1)*CTRL_W+:CTRL_W];
          data[s*32+:32] <= data[(s-1)*32+:32];
        end
      end
      assign {out_valid, out_first, out_last, out_tag} = ctrl[(N-1)*CTRL_W+:CTRL_W];
      assign out_sum = data[(N-1)*32+:32];
    end
  endgenerate
endmodule

`default_nettype wire
