#include "csr_file.h"

namespace accsim::cpu {

uint64_t CsrFile::perf_counter(int n, uint64_t cycle) const {
  const PerfCounter& p = m_perf[n];
  return p.enabled ? p.base + (cycle - p.enabled_since) : p.base;
}

bool CsrFile::read(uint16_t number, uint64_t cycle, uint64_t instret, uint32_t& value) const {
  const uint64_t mcycle = cycle + m_cycle_offset;
  const uint64_t minstret = instret + m_instret_offset;
  switch (number) {
    case csr::kMstatus:
      value = mstatus;
      return true;
    case csr::kMisa:
      value = csr::kMisaRv32im;
      return true;
    case csr::kMie:
      value = mie;
      return true;
    case csr::kMtvec:
      value = mtvec;
      return true;
    case csr::kMscratch:
      value = mscratch;
      return true;
    case csr::kMepc:
      value = mepc;
      return true;
    case csr::kMcause:
      value = mcause;
      return true;
    case csr::kMtval:
      value = mtval;
      return true;
    case csr::kMip:
      value = 0;
      return true;  // no interrupt sources are modelled
    case csr::kMcycle:
    case csr::kCycle:
      value = static_cast<uint32_t>(mcycle);
      return true;
    case csr::kMcycleh:
    case csr::kCycleh:
      value = static_cast<uint32_t>(mcycle >> 32);
      return true;
    case csr::kMinstret:
    case csr::kInstret:
      value = static_cast<uint32_t>(minstret);
      return true;
    case csr::kMinstreth:
    case csr::kInstreth:
      value = static_cast<uint32_t>(minstret >> 32);
      return true;
    case csr::kMvendorid:
    case csr::kMarchid:
    case csr::kMimpid:
    case csr::kMhartid:
      value = 0;
      return true;
    default:
      break;
  }
  if (number >= csr::kPerfCounterBase && number < csr::kPerfCounterBase + 2 * csr::kPerfCounters) {
    const int n = (number - csr::kPerfCounterBase) / 2;
    if ((number - csr::kPerfCounterBase) % 2 == 0) {
      value = static_cast<uint32_t>(perf_counter(n, cycle));
    } else {
      value = m_perf[n].enabled ? 1 : 0;
    }
    return true;
  }
  return false;
}

bool CsrFile::write(uint16_t number, uint32_t value, uint64_t cycle, uint64_t instret) {
  if (is_read_only(number)) return false;
  switch (number) {
    case csr::kMstatus:
      // Only MIE and MPIE are writable; MPP stays M (the only mode).
      mstatus = (value & (csr::kMstatusMie | csr::kMstatusMpie)) | csr::kMstatusMpp;
      return true;
    case csr::kMisa:
      return true;  // WARL: writes ignored
    case csr::kMie:
      mie = value;
      return true;
    case csr::kMtvec:
      mtvec = value & ~3u;  // direct mode only
      mtvec_written = true;
      return true;
    case csr::kMscratch:
      mscratch = value;
      return true;
    case csr::kMepc:
      mepc = value & ~3u;
      return true;
    case csr::kMcause:
      mcause = value;
      return true;
    case csr::kMtval:
      mtval = value;
      return true;
    case csr::kMip:
      return true;
    case csr::kMcycle: {
      const uint64_t now = cycle + m_cycle_offset;
      m_cycle_offset = ((now & ~uint64_t{0xFFFFFFFF}) | value) - cycle;
      return true;
    }
    case csr::kMcycleh: {
      const uint64_t now = cycle + m_cycle_offset;
      m_cycle_offset = ((uint64_t{value} << 32) | (now & 0xFFFFFFFF)) - cycle;
      return true;
    }
    case csr::kMinstret: {
      const uint64_t now = instret + m_instret_offset;
      m_instret_offset = ((now & ~uint64_t{0xFFFFFFFF}) | value) - instret;
      return true;
    }
    case csr::kMinstreth: {
      const uint64_t now = instret + m_instret_offset;
      m_instret_offset = ((uint64_t{value} << 32) | (now & 0xFFFFFFFF)) - instret;
      return true;
    }
    default:
      break;
  }
  if (number >= csr::kPerfCounterBase && number < csr::kPerfCounterBase + 2 * csr::kPerfCounters) {
    const int n = (number - csr::kPerfCounterBase) / 2;
    PerfCounter& p = m_perf[n];
    if ((number - csr::kPerfCounterBase) % 2 == 0) {
      p.base = value;  // 32-bit counters as in CFU-Playground
      p.enabled_since = cycle;
    } else {
      const bool enable = value & 1;
      if (enable && !p.enabled) p.enabled_since = cycle;
      if (!enable && p.enabled) p.base += cycle - p.enabled_since;
      p.enabled = enable;
    }
    return true;
  }
  return false;
}

}  // namespace accsim::cpu
