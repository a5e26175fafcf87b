#include "cpu_module.h"

#include <cstring>

#include "stats.h"

namespace accsim::cpu {

namespace {
// Fixed-size copies compile to single moves; a variable-size memcpy is a library call.
inline void copy_in(uint32_t& value, const uint8_t* src, unsigned size) {
  switch (size) {
    case 1:
      value = *src;
      break;
    case 2: {
      uint16_t v;
      std::memcpy(&v, src, 2);
      value = v;
      break;
    }
    default:
      std::memcpy(&value, src, 4);
  }
}
inline void copy_out(uint8_t* dst, uint32_t value, unsigned size) {
  switch (size) {
    case 1:
      *dst = static_cast<uint8_t>(value);
      break;
    case 2: {
      const uint16_t v = static_cast<uint16_t>(value);
      std::memcpy(dst, &v, 2);
      break;
    }
    default:
      std::memcpy(dst, &value, 4);
  }
}
}  // namespace

CpuModule::CpuModule(sc_core::sc_module_name name, const Clock& clock, const CoreConfig& config,
                     RunStatus& status, CpuRunLimits limits)
    : sc_module(name),
      ibus("ibus"),
      dbus("dbus"),
      m_clock(clock),
      m_status(status),
      m_limits(limits),
      m_core(std::make_unique<Rv32Core>(config, static_cast<MemoryIf&>(*this), m_no_cfu)) {
  ibus.register_invalidate_direct_mem_ptr(this, &CpuModule::invalidate_dmi);
  dbus.register_invalidate_direct_mem_ptr(this, &CpuModule::invalidate_dmi);
  tlm_utils::tlm_quantumkeeper::set_global_quantum(clock.time(limits.quantum_cycles));
  m_quantum.reset();
  SC_HAS_PROCESS(CpuModule);
  SC_THREAD(run_thread);
}

CpuModule::~CpuModule() = default;

void CpuModule::set_cfu(CfuIf* cfu) { m_core->set_cfu(cfu ? *cfu : m_no_cfu); }

void CpuModule::set_program(const ElfImage& image) {
  m_entry = image.entry;
  m_symbols = &image.symbols;
  m_core->set_symbols(m_symbols);
}

std::string CpuModule::location() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "pc 0x%08x", m_core->pc());
  std::string text = buf;
  const std::string symbol = m_symbols ? m_symbols->describe(m_core->pc()) : "";
  if (!symbol.empty()) text += " (" + symbol + ")";
  return text;
}

void CpuModule::sync_to(uint64_t cycle) {
  const sc_core::sc_time target = m_clock.time(cycle);
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (target > now) {
    m_quantum.set(target - now);
    m_quantum.sync();
    ++m_quantum_syncs;
  }
}

void CpuModule::run_thread() {
  m_core->reset(m_entry);
  while (m_status.running()) {
    uint64_t stop = m_core->cycle() + m_limits.quantum_cycles;
    if (m_limits.max_cycles != 0) stop = std::min(stop, m_limits.max_cycles);
    m_core->run(stop);
    if (m_core->halted()) {
      m_status.fail(m_core->halt_message(), m_core->cycle());
      return;
    }
    if (!m_status.running()) return;  // the firmware exited during this quantum
    if (m_limits.max_cycles != 0 && m_core->cycle() >= m_limits.max_cycles) {
      m_status.fail("cycle limit " + std::to_string(m_limits.max_cycles) + " reached at " +
                        location() + " (raise simulation.max_cycles or --max-cycles)",
                    m_core->cycle());
      return;
    }
    if (m_quantum_hook) {
      const std::string stop_reason = m_quantum_hook(*m_core);
      if (!stop_reason.empty()) {
        m_status.fail(stop_reason + " at " + location(), m_core->cycle());
        return;
      }
    }
    sync_to(m_core->cycle());
  }
}

