// Seed 001's mnv2 CFU as a cycle-level model: filter store (banks written round-robin),
// per-channel multiplier/shift/bias stores, double-buffered input store, a MACC pipeline of
// macc_lanes multiply-adds per cycle, accumulator, post-processor, byte-to-word packer and an
// output FIFO with mnv2_first's gate. It implements the final design's instructions and those
// of the earlier stages (accsim/hw/mnv2_cfu_isa.h); docs/cfu.md gives semantics and timing.
//
// Time: the CFU catches up lazily. Each command at CPU cycle t first advances the sequencer to
// t; a MACC_RUN whose FIFO gate cannot close is scheduled to its end at once (its future does
// not depend on the CPU), otherwise it is stepped cycle by cycle as far as the CPU's time.
// The result is exact background work without a SystemC process per cycle.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cfu_model.h"
#include "input_store.h"
#include "instruction_stats.h"
#include "mnv2_config.h"
#include "output_fifo.h"
#include "post_process.h"

namespace accsim::cfu {

class Mnv2Cfu : public CfuModel {
 public:
  explicit Mnv2Cfu(const Mnv2Config& config);

  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue_cycle) override;
  void report(Stats& stats, uint64_t end_cycle) const override;

  const Mnv2Config& config() const { return m_config; }

  // Counters, also read by tests.
  const CfuInstructionStats::Counts& instruction(unsigned funct7) const {
    return m_instructions[funct7];
  }
  bool counts_activity() const override { return true; }
  uint64_t macs() const override { return m_macs; }
  uint64_t busy_cycles() const override { return m_busy_cycles; }
  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    counters.push_back({"cfu", "cfu", "mac", "", "8-bit multiply-accumulates of the MACC pipeline",
                        0, [this] { return m_macs; }});
    counters.push_back({"cfu", "cfu", "fifo_push", "", "Packed output words entering the FIFO", 0,
                        [this] { return m_words_pushed; }});
    counters.push_back({"cfu", "cfu", "busy_cycle", "", "Cycles the MACC pipeline was fed a step",
                        0, [this] { return m_busy_cycles; }});
  }
  uint64_t gate_stall_cycles() const { return m_gate_stall_cycles; }
  uint32_t fifo_peak(uint64_t end_cycle) const { return m_fifo.peak(end_cycle); }
  int64_t output_fifo_words(uint64_t cycle) const override { return m_fifo.occupancy(cycle); }
  uint64_t input_write_stall_cycles() const { return m_input_write_stall; }

 private:
  struct Run {
    bool feeding = false;  // steps are left to feed
    uint32_t channels = 0;
    uint32_t steps_per_channel = 0;
    uint64_t total_steps = 0;
    uint64_t steps_fed = 0;
    uint32_t words_pushed = 0;
    uint64_t next_cycle = 0;  // the next cycle the sequencer considers
    uint64_t free_from = 0;   // first cycle after the last feed: sequencer idle
    uint64_t busy_until = 0;  // cycle the last word enters the FIFO (post-processor done)
  };
  enum class Advance { kDone, kReachedLimit, kDeadlock };

  // One named instruction with a valid funct3, after the sequencer has caught up.
  Result dispatch(unsigned funct7, unsigned funct3, uint32_t in0, uint64_t issue);
  Result fail(const std::string& message) const;
  Result respond(uint64_t accept, uint64_t response, uint32_t value);

  // The sequencer: feed steps up to `limit` (exclusive). `force`: the CPU waits on the CFU,
  // so no GET_OUTPUT can come meanwhile; run until the run ends (or, with `until_word`, until
  // the FIFO holds a word) or is stuck for good (kDeadlock).
  Advance advance(uint64_t limit, bool force, bool until_word);
  void feed(uint64_t steps);
  void finish_run();
  std::string busy_reason(uint64_t cycle) const;

  uint32_t steps_per_channel() const;
  int32_t accumulate(const uint32_t* input, uint32_t filter_offset) const;
  // accumulate() of channels first_channel .. first_channel + 3 (filters stored in order).
  std::array<int32_t, 4> accumulate4(const uint32_t* input, uint32_t first_channel) const;
  int8_t output_of(uint32_t channel, int32_t acc) const;
  uint32_t packed_word(const uint32_t* input, uint32_t first_channel) const;

  // Preconditions of the compute instructions; an empty string when they hold.
  std::string check_filters() const;
  std::string check_params() const;
  std::string check_input() const;

  Result set_scalar(unsigned funct7, uint32_t value, uint64_t issue);
  Result store_param(unsigned funct7, uint32_t value, uint64_t issue);
  Result store_filter(uint32_t value, uint64_t issue);
  Result store_input(uint32_t value, uint64_t issue);
  Result macc_run(uint64_t issue);
  Result get_output(uint64_t issue);
  Result mark_input_read_finished(uint64_t issue);
  Result post_process_op(uint32_t acc, uint64_t issue);
  Result macc4_run(unsigned channels, bool post_processed, uint64_t issue);
  Result get_config(uint32_t item, uint64_t issue);

  Mnv2Config m_config;
  uint64_t m_cmd_ready = 0;  // first cycle cmd_ready is high

  // Layer scalars. (SET_OUTPUT_DEPTH is checked but, as in mnv2_first, steers nothing.)
  OutputStage m_stage;
  int32_t m_input_offset = 0;

  // Per-channel stores and filter store; read pointers wrap at the batch.
  uint32_t m_batch = 0;
  std::vector<int32_t> m_multiplier, m_shift, m_bias;
  std::vector<uint32_t> m_filter;  // flat word k lives in bank k % banks, address k / banks
  uint32_t m_filter_read = 0;      // in words
  uint32_t m_param_read = 0;       // in channels

  InputStore m_input;
  OutputFifo m_fifo;
  Run m_run;

  CfuInstructionStats m_instructions;
  uint64_t m_macs = 0;
  uint64_t m_busy_cycles = 0;
  uint64_t m_gate_stall_cycles = 0;
  uint64_t m_input_write_stall = 0;
  uint64_t m_runs = 0;
  uint64_t m_words_pushed = 0;
};

// The instruction's name for messages and statistics ("MACC_RUN"), or nullptr if unknown.
const char* mnv2_instruction_name(unsigned funct7);

}  // namespace accsim::cfu
