// mnv2_sequencer: feeds the MACC pipeline one step per cycle for MACC_RUN and MACC4_RUN_*.
//
// What: a compute command accepted in cycle a starts feeding at a+1, S = ceil(depth / WPS)
// steps per channel, channel after channel: MACC_RUN the whole batch from channel 0 (and only
// while the FIFO gate is open), MACC4_RUN_1 one channel and MACC4_RUN_4 four from the filter
// read pointer (never gated: they answer the CPU directly). For each fed step it tells the
// stores what to read (input row; the filter store keeps its own pointer and is told how far
// to move it: WPS words, what is left of the channel on its last step, or back to word 0
// after the batch's last channel, the model's m_filter_read wrapping at batch x depth), and
// the MACC pipeline the step's lane mask, first/last-of-channel flags and tag (the command's
// mode: where the channel's result goes). MACC_RUN releases its input pixel with its last
// feed; the sequencer is free, and the buffer writable, from the next cycle (docs/cfu.md).
//
// feed_chan0 marks MACC_RUN's first channel: the parameter read pointer restarts at 0 when
// that channel reaches the post-processor, not at accept, since the previous run's last
// channels may still be on their way there (the model's m_param_read = 0 at accept, in
// pipeline order; a run leaves the pointer at 0 anyway, wrapping at the batch).
//
// Why no division: the position in the channel is a word counter advanced by WPS, so a
// channel's last step (wc + WPS >= depth), its lane mask (wc + j < depth) and the filter
// pointer's last advance (depth - wc) are comparisons and a subtraction.
`default_nettype none

module mnv2_sequencer #(
    parameter integer WPS = 1,   // words per step (LANES/4)
    parameter integer DW  = 11,  // depth width
    parameter integer CW  = 10,  // batch width
    parameter integer RW  = 10,  // input store row width
    parameter integer AW  = 3    // filter advance width (holds up to WPS)
) (
    input  wire           clk,
    input  wire           reset,
    input  wire           clear,       // SET_OUTPUT_BATCH_SIZE: filter channel index to 0
    input  wire           start,       // a compute command accepted this cycle
    input  wire [    1:0] start_mode,
    input  wire [ CW-1:0] batch,
    input  wire [ DW-1:0] depth,
    input  wire           gate_open,   // the output FIFO's gate, for MACC_RUN
    output reg            busy,        // steps are left to feed (MACC_RUN waits while high)
    output wire           feed,        // a step is fed this cycle
    output wire           feed_first,
    output wire           feed_last,
    output wire [WPS-1:0] feed_mask,
    output wire [    1:0] feed_tag,
    output wire           feed_chan0,  // the step is of a MACC_RUN's first channel
    output wire [ RW-1:0] in_row,      // input store row of the step
    output wire           flt_wrap,    // the filter pointer goes back to word 0
    output wire [ AW-1:0] flt_adv,     // ... or advances by this many words
    output wire           release_head // MACC_RUN's last feed: release the pixel
);
  // Modes (the tag that travels with a channel): where its result goes.
  localparam [1:0] MODE_RUN = 2'd0;  // MACC_RUN: post-process, pack, output FIFO

  localparam [DW:0] WPS_D = WPS[DW:0];
  localparam [CW-1:0] FOUR = 4;
  localparam [CW-1:0] ONE = 1;

  reg  [   1:0] mode;
  reg  [CW-1:0] chans_left;
  reg  [DW-1:0] wc;     // first word of the step within the channel
  reg  [RW-1:0] row;    // wc / WPS
  reg  [CW-1:0] fchan;  // channel the filter read pointer is in
  reg           chan0;  // feeding the first channel of the command

  wire [  DW:0] wc_end = {1'b0, wc} + WPS_D;
  // Words left in the channel: at most WPS on its last step, so the low bits suffice.
  wire [AW-1:0] left = depth[AW-1:0] - wc[AW-1:0];
  wire          last = wc_end >= {1'b0, depth};
  wire          last_chan = chans_left == {{(CW - 1) {1'b0}}, 1'b1};
  wire [  CW:0] fchan_inc = {1'b0, fchan} + 1'b1;

  assign feed = busy && (mode != MODE_RUN || gate_open);
  assign feed_first = wc == {DW{1'b0}};
  assign feed_last = last;
  assign feed_tag = mode;
  assign feed_chan0 = chan0 && mode == MODE_RUN;
  assign in_row = row;
  assign flt_wrap = last && fchan_inc == {1'b0, batch};
  assign flt_adv = last ? left : WPS_D[AW-1:0];
  assign release_head = feed && last && last_chan && mode == MODE_RUN;

  genvar j;
  generate
    for (j = 0; j < WPS; j = j + 1) begin : g_mask
      localparam [DW:0] J = j;
      assign feed_mask[j] = {1'b0, wc} + J < {1'b0, depth};
    end
  endgenerate

  always @(posedge clk) begin
    if (reset) begin
      busy  <= 1'b0;
      chan0 <= 1'b0;
      mode  <= MODE_RUN;
      wc    <= {DW{1'b0}};
      row   <= {RW{1'b0}};
      fchan <= {CW{1'b0}};
    end else if (start) begin
      busy <= 1'b1;
      chan0 <= 1'b1;
      mode <= start_mode;
      chans_left <= start_mode == MODE_RUN ? batch : start_mode == 2'd3 ? FOUR : ONE;
      if (start_mode == MODE_RUN) fchan <= {CW{1'b0}};
    end else if (feed) begin
      if (last) begin
        wc    <= {DW{1'b0}};
        row   <= {RW{1'b0}};
        chan0 <= 1'b0;
        fchan <= flt_wrap ? {CW{1'b0}} : fchan_inc[CW-1:0];
        chans_left <= chans_left - 1'b1;
        if (last_chan) busy <= 1'b0;
      end else begin
        wc  <= wc_end[DW-1:0];
        row <= row + 1'b1;
      end
    end else if (clear) begin
      fchan <= {CW{1'b0}};
    end
  end
endmodule

`default_nettype wire
