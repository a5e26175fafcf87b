#include "pipeline_timing.h"

#include <algorithm>

namespace accsim::cpu {

PipelineTiming::PipelineTiming(const CoreTimingParams& params)
    : m_params(params),
      m_predictor(params),
      m_jal_penalty(m_predictor.predicts_jal() ? params.taken_penalty : params.mispredict_penalty),
      m_divide_extra(params.divide_cycles > 1 ? params.divide_cycles - 1 : 0) {}

void PipelineTiming::reset() {
  m_cycle = 0;
  m_ready.fill(0);
  m_store_hold = {0, 0};
  m_branch_penalty = 0;
  m_cfu_since_csr = false;
  m_bubbles = 0;
  m_bubbles_end = 0;
  m_stalls = {};
  m_branches = {};
  m_retired = {};
}

uint64_t PipelineTiming::apply_store_hold(uint64_t cycle) {
  m_stalls.data += m_store_hold[0] - cycle;  // store_hold() found it later than `cycle`
  cycle = m_store_hold[0];
  move_store_hold_up();
  return cycle;
}

uint64_t PipelineTiming::operand_stall(uint8_t rs1, uint8_t rs2, uint64_t ready, uint64_t cycle) {
  const uint32_t hazard = static_cast<uint32_t>(ready - cycle);
  // Attribute the wait to what produced the late register.
  const uint8_t late = m_ready[rs1] >= m_ready[rs2] ? rs1 : rs2;
  switch (m_producer[late]) {
    case Producer::kLoad:
      m_stalls.load_use += hazard;
      break;
    case Producer::kShift:
      m_stalls.shift += hazard;
      break;
    case Producer::kMultiply:
      m_stalls.mul_div += hazard;
      break;
    case Producer::kCfu:
      m_stalls.cfu += hazard;
      break;
  }
  return cycle + hazard;
}

void PipelineTiming::csr_access() {
  // A CSR instruction accesses its register csr_cycles - 1 cycles after the previous
  // instruction finished executing; the bubbles of a taken branch or jump right before it
  // overlap with that wait (measured: 100 mispredicted bne read 301, not 303).
  uint64_t previous_end = m_cycle;
  if (m_cycle == m_bubbles_end) previous_end -= m_bubbles;
  const uint64_t wait_until =
      previous_end + (m_params.csr_cycles > 1 ? m_params.csr_cycles - 1 : 0);
  if (wait_until > m_cycle) {
    m_stalls.csr += wait_until - m_cycle;
    m_cycle = wait_until;
  }
  if (m_cfu_since_csr) {
    // Measured on VexRiscv: the first CSR access after custom-0 ops comes cfu_csr_drain
    // cycles later still (the CFU response path drains first), whatever the CFU's latency.
    m_cfu_since_csr = false;
    m_cycle += m_params.cfu_csr_drain;
    m_stalls.cfu += m_params.cfu_csr_drain;
  }
}

void PipelineTiming::cfu_answered(uint64_t accept_cycle, uint64_t response_cycle, uint8_t rd) {
  m_cfu_since_csr = true;
  // The next instruction issues once the CFU has accepted the command and, as the response
  // is taken in the Memory stage, not before the response; dependents wait one more cycle.
  const uint64_t next = std::max(accept_cycle + 1, response_cycle) + m_params.cfu_issue_cycles;
  const uint64_t extra = next > m_cycle + 1 ? next - (m_cycle + 1) : 0;
  m_stalls.cfu += extra;
  m_cycle += extra;
  if (rd != 0) {
    m_ready[rd] = std::max<uint64_t>(response_cycle + 1, next);
    m_producer[rd] = Producer::kCfu;
  }
}

void PipelineTiming::cfu_gave_up(uint64_t response_cycle) {
  // A CFU that timed out kept the CPU waiting until then: the run ends there, not at issue.
  if (response_cycle > m_cycle) {
    m_stalls.cfu += response_cycle - m_cycle;
    m_cycle = response_cycle;
  }
}

}  // namespace accsim::cpu
