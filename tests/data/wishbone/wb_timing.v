// A slave-only Wishbone test device for the transactor tests (tests/unit/wishbone): registers
// with byte lanes, a chosen number of wait states, an address that answers err, one that never
// answers, and a countdown that keeps the design busy without any bus activity.
//   word 0..7  read/write registers, byte lanes by sel
//   word 8     answers err
//   word 9     never answers
//   word 10    accesses acked so far (read only)
//   word 11    countdown: write N, reads N minus the cycles since, down to 0
//   other      answers err
// COMB = 1: ack (and dat_r, err) combinational in the request's own cycle, so a master holding
// stb high gets one transfer per cycle; COMB = 0: registered, WAIT cycles after the request.
module wb_timing #(
    parameter integer COMB = 0,
    parameter integer WAIT = 1  // COMB = 0: cycles from the request to ack (>= 1)
) (
    input wire clk,
    input wire rst,
    input wire [29:0] wb_adr,
    input wire [31:0] wb_dat_w,
    output wire [31:0] wb_dat_r,
    input wire [3:0] wb_sel,
    input wire wb_cyc,
    input wire wb_stb,
    input wire wb_we,
    output wire wb_ack,
    output wire wb_err
);
  reg [31:0] regs[0:7];
  reg [31:0] acked, countdown;
  reg [7:0] waited;
  reg ack_r, err_r;
  reg [31:0] dat_r_r;

  wire request = wb_cyc & wb_stb;
  wire [29:0] word = wb_adr;
  wire hang = word == 30'd9;
  wire is_err = !(word < 30'd8 || word == 30'd10 || word == 30'd11 || hang);

  reg [31:0] read_value;
  always @(*) begin
    if (word < 30'd8) read_value = regs[word[2:0]];
    else if (word == 30'd10) read_value = acked;
    else if (word == 30'd11) read_value = countdown;
    else read_value = 32'hDEAD_BEEF;
  end

  // Registered: answer once WAIT cycles of the request have passed.
  wire ready = COMB != 0 ? 1'b1 : waited == WAIT[7:0] - 8'd1 && !ack_r && !err_r;
  wire answer = request & ready & ~hang;
  wire comb = COMB != 0;
  assign wb_ack = comb ? answer & ~is_err : ack_r;
  assign wb_err = comb ? answer & is_err : err_r;
  assign wb_dat_r = comb ? read_value : dat_r_r;

  function automatic [31:0] merge(input [31:0] old, input [31:0] data, input [3:0] sel);
    merge = {sel[3] ? data[31:24] : old[31:24], sel[2] ? data[23:16] : old[23:16],
             sel[1] ? data[15:8] : old[15:8], sel[0] ? data[7:0] : old[7:0]};
  endfunction

  always @(posedge clk) begin
    if (rst) begin
      ack_r <= 1'b0;
      err_r <= 1'b0;
      dat_r_r <= 32'd0;
      waited <= 8'd0;
      acked <= 32'd0;
      countdown <= 32'd0;
    end else begin
      ack_r <= !comb && answer && !is_err;
      err_r <= !comb && answer && is_err;
      waited <= request && !answer && !ack_r && !err_r ? waited + 8'd1 : 8'd0;
      if (answer & ~is_err & ~wb_we) dat_r_r <= read_value;
      if (answer & ~is_err) acked <= acked + 32'd1;
      if (answer & ~is_err & wb_we & word < 30'd8) begin
        regs[word[2:0]] <= merge(regs[word[2:0]], wb_dat_w, wb_sel);
      end
      if (answer & ~is_err & wb_we & word == 30'd11) countdown <= wb_dat_w;
      else if (countdown != 32'd0) countdown <= countdown - 32'd1;
    end
  end
endmodule