const CpuModule::DmiRegion* CpuModule::dmi_region(
    uint32_t address, tlm_utils::simple_initiator_socket<CpuModule>& socket) {
  for (const auto& r : m_dmi) {
    if (address >= r.start && address <= r.end) return &r;
  }
  for (const auto& r : m_no_dmi) {
    if (address >= r.start && address <= r.end) return nullptr;
  }
  tlm::tlm_generic_payload trans;
  trans.set_address(address);
  trans.set_read();
  tlm::tlm_dmi dmi;
  if (!socket->get_direct_mem_ptr(trans, dmi)) {
    // Remember the refusal for the range the target described (at least this word), so MMIO
    // accesses do not ask again each time.
    uint64_t start = dmi.get_start_address();
    uint64_t end = dmi.get_end_address();
    if (address < start || address > end || end - start > 0xFFFF'FFFF) start = end = address;
    m_no_dmi.push_back({start, end});
    return nullptr;
  }
  auto stall = [&](const sc_core::sc_time& latency) {
    const uint64_t cycles = m_clock.cycles(latency);
    return cycles > 0 ? cycles - 1 : 0;  // the instruction's own cycle covers one
  };
  m_dmi.push_back({dmi.get_start_address(), dmi.get_end_address(), dmi.get_dmi_ptr(),
                   dmi.is_write_allowed(), stall(dmi.get_read_latency()),
                   stall(dmi.get_write_latency())});
  m_last_data = m_last_fetch = nullptr;  // vector may have moved
  return &m_dmi.back();
}

void CpuModule::invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
  m_dmi.erase(std::remove_if(m_dmi.begin(), m_dmi.end(),
                             [&](const DmiRegion& r) { return r.start <= end && start <= r.end; }),
              m_dmi.end());
  m_last_data = m_last_fetch = nullptr;
}

bool CpuModule::bus_access(tlm_utils::simple_initiator_socket<CpuModule>& socket, bool write,
                           uint32_t address, uint8_t* data, unsigned size, uint64_t cycle,
                           uint64_t& stall) {
  // The target must see the CPU's own time: bring SystemC time up to it first.
  sync_to(cycle);
  ++m_mmio_accesses;
  // A member, not a local: when this access ends the run (sim-control EXIT), the thread is
  // never resumed and a local payload would never be destroyed.
  tlm::tlm_generic_payload& trans = m_bus_transaction;
  trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(size);
  trans.set_streaming_width(size);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = m_clock.time(cycle) - sc_core::sc_time_stamp();
  const sc_core::sc_time issued = delay;
  socket->b_transport(trans, delay);
  const uint64_t cycles = m_clock.cycles(delay - issued);
  stall = cycles > 0 ? cycles - 1 : 0;
  if (!m_status.running()) m_core->request_stop();  // e.g. the firmware wrote EXIT
  return trans.is_response_ok();
}

bool CpuModule::fetch_word(uint32_t pc, uint32_t& word) {
  const DmiRegion* r = m_last_fetch;
  if (r == nullptr || pc < r->start || pc + 3 > r->end) {
    r = dmi_region(pc, ibus);
    m_last_fetch = r;
  }
  if (r != nullptr && pc + 3 <= r->end) {
    std::memcpy(&word, r->ptr + (pc - r->start), 4);
    return true;
  }
  // Code outside DMI memory (e.g. a non-DMI ROM): a debug read gets the word without timing.
  tlm::tlm_generic_payload trans;
  trans.set_read();
  trans.set_address(pc);
  trans.set_data_ptr(reinterpret_cast<unsigned char*>(&word));
  trans.set_data_length(4);
  trans.set_streaming_width(4);
  return ibus->transport_dbg(trans) == 4;
}

uint64_t CpuModule::fetch_stall(uint32_t pc, uint64_t cycle) {
  const DmiRegion* r = m_last_fetch;
  if (r == nullptr || pc < r->start || pc > r->end) {
    r = dmi_region(pc, ibus);
    m_last_fetch = r;
  }
  if (r != nullptr) return r->read_stall;
  uint32_t word = 0;
  uint64_t stall = 0;
  bus_access(ibus, false, pc, reinterpret_cast<uint8_t*>(&word), 4, cycle, stall);
  return stall;
}

