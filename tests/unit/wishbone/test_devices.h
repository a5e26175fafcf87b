// The test devices (tests/data/wishbone/wb_timing.v, rtl/wishbone/wb_copy.v) verilated at build
// time, as WishboneModels: Ports written the way accsim's wrapper writer writes them for a
// user's device (wishbone_wrapper.cpp), for tops with a "wb_" slave and a "dma_" master port.
#pragma once

// Verilated headers before anything that includes <systemc>.
#include "Vwb_copy.h"
#include "Vwb_copy__Syms.h"
#include "Vwb_timing_comb.h"
#include "Vwb_timing_comb__Syms.h"
#include "Vwb_timing_wait1.h"
#include "Vwb_timing_wait1__Syms.h"
#include "Vwb_timing_wait3.h"
#include "Vwb_timing_wait3__Syms.h"
#include "verilated_wishbone.h"
#include "wishbone_device.h"

namespace accsim::wishbone::test {

template <class Top>
struct SlavePorts {
  static void drive(Top& t, bool clk, bool reset, const WishbonePins& s, const WishbonePins&) {
    t.clk = clk;
    t.rst = reset;
    t.wb_adr = s.adr & 0x3FFFFFFFu;
    t.wb_dat_w = s.dat_w;
    t.wb_sel = s.sel & 0xFu;
    t.wb_cyc = s.cyc;
    t.wb_stb = s.stb;
    t.wb_we = s.we;
  }
  static void sample(const Top& t, WishbonePins& s, WishbonePins&) {
    s.dat_r = t.wb_dat_r;
    s.ack = t.wb_ack;
    s.err = t.wb_err;
  }
};

struct CopyPorts {
  static void drive(Vwb_copy& t, bool clk, bool reset, const WishbonePins& s,
                    const WishbonePins& m) {
    WishbonePins none;
    SlavePorts<Vwb_copy>::drive(t, clk, reset, s, none);
    t.dma_dat_r = m.dat_r;
    t.dma_ack = m.ack;
    t.dma_err = m.err;
  }
  static void sample(const Vwb_copy& t, WishbonePins& s, WishbonePins& m) {
    SlavePorts<Vwb_copy>::sample(t, s, m);
    m.adr = t.dma_adr;
    m.dat_w = t.dma_dat_w;
    m.sel = t.dma_sel;
    m.cyc = t.dma_cyc;
    m.stb = t.dma_stb;
    m.we = t.dma_we;
  }
};

// wb_timing with registered ack one cycle after the request (WAIT = 1), three (WAIT = 3), or
// combinational ack (COMB = 1).
enum class Timing { kWait1, kWait3, kComb };

inline std::unique_ptr<WishboneModel> timing_model(Timing timing, bool trace = false) {
  switch (timing) {
    case Timing::kWait1:
      return std::make_unique<VerilatedWishbone<Vwb_timing_wait1, SlavePorts<Vwb_timing_wait1>>>(
          "dev", trace);
    case Timing::kWait3:
      return std::make_unique<VerilatedWishbone<Vwb_timing_wait3, SlavePorts<Vwb_timing_wait3>>>(
          "dev", trace);
    case Timing::kComb:
      break;
  }
  return std::make_unique<VerilatedWishbone<Vwb_timing_comb, SlavePorts<Vwb_timing_comb>>>("dev",
                                                                                           trace);
}

inline std::unique_ptr<WishboneModel> copy_model(bool trace = false) {
  return std::make_unique<VerilatedWishbone<Vwb_copy, CopyPorts>>("dev", trace);
}

// wb_copy's registers (byte offsets).
namespace copy_reg {
constexpr uint32_t kId = 0x00, kScratch = 0x04, kSrc = 0x08, kDst = 0x0C, kLen = 0x10, kCtrl = 0x14,
                   kCount = 0x18, kSum = 0x1C, kRegs = 0x40;
constexpr uint32_t kBusy = 1, kDone = 2, kBusError = 4;
}  // namespace copy_reg

}  // namespace accsim::wishbone::test
