// A Wishbone B4 master port (VexRiscv's iBusWishbone_* / dBusWishbone_*) -> bus accesses, cycle
// by cycle, in plain C++: the CPU-side twin of models/devices/verilog's WishboneMasterToTlm,
// with the registered-feedback burst cycle types VexRiscv uses for cache line refills.
//
// Signal conventions are those of the Wishbone devices (wishbone_device.h): cycle c is the
// clock period ending with posedge c + 1; a request is sampled in the first cycle cyc and stb
// are high, and ack (or err) is high in the cycle the bus completes it, with dat_r for a read.
//
// A classic cycle (CTI 000, or the last beat 111 alone) is one access of the selected bytes.
// An incrementing burst (CTI 010, BTE 00 linear) is one bus access of the whole block from the
// first beat's address to the end of the aligned `burst_bytes` block (a cache line), so the
// memory's first-beat latency is paid once and its further beats at its beat rate, as for the
// C++ model's refills: if the access takes D cycles for n words, word k is acked in cycle
// start + D - n + k at the earliest, and never before the master asks for it (the cycle after
// the previous ack). Beats that leave the block, or change direction, start a new access.
//
// The master's CYC drives the bus's grant through `arbitrate` (bus.arbitration round-robin,
// BusPort::acquire_bus): in every cycle CYC is high and the master does not hold the grant yet
// the bridge asks for it and keeps the request waiting (no ack) until it is granted; in the
// first cycle CYC is low it gives the grant up. So VexRiscv holds the bus exactly as long as its
// CYC: the iBus across a refill burst, the dBus across a run of queued commands.
//
// A failed access (nothing mapped there, a device's error response) is answered as LiteX's
// bus timeout answers it: ack and err together, dat_r all ones. VexRiscv ignores err (its
// caches wait for ack only), so the CPU goes on with the ones, as on the board; the errors are
// counted and the first is kept for a warning, and nothing stops the run.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vexriscv_model.h"

namespace accsim::cpu::rtl {

class WishboneBurstToTlm {
 public:
  // Performs an access issued at `cycle` on the bus: false on a bus error (then `error` may
  // say why); `cycles` = the cycles it took (its annotated delay).
  using Transport = std::function<bool(bool write, uint64_t address, uint8_t* data, unsigned length,
                                       uint64_t cycle, uint64_t& cycles, std::string& error)>;

  struct Counters {
    uint64_t bursts = 0;       // incrementing bursts (line refills)
    uint64_t burst_bytes = 0;  // bytes they read
    uint64_t reads = 0;        // classic read cycles
    uint64_t writes = 0;       // classic write cycles
    uint64_t write_bytes = 0;
    uint64_t beats = 0;        // acks
    uint64_t wait_cycles = 0;  // cycles a beat waited for its ack (grant_wait_cycles included)
    uint64_t grant_wait_cycles = 0;  // cycles a request waited for the bus's grant
    uint64_t errors = 0;             // accesses the bus failed
  };

  // The master's CYC in `cycle`: high: true when the bus's grant is its (the access may start),
  // false to ask again next cycle; low: it gives the grant up (the result is ignored).
  using Arbitrate = std::function<bool(bool cyc, uint64_t cycle)>;

  // `name` ("iBus") names the port in errors. Without `arbitrate` the bus is always granted.
  WishboneBurstToTlm(std::string name, Transport transport, unsigned burst_bytes,
                     Arbitrate arbitrate = {});

  // Before the cycle's evaluation with the clock low: ack, err and dat_r for `cycle`.
  void drive(uint64_t cycle, WishboneMasterPins& pins) const;
  // After it: sees the master's request. True when ack or err rose in this very cycle (the
  // pins were updated; evaluate again before the posedge).
  bool sample(uint64_t cycle, WishboneMasterPins& pins);
  // After the posedge of `cycle`: a beat acked in it is done.
  void clocked(uint64_t cycle);

  // The first failed access ("dBus read of 4 bytes at 0x20000000: ..."), empty if none.
  const std::string& first_error() const { return m_first_error; }
  const Counters& counters() const { return m_counters; }

 private:
  void start_burst(uint64_t cycle, uint64_t address);
  void single(uint64_t cycle, const WishboneMasterPins& pins);

  std::string m_name;
  Transport m_transport;
  unsigned m_burst_bytes;
  Arbitrate m_arbitrate;
  bool m_granted = false;                // holds the bus's grant (CYC high since it was given)
  bool m_asking = false;                 // CYC high, grant not given yet
  uint64_t m_last_refused = UINT64_MAX;  // the cycle the grant was last refused (counted once)

  // The beat in progress: requested, its ack due in m_ack_cycle.
  bool m_pending = false;
  uint64_t m_ack_cycle = 0;
  bool m_ok = true;
  uint32_t m_data = 0;

  // The burst's block: read once, served beat by beat.
  bool m_in_burst = false;
  uint64_t m_burst_address = 0;
  std::vector<uint8_t> m_burst_data;
  uint64_t m_burst_first_ack = 0;  // the cycle word 0 of the block can be acked in
  bool m_burst_ok = true;

  void note_error(const std::string& what);

  std::string m_first_error;
  Counters m_counters;
};

}  // namespace accsim::cpu::rtl
