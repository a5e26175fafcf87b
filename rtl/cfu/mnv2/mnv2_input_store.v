// mnv2_input_store: the double-buffered input store (two buffers of WORDS words).
//
// What: STORE_INPUT_VALUE appends one word to the pixel being written; when depth words are
// written the pixel is complete. At most two complete pixels are held; the oldest ("head") is
// the one the MACC pipeline reads, and releasing it (MACC_RUN after its last feed, or
// MARK_INPUT_READ_FINISHED) frees its buffer from the next cycle. can_write is low while both
// buffers hold complete pixels: the CPU's STORE_INPUT_VALUE then waits (cmd_ready low), as in
// the C++ model (models/cfu/input_store.h), whose cycles this block reproduces: a completed
// pixel is readable, and a released buffer writable, from the cycle after the posedge that
// completed / released it. SET_INPUT_DEPTH_WORDS (restart) empties both buffers.
//
// Why banks: a step reads WPS = LANES/4 consecutive words of the pixel. The pixel's word i
// lives in bank i % WPS at row i / WPS of the buffer, so the step's words (row s of every
// bank) come out together, the cycle after the step is fed (the MACC pipeline's first stage).
`default_nettype none

module mnv2_input_store #(
    parameter integer WORDS = 1024,                     // words of one buffer
    parameter integer WPS   = 1,                        // words per step (LANES/4)
    parameter integer DW    = $clog2(WORDS + 1),        // derived: depth width
    parameter integer ROWS  = (WORDS + WPS - 1) / WPS,  // derived: rows per bank and buffer
    parameter integer RW    = (ROWS > 1) ? $clog2(ROWS) : 1,  // derived: row index width
    parameter integer LW    = (WPS > 1) ? $clog2(WPS) : 1     // derived: bank index width
) (
    input  wire              clk,
    input  wire              reset,
    input  wire              restart,       // SET_INPUT_DEPTH_WORDS accepted
    input  wire [    DW-1:0] depth,         // words per pixel (the register restart loads)
    input  wire              we,            // STORE_INPUT_VALUE accepted
    input  wire [      31:0] wdata,
    input  wire              release_head,  // the head pixel has been read
    output wire              can_write,     // a buffer is free for the pixel being written
    input  wire [    RW-1:0] rd_row,        // the fed step's row of the head pixel
    output wire [WPS*32-1:0] rd_words       // its words, the cycle after
);
  localparam integer AW = $clog2(2 * ROWS);
  localparam [AW-1:0] ROWS_A = ROWS[AW-1:0];
  localparam integer LAST_LANE_I = WPS - 1;
  localparam [LW-1:0] LAST_LANE = LAST_LANE_I[LW-1:0];

  reg          head;      // buffer holding the oldest complete pixel
  reg  [  1:0] complete;  // complete pixels held (0..2)
  reg  [LW-1:0] wlane;    // where the next word goes: bank ...
  reg  [RW-1:0] wrow;     // ... and row of the write buffer
  reg  [DW-1:0] wcount;   // words of the pixel being written

  assign can_write = complete != 2'd2;
  wire          wbuf = head ^ (complete == 2'd1);
  wire          pixel_done = we && (wcount + 1'b1 == depth);

  // Buffer 1 is the upper half of every bank.
  wire [AW-1:0] waddr = (wbuf ? ROWS_A : {AW{1'b0}}) + {{(AW - RW) {1'b0}}, wrow};
  wire [AW-1:0] raddr = (head ? ROWS_A : {AW{1'b0}}) + {{(AW - RW) {1'b0}}, rd_row};

  genvar l;
  generate
    for (l = 0; l < WPS; l = l + 1) begin : g_bank
      localparam [LW-1:0] L = l[LW-1:0];
      mnv2_ram #(
          .WIDTH(32),
          .DEPTH(2 * ROWS)
      ) u_ram (
          .clk  (clk),
          .we   (we && wlane == L),
          .waddr(waddr),
          .wdata(wdata),
          .raddr(raddr),
          .rdata(rd_words[l*32+:32])
      );
    end
  endgenerate

  always @(posedge clk) begin
    if (reset || restart) begin
      head     <= 1'b0;
      complete <= 2'd0;
      wlane    <= {LW{1'b0}};
      wrow     <= {RW{1'b0}};
      wcount   <= {DW{1'b0}};
    end else begin
      if (release_head) head <= ~head;
      complete <= complete + {1'b0, pixel_done} - {1'b0, release_head};
      if (pixel_done) begin
        wlane  <= {LW{1'b0}};
        wrow   <= {RW{1'b0}};
        wcount <= {DW{1'b0}};
      end else if (we) begin
        wcount <= wcount + 1'b1;
        if (wlane == LAST_LANE) begin
          wlane <= {LW{1'b0}};
          wrow  <= wrow + 1'b1;
        end else begin
          wlane <= wlane + 1'b1;
        end
      end
    end
  end
endmodule

`default_nettype wire
