#include "cpu_module.h"

#include <cstring>

#include "stats.h"

namespace accsim::cpu {

CpuModule::CpuModule(sc_core::sc_module_name name, const Clock& clock, const CoreConfig& config,
                     const cache::CachesConfig& caches, RunStatus& status, CpuRunLimits limits,
                     const MemoryTraceOptions& traces)
    : sc_module(name),
      ibus("ibus"),
      dbus("dbus"),
      m_clock(clock),
      m_status(status),
      m_limits(limits),
      m_memory(std::make_unique<CachedMemory>(static_cast<BusPort&>(*this), caches, traces)),
      m_core(std::make_unique<Rv32Core>(config, *m_memory, m_no_cfu)),
      m_error_reason(new ErrorReason) {
  m_transaction.set_extension(m_error_reason);
  m_memory->set_context(m_core.get(), nullptr);
  ibus.register_invalidate_direct_mem_ptr(this, &CpuModule::invalidate_dmi);
  dbus.register_invalidate_direct_mem_ptr(this, &CpuModule::invalidate_dmi);
  tlm_utils::tlm_quantumkeeper::set_global_quantum(clock.time(limits.quantum_cycles));
  m_quantum.reset();
  SC_HAS_PROCESS(CpuModule);
  SC_THREAD(run_thread);
}

CpuModule::~CpuModule() = default;

void CpuModule::set_cfu(CfuIf* cfu) {
  m_cfu = cfu;
  m_core->set_cfu(cfu ? *cfu : m_no_cfu);
  if (m_rtl) m_rtl->set_cfu(cfu ? *cfu : m_no_cfu);
}

void CpuModule::set_rtl(std::unique_ptr<RtlCpu> rtl) {
  m_rtl = std::move(rtl);
  m_rtl->set_cfu(m_cfu ? *m_cfu : m_no_cfu);
  m_rtl->set_symbols(m_symbols);
}

void CpuModule::set_program(const ElfImage& image) {
  m_entry = image.entry;
  m_symbols = &image.symbols;
  m_core->set_symbols(m_symbols);
  if (m_rtl) m_rtl->set_symbols(m_symbols);
  m_memory->set_context(m_core.get(), m_symbols);
}

std::string CpuModule::location() const {
  if (m_rtl) return "cycle " + std::to_string(m_rtl->cycle()) + " (the RTL CPU)";
  char buf[32];
  std::snprintf(buf, sizeof buf, "pc 0x%08x", m_core->pc());
  std::string text = buf;
  const std::string symbol = m_symbols ? m_symbols->describe(m_core->pc()) : "";
  if (!symbol.empty()) text += " (" + symbol + ")";
  return text;
}

void CpuModule::synchronise(uint64_t cycle) {
  const sc_core::sc_time target = m_clock.time(cycle);
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (target > now) {
    m_core->settle_profile();  // the run may end during the wait: the thread never returns
    m_quantum.set(target - now);
    m_quantum.sync();
  }
}

void CpuModule::run_thread() {
  if (m_rtl) {
    run_rtl();
    return;
  }
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
      // The instruction that crossed the limit completes, so the run may stop a few cycles
      // past it: the message says where it really stopped (run.end_cycle, cpu.cycles).
      m_status.fail("cycle limit " + std::to_string(m_limits.max_cycles) +
                        " reached: stopped at cycle " + std::to_string(m_core->cycle()) + ", " +
                        location() + " (raise simulation.max_cycles or --max-cycles)",
                    m_core->cycle());
      return;
    }
    if (m_quantum_hook) {
      const std::string stop_reason = m_quantum_hook(m_core->cycle(), m_core->instret());
      if (!stop_reason.empty()) {
        m_status.fail(stop_reason + " at " + location(), m_core->cycle());
        return;
      }
    }
    synchronise(m_core->cycle());
  }
}

// run_thread's loop for the RTL CPU: the same quanta, limits and hook.
void CpuModule::run_rtl() {
  m_rtl->reset(m_entry);
  while (m_status.running()) {
    uint64_t stop = m_rtl->cycle() + m_limits.quantum_cycles;
    if (m_limits.max_cycles != 0) stop = std::min(stop, m_limits.max_cycles);
    m_rtl->run(stop);
    if (!m_rtl->failure().empty()) {
      m_status.fail(m_rtl->failure() + " at " + location(), m_rtl->cycle());
      return;
    }
    if (!m_status.running()) return;  // the firmware exited during this quantum
    if (m_limits.max_cycles != 0 && m_rtl->cycle() >= m_limits.max_cycles) {
      m_status.fail("cycle limit " + std::to_string(m_limits.max_cycles) + " reached at " +
                        location() + " (raise simulation.max_cycles or --max-cycles)",
                    m_rtl->cycle());
      return;
    }
    if (m_quantum_hook) {
      const std::string stop_reason = m_quantum_hook(m_rtl->cycle(), instret());
      if (!stop_reason.empty()) {
        m_status.fail(stop_reason + " at " + location(), m_rtl->cycle());
        return;
      }
    }
    synchronise(m_rtl->cycle());
  }
}

