// A Wishbone device and its clock, at signal level and in plain C++: the model (a Verilated
// design behind WishboneModel), the cycle it is at, the Wishbone B4 classic protocol on its
// slave port (the core of TlmToWishboneSlave) and on its master port (the core of
// WishboneMasterToTlm). No SystemC: the sc_modules around it only turn TLM calls and SystemC
// time into these calls.
//
// Cycles. Cycle c is the clock period ending with posedge c + 1. cycle() is the current cycle:
// its inputs may still be set, its posedge has not happened. A tick presents the ports' inputs
// for the cycle with the clock low (the negedge), evaluates, answers a master request that
// completes in the same cycle, samples the outputs, and raises the clock (the posedge).
//
// Slave port: an access starts in cycle `start` with cyc and stb high and adr, we, sel, dat_w
// stable, and ends in the first cycle (the start cycle itself or later) with ack or err high; it
// took last - start + 1 cycles. The next access may start in the following cycle with cyc held
// high (back-to-back), as a LiteX master does. An access that sees neither within the timeout
// is abandoned (cyc and stb drop).
//
// Master port: the first cycle the device holds cyc and stb high is a request, sampled then
// (adr, we, sel, dat_w) and handed to the MasterBus, which performs it and names the cycle it
// completes in; ack (or err, for a failed access) is high in that cycle, with dat_r for a read,
// and low before it. A request whose bus access completes in its own cycle is acked in it
// (combinationally, like a zero-wait-state slave).
//
// Idle: every few quiet cycles (no access on either port), the design's state is compared
// before and after a tick. Unchanged state with unchanged inputs is a fixed point: the design
// would stay so until an input changes, which only a slave access does, so until then it need
// not be clocked (its master port cannot become active either). catch_up() then jumps over the
// idle cycles (or clocks through them while a waveform is written, so the clock shows).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "wishbone_model.h"

namespace accsim::wishbone {

// What adr carries: LiteX's word addresses (byte address / 4) or byte addresses.
enum class Addressing { kWord, kByte };

// One word access on the slave port.
struct SlaveAccess {
  uint32_t adr = 0;  // as presented on adr
  bool we = false;
  uint8_t sel = 0xF;
  uint32_t dat_w = 0;
};

struct SlaveResult {
  enum class Status { kAck, kErr, kTimeout };
  Status status = Status::kAck;
  uint32_t dat_r = 0;
  uint64_t first_cycle = 0;  // cyc and stb went high
  uint64_t last_cycle = 0;   // ack or err was high (or the last cycle waited for them)
};

// A request of the master port, as a bus access.
struct MasterRequest {
  uint64_t address = 0;  // byte address of the word: adr * 4 with word addressing
  bool write = false;
  uint8_t sel = 0;
  uint32_t dat_w = 0;
};

struct MasterResponse {
  bool ok = true;  // false: err instead of ack
  uint32_t dat_r = 0;
  uint64_t last_cycle = 0;  // the cycle ack (or err) is high in; not before the request's
};

struct WishboneDeviceOptions {
  Addressing addressing = Addressing::kWord;
  uint64_t timeout_cycles = 100000;  // a slave access without ack or err is abandoned after these
  unsigned reset_cycles = 4;         // clocked with reset high before cycle 0, not counted
  bool clock_idle = false;           // clock every cycle, even at a fixed point
  std::string fst_path;              // empty: no waveform
  uint64_t trace_first_cycle = 0;
  uint64_t trace_end_cycle = UINT64_MAX;  // exclusive
  uint64_t clock_period_ps = 10000;
};

class WishboneDevice {
 public:
  // Performs a master request that starts in `cycle` (on the system bus).
  using MasterBus = std::function<MasterResponse(const MasterRequest& request, uint64_t cycle)>;

  struct Counters {
    uint64_t slave_reads = 0, slave_writes = 0, slave_errors = 0, slave_timeouts = 0;
    uint64_t slave_cycles = 0;  // cycles of slave accesses, first to last
    uint64_t master_reads = 0, master_writes = 0, master_errors = 0, master_bytes = 0;
    uint64_t master_cycles = 0;   // cycles of master requests, request to ack
    uint64_t cycles_clocked = 0;  // ticks after reset
    uint64_t cycles_idle = 0;     // cycles skipped at a fixed point
  };

  WishboneDevice(std::unique_ptr<WishboneModel> model, WishboneDeviceOptions options);
  ~WishboneDevice();  // closes the waveform
  WishboneDevice(const WishboneDevice&) = delete;
  WishboneDevice& operator=(const WishboneDevice&) = delete;

  // Without a bus, a master request is answered with err in its own cycle.
  void set_master_bus(MasterBus bus) { m_master_bus = std::move(bus); }

  uint64_t cycle() const { return m_cycle; }
  bool idle() const { return m_idle; }
  // True while a tick runs: a master request is being performed.
  bool in_tick() const { return m_in_tick; }

  // Clocks the device up to `until` while it is active; stops early once it is idle.
  void run(uint64_t until);
  // Brings the device to cycle `to` (if it is behind): clocks it while active, skips the rest.
  void catch_up(uint64_t to);
  // One access on the slave port, starting at cycle max(start, cycle()). The device is then at
  // the cycle after the access's last.
  SlaveResult slave_access(const SlaveAccess& access, uint64_t start);

  const Counters& counters() const { return m_counters; }
  const WishboneDeviceOptions& options() const { return m_options; }

 private:
  void tick();
  void serve_master();
  void dump(uint64_t half_cycles);
  bool quiet() const;

  std::unique_ptr<WishboneModel> m_model;
  WishboneDeviceOptions m_options;
  MasterBus m_master_bus;
  uint64_t m_cycle = 0;
  bool m_in_tick = false;
  bool m_tracing = false;

  WishbonePins m_slave;   // the slave port's pins
  WishbonePins m_master;  // the master port's pins
  bool m_slave_active = false;
  SlaveAccess m_access;
  bool m_slave_done = false;    // ack or err seen in the current access
  WishbonePins m_slave_answer;  // the slave's outputs in the cycle it answered

  bool m_master_pending = false;  // a request was performed; its ack is due
  MasterResponse m_response;

  bool m_idle = false;
  unsigned m_quiet_ticks = 0;
  std::vector<uint8_t> m_state;
  Counters m_counters;
};

}  // namespace accsim::wishbone
