#include "wishbone_burst_to_tlm.h"

#include <algorithm>
#include <cstdio>

namespace accsim::cpu::rtl {

namespace {

constexpr uint8_t kCtiIncrementing = 0b010;
constexpr uint8_t kBteLinear = 0b00;

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%08llx", static_cast<unsigned long long>(value));  // NOLINT
  return text;
}

uint32_t word_at(const uint8_t* bytes) {
  return uint32_t{bytes[0]} | uint32_t{bytes[1]} << 8 | uint32_t{bytes[2]} << 16 |
         uint32_t{bytes[3]} << 24;
}

}  // namespace

WishboneBurstToTlm::WishboneBurstToTlm(std::string name, Transport transport, unsigned burst_bytes,
                                       Arbitrate arbitrate)
    : m_name(std::move(name)),
      m_transport(std::move(transport)),
      m_burst_bytes(burst_bytes),
      m_arbitrate(std::move(arbitrate)) {}

void WishboneBurstToTlm::drive(uint64_t cycle, WishboneMasterPins& pins) const {
  const bool answer = m_pending && m_ack_cycle == cycle;
  pins.ack = answer;
  pins.err = answer && !m_ok;
  pins.dat_r = !answer ? 0 : m_ok ? m_data : ~uint32_t{0};
}

void WishboneBurstToTlm::note_error(const std::string& what) {
  ++m_counters.errors;
  if (m_first_error.empty()) m_first_error = m_name + " " + what;
}

bool WishboneBurstToTlm::sample(uint64_t cycle, WishboneMasterPins& pins) {
  if (!pins.cyc && (m_granted || m_asking)) {
    if (m_arbitrate) m_arbitrate(false, cycle);
    m_granted = m_asking = false;
  }
  if (!(pins.cyc && pins.stb)) {
    // A dropped request is abandoned, and so is the rest of its burst.
    m_pending = false;
    m_in_burst = false;
    return false;
  }
  if (m_pending) return false;  // the beat in progress: held until its ack
  if (!m_granted) {
    if (m_arbitrate && !m_arbitrate(true, cycle)) {
      m_asking = true;
      if (m_last_refused != cycle) {  // sample() may run more than once in a cycle
        m_last_refused = cycle;
        ++m_counters.grant_wait_cycles;
        ++m_counters.wait_cycles;
      }
      return false;
    }
    m_granted = true;
    m_asking = false;
  }
  const uint64_t address = uint64_t{pins.adr} << 2;
  const bool burst = !pins.we && pins.cti == kCtiIncrementing && pins.bte == kBteLinear;
  const bool in_block = m_in_burst && !pins.we && address >= m_burst_address &&
                        address < m_burst_address + m_burst_data.size();
  if (!in_block) m_in_burst = false;
  if (!in_block && burst) start_burst(cycle, address);
  if (m_in_burst) {
    const uint64_t offset = address - m_burst_address;
    m_ack_cycle = std::max(cycle, m_burst_first_ack + offset / 4);
    m_ok = m_burst_ok;
    m_data = word_at(&m_burst_data[offset]);
    if (offset + 4 >= m_burst_data.size()) m_in_burst = false;  // the block's last word
  } else {
    single(cycle, pins);
  }
  m_pending = true;
  m_counters.wait_cycles += m_ack_cycle - cycle;
  if (m_ack_cycle != cycle) return false;
  drive(cycle, pins);  // a zero-wait answer: ack in this very cycle
  return true;
}

void WishboneBurstToTlm::start_burst(uint64_t cycle, uint64_t address) {
  const uint64_t block = m_burst_bytes == 0 ? 4 : m_burst_bytes;
  const uint64_t length = block - address % block;
  m_burst_address = address;
  m_burst_data.assign(length, 0);
  uint64_t cycles = 0;
  std::string error;
  m_burst_ok = m_transport(false, address, m_burst_data.data(), static_cast<unsigned>(length),
                           cycle, cycles, error);
  const uint64_t words = length / 4;
  m_burst_first_ack = cycle + (cycles > words ? cycles - words : 0);
  m_in_burst = true;
  ++m_counters.bursts;
  m_counters.burst_bytes += length;
  if (!m_burst_ok) {
    note_error("burst read of " + std::to_string(length) + " bytes at " + hex(address) +
               (error.empty() ? "" : ": " + error));
  }
}

void WishboneBurstToTlm::single(uint64_t cycle, const WishboneMasterPins& pins) {
  const uint64_t word = uint64_t{pins.adr} << 2;
  unsigned first = 0, last = 3;
  const uint8_t sel = pins.sel & 0xF;
  m_data = 0;
  m_ok = true;
  m_ack_cycle = cycle;
  if (sel == 0) return;  // nothing selected: nothing moves
  while (!(sel & (1u << first))) ++first;
  while (!(sel & (1u << last))) --last;
  const unsigned length = last - first + 1;
  uint8_t data[4] = {};
  for (unsigned lane = first; lane <= last; ++lane) {
    data[lane - first] = static_cast<uint8_t>(pins.dat_w >> (8 * lane));
  }
  uint64_t cycles = 0;
  std::string error;
  // VexRiscv selects one byte, an aligned half word or the word: a gap in sel is not its.
  const bool contiguous = (unsigned{sel} >> first) == (1u << length) - 1;
  m_ok = contiguous && m_transport(pins.we, word + first, data, length, cycle, cycles, error);
  m_ack_cycle = cycle + (cycles > 0 ? cycles - 1 : 0);
  if (pins.we) {
    ++m_counters.writes;
    m_counters.write_bytes += length;
  } else {
    ++m_counters.reads;
    for (unsigned lane = first; lane <= last; ++lane) {
      m_data |= uint32_t{data[lane - first]} << (8 * lane);
    }
  }
  if (!m_ok) {
    note_error(std::string(pins.we ? "write" : "read") + " of " + std::to_string(length) +
               " bytes at " + hex(word + first) +
               (!contiguous     ? ": byte select " + std::to_string(sel) + " has a gap"
                : error.empty() ? ""
                                : ": " + error));
  }
}

void WishboneBurstToTlm::clocked(uint64_t cycle) {
  if (m_pending && m_ack_cycle == cycle) {
    m_pending = false;
    ++m_counters.beats;
  }
}

}  // namespace accsim::cpu::rtl
