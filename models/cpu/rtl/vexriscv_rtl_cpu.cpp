#include "vexriscv_rtl_cpu.h"

#include "cache.h"
#include "rv32_decoder.h"
#include "stats.h"

namespace accsim::cpu::rtl {

namespace {
// Evaluations of one cycle's negedge at most: an answer in the cycle of its request (a zero-wait
// ack, a combinational CFU) changes outputs that may raise another request in the same cycle.
constexpr int kMaxSettle = 4;
}  // namespace

VexRiscvRtlCpu::VexRiscvRtlCpu(std::unique_ptr<VexRiscvModel> model, BusPort& bus,
                               const RunStatus& status, VexRiscvRtlOptions options)
    : m_model(std::move(model)),
      m_bus(bus),
      m_status(status),
      m_options(options),
      m_ibus(
          "iBus",
          [this](bool write, uint64_t address, uint8_t* data, unsigned length, uint64_t cycle,
                 uint64_t& cycles, std::string& error) {
            return transport(BusSide::kInstruction, write, address, data, length, cycle, cycles,
                             error);
          },
          options.icache.line_bytes,
          [this](bool cyc, uint64_t cycle) {
            return arbitrate(BusSide::kInstruction, cyc, cycle);
          }),
      m_dbus(
          "dBus",
          [this](bool write, uint64_t address, uint8_t* data, unsigned length, uint64_t cycle,
                 uint64_t& cycles, std::string& error) {
            return transport(BusSide::kData, write, address, data, length, cycle, cycles, error);
          },
          options.dcache.line_bytes,
          [this](bool cyc, uint64_t cycle) { return arbitrate(BusSide::kData, cyc, cycle); }),
      m_cfu(m_no_cfu) {}

VexRiscvRtlCpu::~VexRiscvRtlCpu() {
  if (m_tracing) m_model->close_trace();
}

void VexRiscvRtlCpu::dump(uint64_t half_cycles) {
  const uint64_t cycle = half_cycles / 2;
  if (cycle < m_options.trace_first_cycle || cycle >= m_options.trace_end_cycle) return;
  m_model->dump(half_cycles * (m_options.clock_period_ps / 2));
}

void VexRiscvRtlCpu::reset(uint32_t entry) {
  m_reset_vector = entry;
  for (unsigned i = 0; i < m_options.reset_cycles; ++i) {
    m_model->eval(false, true, m_reset_vector, m_pins);
    m_model->eval(true, true, m_reset_vector, m_pins);
  }
  m_model->eval(false, false, m_reset_vector, m_pins);
  m_cycle = 0;
  // Opened after reset: the reset cycles are not the SoC's and are not traced.
  if (!m_options.fst_path.empty()) {
    m_model->open_trace(m_options.fst_path);
    m_tracing = true;
  }
}

bool VexRiscvRtlCpu::is_memory(uint64_t address) {
  for (const Range& r : m_ranges) {
    if (address >= r.start && address <= r.end) return r.memory;
  }
  DmiGrant grant;
  uint64_t refused_start = address, refused_end = address;
  if (m_bus.dmi(BusSide::kData, false, address, grant, refused_start, refused_end)) {
    m_ranges.push_back({grant.start, grant.end, true});
    return true;
  }
  if (refused_start > address || refused_end < address) refused_start = refused_end = address;
  m_ranges.push_back({refused_start, refused_end, false});
  return false;
}

bool VexRiscvRtlCpu::arbitrate(BusSide side, bool cyc, uint64_t cycle) {
  if (cyc) return m_bus.acquire_bus(side, cycle);
  m_bus.release_bus(side, cycle);
  return false;
}

bool VexRiscvRtlCpu::transport(BusSide side, bool write, uint64_t address, uint8_t* data,
                               unsigned length, uint64_t cycle, uint64_t& cycles,
                               std::string& error) {
  ++m_transactions;
  // MMIO (sim-control, devices, the VTA) must see the CPU's true time; memory need not.
  const bool ok =
      side == BusSide::kData && !is_memory(address)
          ? m_bus.transact_synchronised(side, write, address, data, length, cycle, cycles)
          : m_bus.transact(side, write, address, data, length, cycle, cycles);
  if (!ok) error = m_bus.error_reason();
  return ok;
}

void VexRiscvRtlCpu::tick() {
  const uint64_t c = m_cycle;
  m_ibus.drive(c, m_pins.ibus);
  m_dbus.drive(c, m_pins.dbus);
  m_cfu.drive(c, m_pins.cfu);
  m_model->eval(false, false, m_reset_vector, m_pins);
  for (int i = 0; i < kMaxSettle; ++i) {
    bool again = m_ibus.sample(c, m_pins.ibus);
    again = m_dbus.sample(c, m_pins.dbus) || again;
    again = m_cfu.sample(c, m_pins.cfu) || again;
    if (!again) break;
    m_model->eval(false, false, m_reset_vector, m_pins);
  }
  if (m_observer != nullptr) observe_retire(c);
  const CfuBusPins cfu_before_edge = m_pins.cfu;
  if (m_tracing) dump(2 * c);
  m_model->eval(true, false, m_reset_vector, m_pins);
  if (m_tracing) dump(2 * c + 1);
  m_ibus.clocked(c);
  m_dbus.clocked(c);
  m_cfu.clocked(c, cfu_before_edge);
  ++m_cycle;
}

void VexRiscvRtlCpu::observe_retire(uint64_t cycle) {
  uint32_t pc = 0, raw = 0;
  if (!m_model->retiring(pc, raw)) return;
  DecodedInsn insn = decode(raw);
  insn.raw = raw;
  if (m_symbols != nullptr) insn.function = static_cast<uint16_t>(m_symbols->function_index(pc));
  // It retires at the end of this cycle: its cycles are those since the previous retire.
  const ExecutedInstruction executed{m_last_retire, cycle + 1, pc, &insn, StallCounters{}, false};
  m_observer->on_instruction(executed);
  m_last_retire = cycle + 1;
}

void VexRiscvRtlCpu::run(uint64_t until) {
  while (m_cycle < until && m_failure.empty()) {
    tick();
    if (!m_status.running()) return;  // the firmware exited during this cycle
    if (!m_cfu.failure().empty()) m_failure = m_cfu.failure();
  }
}

std::vector<std::string> VexRiscvRtlCpu::notes() const {
  std::vector<std::string> notes;
  for (const WishboneBurstToTlm* bus : {&m_ibus, &m_dbus}) {
    if (bus->counters().errors == 0) continue;
    notes.push_back(std::to_string(bus->counters().errors) +
                    " bus error(s) answered with ack, err and all ones, which VexRiscv ignores; "
                    "the first: " +
                    bus->first_error());
  }
  return notes;
}

void VexRiscvRtlCpu::report(Stats& stats) const {
  stats.set("cpu.cycles", m_cycle, "Cycles simulated by the CPU (the RTL's clock cycles)");
  if (has_instret()) {
    const uint64_t instret = m_model->instret();
    stats.set("cpu.instructions", instret, "Instructions retired (the RTL's minstret)");
    stats.set_real("cpu.cpi", instret ? double(m_cycle) / double(instret) : 0.0,
                   "Cycles per instruction");
  }
  stats.set("cpu.cfu_ops", m_cfu.commands(), "custom-0 instructions executed by the CFU");
  stats.set("cpu.bus_transactions", m_transactions,
            "Timed bus transactions (refills, write-throughs, MMIO)");
  const WishboneBurstToTlm::Counters& i = m_ibus.counters();
  const WishboneBurstToTlm::Counters& d = m_dbus.counters();
  // The caches as the bus sees them: a refill is a miss of a read-allocating cache.
  stats.set("cache.icache.misses", i.bursts, "Misses of every kind (line refills on the iBus)");
  stats.set("cache.icache.misses.fetch", i.bursts, "fetch misses (line refills on the iBus)");
  stats.set("cache.icache.bytes_filled", i.burst_bytes, "Bytes read from the bus by line refills");
  stats.set("cache.dcache.misses.read", d.bursts, "read misses (line refills on the dBus)");
  stats.set("cache.dcache.bytes_filled", d.burst_bytes, "Bytes read from the bus by line refills");
  stats.set("cache.dcache.bytes_written", d.write_bytes,
            "Bytes written to the bus (write-through stores)");
  for (const auto& [name, shape] :
       {std::pair{"icache", m_options.icache}, std::pair{"dcache", m_options.dcache}}) {
    cache::CacheParams params;
    params.size_bytes = static_cast<uint32_t>(shape.size);
    params.line_bytes = shape.line_bytes;
    params.ways = shape.ways;
    stats.set_text(std::string("cache.") + name + ".geometry", cache::describe(params),
                   "Cache organisation (read from the Verilog)");
  }
  // The RTL's own: what the Wishbone masters did.
  for (const auto& [name, c] : {std::pair{"ibus", i}, std::pair{"dbus", d}}) {
    const std::string p = std::string("cpu.rtl.") + name + ".";
    stats.set(p + "bursts", c.bursts, "Incrementing bursts (line refills)");
    stats.set(p + "reads", c.reads, "Classic read cycles");
    stats.set(p + "writes", c.writes, "Classic write cycles");
    stats.set(p + "beats", c.beats, "Acknowledged beats");
    stats.set(p + "wait_cycles", c.wait_cycles,
              "Cycles beats waited for their ack (grant_wait_cycles included)");
    stats.set(p + "grant_wait_cycles", c.grant_wait_cycles,
              "Cycles requests waited for the bus's grant (bus.arbitration round-robin)");
    stats.set(p + "errors", c.errors, "Accesses the bus failed (answered with ack, err, all ones)");
  }
}

}  // namespace accsim::cpu::rtl
