// mnv2_output_fifo: the output FIFO of packed words (WORDS deep) and mnv2_first's gate.
//
// What: the packer writes a word at a posedge; it is in the FIFO from the next cycle. A
// GET_OUTPUT answering in cycle r pops the head at r's posedge, and the word stops counting
// for the gate from cycle r itself: gate_open = (count - pop) < GATE during every cycle, which
// is the C++ model's "occupancy during cycle c: words that entered by c and were not popped
// before c" with a pop at r removing its word from r on (docs/cfu.md, Timing). The sequencer
// feeds MACC_RUN steps only while gate_open.
//
// Why first-word-fall-through: GET_OUTPUT answers in the cycle its word is there, so the head
// must be readable without a read cycle. The RAM is read every cycle at the next head index
// (registered read, block-RAM friendly); a word written to that index in the same cycle (into
// an empty FIFO, or behind a head being popped) is bypassed. GATE + the words in flight must
// fit in WORDS (the model's config check); overflow is the model's to report.
`default_nettype none

module mnv2_output_fifo #(
    parameter integer WORDS = 512,
    parameter integer GATE  = 504,
    parameter integer PW    = $clog2(WORDS),     // derived: index width
    parameter integer CW    = $clog2(WORDS + 1)  // derived: count width
) (
    input  wire        clk,
    input  wire        reset,
    input  wire        we,
    input  wire [31:0] wdata,
    input  wire        pop,        // GET_OUTPUT answers with the head this cycle
    output wire        nonempty,   // a word is in the FIFO this cycle
    output wire [31:0] head,
    output wire        gate_open   // fewer than GATE words count this cycle
);
  localparam integer LAST_I = WORDS - 1;
  localparam [PW-1:0] LAST = LAST_I[PW-1:0];
  localparam [CW-1:0] GATE_C = GATE[CW-1:0];

  reg  [PW-1:0] wptr;
  reg  [PW-1:0] rptr;
  reg  [CW-1:0] count;

  wire [PW-1:0] rptr_next = !pop ? rptr : (rptr == LAST) ? {PW{1'b0}} : rptr + 1'b1;
  wire [  31:0] ram_head;
  reg           byp;
  reg  [  31:0] byp_word;

  mnv2_ram #(.WIDTH(32), .DEPTH(WORDS)) u_ram (
      .clk(clk), .we(we), .waddr(wptr), .wdata(wdata), .raddr(rptr_next), .rdata(ram_head));

  assign nonempty = count != {CW{1'b0}};
  assign head = byp ? byp_word : ram_head;
  assign gate_open = (count - {{(CW - 1) {1'b0}}, pop}) < GATE_C;

  always @(posedge clk) begin
    byp      <= we && wptr == rptr_next;
    byp_word <= wdata;
    if (reset) begin
      wptr  <= {PW{1'b0}};
      rptr  <= {PW{1'b0}};
      count <= {CW{1'b0}};
    end else begin
      if (we) wptr <= (wptr == LAST) ? {PW{1'b0}} : wptr + 1'b1;
      rptr  <= rptr_next;
      count <= count + {{(CW - 1) {1'b0}}, we} - {{(CW - 1) {1'b0}}, pop};
    end
  end
endmodule

`default_nettype wire
