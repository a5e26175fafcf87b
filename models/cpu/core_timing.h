// Timing parameters of the VexRiscv-like in-order pipeline, and its branch predictor. Every
// number comes from the "cpu.timing" section of the JSON architecture; docs/timing.md gives
// each default and the measurement it reproduces (docs/reference/vexriscv-measured.md).
#pragma once

#include <cstdint>
#include <vector>

namespace accsim::cpu {

enum class BranchPrediction { kNone, kStatic, kDynamic };

struct CoreTimingParams {
  BranchPrediction prediction = BranchPrediction::kStatic;
  uint32_t taken_penalty = 1;       // correctly predicted taken branch, and jal
  uint32_t mispredict_penalty = 2;  // any mispredicted conditional branch
  uint32_t jalr_penalty = 2;        // indirect jumps are never predicted
  uint32_t bht_entries = 64;        // dynamic prediction: 2-bit counters, indexed by pc
  uint32_t load_use_stall = 2;      // load result used by the next instruction
  uint32_t mul_use_stall = 2;       // mul result used by the next instruction
  uint32_t shift_use_stall = 1;     // shift result used by the next instruction
  uint32_t divide_cycles = 34;      // div/rem occupy the pipeline this long
  uint32_t csr_cycles = 3;          // CSR instructions serialise the pipeline
  uint32_t trap_cycles = 4;         // entering a trap handler or mret (pipeline flush)
  uint32_t cfu_issue_cycles = 0;    // extra cycles on every custom-0 instruction
  uint32_t cfu_csr_drain = 2;       // a CSR access after custom-0 ops waits for the CFU path
};

// Predicts conditional branches. Static: backward taken, forward not taken. Dynamic: a table of
// 2-bit saturating counters indexed by pc bits. None: always not taken.
class BranchPredictor {
 public:
  explicit BranchPredictor(const CoreTimingParams& params)
      : m_mode(params.prediction), m_counters(params.bht_entries ? params.bht_entries : 1, 1) {
    m_mask = static_cast<uint32_t>(m_counters.size() - 1);
  }

  // Returns the prediction and trains the predictor with the outcome.
  bool predict_and_update(uint32_t pc, int32_t offset, bool taken) {
    switch (m_mode) {
      case BranchPrediction::kNone:
        return false;
      case BranchPrediction::kStatic:
        return offset < 0;
      case BranchPrediction::kDynamic: {
        uint8_t& c = m_counters[(pc >> 2) & m_mask];
        const bool prediction = c >= 2;
        if (taken && c < 3) ++c;
        if (!taken && c > 0) --c;
        return prediction;
      }
    }
    return false;
  }
  bool predicts_jal() const { return m_mode != BranchPrediction::kNone; }

 private:
  BranchPrediction m_mode;
  std::vector<uint8_t> m_counters;  // size is a power of two (checked by the config schema)
  uint32_t m_mask;
};

}  // namespace accsim::cpu