bool CpuModule::dmi(BusSide side, bool write, uint64_t address, DmiGrant& grant,
                    uint64_t& refused_start, uint64_t& refused_end) {
  tlm::tlm_generic_payload trans;
  trans.set_address(address);
  write ? trans.set_write() : trans.set_read();
  tlm::tlm_dmi dmi;
  if (!socket(side)->get_direct_mem_ptr(trans, dmi)) {
    refused_start = dmi.get_start_address();
    refused_end = dmi.get_end_address();
    return false;
  }
  grant.start = dmi.get_start_address();
  grant.end = dmi.get_end_address();
  grant.ptr = dmi.get_dmi_ptr();
  grant.writable = dmi.is_write_allowed();
  grant.read_latency_cycles = m_clock.cycles(dmi.get_read_latency());
  grant.write_latency_cycles = m_clock.cycles(dmi.get_write_latency());
  return true;
}

void CpuModule::invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
  m_memory->invalidate_dmi(start, end);
}

bool CpuModule::transact(BusSide side, bool write, uint64_t address, uint8_t* data, unsigned length,
                         uint64_t cycle, uint64_t& cycles) {
  ++m_bus_transactions;
  tlm::tlm_generic_payload& trans = m_transaction;
  trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(length);
  trans.set_streaming_width(length);
  trans.set_byte_enable_ptr(nullptr);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  m_error_reason->text.clear();
  // The transaction starts at the CPU's local time, which may be ahead of SystemC time
  // (temporal decoupling): pass that offset as the annotated delay.
  sc_core::sc_time delay = m_clock.delay_until(cycle, sc_core::sc_time_stamp());
  const sc_core::sc_time issued = delay;
  socket(side)->b_transport(trans, delay);
  cycles = m_clock.cycles(delay - issued);
  if (!m_status.running()) m_core->request_stop();  // e.g. the firmware wrote EXIT
  return trans.is_response_ok();
}

bool CpuModule::transact_synchronised(BusSide side, bool write, uint64_t address, uint8_t* data,
                                      unsigned length, uint64_t cycle, uint64_t& cycles) {
  synchronise(cycle);
  return transact(side, write, address, data, length, cycle, cycles);
}

bool CpuModule::debug_read(uint64_t address, uint8_t* data, unsigned length) {
  tlm::tlm_generic_payload trans;
  trans.set_read();
  trans.set_address(address);
  trans.set_data_ptr(data);
  trans.set_data_length(length);
  trans.set_streaming_width(length);
  return ibus->transport_dbg(trans) == length;
}

void CpuModule::report(Stats& stats) const {
  if (m_rtl) {  // the model's own figures (stalls, branches, functions) are absent, not zero
    m_rtl->report(stats);
    return;
  }
  const Rv32Core& c = *m_core;
  const uint64_t cycles = c.cycle();
  stats.set("cpu.cycles", cycles, "Cycles simulated by the CPU (its mcycle without writes)");
  stats.set("cpu.instructions", c.instret(), "Instructions retired");
  stats.set_real("cpu.cpi", c.instret() ? double(cycles) / double(c.instret()) : 0.0,
                 "Cycles per instruction");
  for (const StallKind& kind : kStallKinds) {
    stats.set(std::string("cpu.stall.") + kind.name, c.stalls().*kind.counter, kind.description);
  }
  stats.set("cpu.branches.conditional", c.branches().conditional, "Conditional branches");
  stats.set("cpu.branches.taken", c.branches().taken, "Conditional branches taken");
  stats.set("cpu.branches.mispredicted", c.branches().mispredicted, "Mispredicted branches");
  stats.set("cpu.branches.jumps", c.branches().jumps, "jal and jalr");
  stats.set("cpu.traps", c.traps_taken(), "Traps taken into a firmware handler");
  stats.set("cpu.cfu_ops", c.cfu_ops(), "custom-0 instructions executed by the CFU");
  stats.set("cpu.bus_transactions", m_bus_transactions + timing_only_accesses(),
            "Timed bus transactions (refills, write-throughs, write-backs, MMIO)");
  const auto& fc = c.function_cycles();
  const auto& fi = c.function_instret();
  for (size_t i = 0; i < fc.size(); ++i) {
    if (fi[i] == 0 && fc[i] == 0) continue;
    const std::string name = m_symbols ? m_symbols->function(i).name : "(unknown)";
    stats.set("cpu.function." + name + ".cycles", fc[i], "Cycles spent in this function");
    stats.set("cpu.function." + name + ".instructions", fi[i], "Instructions retired in it");
  }
  m_memory->report(stats);
}

}  // namespace accsim::cpu
