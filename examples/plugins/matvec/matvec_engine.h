// The matvec engine as plain C++: its registers, its job and the cycle each of its DMA accesses
// is presented in, exactly as matvec.v does them, so that the plug-in and the Verilog give the
// same results in the same cycles. No SystemC: matvec_plugin.cpp turns TLM calls into these.
//
// Cycles follow the RTL's clock. A register access presented in cycle s is answered (ack or
// err) in cycle s + 1; it reads the registers as they were at the start of cycle s, and a write
// takes effect at the end of cycle s. A job started by a write in cycle s presents its first
// DMA access in cycle s + 1. A DMA access presented in cycle c is answered in the cycle the bus
// names (last_cycle, >= c); the next access is presented in the cycle after that, or one cycle
// later after the last weight word of a row (the cycle the row's output is requantised).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace matvec {

// One word on the DMA port, as the bus answered it.
struct DmaResult {
  bool ok = true;
  uint32_t data = 0;        // a read's word
  uint64_t last_cycle = 0;  // the cycle the access was answered in
};

// Where the engine's DMA accesses go: one word each, presented in `cycle`.
class DmaPort {
 public:
  virtual ~DmaPort() = default;
  virtual DmaResult read(uint32_t address, uint64_t cycle) = 0;
  virtual DmaResult write(uint32_t address, uint32_t data, uint8_t sel, uint64_t cycle) = 0;
};

struct RegisterResult {
  bool ok = true;  // false: answered with a bus error
  uint32_t data = 0;
  uint64_t last_cycle = 0;  // the cycle it was answered in
};

class MatvecEngine {
 public:
  struct Counters {
    uint64_t jobs = 0, errors = 0;  // jobs finished, of which with ERROR
    uint64_t busy_cycles = 0;       // cycles of finished jobs
    uint64_t macs = 0;
    uint64_t dma_reads = 0, dma_writes = 0, dma_bytes = 0;
  };

  MatvecEngine(uint32_t max_cols, DmaPort& dma);

  // A register access (one word, byte lanes `sel`) presented in `cycle`. DMA accesses due
  // before it, and in its own cycles, are performed first, in the order the RTL presents them.
  RegisterResult access(uint32_t offset, bool write, uint32_t data, uint8_t sel, uint64_t cycle);

  // Performs the DMA accesses presented before `until`.
  void advance(uint64_t until);

  // True while a job still has DMA accesses to present; next_dma_cycle() is the next one's.
  bool has_dma() const { return m_active; }
  uint64_t next_dma_cycle() const { return m_next; }
  const Counters& counters() const { return m_counters; }

  // TFLite's int8 requantisation of one accumulator (the formula of matvec_regs.h).
  static int8_t requantize(int32_t acc, int32_t mult, int32_t shift, int32_t y_offset,
                           int32_t act_min, int32_t act_max);

 private:
  enum class Phase { kLoadX, kBias, kWeights, kWrite };
  static constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

  uint32_t read_register(unsigned word, uint64_t cycle) const;
  bool busy(uint64_t cycle) const { return m_active || (m_started && m_done_cycle >= cycle); }
  void start(uint64_t cycle);
  void finish(uint64_t cycle, bool error);
  void step();

  const uint32_t m_max_cols;
  DmaPort& m_dma;
  std::vector<uint32_t> m_registers;

  // The running (or last) job: the registers it started with and where it is.
  struct Job {
    uint32_t w = 0, x = 0, b = 0, y = 0, rows = 0, cols = 0;
    int32_t x_offset = 0, y_offset = 0, mult = 0, shift = 0, act_min = 0, act_max = 0;
  } m_job;
  bool m_started = false;  // a job was ever started
  bool m_active = false;   // the job has DMA accesses left
  bool m_error = false;
  uint64_t m_start_cycle = 0;
  uint64_t m_done_cycle = kNever;  // the cycle the job's last access was answered in
  uint64_t m_next = 0;             // the cycle the next DMA access is presented in
  Phase m_phase = Phase::kLoadX;
  uint32_t m_row = 0, m_word = 0;
  int32_t m_acc = 0;
  uint32_t m_pack = 0;        // output bytes of the row group not yet stored
  std::vector<uint32_t> m_x;  // the vector, a word of four int8 each
  Counters m_counters;
};

}  // namespace matvec
