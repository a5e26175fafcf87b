// The C++ wrapper of a user's Verilog Wishbone device, written for the ports its top module
// really has: it maps them to WishbonePins (verilated_wishbone.h) and exports the factory
//   extern "C" accsim::wishbone::WishboneModel* accsim_make_wishbone_model(const char* name,
//                                                                           bool trace);
// A port the interface needs and the top lacks (or has with the wrong direction or width) is
// refused here with one line naming it, instead of surfacing as a C++ compile error.
#pragma once

#include <string>
#include <vector>

#include "runtime_verilator.h"

namespace accsim::wishbone {

// How the top's ports are named: the clock, the reset, and each Wishbone port's prefix, to
// which LiteX's signal names are appended (prefix "wb_": wb_adr, wb_dat_w, wb_dat_r, wb_sel,
// wb_cyc, wb_stb, wb_we, wb_ack, wb_err).
struct WishbonePortNames {
  std::string clock = "clk";
  std::string reset = "rst";  // empty: the design has no reset port
  bool reset_active_low = false;
  std::string slave = "wb_";
  std::string master;  // empty: no master port
};

constexpr const char* kWishboneFactory = "accsim_make_wishbone_model";

// The wrapper's source for the Verilated class `prefix` of top module `top` with `ports`.
// Throws std::runtime_error with one line ("top module \"dev\" has no port \"wb_ack\" (...)").
std::string wishbone_wrapper_source(const std::string& prefix, const std::string& top,
                                    const std::vector<rtl::VerilatedPort>& ports,
                                    const WishbonePortNames& names);

}  // namespace accsim::wishbone