bool CpuModule::load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
                     uint64_t& stall) {
  const DmiRegion* r = m_last_data;
  if (r == nullptr || addr < r->start || addr + size - 1 > r->end) {
    r = dmi_region(addr, dbus);
    if (r != nullptr) m_last_data = r;
  }
  value = 0;
  if (r != nullptr && addr + size - 1 <= r->end) {
    copy_in(value, r->ptr + (addr - r->start), size);
    stall = r->read_stall;
    return true;
  }
  return bus_access(dbus, false, addr, reinterpret_cast<uint8_t*>(&value), size, cycle, stall);
}

bool CpuModule::store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
                      uint64_t& stall) {
  const DmiRegion* r = m_last_data;
  if (r == nullptr || addr < r->start || addr + size - 1 > r->end) {
    r = dmi_region(addr, dbus);
    if (r != nullptr) m_last_data = r;
  }
  if (r != nullptr && r->writable && addr + size - 1 <= r->end) {
    copy_out(r->ptr + (addr - r->start), value, size);
    stall = r->write_stall;
    return true;
  }
  return bus_access(dbus, true, addr, reinterpret_cast<uint8_t*>(&value), size, cycle, stall);
}

void CpuModule::wait_for_interrupt(uint64_t cycle) {
  // No interrupt sources are modelled: wfi synchronises (so polled accelerators progress)
  // and then behaves as a nop, which the ISA allows.
  sync_to(cycle);
}

void CpuModule::report(Stats& stats) const {
  const Rv32Core& c = *m_core;
  const uint64_t cycles = c.cycle();
  stats.set("cpu.cycles", cycles, "Cycles simulated by the CPU (its mcycle without writes)");
  stats.set("cpu.instructions", c.instret(), "Instructions retired");
  stats.set_real("cpu.cpi", c.instret() ? double(cycles) / double(c.instret()) : 0.0,
                 "Cycles per instruction");
  const StallCounters& s = c.stalls();
  stats.set("cpu.stall.branch", s.branch, "Cycles lost to taken branches, mispredictions, jumps");
  stats.set("cpu.stall.load_use", s.load_use, "Cycles waiting for a load result");
  stats.set("cpu.stall.mul_div", s.mul_div, "Cycles waiting for multiply results and divides");
  stats.set("cpu.stall.fetch", s.fetch, "Cycles waiting for instruction fetch");
  stats.set("cpu.stall.data", s.data, "Cycles waiting for data accesses");
  stats.set("cpu.stall.cfu", s.cfu, "Cycles waiting for the CFU (accept, response, result)");
  stats.set("cpu.stall.csr", s.csr, "Cycles of CSR serialisation");
  stats.set("cpu.stall.trap", s.trap, "Cycles entering and leaving trap handlers");
  stats.set("cpu.branches.conditional", c.branches().conditional, "Conditional branches");
  stats.set("cpu.branches.taken", c.branches().taken, "Conditional branches taken");
  stats.set("cpu.branches.mispredicted", c.branches().mispredicted, "Mispredicted branches");
  stats.set("cpu.branches.jumps", c.branches().jumps, "jal and jalr");
  stats.set("cpu.traps", c.traps_taken(), "Traps taken into a firmware handler");
  stats.set("cpu.cfu_ops", c.cfu_ops(), "custom-0 instructions executed by the CFU");
  stats.set("cpu.mmio_accesses", m_mmio_accesses, "Accesses that went through b_transport");
  const auto& fc = c.function_cycles();
  const auto& fi = c.function_instret();
  for (size_t i = 0; i < fc.size(); ++i) {
    if (fi[i] == 0 && fc[i] == 0) continue;
    const std::string name = m_symbols ? m_symbols->function(i).name : "(unknown)";
    stats.set("cpu.function." + name + ".cycles", fc[i], "Cycles spent in this function");
    stats.set("cpu.function." + name + ".instructions", fi[i], "Instructions retired in it");
  }
}

}  // namespace accsim::cpu
