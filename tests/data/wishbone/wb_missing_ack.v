// A Wishbone slave that forgot its ack output: accsim must refuse it with one line naming
// wb_ack (tests/data/wishbone_missing_port.json).
module wb_missing_ack (
    input wire clk,
    input wire rst,
    input wire [29:0] wb_adr,
    input wire [31:0] wb_dat_w,
    output reg [31:0] wb_dat_r,
    input wire [3:0] wb_sel,
    input wire wb_cyc,
    input wire wb_stb,
    input wire wb_we
);
  always @(posedge clk) begin
    if (rst) wb_dat_r <= 32'd0;
    else if (wb_cyc & wb_stb & wb_we & (wb_sel == 4'hF) & (wb_adr == 30'd0)) wb_dat_r <= wb_dat_w;
  end
endmodule
