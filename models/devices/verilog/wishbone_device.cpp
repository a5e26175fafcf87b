#include "wishbone_device.h"

#include <bitset>

namespace accsim::wishbone {

namespace {

// Quiet ticks between two looks at the design's state: often enough that an idle device stops
// being clocked soon, seldom enough that saving the state costs nothing next to the ticks.
constexpr unsigned kIdleCheckInterval = 16;

unsigned lanes(uint8_t sel) { return static_cast<unsigned>(std::bitset<4>(sel & 0xF).count()); }

}  // namespace

WishboneDevice::WishboneDevice(std::unique_ptr<WishboneModel> model, WishboneDeviceOptions options)
    : m_model(std::move(model)), m_options(std::move(options)) {
  // Reset before cycle 0; these cycles are not the SoC's and are not traced.
  m_model->eval(false, true, m_slave, m_master);
  for (unsigned i = 0; i < m_options.reset_cycles; ++i) {
    m_model->eval(true, true, m_slave, m_master);
    m_model->eval(false, true, m_slave, m_master);
  }
  m_model->eval(false, false, m_slave, m_master);
  if (!m_options.fst_path.empty()) {
    m_model->open_trace(m_options.fst_path);
    m_tracing = true;
  }
}

WishboneDevice::~WishboneDevice() {
  if (m_tracing) m_model->close_trace();
}

bool WishboneDevice::quiet() const {
  return !m_slave_active && !m_master_pending && !(m_master.cyc && m_master.stb);
}

void WishboneDevice::dump(uint64_t half_cycles) {
  if (!m_tracing) return;
  const uint64_t cycle = half_cycles / 2;
  if (cycle < m_options.trace_first_cycle || cycle >= m_options.trace_end_cycle) return;
  m_model->dump(half_cycles * (m_options.clock_period_ps / 2));
}

void WishboneDevice::tick() {
  m_in_tick = true;
  // Look at the state around this tick if the ports have been quiet for a while.
  const bool look = !m_options.clock_idle && quiet() && ++m_quiet_ticks >= kIdleCheckInterval &&
                    m_model->save_state(m_state);
  if (look) m_quiet_ticks = 0;

  // The inputs of this cycle, with the clock low.
  if (m_slave_active) {
    m_slave.adr = m_access.adr;
    m_slave.we = m_access.we;
    m_slave.sel = m_access.sel;
    m_slave.dat_w = m_access.dat_w;
    m_slave.cyc = m_slave.stb = true;
  } else {
    m_slave.adr = m_slave.dat_w = 0;
    m_slave.sel = 0;
    m_slave.cyc = m_slave.stb = m_slave.we = false;
  }
  const bool answer = m_master_pending && m_response.last_cycle == m_cycle;
  m_master.ack = answer && m_response.ok;
  m_master.err = answer && !m_response.ok;
  m_master.dat_r = answer ? m_response.dat_r : 0;
  m_model->eval(false, false, m_slave, m_master);

  // The master port: a request dropped before its ack is abandoned; a new one is performed.
  if (m_master_pending && !(m_master.cyc && m_master.stb)) m_master_pending = false;
  if (!m_master_pending && m_master.cyc && m_master.stb) {
    serve_master();
  }
  // ack, err and dat_r as seen before the posedge ends the access.
  if (m_slave_active && (m_slave.ack || m_slave.err)) {
    m_slave_done = true;
    m_slave_answer = m_slave;
  }

  dump(2 * m_cycle);
  m_model->eval(true, false, m_slave, m_master);
  dump(2 * m_cycle + 1);
  if (m_master_pending && m_response.last_cycle == m_cycle) m_master_pending = false;
  ++m_cycle;
  ++m_counters.cycles_clocked;
  if (look) m_idle = quiet() && m_model->same_state(m_state);
  m_in_tick = false;
}

void WishboneDevice::serve_master() {
  MasterRequest request;
  request.address = m_options.addressing == Addressing::kWord
                        ? uint64_t{m_master.adr} << 2
                        : uint64_t{m_master.adr & ~uint32_t{3}};
  request.write = m_master.we;
  request.sel = m_master.sel & 0xF;
  request.dat_w = m_master.dat_w;
  if (m_master_bus) {
    m_response = m_master_bus(request, m_cycle);
  } else {
    m_response = MasterResponse{false, 0, m_cycle};
  }
  if (m_response.last_cycle < m_cycle) m_response.last_cycle = m_cycle;
  m_master_pending = true;
  ++(request.write ? m_counters.master_writes : m_counters.master_reads);
  m_counters.master_cycles += m_response.last_cycle - m_cycle + 1;
  if (m_response.ok) {
    m_counters.master_bytes += lanes(request.sel);
  } else {
    ++m_counters.master_errors;
  }
  // Answered in this very cycle: ack (and dat_r) are seen before the posedge.
  if (m_response.last_cycle == m_cycle) {
    m_master.ack = m_response.ok;
    m_master.err = !m_response.ok;
    m_master.dat_r = m_response.dat_r;
    m_model->eval(false, false, m_slave, m_master);
  }
}

void WishboneDevice::run(uint64_t until) {
  while (m_cycle < until && !m_idle) tick();
}

void WishboneDevice::catch_up(uint64_t to) {
  run(to);
  if (m_cycle >= to) return;
  // At a fixed point: clocking would change nothing but the waveform's clock.
  if (m_tracing) {
    while (m_cycle < to) tick();
    m_idle = true;
    return;
  }
  m_counters.cycles_idle += to - m_cycle;
  m_cycle = to;
}

SlaveResult WishboneDevice::slave_access(const SlaveAccess& access, uint64_t start) {
  catch_up(start);
  m_idle = false;
  m_quiet_ticks = 0;
  m_access = access;
  m_slave_active = true;
  m_slave_done = false;
  SlaveResult result;
  result.first_cycle = m_cycle;
  while (true) {
    const uint64_t cycle = m_cycle;
    tick();
    if (m_slave_done) {
      result.status = m_slave_answer.err ? SlaveResult::Status::kErr : SlaveResult::Status::kAck;
      result.dat_r = m_slave_answer.dat_r;
      result.last_cycle = cycle;
      break;
    }
    if (m_cycle - result.first_cycle >= m_options.timeout_cycles) {
      result.status = SlaveResult::Status::kTimeout;
      result.last_cycle = cycle;
      break;
    }
  }
  m_slave_active = false;
  m_counters.slave_cycles += result.last_cycle - result.first_cycle + 1;
  ++(access.we ? m_counters.slave_writes : m_counters.slave_reads);
  if (result.status == SlaveResult::Status::kErr) ++m_counters.slave_errors;
  if (result.status == SlaveResult::Status::kTimeout) ++m_counters.slave_timeouts;
  return result;
}

}  // namespace accsim::wishbone
