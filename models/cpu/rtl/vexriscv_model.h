// A VexRiscv CPU as the transactors drive it: the signals of its ports (CFU-Playground's port
// set: two Wishbone B4 masters with burst cycle types, the CFU bus) and the model that clocks
// them. Plain C++ (no Verilator, no SystemC): the Verilated CPU implements VexRiscvModel through
// verilated_vexriscv.h, compiled into the run-time library; a unit test may implement it in C++.
#pragma once

#include <cstdint>
#include <string>

namespace accsim::cpu::rtl {

// One Wishbone B4 master port with LiteX's names as VexRiscv spells them: the CPU drives adr
// (word address), dat_w (DAT_MOSI), sel, cyc, stb, we, cti and bte; the bus drives dat_r
// (DAT_MISO), ack and err.
struct WishboneMasterPins {
  uint32_t adr = 0;
  uint32_t dat_w = 0;
  uint32_t dat_r = 0;
  uint8_t sel = 0;
  uint8_t cti = 0;  // 000 classic, 010 incrementing burst, 111 end of burst
  uint8_t bte = 0;  // 00 linear
  bool cyc = false;
  bool stb = false;
  bool we = false;
  bool ack = false;
  bool err = false;
};

// The CFU bus (CfuPlugin_bus_*): the CPU drives cmd_valid, the function id, the two inputs and
// rsp_ready; the CFU drives cmd_ready, rsp_valid and the output.
struct CfuBusPins {
  bool cmd_valid = false;
  bool cmd_ready = false;
  uint16_t function_id = 0;
  uint32_t inputs_0 = 0;
  uint32_t inputs_1 = 0;
  bool rsp_valid = false;
  bool rsp_ready = false;
  uint32_t outputs_0 = 0;
};

struct VexRiscvPins {
  WishboneMasterPins ibus;
  WishboneMasterPins dbus;
  CfuBusPins cfu;
};

class VexRiscvModel {
 public:
  virtual ~VexRiscvModel() = default;
  // Drives clk, reset, externalResetVector and the inputs of every port (interrupts held low),
  // evaluates the design and reads its outputs back into the same pins.
  virtual void eval(bool clk, bool reset, uint32_t reset_vector, VexRiscvPins& pins) = 0;
  // The CSR minstret (instructions retired), when the design has it; has_instret() says.
  virtual bool has_instret() const { return false; }
  virtual uint64_t instret() const { return 0; }
  // The instruction that retires at the coming clock edge (VexRiscv's writeBack stage firing,
  // what minstret counts), read after the evaluation with the clock low: false when none
  // retires or the design does not show it (has_retire()).
  virtual bool has_retire() const { return false; }
  virtual bool retiring(uint32_t& pc, uint32_t& instruction) const {
    (void)pc;
    (void)instruction;
    return false;
  }
  // The waveform: opened once, dumped at times in picoseconds, closed when done.
  virtual void open_trace(const std::string& path) { (void)path; }
  virtual void dump(uint64_t time_ps) { (void)time_ps; }
  virtual void close_trace() {}
};

}  // namespace accsim::cpu::rtl
