#include "matvec_engine.h"

#include <algorithm>

#include "matvec_regs.h"

namespace matvec {

namespace {

constexpr unsigned kCtrlWord = MATVEC_CTRL / 4;
constexpr unsigned kIdWord = MATVEC_ID / 4;
constexpr unsigned kCyclesWord = MATVEC_CYCLES / 4;

uint32_t merge(uint32_t old, uint32_t data, uint8_t sel) {
  uint32_t mask = 0;
  for (unsigned lane = 0; lane < 4; ++lane) {
    if (sel & (1u << lane)) mask |= 0xFFu << (8 * lane);
  }
  return (old & ~mask) | (data & mask);
}

int8_t lane(uint32_t word, unsigned i) { return static_cast<int8_t>(word >> (8 * i)); }

// TFLite's SaturatingRoundingDoublingHighMul and RoundingDivideByPOT, in wrapping int32.
int32_t doubling_high_mul(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  const int64_t product = int64_t{a} * int64_t{b};
  const int64_t nudge = product >= 0 ? (int64_t{1} << 30) : (1 - (int64_t{1} << 30));
  return static_cast<int32_t>((product + nudge) / (int64_t{1} << 31));
}

int32_t divide_by_pot(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((uint32_t{1} << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

}  // namespace

MatvecEngine::MatvecEngine(uint32_t max_cols, DmaPort& dma)
    : m_max_cols(max_cols), m_dma(dma), m_registers(MATVEC_REGISTERS, 0), m_x(max_cols / 4, 0) {}

int8_t MatvecEngine::requantize(int32_t acc, int32_t mult, int32_t shift, int32_t y_offset,
                                int32_t act_min, int32_t act_max) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(acc) << left);
  const int32_t scaled = divide_by_pot(doubling_high_mul(shifted, mult), right);
  const int32_t value =
      static_cast<int32_t>(static_cast<uint32_t>(scaled) + static_cast<uint32_t>(y_offset));
  return static_cast<int8_t>(std::clamp(value, act_min, act_max));
}

uint32_t MatvecEngine::read_register(unsigned word, uint64_t cycle) const {
  if (word == kIdWord) return MATVEC_ID_VALUE;
  if (word == kCtrlWord) {
    if (!m_started) return 0;
    if (busy(cycle)) return MATVEC_BUSY;
    return MATVEC_DONE | (m_error ? MATVEC_ERROR : 0);
  }
  if (word == kCyclesWord) {
    if (!m_started) return 0;
    // Counted at each clock edge while BUSY: the edges after the start's up to cycle - 1.
    return static_cast<uint32_t>(std::min(cycle - 1, m_done_cycle) - m_start_cycle);
  }
  return m_registers[word];
}

RegisterResult MatvecEngine::access(uint32_t offset, bool write, uint32_t data, uint8_t sel,
                                    uint64_t cycle) {
  advance(cycle);
  RegisterResult result;
  result.last_cycle = cycle + 1;
  const unsigned word = offset / 4;
  if (word >= MATVEC_REGISTERS || (write && (word == kIdWord || word == kCyclesWord))) {
    result.ok = false;
  } else if (!write) {
    result.data = read_register(word, cycle);
  } else if (word == kCtrlWord) {
    if ((sel & 1) && (data & MATVEC_START) && !busy(cycle)) start(cycle);
  } else {
    m_registers[word] = merge(m_registers[word], data, sel);
  }
  advance(cycle + 2);
  return result;
}

void MatvecEngine::start(uint64_t cycle) {
  const auto reg = [this](unsigned offset) { return m_registers[offset / 4]; };
  const auto sreg = [&reg](unsigned offset) { return static_cast<int32_t>(reg(offset)); };
  m_job = Job{reg(MATVEC_W_ADDR), reg(MATVEC_X_ADDR), reg(MATVEC_B_ADDR),    reg(MATVEC_Y_ADDR),
              reg(MATVEC_ROWS),   reg(MATVEC_COLS),   sreg(MATVEC_X_OFFSET), sreg(MATVEC_Y_OFFSET),
              sreg(MATVEC_MULT),  sreg(MATVEC_SHIFT), sreg(MATVEC_ACT_MIN),  sreg(MATVEC_ACT_MAX)};
  m_started = true;
  m_start_cycle = cycle;
  m_done_cycle = kNever;
  m_error = false;
  const bool aligned = ((m_job.w | m_job.x | m_job.b | m_job.y) & 3) == 0;
  const bool valid = aligned && m_job.rows != 0 && m_job.cols != 0 && m_job.cols % 4 == 0 &&
                     m_job.cols <= m_max_cols && m_job.shift >= -31 && m_job.shift <= 31 &&
                     m_job.act_min >= -128 && m_job.act_max <= 127 &&
                     m_job.act_min <= m_job.act_max;
  if (!valid) {
    finish(cycle, true);
    return;
  }
  m_active = true;
  m_next = cycle + 1;
  m_phase = Phase::kLoadX;
  m_row = m_word = 0;
  m_pack = 0;
}

void MatvecEngine::finish(uint64_t cycle, bool error) {
  m_active = false;
  m_error = error;
  m_done_cycle = cycle;
  ++m_counters.jobs;
  if (error) ++m_counters.errors;
  m_counters.busy_cycles += cycle - m_start_cycle;
}

void MatvecEngine::advance(uint64_t until) {
  while (m_active && m_next < until) step();
}

void MatvecEngine::step() {
  const uint64_t cycle = m_next;
  const uint32_t words = m_job.cols / 4;
  DmaResult r;
  if (m_phase == Phase::kWrite) {
    const unsigned last_lane = m_row % 4;
    const uint8_t sel = static_cast<uint8_t>((1u << (last_lane + 1)) - 1);
    r = m_dma.write(m_job.y + 4 * (m_row / 4), m_pack, sel, cycle);
    ++m_counters.dma_writes;
    if (r.ok) m_counters.dma_bytes += last_lane + 1;
  } else {
    const uint32_t address = m_phase == Phase::kLoadX  ? m_job.x + 4 * m_word
                             : m_phase == Phase::kBias ? m_job.b + 4 * m_row
                                                       : m_job.w + m_row * m_job.cols + 4 * m_word;
    r = m_dma.read(address, cycle);
    ++m_counters.dma_reads;
    if (r.ok) m_counters.dma_bytes += 4;
  }
  const uint64_t last = std::max(cycle, r.last_cycle);
  if (!r.ok) {
    finish(last, true);
    return;
  }
  m_next = last + 1;
  switch (m_phase) {
    case Phase::kLoadX:
      m_x[m_word] = r.data;
      if (++m_word == words) {
        m_word = 0;
        m_phase = Phase::kBias;
      }
      break;
    case Phase::kBias:
      m_acc = static_cast<int32_t>(r.data);
      m_phase = Phase::kWeights;
      break;
    case Phase::kWeights: {
      uint32_t acc = static_cast<uint32_t>(m_acc);
      for (unsigned i = 0; i < 4; ++i) {
        const uint32_t x =
            static_cast<uint32_t>(lane(m_x[m_word], i)) + static_cast<uint32_t>(m_job.x_offset);
        acc += static_cast<uint32_t>(lane(r.data, i)) * x;
      }
      m_acc = static_cast<int32_t>(acc);
      m_counters.macs += 4;
      if (++m_word < words) break;
      // The row is complete: its output is requantised in the next cycle.
      m_word = 0;
      ++m_next;
      const int8_t y =
          requantize(m_acc, m_job.mult, m_job.shift, m_job.y_offset, m_job.act_min, m_job.act_max);
      m_pack |= uint32_t{static_cast<uint8_t>(y)} << (8 * (m_row % 4));
      if (m_row % 4 == 3 || m_row + 1 == m_job.rows) {
        m_phase = Phase::kWrite;
      } else {
        ++m_row;
        m_phase = Phase::kBias;
      }
      break;
    }
    case Phase::kWrite:
      m_pack = 0;
      if (m_row + 1 == m_job.rows) {
        finish(last, false);
      } else {
        ++m_row;
        m_phase = Phase::kBias;
      }
      break;
  }
}

}  // namespace matvec
