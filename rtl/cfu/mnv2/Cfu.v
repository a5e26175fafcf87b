// Cfu: seed 001's mnv2 accelerator as a CFU-Playground custom function unit (top level).
//
// What: decodes the CPU's commands (function_id = {funct7, funct3}, accsim/hw/mnv2_cfu_isa.h),
// holds the layer's scalar registers and answers GET_CONFIG, and connects the blocks:
//   filter store -+
//                 +-> MACC pipeline -> accumulator -> post-processor -> packer -> output FIFO
//   input store --+    (sequencer feeds it)   |             ^ param stores     |-> MACC4_RUN_4
//                                             +-> MACC4_RUN_1 raw            +-> MACC4_RUN_1 /
//                                                                                POST_PROCESS
// It is cycle-exact to the C++ model (models/cfu/mnv2_cfu.cpp; docs/cfu.md is the contract):
// with "cycle c" the clock period ending with posedge c+1 and a command accepted in cycle a
// (cmd_valid && cmd_ready, registered at a's posedge):
//   - setters, stores, MACC_RUN, MARK_INPUT_READ_FINISHED, GET_CONFIG answer at a+1;
//   - STORE_INPUT_VALUE is not accepted while both input buffers hold complete pixels, MACC_RUN
//     not while the sequencer still feeds the previous run (cmd_ready depends on the presented
//     function_id);
//   - POST_PROCESS answers at a+P, MACC4_RUN_1 at a+S+M+1 (raw) or +P (post-processed),
//     MACC4_RUN_4 at a+4S+W, GET_OUTPUT at max(a+1, cycle its word enters the FIFO); cmd_ready
//     is low after these until their response cycle, in which it is high again;
//   - MACC_RUN's words enter the FIFO W = M+1+P+1 cycles after their last feed.
// rsp_valid is high for exactly the response cycle (rsp_ready is taken to be 1, as the
// co-simulation and VexRiscv's CFU port do: a response is never held back). Misuse that the
// model reports as an error (overflow, incomplete stores, commands during a run) is not
// detected here; valid programs never need it.
//
// Parameters are the model's config (docs/cfu.md, Blocks and sizes). Constraints: LANES a
// multiple of 4 and at most 4 x FILTER_BANKS; MACC_DEPTH >= 1; POST_DEPTH >= 4; memory sizes
// >= 2 (INPUT_WORDS >= 2 x LANES/4 and >= 2 x FILTER_BANKS); GATE_WORDS + ceil(W/4) <=
// FIFO_WORDS (the model's config check: the words in flight when the gate closes must fit).
`default_nettype none

module Cfu #(
    parameter integer FILTER_BANKS      = 4,
    parameter integer FILTER_BANK_WORDS = 512,
    parameter integer PARAM_ENTRIES     = 512,
    parameter integer INPUT_WORDS       = 1024,
    parameter integer LANES             = 4,
    parameter integer MACC_DEPTH        = 2,
    parameter integer POST_DEPTH        = 4,
    parameter integer FIFO_WORDS        = 512,
    parameter integer GATE_WORDS        = 504
) (
    input  wire        clk,
    input  wire        reset,
    input  wire        cmd_valid,
    output wire        cmd_ready,
    input  wire [ 9:0] cmd_payload_function_id,
    input  wire [31:0] cmd_payload_inputs_0,
    // rs2 is not used by any mnv2 instruction; rsp_ready is always 1 (see above).
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [31:0] cmd_payload_inputs_1,
    input  wire        rsp_ready,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire        rsp_valid,
    output wire [31:0] rsp_payload_outputs_0
);
  // --- Sizes ----------------------------------------------------------------------------
  localparam integer WPS = LANES / 4;  // words (lane groups of 4) per step
  localparam integer DW = $clog2(INPUT_WORDS + 1);  // depth register
  localparam integer CW = $clog2(PARAM_ENTRIES + 1);  // batch register
  localparam integer ROWS = (INPUT_WORDS + WPS - 1) / WPS;
  localparam integer RW = (ROWS > 1) ? $clog2(ROWS) : 1;  // input store row
  localparam integer FBW = (FILTER_BANKS > 1) ? $clog2(FILTER_BANKS) : 1;  // filter bank index

  // --- Opcodes (accsim/hw/mnv2_cfu_isa.h) -------------------------------------------------------
  localparam [6:0] SET_INPUT_DEPTH_WORDS = 7'd10;
  // SET_OUTPUT_DEPTH (11) needs no hardware: see below.
  localparam [6:0] SET_INPUT_OFFSET = 7'd12;
  localparam [6:0] SET_OUTPUT_OFFSET = 7'd13;
  localparam [6:0] SET_ACTIVATION_MIN = 7'd14;
  localparam [6:0] SET_ACTIVATION_MAX = 7'd15;
  localparam [6:0] SET_OUTPUT_BATCH_SIZE = 7'd20;
  localparam [6:0] STORE_OUTPUT_MULTIPLIER = 7'd21;
  localparam [6:0] STORE_OUTPUT_SHIFT = 7'd22;
  localparam [6:0] STORE_OUTPUT_BIAS = 7'd23;
  localparam [6:0] STORE_FILTER_VALUE = 7'd24;
  localparam [6:0] STORE_INPUT_VALUE = 7'd25;
  localparam [6:0] MACC_RUN = 7'd33;
  localparam [6:0] GET_OUTPUT = 7'd34;
  localparam [6:0] POST_PROCESS = 7'd40;
  localparam [6:0] MACC4_RUN_1 = 7'd41;
  localparam [6:0] MACC4_RUN_4 = 7'd42;
  localparam [6:0] MARK_INPUT_READ_FINISHED = 7'd112;
  localparam [6:0] GET_CONFIG = 7'd120;

  // Modes, the tag a channel carries down the pipeline: where its result goes.
  localparam [1:0] MODE_RUN = 2'd0;   // post-process, pack, output FIFO (MACC_RUN)
  localparam [1:0] MODE_RAW = 2'd1;   // raw accumulator is the response (MACC4_RUN_1, funct3 0)
  localparam [1:0] MODE_BYTE = 2'd2;  // post-processed byte is the response (MACC4_RUN_1
                                      // funct3 1, POST_PROCESS)
  localparam [1:0] MODE_WORD = 2'd3;  // post-process, pack, response (MACC4_RUN_4)

  localparam [31:0] CONFIG_FILTER_WORDS = FILTER_BANKS * FILTER_BANK_WORDS;
  localparam [31:0] CONFIG_PARAM_ENTRIES = PARAM_ENTRIES;
  localparam [31:0] CONFIG_INPUT_WORDS = INPUT_WORDS;
  localparam [31:0] CONFIG_MACC_LANES = LANES;
  localparam [31:0] CONFIG_FIFO_WORDS = FIFO_WORDS;

  // --- Decode ---------------------------------------------------------------------------
  wire [6:0] funct7 = cmd_payload_function_id[9:3];
  wire [2:0] funct3 = cmd_payload_function_id[2:0];
  wire       f3_zero = funct3 == 3'd0;
  wire       op_set_depth = funct7 == SET_INPUT_DEPTH_WORDS && f3_zero;
  wire       op_set_in_offset = funct7 == SET_INPUT_OFFSET && f3_zero;
  wire       op_set_out_offset = funct7 == SET_OUTPUT_OFFSET && f3_zero;
  wire       op_set_min = funct7 == SET_ACTIVATION_MIN && f3_zero;
  wire       op_set_max = funct7 == SET_ACTIVATION_MAX && f3_zero;
  wire       op_set_batch = funct7 == SET_OUTPUT_BATCH_SIZE && f3_zero;
  wire       op_store_mult = funct7 == STORE_OUTPUT_MULTIPLIER && f3_zero;
  wire       op_store_shift = funct7 == STORE_OUTPUT_SHIFT && f3_zero;
  wire       op_store_bias = funct7 == STORE_OUTPUT_BIAS && f3_zero;
  wire       op_store_filter = funct7 == STORE_FILTER_VALUE && f3_zero;
  wire       op_store_input = funct7 == STORE_INPUT_VALUE && f3_zero;
  wire       op_macc_run = funct7 == MACC_RUN && f3_zero;
  wire       op_get_output = funct7 == GET_OUTPUT && f3_zero;
  wire       op_post_process = funct7 == POST_PROCESS && f3_zero;
  wire       op_macc4_1 = funct7 == MACC4_RUN_1 && (f3_zero || funct3 == 3'd1);
  wire       op_macc4_4 = funct7 == MACC4_RUN_4 && f3_zero;
  wire       op_mark = funct7 == MARK_INPUT_READ_FINISHED && f3_zero;
  wire       op_get_config = funct7 == GET_CONFIG && f3_zero;
  // SET_OUTPUT_DEPTH only describes the layer (the firmware's loops use it): nothing to hold.
  // Unknown opcodes are illegal instructions the CPU traps on; here they answer 0 at a+1.
  wire       op_blocking = op_get_output || op_post_process || op_macc4_1 || op_macc4_4;
  wire       op_compute = op_macc_run || op_macc4_1 || op_macc4_4;

  // --- Handshake ------------------------------------------------------------------------
  wire       seq_busy;
  wire       can_write_input;
  reg        blk_wait;  // a blocking command is accepted and has not answered yet
  assign cmd_ready = (!blk_wait || rsp_valid)
                   && !(op_store_input && !can_write_input)
                   && !(op_macc_run && seq_busy);
  wire accept = cmd_valid && cmd_ready;
  wire [31:0] in0 = cmd_payload_inputs_0;

  // --- Scalars --------------------------------------------------------------------------
  reg [DW-1:0] depth;         // input depth in words
  reg [CW-1:0] batch;         // channels of the batch
  reg [   8:0] input_offset;  // signed
  reg [   7:0] output_offset;  // signed
  reg [   7:0] act_min;       // signed
  reg [   7:0] act_max;       // signed
  always @(posedge clk) begin
    if (reset) begin
      depth         <= {DW{1'b0}};
      batch         <= {CW{1'b0}};
      input_offset  <= 9'd0;
      output_offset <= 8'd0;
      act_min       <= 8'h80;
      act_max       <= 8'h7f;
    end else if (accept) begin
      if (op_set_depth) depth <= in0[DW-1:0];
      if (op_set_batch) batch <= in0[CW-1:0];
      if (op_set_in_offset) input_offset <= in0[8:0];
      if (op_set_out_offset) output_offset <= in0[7:0];
      if (op_set_min) act_min <= in0[7:0];
      if (op_set_max) act_max <= in0[7:0];
    end
  end

  // --- Sequencer --------------------------------------------------------------------------
  wire           gate_open;
  wire           feed;
  wire           feed_first;
  wire           feed_last;
  wire [WPS-1:0] feed_mask;
  wire [    1:0] feed_tag;
  wire           feed_chan0;
  wire [ RW-1:0] in_row;
  wire           flt_wrap;
  wire [   FBW:0] flt_adv;
  wire           seq_release;
  wire [    1:0] start_mode = op_macc_run ? MODE_RUN
                            : op_macc4_4 ? MODE_WORD
                            : funct3[0] ? MODE_BYTE : MODE_RAW;

  mnv2_sequencer #(
      .WPS(WPS),
      .DW (DW),
      .CW (CW),
      .RW (RW),
      .AW (FBW + 1)
  ) u_sequencer (
      .clk         (clk),
      .reset       (reset),
      .clear       (accept && op_set_batch),
      .start       (accept && op_compute),
      .start_mode  (start_mode),
      .batch       (batch),
      .depth       (depth),
      .gate_open   (gate_open),
      .busy        (seq_busy),
      .feed        (feed),
      .feed_first  (feed_first),
      .feed_last   (feed_last),
      .feed_mask   (feed_mask),
      .feed_tag    (feed_tag),
      .feed_chan0  (feed_chan0),
      .in_row      (in_row),
      .flt_wrap    (flt_wrap),
      .flt_adv     (flt_adv),
      .release_head(seq_release)
  );

  // --- Stores -------------------------------------------------------------------------------
  wire [WPS*32-1:0] flt_words;
  wire [WPS*32-1:0] in_words;

  mnv2_filter_store #(
      .BANKS     (FILTER_BANKS),
      .BANK_WORDS(FILTER_BANK_WORDS),
      .WPS       (WPS)
  ) u_filter_store (
      .clk     (clk),
      .reset   (reset),
      .clear   (accept && op_set_batch),
      .we      (accept && op_store_filter),
      .wdata   (in0),
      .rd_zero (accept && op_macc_run),
      .rd_step (feed),
      .rd_wrap (flt_wrap),
      .rd_adv  (flt_adv),
      .rd_words(flt_words)
  );

  mnv2_input_store #(
      .WORDS(INPUT_WORDS),
      .WPS  (WPS)
  ) u_input_store (
      .clk         (clk),
      .reset       (reset),
      .restart     (accept && op_set_depth),
      .depth       (depth),
      .we          (accept && op_store_input),
      .wdata       (in0),
      .release_head(seq_release || (accept && op_mark)),
      .can_write   (can_write_input),
      .rd_row      (in_row),
      .rd_words    (in_words)
  );

  // Tag through the MACC pipeline: {first channel of a MACC_RUN, mode}.
  wire        macc_valid;
  wire        macc_first;
  wire        macc_last;
  wire        macc_chan0;
  wire [ 1:0] macc_tag;
  wire [31:0] macc_sum;

  wire        post_in_valid;
  wire [31:0] prm_mult;
  wire [ 5:0] prm_shift;
  wire [31:0] prm_bias;

  mnv2_param_store #(
      .ENTRIES(PARAM_ENTRIES)
  ) u_param_store (
      .clk     (clk),
      .reset   (reset),
      .clear   (accept && op_set_batch),
      .batch   (batch),
      .we_mult (accept && op_store_mult),
      .we_shift(accept && op_store_shift),
      .we_bias (accept && op_store_bias),
      .wdata   (in0),
      .rd_zero (macc_valid && macc_last && macc_chan0),
      .rd_adv  (post_in_valid),
      .mult    (prm_mult),
      .shift   (prm_shift),
      .bias    (prm_bias)
  );

  // --- MACC pipeline, accumulator ---------------------------------------------------------

  mnv2_macc #(
      .WPS       (WPS),
      .MACC_DEPTH(MACC_DEPTH),
      .TAG_W     (3)
  ) u_macc (
      .clk         (clk),
      .reset       (reset),
      .feed        (feed),
      .feed_first  (feed_first),
      .feed_last   (feed_last),
      .feed_mask   (feed_mask),
      .feed_tag    ({feed_chan0, feed_tag}),
      .input_offset(input_offset),
      .in_words    (in_words),
      .flt_words   (flt_words),
      .out_valid   (macc_valid),
      .out_first   (macc_first),
      .out_last    (macc_last),
      .out_tag     ({macc_chan0, macc_tag}),
      .out_sum     (macc_sum)
  );

  wire [31:0] acc;
  wire        acc_done;
  wire [ 1:0] acc_tag;

  mnv2_accumulator #(
      .TAG_W(2)
  ) u_accumulator (
      .clk     (clk),
      .reset   (reset),
      .in_valid(macc_valid),
      .in_first(macc_first),
      .in_last (macc_last),
      .in_tag  (macc_tag),
      .in_sum  (macc_sum),
      .acc     (acc),
      .done    (acc_done),
      .done_tag(acc_tag)
  );

  // --- Post-processor: a finished channel, or POST_PROCESS's operand in its accept cycle --
  wire        pp_cmd = accept && op_post_process;
  wire        raw_rsp = acc_done && acc_tag == MODE_RAW;
  assign post_in_valid = pp_cmd || (acc_done && acc_tag != MODE_RAW);
  wire        post_valid;
  wire [ 1:0] post_tag;
  wire [ 7:0] post_byte;

  mnv2_post_process #(
      .POST_DEPTH(POST_DEPTH),
      .TAG_W     (2)
  ) u_post_process (
      .clk      (clk),
      .reset    (reset),
      .in_valid (post_in_valid),
      .in_tag   (pp_cmd ? MODE_BYTE : acc_tag),
      .in_acc   (pp_cmd ? in0 : acc),
      .in_bias  (prm_bias),
      .in_mult  (prm_mult),
      .in_shift (prm_shift),
      .in_offset(output_offset),
      .in_min   (act_min),
      .in_max   (act_max),
      .out_valid(post_valid),
      .out_tag  (post_tag),
      .out_byte (post_byte)
  );
  wire byte_rsp = post_valid && post_tag == MODE_BYTE;

  // --- Packer, output FIFO -----------------------------------------------------------------
  wire        fifo_we;
  wire [31:0] fifo_wdata;
  wire        word_rsp;
  wire [31:0] word;

  mnv2_packer u_packer (
      .clk       (clk),
      .reset     (reset),
      .in_valid  (post_valid && (post_tag == MODE_RUN || post_tag == MODE_WORD)),
      .in_byte   (post_byte),
      .in_rsp    (post_tag == MODE_WORD),
      .fifo_we   (fifo_we),
      .fifo_wdata(fifo_wdata),
      .rsp_valid (word_rsp),
      .rsp_word  (word)
  );

  reg         gout_wait;  // a GET_OUTPUT waits for its word
  wire        fifo_nonempty;
  wire [31:0] fifo_head;
  wire        gout_rsp = gout_wait && fifo_nonempty;

  mnv2_output_fifo #(
      .WORDS(FIFO_WORDS),
      .GATE (GATE_WORDS)
  ) u_output_fifo (
      .clk      (clk),
      .reset    (reset),
      .we       (fifo_we),
      .wdata    (fifo_wdata),
      .pop      (gout_rsp),
      .nonempty (fifo_nonempty),
      .head     (fifo_head),
      .gate_open(gate_open)
  );

  // --- Responses --------------------------------------------------------------------------
  reg        simple_rsp;  // a setter, store, MACC_RUN, MARK or GET_CONFIG answers
  reg [31:0] simple_value;
  reg [31:0] config_value;
  always @* begin
    case (in0)
      32'd0: config_value = CONFIG_FILTER_WORDS;
      32'd1: config_value = CONFIG_PARAM_ENTRIES;
      32'd2: config_value = CONFIG_INPUT_WORDS;
      32'd3: config_value = CONFIG_MACC_LANES;
      32'd4: config_value = CONFIG_FIFO_WORDS;
      default: config_value = 32'd0;
    endcase
  end

  always @(posedge clk) begin
    if (reset) begin
      simple_rsp <= 1'b0;
      gout_wait  <= 1'b0;
      blk_wait   <= 1'b0;
    end else begin
      simple_rsp <= accept && !op_blocking;
      if (accept && op_get_output) gout_wait <= 1'b1;
      else if (gout_rsp) gout_wait <= 1'b0;
      if (accept && op_blocking) blk_wait <= 1'b1;
      else if (rsp_valid) blk_wait <= 1'b0;
    end
    simple_value <= op_get_config ? config_value : 32'd0;
  end

  // At most one source answers in any cycle: a command answers before the next blocking one
  // is accepted, and MACC_RUN's words go to the FIFO, not to the CPU.
  assign rsp_valid = simple_rsp || gout_rsp || raw_rsp || byte_rsp || word_rsp;
  assign rsp_payload_outputs_0 = (simple_rsp ? simple_value : 32'd0)
                               | (gout_rsp ? fifo_head : 32'd0)
                               | (raw_rsp ? acc : 32'd0)
                               | (byte_rsp ? {{24{post_byte[7]}}, post_byte} : 32'd0)
                               | (word_rsp ? word : 32'd0);
endmodule

`default_nettype wire
