// mnv2_packer: the byte-to-word packer, four post-processed int8 outputs into one word.
//
// What: holds the first three bytes of a group of four channels (byte 0 = lowest channel);
// with the fourth byte the word is complete and, at that cycle's posedge, either enters the
// output FIFO (MACC_RUN: fifo_we/fifo_wdata drive the FIFO's write port) or is registered as
// MACC4_RUN_4's response (rsp_valid/rsp_word the next cycle, its response cycle).
//
// Why the FIFO write is the packer's stage: the C++ model counts one packer cycle after the
// post-processor (W = MACC_DEPTH + 1 + POST_DEPTH + 1), and a word is in the FIFO from the
// cycle after that stage; writing the FIFO at the packer's posedge gives both at once. Only
// packed outputs pass here (MACC_RUN, MACC4_RUN_4), always whole groups of four channels (the
// batch is a multiple of 4), so the byte counter stays aligned between commands.
`default_nettype none

module mnv2_packer (
    input  wire        clk,
    input  wire        reset,
    input  wire        in_valid,
    input  wire [ 7:0] in_byte,
    input  wire        in_rsp,      // the group is MACC4_RUN_4's response (else: FIFO)
    output wire        fifo_we,
    output wire [31:0] fifo_wdata,
    output reg         rsp_valid,
    output reg  [31:0] rsp_word
);
  reg [ 1:0] count;  // bytes of the group held
  reg [23:0] held;

  wire complete = in_valid && count == 2'd3;
  assign fifo_wdata = {in_byte, held};
  assign fifo_we = complete && !in_rsp;

  always @(posedge clk) begin
    if (reset) begin
      count <= 2'd0;
    end else if (in_valid) begin
      count <= count + 2'd1;
    end
    if (in_valid) held <= {in_byte, held[23:8]};
    rsp_valid <= !reset && complete && in_rsp;
    if (complete) rsp_word <= {in_byte, held};
  end
endmodule

`default_nettype wire
