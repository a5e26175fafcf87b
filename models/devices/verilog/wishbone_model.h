// A Wishbone device as the transactors drive it: the signals of its ports and the model they
// clock. Plain C++ (no Verilator, no SystemC): the Verilated device implements WishboneModel
// through verilated_wishbone.h, and a unit test may implement it in C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace accsim::wishbone {

// The signals of one Wishbone B4 classic port, with LiteX's names. dat_w is the data the master
// writes and dat_r the data it reads, whichever side drives them: the master drives adr, dat_w,
// sel, cyc, stb and we; the slave drives dat_r, ack and err.
struct WishbonePins {
  uint32_t adr = 0;  // word address (adr = byte address / 4, LiteX's) or byte address
  uint32_t dat_w = 0;
  uint32_t dat_r = 0;
  uint8_t sel = 0;  // byte lanes: bit i selects dat_*[8i+7:8i]
  bool cyc = false;
  bool stb = false;
  bool we = false;
  bool ack = false;
  bool err = false;
};

class WishboneModel {
 public:
  virtual ~WishboneModel() = default;

  // Drives the clock, the reset and the inputs of the device's ports (its slave port's adr,
  // dat_w, sel, cyc, stb, we; its master port's dat_r, ack, err), evaluates the design and
  // reads its outputs back into the same pins (slave: dat_r, ack, err; master: adr, dat_w,
  // sel, cyc, stb, we). A device without a master port leaves `master` alone.
  virtual void eval(bool clk, bool reset, WishbonePins& slave, WishbonePins& master) = 0;

  // The waveform: opened once, dumped at times in picoseconds, closed when done.
  virtual void open_trace(const std::string& path) { (void)path; }
  virtual void dump(uint64_t time_ps) { (void)time_ps; }
  virtual void close_trace() {}

  // The design's whole state as bytes. Equal bytes before and after a clock edge with the same
  // inputs mean the design is at a fixed point: it stays so, cycle after cycle, until an input
  // changes, so the idle cycles need not be clocked. A model that cannot tell returns false
  // and is clocked every cycle.
  virtual bool save_state(std::vector<uint8_t>& state) const {
    (void)state;
    return false;
  }
  virtual bool same_state(const std::vector<uint8_t>& state) const {
    (void)state;
    return false;
  }
};

}  // namespace accsim::wishbone
