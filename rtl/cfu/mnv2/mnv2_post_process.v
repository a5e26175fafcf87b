// mnv2_post_process: the post-processor, one output channel per cycle in POST_DEPTH stages.
//
// What: out = clamp(MBQM(acc + bias, mult, shift) + offset, min, max), TFLite's
// MultiplyByQuantizedMultiplier with the output stage, bit-exact to
// models/cfu/post_process.cpp for every int32 acc, bias and mult, shift in [-31, 31] and
// int8 offset/min/max. The four stages:
//   1. bias add and left shift: x = (acc + bias) << max(shift, 0), both wrapping at 32 bits;
//   2. SaturatingRoundingDoublingHighMul: the 64-bit product p = x * mult; the reference's
//      (p + nudge) / 2^31 with truncating division is floor((p + 2^30) / 2^31) for either
//      sign of p (p < 0: (p + 1 - 2^30 + 2^31 - 1) >> 31), so bits [62:31] of p + 2^30;
//      INT32_MIN x INT32_MIN saturates to INT32_MAX;
//   3. RoundingDivideByPOT by e = max(-shift, 0): (x >>> e) + (remainder > threshold), with
//      remainder = x & (2^e - 1), threshold = (2^e - 1) >> 1, plus 1 if x < 0;
//   4. v = x + offset (wrapping at 32 bits, as the model's adder), then std::clamp's order:
//      v < min gives min, else v > max gives max; the output is v's low byte.
// POST_DEPTH > 4 adds delay registers after stage 4 (the model only counts cycles).
//
// Why the operands travel down the pipeline (multiplier, right shift, offset and bounds are
// registered beside the value): the block is a pure function of its inputs at in_valid, so
// it can be tested alone against the C++ function; in the CFU those scalars are fixed while a
// computation runs anyway. The tag is the caller's (where the result goes).
`default_nettype none

module mnv2_post_process #(
    parameter integer POST_DEPTH = 4,  // >= 4
    parameter integer TAG_W      = 2
) (
    input  wire             clk,
    input  wire             reset,
    input  wire             in_valid,
    input  wire [TAG_W-1:0] in_tag,
    input  wire [     31:0] in_acc,
    input  wire [     31:0] in_bias,
    input  wire [     31:0] in_mult,
    input  wire [      5:0] in_shift,   // signed, [-31, 31]
    input  wire [      7:0] in_offset,  // signed output zero point
    input  wire [      7:0] in_min,     // signed clamp bounds
    input  wire [      7:0] in_max,
    output wire             out_valid,
    output wire [TAG_W-1:0] out_tag,
    output wire [      7:0] out_byte
);
  // --- Stage 1: bias add, left shift ----------------------------------------------------
  wire        shift_neg = in_shift[5];
  wire [ 4:0] left = shift_neg ? 5'd0 : in_shift[4:0];
  wire [ 4:0] right = shift_neg ? 5'd0 - in_shift[4:0] : 5'd0;  // -shift, in [1, 31]
  wire [31:0] biased = in_acc + in_bias;

  reg s1_valid;
  reg [TAG_W-1:0] s1_tag;
  reg [31:0] s1_x, s1_mult;
  reg [4:0] s1_right;
  reg [7:0] s1_offset, s1_min, s1_max;
  always @(posedge clk) begin
    s1_valid  <= !reset && in_valid;
    s1_tag    <= in_tag;
    s1_x      <= biased << left;
    s1_mult   <= in_mult;
    s1_right  <= right;
    s1_offset <= in_offset;
    s1_min    <= in_min;
    s1_max    <= in_max;
  end

  // --- Stage 2: SaturatingRoundingDoublingHighMul ----------------------------------------
  wire signed [63:0] product = $signed(s1_x) * $signed(s1_mult);
  // Only bits [62:31] of the rounded product are the result (it fits in 32 bits unless both
  // operands are INT32_MIN, the saturated case).
  /* verilator lint_off UNUSEDSIGNAL */
  wire        [63:0] nudged = product + 64'h0000_0000_4000_0000;
  /* verilator lint_on UNUSEDSIGNAL */
  wire               saturate = s1_x == 32'h8000_0000 && s1_mult == 32'h8000_0000;

  reg s2_valid;
  reg [TAG_W-1:0] s2_tag;
  reg [31:0] s2_x;
  reg [4:0] s2_right;
  reg [7:0] s2_offset, s2_min, s2_max;
  always @(posedge clk) begin
    s2_valid  <= !reset && s1_valid;
    s2_tag    <= s1_tag;
    s2_x      <= saturate ? 32'h7fff_ffff : nudged[62:31];
    s2_right  <= s1_right;
    s2_offset <= s1_offset;
    s2_min    <= s1_min;
    s2_max    <= s1_max;
  end

  // --- Stage 3: RoundingDivideByPOT --------------------------------------------------------
  wire [31:0] mask = (32'd1 << s2_right) - 32'd1;
  wire [31:0] remainder = s2_x & mask;
  wire [31:0] threshold = (mask >> 1) + {31'd0, s2_x[31]};
  wire [31:0] shifted = $unsigned($signed(s2_x) >>> s2_right);
  wire [31:0] rounded = shifted + {31'd0, remainder > threshold};

  reg s3_valid;
  reg [TAG_W-1:0] s3_tag;
  reg [31:0] s3_x;
  reg [7:0] s3_offset, s3_min, s3_max;
  always @(posedge clk) begin
    s3_valid  <= !reset && s2_valid;
    s3_tag    <= s2_tag;
    s3_x      <= rounded;
    s3_offset <= s2_offset;
    s3_min    <= s2_min;
    s3_max    <= s2_max;
  end

  // --- Stage 4: output offset, clamp -----------------------------------------------------
  wire signed [31:0] v = $signed(s3_x + {{24{s3_offset[7]}}, s3_offset});
  wire signed [31:0] lo = {{24{s3_min[7]}}, s3_min};
  wire signed [31:0] hi = {{24{s3_max[7]}}, s3_max};
  wire        [ 7:0] clamped = (v < lo) ? s3_min : (hi < v) ? s3_max : v[7:0];

  reg s4_valid;
  reg [TAG_W-1:0] s4_tag;
  reg [7:0] s4_byte;
  always @(posedge clk) begin
    s4_valid <= !reset && s3_valid;
    s4_tag   <= s3_tag;
    s4_byte  <= clamped;
  end

  // --- Extra delay for POST_DEPTH > 4 ------------------------------------------------------
  localparam integer OUT_W = 1 + TAG_W + 8;
  wire [OUT_W-1:0] s4_out = {s4_valid, s4_tag, s4_byte};
  generate
    if (POST_DEPTH <= 4) begin : g_direct
      assign {out_valid, out_tag, out_byte} = s4_out;
    end else begin : g_delay
      localparam integer N = POST_DEPTH - 4;
      reg [N*OUT_W-1:0] d;  // a shift register, the first delay in the lowest slice
      integer s;
      always @(posedge clk) begin
        d[0+:OUT_W] <= reset ? {OUT_W{1'b0}} : s4_out;
        for (s = 1; s < N; s = s + 1) begin
          d[s*OUT_W+:OUT_W] <= reset ? {OUT_W{1'b0}} : d[(s-1)*OUT_W+:OUT_W];
        end
      end
      assign {out_valid, out_tag, out_byte} = d[(N-1)*OUT_W+:OUT_W];
    end
  endgenerate
endmodule

`default_nettype wire
