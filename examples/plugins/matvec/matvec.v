// matvec: an int8 matrix-vector engine on Wishbone, the Verilog twin of the C++ plug-in
// (matvec_engine.cpp): the same registers (matvec_regs.h, whose offsets the localparams below
// spell out), the same arithmetic and the same cycle for every bus access, so the firmware
// matvec_test gives identical results and cycles on both (docs/plugins.md).
//
// A job computes y = requant(W x + b) with TFLite's int8 fully-connected arithmetic. The engine
// reads x into its buffer, then for each row reads the bias and the row's weights, one word per
// Wishbone cycle on its master port, multiplying four int8 pairs per word as the word arrives;
// the cycle after a row's last word it requantises the row's output, and it stores the outputs
// four at a time (the last group with the byte lanes it has).
//
// Timing: registered outputs on both ports. A register access presented in cycle s is answered
// in s + 1; a master access is presented in the cycle after the previous one's ack, or two
// cycles after it following a row's last weight word.
`default_nettype none

module matvec #(
    parameter integer MAX_COLS = 256  // the longest vector in bytes, a multiple of 4
) (
    input wire clk,
    input wire rst,
    // Slave port: the registers (LiteX's signal names, word addresses).
    input wire [29:0] wb_adr,
    input wire [31:0] wb_dat_w,
    output reg [31:0] wb_dat_r,
    input wire [3:0] wb_sel,
    input wire wb_cyc,
    input wire wb_stb,
    input wire wb_we,
    output reg wb_ack,
    output reg wb_err,
    // Master port: the engine's DMA.
    output reg [29:0] dma_adr,
    output reg [31:0] dma_dat_w,
    input wire [31:0] dma_dat_r,
    output reg [3:0] dma_sel,
    output reg dma_cyc,
    output reg dma_stb,
    output reg dma_we,
    input wire dma_ack,
    input wire dma_err
);
  // Register byte offsets (matvec_regs.h).
  localparam [7:0] MATVEC_ID = 8'h00;
  localparam [7:0] MATVEC_CTRL = 8'h04;
  localparam [7:0] MATVEC_W_ADDR = 8'h08;
  localparam [7:0] MATVEC_X_ADDR = 8'h0C;
  localparam [7:0] MATVEC_B_ADDR = 8'h10;
  localparam [7:0] MATVEC_Y_ADDR = 8'h14;
  localparam [7:0] MATVEC_ROWS = 8'h18;
  localparam [7:0] MATVEC_COLS = 8'h1C;
  localparam [7:0] MATVEC_X_OFFSET = 8'h20;
  localparam [7:0] MATVEC_Y_OFFSET = 8'h24;
  localparam [7:0] MATVEC_MULT = 8'h28;
  localparam [7:0] MATVEC_SHIFT = 8'h2C;
  localparam [7:0] MATVEC_ACT_MIN = 8'h30;
  localparam [7:0] MATVEC_ACT_MAX = 8'h34;
  localparam [7:0] MATVEC_CYCLES = 8'h38;
  localparam [31:0] MATVEC_ID_VALUE = 32'h4D56_0001;

  localparam integer WORDS = MAX_COLS / 4;
  localparam integer WORD_BITS = WORDS > 1 ? $clog2(WORDS) : 1;

  // Register words, indexed by byte offset / 4.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [3:0] index(input [7:0] offset);
    index = offset[5:2];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  localparam [2:0] S_IDLE = 3'd0, S_LOAD_X = 3'd1, S_BIAS = 3'd2, S_WEIGHTS = 3'd3,
                   S_REQUANT = 3'd4, S_WRITE = 3'd5;

  // ---- Registers, as written; the job's copies below. ----
  reg [31:0] regs[0:15];
  reg busy, done, error;
  reg [31:0] cycles;

  // ---- Slave port: decode in the request's cycle, answer in the next. ----
  wire request = wb_cyc & wb_stb & ~wb_ack & ~wb_err;
  wire [3:0] word = wb_adr[3:0];
  wire in_window = wb_adr[29:4] == 26'd0 && word <= index(MATVEC_CYCLES);
  wire read_only = word == index(MATVEC_ID) || word == index(MATVEC_CYCLES);
  wire refused = !in_window || (wb_we && read_only);

  function automatic [31:0] merge(input [31:0] old, input [31:0] data, input [3:0] sel);
    merge = {sel[3] ? data[31:24] : old[31:24], sel[2] ? data[23:16] : old[23:16],
             sel[1] ? data[15:8] : old[15:8], sel[0] ? data[7:0] : old[7:0]};
  endfunction

  reg [31:0] read_value;
  always @(*) begin
    case (word)
      index(MATVEC_ID): read_value = MATVEC_ID_VALUE;
      index(MATVEC_CTRL): read_value = {29'd0, error, done, busy};
      index(MATVEC_CYCLES): read_value = cycles;
      default: read_value = regs[word];
    endcase
  end

  // ---- A start's checks (matvec_regs.h: a bad setting ends the job at once with ERROR). ----
  wire signed [31:0] shift_s = regs[index(MATVEC_SHIFT)];
  wire signed [31:0] min_s = regs[index(MATVEC_ACT_MIN)];
  wire signed [31:0] max_s = regs[index(MATVEC_ACT_MAX)];
  wire [31:0] cols_u = regs[index(MATVEC_COLS)];
  wire aligned = (regs[index(MATVEC_W_ADDR)][1:0] | regs[index(MATVEC_X_ADDR)][1:0] |
                  regs[index(MATVEC_B_ADDR)][1:0] | regs[index(MATVEC_Y_ADDR)][1:0]) == 2'd0;
  wire setting_ok = aligned && regs[index(MATVEC_ROWS)] != 32'd0 && cols_u != 32'd0 &&
                    cols_u[1:0] == 2'd0 && cols_u <= MAX_COLS && shift_s >= -32'sd31 &&
                    shift_s <= 32'sd31 && min_s >= -32'sd128 && max_s <= 32'sd127 &&
                    min_s <= max_s;
  wire start = request && !refused && wb_we && word == index(MATVEC_CTRL) && wb_sel[0] &&
               wb_dat_w[0] && !busy;

  // ---- The job ----
  reg [2:0] state;
  reg [31:0] j_rows, j_x_offset, j_y_offset, j_mult, j_shift, j_min, j_max;
  reg [WORD_BITS-1:0] j_last_word, col_word;
  reg [31:0] row;
  reg [29:0] b_ptr, w_ptr, y_ptr;
  reg [31:0] acc, pack;
  reg [31:0] xbuf[0:WORDS-1];
  wire last_row = row == j_rows - 32'd1;
  wire last_word = col_word == j_last_word;

  // Four int8 products of a weight word with the buffered x word, plus X_OFFSET (wrapping).
  function automatic [31:0] product(input [7:0] w, input [7:0] x, input [31:0] x_offset);
    product = {{24{w[7]}}, w} * ({{24{x[7]}}, x} + x_offset);
  endfunction
  wire [31:0] x_word = xbuf[col_word];
  wire [31:0] dot = product(dma_dat_r[7:0], x_word[7:0], j_x_offset) +
                    product(dma_dat_r[15:8], x_word[15:8], j_x_offset) +
                    product(dma_dat_r[23:16], x_word[23:16], j_x_offset) +
                    product(dma_dat_r[31:24], x_word[31:24], j_x_offset);

  // TFLite's MultiplyByQuantizedMultiplier and output stage (as rtl/cfu/mnv2/mnv2_post_process.v
  // does in four stages, here in the one requantise cycle).
  wire shift_left = $signed(j_shift) > 0;
  wire [4:0] left = shift_left ? j_shift[4:0] : 5'd0;
  wire [4:0] right = shift_left ? 5'd0 : 5'd0 - j_shift[4:0];
  wire [31:0] shifted = acc << left;
  wire signed [63:0] high_product = $signed(shifted) * $signed(j_mult);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] nudged = high_product + 64'h0000_0000_4000_0000;
  /* verilator lint_on UNUSEDSIGNAL */
  wire saturate = shifted == 32'h8000_0000 && j_mult == 32'h8000_0000;
  wire [31:0] high = saturate ? 32'h7fff_ffff : nudged[62:31];
  wire [31:0] mask = (32'd1 << right) - 32'd1;
  wire [31:0] threshold = (mask >> 1) + {31'd0, high[31]};
  wire [31:0] scaled = $unsigned($signed(high) >>> right) + {31'd0, (high & mask) > threshold};
  wire signed [31:0] value = scaled + j_y_offset;
  wire [7:0] y = value < $signed(j_min) ? j_min[7:0] : value > $signed(j_max) ? j_max[7:0] :
                 value[7:0];
  wire [1:0] lane = row[1:0];
  wire [31:0] pack_next = pack | ({24'd0, y} << {lane, 3'd0});
  wire [3:0] lanes_filled = lane == 2'd0 ? 4'b0001 : lane == 2'd1 ? 4'b0011 :
                            lane == 2'd2 ? 4'b0111 : 4'b1111;

  wire dma_answer = dma_cyc & dma_stb & (dma_ack | dma_err);

  integer i;
  always @(posedge clk) begin
    if (rst) begin
      wb_ack <= 1'b0;
      wb_err <= 1'b0;
      wb_dat_r <= 32'd0;
      for (i = 0; i < 16; i = i + 1) regs[i] <= 32'd0;
      busy <= 1'b0;
      done <= 1'b0;
      error <= 1'b0;
      cycles <= 32'd0;
      state <= S_IDLE;
      dma_cyc <= 1'b0;
      dma_stb <= 1'b0;
      dma_we <= 1'b0;
      dma_sel <= 4'hF;
      dma_adr <= 30'd0;
      dma_dat_w <= 32'd0;
    end else begin
      // Slave port.
      wb_ack <= request && !refused;
      wb_err <= request && refused;
      if (request) wb_dat_r <= read_value;
      if (request && !refused && wb_we && word != index(MATVEC_CTRL)) begin
        regs[word] <= merge(regs[word], wb_dat_w, wb_sel);
      end
      if (busy) cycles <= cycles + 32'd1;

      if (start) begin
        cycles <= 32'd0;
        done <= !setting_ok;
        error <= !setting_ok;
        busy <= setting_ok;
        j_rows <= regs[index(MATVEC_ROWS)];
        j_x_offset <= regs[index(MATVEC_X_OFFSET)];
        j_y_offset <= regs[index(MATVEC_Y_OFFSET)];
        j_mult <= regs[index(MATVEC_MULT)];
        j_shift <= regs[index(MATVEC_SHIFT)];
        j_min <= regs[index(MATVEC_ACT_MIN)];
        j_max <= regs[index(MATVEC_ACT_MAX)];
        j_last_word <= WORD_BITS'(cols_u[31:2] - 30'd1);
        b_ptr <= regs[index(MATVEC_B_ADDR)][31:2];
        w_ptr <= regs[index(MATVEC_W_ADDR)][31:2];
        y_ptr <= regs[index(MATVEC_Y_ADDR)][31:2];
        row <= 32'd0;
        col_word <= 0;
        pack <= 32'd0;
        if (setting_ok) begin
          state <= S_LOAD_X;
          dma_adr <= regs[index(MATVEC_X_ADDR)][31:2];
          dma_we <= 1'b0;
          dma_sel <= 4'hF;
          dma_cyc <= 1'b1;
          dma_stb <= 1'b1;
        end
      end else if (dma_answer && dma_err) begin
        dma_cyc <= 1'b0;
        dma_stb <= 1'b0;
        busy <= 1'b0;
        done <= 1'b1;
        error <= 1'b1;
        state <= S_IDLE;
      end else if (dma_answer) begin
        case (state)
          S_LOAD_X: begin
            xbuf[col_word] <= dma_dat_r;
            col_word <= last_word ? 0 : col_word + 1'b1;
            dma_adr <= last_word ? b_ptr : dma_adr + 30'd1;
            if (last_word) state <= S_BIAS;
          end
          S_BIAS: begin
            acc <= dma_dat_r;
            dma_adr <= w_ptr;
            state <= S_WEIGHTS;
          end
          S_WEIGHTS: begin
            acc <= acc + dot;
            w_ptr <= w_ptr + 30'd1;
            dma_adr <= w_ptr + 30'd1;
            col_word <= last_word ? 0 : col_word + 1'b1;
            if (last_word) begin
              // The row is complete: requantise it in the next cycle, off the bus.
              dma_cyc <= 1'b0;
              dma_stb <= 1'b0;
              state <= S_REQUANT;
            end
          end
          S_WRITE: begin
            y_ptr <= y_ptr + 30'd1;
            pack <= 32'd0;
            dma_we <= 1'b0;
            dma_sel <= 4'hF;
            if (last_row) begin
              dma_cyc <= 1'b0;
              dma_stb <= 1'b0;
              busy <= 1'b0;
              done <= 1'b1;
              state <= S_IDLE;
            end else begin
              row <= row + 32'd1;
              b_ptr <= b_ptr + 30'd1;
              dma_adr <= b_ptr + 30'd1;
              state <= S_BIAS;
            end
          end
          default: ;
        endcase
      end else if (state == S_REQUANT) begin
        pack <= pack_next;
        dma_cyc <= 1'b1;
        dma_stb <= 1'b1;
        if (lane == 2'd3 || last_row) begin
          dma_adr <= y_ptr;
          dma_we <= 1'b1;
          dma_sel <= lanes_filled;
          dma_dat_w <= pack_next;
          state <= S_WRITE;
        end else begin
          row <= row + 32'd1;
          b_ptr <= b_ptr + 30'd1;
          dma_adr <= b_ptr + 30'd1;
          state <= S_BIAS;
        end
      end
    end
  end
endmodule

`default_nettype wire
