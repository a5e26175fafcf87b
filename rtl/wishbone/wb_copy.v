// wb_copy: a small Wishbone peripheral with a DMA copy engine, the example of docs/wishbone.md.
// A register file on a Wishbone B4 classic slave port (LiteX's signal names, word addresses)
// and a copy engine on a Wishbone master port that moves LEN words from SRC to DST through the
// system bus, one read and one write per word, summing the words it moved.
//
// Registers (byte offsets from the device's base):
//   0x00 ID        reads 0x57420001 ("WB", version 1)
//   0x04 SCRATCH   read/write, byte lanes by sel
//   0x08 SRC       byte address the copy reads from (word aligned)
//   0x0C DST       byte address the copy writes to (word aligned)
//   0x10 LEN       words to copy
//   0x14 CTRL      write 1: start a copy; read: bit 0 busy, bit 1 done, bit 2 bus error
//   0x18 COUNT     words copied so far (read only)
//   0x1C SUM       sum of the words copied (read only)
//   0x40..0x7C     REGS, 16 words of read/write storage, byte lanes by sel
// Any other address answers err.
module wb_copy #(
    parameter integer ACK_DELAY = 1  // cycles from a slave request to its ack (>= 1)
) (
    input wire clk,
    input wire rst,
    // Slave port: the CPU's MMIO.
    input wire [29:0] wb_adr,
    input wire [31:0] wb_dat_w,
    output reg [31:0] wb_dat_r,
    input wire [3:0] wb_sel,
    input wire wb_cyc,
    input wire wb_stb,
    input wire wb_we,
    output reg wb_ack,
    output reg wb_err,
    // Master port: the copy engine's reads and writes.
    output reg [29:0] dma_adr,
    output reg [31:0] dma_dat_w,
    input wire [31:0] dma_dat_r,
    output wire [3:0] dma_sel,
    output reg dma_cyc,
    output reg dma_stb,
    output reg dma_we,
    input wire dma_ack,
    input wire dma_err
);
  localparam [31:0] ID = 32'h5742_0001;

  reg [31:0] scratch, src, dst, len, count, sum;
  reg busy, done, bus_error;
  reg [31:0] regs[0:15];

  // ---- Slave port: decode, then answer ACK_DELAY cycles after the request. ----
  wire request = wb_cyc & wb_stb;
  wire [5:0] word = wb_adr[5:0];  // the 64-word window this device decodes
  wire in_window = wb_adr[29:6] == 24'd0;
  wire is_reg = word[5:4] == 2'b01;  // 0x40..0x7C
  wire valid = in_window & (is_reg | word < 6'd8);
  reg [7:0] wait_count;

  function automatic [31:0] merge(input [31:0] old, input [31:0] data, input [3:0] sel);
    merge = {sel[3] ? data[31:24] : old[31:24], sel[2] ? data[23:16] : old[23:16],
             sel[1] ? data[15:8] : old[15:8], sel[0] ? data[7:0] : old[7:0]};
  endfunction

  reg [31:0] read_value;
  always @(*) begin
    case (word)
      6'd0: read_value = ID;
      6'd1: read_value = scratch;
      6'd2: read_value = src;
      6'd3: read_value = dst;
      6'd4: read_value = len;
      6'd5: read_value = {29'd0, bus_error, done, busy};
      6'd6: read_value = count;
      6'd7: read_value = sum;
      default: read_value = regs[word[3:0]];
    endcase
  end

  wire answer = request & ~wb_ack & ~wb_err & (wait_count == ACK_DELAY[7:0] - 8'd1);
  wire start = answer & valid & wb_we & (word == 6'd5) & wb_sel[0] & wb_dat_w[0] & ~busy;

  always @(posedge clk) begin
    if (rst) begin
      wb_ack <= 1'b0;
      wb_err <= 1'b0;
      wb_dat_r <= 32'd0;
      wait_count <= 8'd0;
      scratch <= 32'd0;
      src <= 32'd0;
      dst <= 32'd0;
      len <= 32'd0;
    end else begin
      wb_ack <= answer & valid;
      wb_err <= answer & ~valid;
      wait_count <= request & ~wb_ack & ~wb_err & ~answer ? wait_count + 8'd1 : 8'd0;
      if (answer & valid & ~wb_we) wb_dat_r <= read_value;
      if (answer & valid & wb_we) begin
        case (word)
          6'd1: scratch <= merge(scratch, wb_dat_w, wb_sel);
          6'd2: src <= merge(src, wb_dat_w, wb_sel);
          6'd3: dst <= merge(dst, wb_dat_w, wb_sel);
          6'd4: len <= merge(len, wb_dat_w, wb_sel);
          default: if (is_reg) regs[word[3:0]] <= merge(regs[word[3:0]], wb_dat_w, wb_sel);
        endcase
      end
    end
  end

  // ---- Master port: read a word from SRC + 4n, write it to DST + 4n, n = 0 .. LEN - 1. ----
  localparam [1:0] IDLE = 2'd0, READ = 2'd1, WRITE = 2'd2;
  reg [1:0] state;
  assign dma_sel = 4'hF;

  always @(posedge clk) begin
    if (rst) begin
      state <= IDLE;
      busy <= 1'b0;
      done <= 1'b0;
      bus_error <= 1'b0;
      count <= 32'd0;
      sum <= 32'd0;
      dma_cyc <= 1'b0;
      dma_stb <= 1'b0;
      dma_we <= 1'b0;
      dma_adr <= 30'd0;
      dma_dat_w <= 32'd0;
    end else begin
      case (state)
        IDLE:
        if (start) begin
          busy <= 1'b1;
          done <= 1'b0;
          bus_error <= 1'b0;
          count <= 32'd0;
          sum <= 32'd0;
          if (len == 32'd0) begin
            busy <= 1'b0;
            done <= 1'b1;
          end else begin
            state <= READ;
            dma_cyc <= 1'b1;
            dma_stb <= 1'b1;
            dma_we <= 1'b0;
            dma_adr <= src[31:2];
          end
        end
        READ:
        if (dma_err) begin
          state <= IDLE;
          {dma_cyc, dma_stb, busy, bus_error} <= 4'b0001;
        end else if (dma_ack) begin
          state <= WRITE;
          dma_we <= 1'b1;
          dma_adr <= dst[31:2] + count[29:0];
          dma_dat_w <= dma_dat_r;
          sum <= sum + dma_dat_r;
        end
        WRITE:
        if (dma_err) begin
          state <= IDLE;
          {dma_cyc, dma_stb, dma_we, busy, bus_error} <= 5'b00001;
        end else if (dma_ack) begin
          count <= count + 32'd1;
          dma_we <= 1'b0;
          if (count + 32'd1 == len) begin
            state <= IDLE;
            {dma_cyc, dma_stb, busy, done} <= 4'b0001;
          end else begin
            state <= READ;
            dma_adr <= src[31:2] + count[29:0] + 30'd1;
          end
        end
        default: state <= IDLE;
      endcase
    end
  end
endmodule
