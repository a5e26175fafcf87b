// The wrapper a user's Verilog device is compiled with: written for the ports its top has, and
// a port the interface needs and the top lacks refused in one line naming it.
#include "wishbone_wrapper.h"

#include <catch2/catch.hpp>
#include <stdexcept>

#include "runtime_verilator.h"

using namespace accsim;
using namespace accsim::wishbone;

namespace {

// The port declarations of a Verilated header (Verilator 5's form).
const char* const kHeader = R"(
class Vdev VL_NOT_FINAL : public VerilatedModel {
  public:
    VL_IN8(&clk,0,0);
    VL_IN8(&rst,0,0);
    VL_IN8(&wb_sel,3,0);
    VL_IN8(&wb_cyc,0,0);
    VL_IN8(&wb_stb,0,0);
    VL_IN8(&wb_we,0,0);
    VL_OUT8(&wb_ack,0,0);
    VL_IN(&wb_adr,29,0);
    VL_IN(&wb_dat_w,31,0);
    VL_OUT(&wb_dat_r,31,0);
    VL_OUT64(&wide,40,0);
    VL_INW(&wider,95,0,3);
)";

std::string error_of(const std::vector<rtl::VerilatedPort>& ports, const WishbonePortNames& n) {
  try {
    wishbone_wrapper_source("Vdev", "dev", ports, n);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the ports of a Verilated header are read with their directions and widths",
          "[wishbone]") {
  const auto ports = rtl::parse_verilated_ports(kHeader);
  REQUIRE(ports.size() == 12);
  CHECK(ports[0].name == "clk");
  CHECK(ports[0].input);
  CHECK(!ports[0].output);
  CHECK(ports[0].width == 1);
  CHECK(ports[2].width == 4);
  CHECK(ports[6].name == "wb_ack");
  CHECK(ports[6].output);
  CHECK(ports[7].width == 30);
  CHECK(ports[10].width == 41);
  CHECK(ports[11].width == 96);
}

TEST_CASE("the wrapper maps the top's Wishbone ports to the pins", "[wishbone]") {
  const std::string source =
      wishbone_wrapper_source("Vdev", "dev", rtl::parse_verilated_ports(kHeader), {});
  CHECK(source.find("#include \"Vdev.h\"") != std::string::npos);
  CHECK(source.find("t.wb_adr = s.adr & 0x3fffffffull;") != std::string::npos);
  CHECK(source.find("s.dat_r = t.wb_dat_r;") != std::string::npos);
  CHECK(source.find("s.err = 0;") != std::string::npos);  // err is optional
  CHECK(source.find("t.rst = reset;") != std::string::npos);
  CHECK(source.find("accsim_make_wishbone_model") != std::string::npos);
  WishbonePortNames low;
  low.reset_active_low = true;
  CHECK(wishbone_wrapper_source("Vdev", "dev", rtl::parse_verilated_ports(kHeader), low)
            .find("t.rst = !reset;") != std::string::npos);
}

TEST_CASE("a missing port is named in one line", "[wishbone]") {
  auto ports = rtl::parse_verilated_ports(kHeader);
  ports.erase(ports.begin() + 6);  // wb_ack
  const std::string message = error_of(ports, {});
  CHECK(message.rfind("top module \"dev\" has no port \"wb_ack\" (the Wishbone slave's ack; its "
                      "ports: clk, rst, wb_sel",
                      0) == 0);
  CHECK(message.find('\n') == std::string::npos);
  // A master port named but absent: every port of it is missing.
  WishbonePortNames with_master;
  with_master.master = "dma_";
  CHECK(error_of(rtl::parse_verilated_ports(kHeader), with_master)
            .rfind("top module \"dev\" has no ports \"dma_adr\", \"dma_dat_w\"", 0) == 0);
  // A different clock name.
  WishbonePortNames sys;
  sys.clock = "sys_clk";
  CHECK(error_of(rtl::parse_verilated_ports(kHeader), sys)
            .rfind("top module \"dev\" has no port \"sys_clk\" (the clock;", 0) == 0);
}

TEST_CASE("a port of the wrong direction or width is refused", "[wishbone]") {
  auto ports = rtl::parse_verilated_ports(kHeader);
  ports[6].input = true;  // wb_ack as an input
  ports[6].output = false;
  CHECK(error_of(ports, {}) ==
        "port \"wb_ack\" of top module \"dev\" is an input, but the Wishbone slave's ack is an "
        "output of the device");
  ports = rtl::parse_verilated_ports(kHeader);
  ports[9].width = 64;  // wb_dat_r
  CHECK(error_of(ports, {}) ==
        "port \"wb_dat_r\" of top module \"dev\" is 64 bits wide; the Wishbone slave's dat_r "
        "must be 32 bits (accsim's bus is 32 bits wide)");
}
