// mnv2_filter_store: the filter store, BANKS banks of BANK_WORDS words written round-robin.
//
// What: STORE_FILTER_VALUE appends one word (4 int8 filter values); flat word k lives in bank
// k % BANKS at row k / BANKS, as in the C++ model (models/cfu/mnv2_cfu.h). The read side holds
// the MACC read pointer (the model's m_filter_read): each fed step reads the WPS = LANES/4
// consecutive flat words at the pointer, one from each of WPS different banks, and the words
// come out, lane group 0 first, the cycle after the step was fed (the RAM read is the MACC
// pipeline's first stage). After a step the pointer moves on by rd_adv words (WPS, or what is
// left of the channel on its last step) or wraps to word 0 after the batch's last channel.
//
// Why banks: a single RAM gives one word per cycle; LANES/4 > 1 words per cycle need that many
// banks, and round-robin writing puts any run of up to BANKS consecutive words in distinct
// banks whatever the channel's start. SET_OUTPUT_BATCH_SIZE (clear) empties the store and
// points both pointers at word 0; MACC_RUN (rd_zero) restarts the read pointer.
`default_nettype none

module mnv2_filter_store #(
    parameter integer BANKS      = 4,
    parameter integer BANK_WORDS = 512,
    parameter integer WPS        = 1,                                 // words per step, <= BANKS
    parameter integer BW         = (BANKS > 1) ? $clog2(BANKS) : 1,  // derived: bank index width
    parameter integer RW         = $clog2(BANK_WORDS)                // derived: row width
) (
    input  wire              clk,
    input  wire              reset,
    input  wire              clear,     // SET_OUTPUT_BATCH_SIZE accepted
    input  wire              we,        // STORE_FILTER_VALUE accepted
    input  wire [      31:0] wdata,
    input  wire              rd_zero,   // MACC_RUN accepted: read from word 0
    input  wire              rd_step,   // a step is fed this cycle (it reads at the pointer)
    input  wire              rd_wrap,   // ... and it ends the batch: back to word 0
    input  wire [        BW:0] rd_adv,  // ... otherwise advance by this many words (1..WPS)
    output reg  [WPS*32-1:0] rd_words   // the step's words, the cycle after rd_step
);
  localparam [BW:0] NBANKS = BANKS[BW:0];

  reg  [BW-1:0] wbank;
  reg  [RW-1:0] wrow;
  reg  [BW-1:0] rbank;  // read pointer: flat word rrow * BANKS + rbank
  reg  [RW-1:0] rrow;
  reg  [BW-1:0] rbank_q;  // start bank of the read now coming out of the RAMs

  wire [BANKS*32-1:0] bank_q;

  genvar b;
  generate
    for (b = 0; b < BANKS; b = b + 1) begin : g_bank
      localparam [BW-1:0] B = b[BW-1:0];
      // Banks diff the start bank hold the step's words of the next row.
      // (b - start bank) is negative: its sign bit.
      wire [  BW:0] diff = {1'b0, B} - {1'b0, rbank};
      wire [RW-1:0] raddr = rrow + {{(RW - 1) {1'b0}}, diff[BW]};
      mnv2_ram #(
          .WIDTH(32),
          .DEPTH(BANK_WORDS)
      ) u_ram (
          .clk  (clk),
          .we   (we && wbank == B),
          .waddr(wrow),
          .wdata(wdata),
          .raddr(raddr),
          .rdata(bank_q[b*32+:32])
      );
    end
  endgenerate

  // Lane group j takes bank (start bank + j) mod BANKS.
  integer j;
  reg [BW:0] sel;
  always @* begin
    rd_words = {WPS * 32{1'b0}};
    for (j = 0; j < WPS; j = j + 1) begin
      sel = {1'b0, rbank_q} + j[BW:0];
      if (sel >= NBANKS) sel = sel - NBANKS;
      rd_words[j*32+:32] = bank_q[sel*32+:32];
    end
  end

  wire [BW:0] rbank_sum = {1'b0, rbank} + rd_adv;

  always @(posedge clk) begin
    rbank_q <= rbank;
    if (reset || clear) begin
      wbank <= {BW{1'b0}};
      wrow  <= {RW{1'b0}};
      rbank <= {BW{1'b0}};
      rrow  <= {RW{1'b0}};
    end else begin
      if (we) begin
        if ({1'b0, wbank} == NBANKS - 1'b1) begin
          wbank <= {BW{1'b0}};
          wrow  <= wrow + 1'b1;
        end else begin
          wbank <= wbank + 1'b1;
        end
      end
      if (rd_zero || (rd_step && rd_wrap)) begin
        rbank <= {BW{1'b0}};
        rrow  <= {RW{1'b0}};
      end else if (rd_step) begin
        if (rbank_sum >= NBANKS) begin
          rbank <= rbank_sum[BW-1:0] - NBANKS[BW-1:0];
          rrow  <= rrow + 1'b1;
        end else begin
          rbank <= rbank_sum[BW-1:0];
        end
      end
    end
  end
endmodule

`default_nettype wire
