// mnv2_param_store: the per-channel multiplier, shift and bias stores (ENTRIES each).
//
// What: STORE_OUTPUT_MULTIPLIER / SHIFT / BIAS each append to their own store (three write
// pointers, emptied by SET_OUTPUT_BATCH_SIZE). One read pointer, shared by the three and
// wrapping at the batch size, names the channel the post-processor takes next (the C++
// model's m_param_read): it advances when a channel enters the post-processor (POST_PROCESS,
// a post-processed MACC4_RUN_*, or MACC_RUN's channels) and MACC_RUN restarts it at 0 (in the
// cycle before its first channel enters: a run accepted right after another must not move
// the pointer under the previous run's last channels).
//
// Why a prefetch: the post-processor's first stage needs the channel's bias and shift in the
// very cycle its accumulator arrives, and POST_PROCESS feeds that stage in its accept cycle.
// So the RAMs are read every cycle at the pointer's next value and the outputs always show
// the entry at the pointer; a store write to that entry in the same cycle is bypassed (the
// RAM read returns the old word), so a POST_PROCESS right after the last parameter store
// sees it.
`default_nettype none

module mnv2_param_store #(
    parameter integer ENTRIES = 512,
    parameter integer EW      = $clog2(ENTRIES),     // derived: entry index width
    parameter integer CW      = $clog2(ENTRIES + 1)  // derived: batch size width
) (
    input  wire          clk,
    input  wire          reset,
    input  wire          clear,     // SET_OUTPUT_BATCH_SIZE accepted
    input  wire [CW-1:0] batch,     // channels of the batch: the read pointer wraps there
    input  wire          we_mult,
    input  wire          we_shift,
    input  wire          we_bias,
    input  wire [  31:0] wdata,
    input  wire          rd_zero,   // MACC_RUN's first channel enters next cycle: channel 0
    input  wire          rd_adv,    // a channel enters the post-processor this cycle
    output wire [  31:0] mult,      // the entries of the channel at the read pointer
    output wire [   5:0] shift,     // signed, [-31, 31]
    output wire [  31:0] bias
);
  reg  [EW-1:0] wptr_mult, wptr_shift, wptr_bias;
  reg  [EW-1:0] rptr;

  wire [  CW:0] rptr_inc = {{(CW - EW + 1) {1'b0}}, rptr} + 1'b1;
  wire [EW-1:0] rptr_next = (clear || rd_zero) ? {EW{1'b0}}
                          : !rd_adv ? rptr
                          : (rptr_inc == {1'b0, batch}) ? {EW{1'b0}} : rptr_inc[EW-1:0];

  wire [31:0] ram_mult, ram_bias;
  wire [ 5:0] ram_shift;
  reg byp_mult, byp_shift, byp_bias;  // the entry was written while it was being read
  reg [31:0] byp_data;

  mnv2_ram #(.WIDTH(32), .DEPTH(ENTRIES)) u_mult (
      .clk(clk), .we(we_mult), .waddr(wptr_mult), .wdata(wdata),
      .raddr(rptr_next), .rdata(ram_mult));
  mnv2_ram #(.WIDTH(6), .DEPTH(ENTRIES)) u_shift (
      .clk(clk), .we(we_shift), .waddr(wptr_shift), .wdata(wdata[5:0]),
      .raddr(rptr_next), .rdata(ram_shift));
  mnv2_ram #(.WIDTH(32), .DEPTH(ENTRIES)) u_bias (
      .clk(clk), .we(we_bias), .waddr(wptr_bias), .wdata(wdata),
      .raddr(rptr_next), .rdata(ram_bias));

  assign mult  = byp_mult ? byp_data : ram_mult;
  assign shift = byp_shift ? byp_data[5:0] : ram_shift;
  assign bias  = byp_bias ? byp_data : ram_bias;

  always @(posedge clk) begin
    byp_mult  <= we_mult && wptr_mult == rptr_next;
    byp_shift <= we_shift && wptr_shift == rptr_next;
    byp_bias  <= we_bias && wptr_bias == rptr_next;
    byp_data  <= wdata;
    if (reset || clear) begin
      wptr_mult  <= {EW{1'b0}};
      wptr_shift <= {EW{1'b0}};
      wptr_bias  <= {EW{1'b0}};
    end else begin
      if (we_mult) wptr_mult <= wptr_mult + 1'b1;
      if (we_shift) wptr_shift <= wptr_shift + 1'b1;
      if (we_bias) wptr_bias <= wptr_bias + 1'b1;
    end
    rptr <= reset ? {EW{1'b0}} : rptr_next;
  end
endmodule

`default_nettype wire
