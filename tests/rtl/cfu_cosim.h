// Co-simulation of the mnv2 CFU's RTL against its C++ model: the same command stream, issued at
// the same cycles, must give the same value, accept cycle and response cycle for every command.
//
// The stream is random but valid (the model would report any misuse as an error, and the RTL
// need not detect it): random layers (scalars in random order, parameter and filter stores
// interleaved with pixel stores and early POST_PROCESSes), then per layer a random mix of
// MACC_RUN with GET_OUTPUTs at random later cycles (long pauses let the FIFO gate close),
// pixels stored while runs compute, MACC4_RUN_1 raw / post-processed, MACC4_RUN_4,
// POST_PROCESS, MARK_INPUT_READ_FINISHED, GET_CONFIG and input-store restarts. The generator
// keeps to the model's rules without seeing its state:
//   - setters, stores and the stage 3-5 instructions only when every output word of every run
//     has been popped (then no run computes: its last word has entered the FIFO);
//   - a command that may wait on a run (STORE_INPUT_VALUE while both buffers may be full,
//     MACC_RUN while a run may be feeding) only while the words not yet popped are at most
//     the gate: the run then cannot be stopped by the gate before it ends, so the wait ends.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "accsim/hw/cfu_isa.h"
#include "accsim/hw/mnv2_cfu_isa.h"
#include "mnv2_cfu.h"

namespace accsim_rtl_test {

using accsim::cfu::Mnv2Config;
using CfuResult = accsim::cpu::CfuIf::Result;

// Issues every command to the model and to the RTL at the same cycle and compares.
class Cosim {
 public:
  Cosim(accsim::cpu::CfuIf& model, accsim::cpu::CfuIf& rtl) : m_model(model), m_rtl(rtl) {}

  // False (and failure() says why) once model and RTL differ, or the model rejects the
  // command (a generator bug).
  bool op(unsigned funct7, uint32_t in0 = 0, unsigned funct3 = 0) {
    if (!m_failure.empty()) return false;
    Entry e;
    e.index = m_commands++;
    e.function_id = static_cast<uint16_t>(CFU_FUNCTION_ID(funct3, funct7));
    e.in0 = in0;
    e.issue = m_cycle;
    e.model = m_model.execute(e.function_id, in0, 0, m_cycle);
    e.rtl = m_rtl.execute(e.function_id, in0, 0, m_cycle);
    m_history.push_back(e);
    if (m_history.size() > 60) m_history.pop_front();
    if (e.model.status != CfuResult::Status::kOk) {
      fail("the model rejected the command (generator bug): " + e.model.error);
      return false;
    }
    if (e.rtl.status != CfuResult::Status::kOk) {
      fail("the RTL failed: " + e.rtl.error);
      return false;
    }
    if (e.rtl.value != e.model.value || e.rtl.accept_cycle != e.model.accept_cycle ||
        e.rtl.response_cycle != e.model.response_cycle) {
      fail("RTL and model differ");
      return false;
    }
    m_cycle = std::max(e.model.accept_cycle + 1, e.model.response_cycle);
    ++m_per_funct7[funct7 & 127];
    return true;
  }
  void idle(uint64_t cycles) { m_cycle += cycles; }

  uint64_t cycle() const { return m_cycle; }
  uint64_t commands() const { return m_commands; }
  uint64_t count(unsigned funct7) const { return m_per_funct7[funct7 & 127]; }
  const std::string& failure() const { return m_failure; }

 private:
  struct Entry {
    uint64_t index = 0;
    uint16_t function_id = 0;
    uint32_t in0 = 0;
    uint64_t issue = 0;
    CfuResult model, rtl;
  };

  static std::string describe(const CfuResult& r) {
    std::ostringstream s;
    s << "accept " << r.accept_cycle << " response " << r.response_cycle << " value 0x" << std::hex
      << r.value;
    return s.str();
  }
  void fail(const std::string& why) {
    std::ostringstream s;
    s << why << "; the last commands (index: funct7/funct3 in0 @issue):\n";
    for (const Entry& e : m_history) {
      const char* name = accsim::cfu::mnv2_instruction_name(CFU_FUNCT7(e.function_id));
      s << "  #" << e.index << ": " << (name ? name : "?") << "/" << CFU_FUNCT3(e.function_id)
        << " 0x" << std::hex << e.in0 << std::dec << " @" << e.issue << "\n    model "
        << describe(e.model) << "\n    rtl   " << describe(e.rtl) << "\n";
    }
    m_failure = s.str();
  }

  accsim::cpu::CfuIf& m_model;
  accsim::cpu::CfuIf& m_rtl;
  uint64_t m_cycle = 3;
  uint64_t m_commands = 0;
  uint64_t m_per_funct7[128] = {};
  std::deque<Entry> m_history;
  std::string m_failure;
};

// Random valid programs for one CFU configuration.
class ProgramGenerator {
 public:
  ProgramGenerator(const Mnv2Config& config, Cosim& sim, uint64_t seed)
      : m_config(config), m_sim(sim), m_rng(seed) {}

  // Runs layers until at least `commands` commands were compared; false on a difference.
  bool run(uint64_t commands) {
    while (m_sim.commands() < commands) {
      if (!layer()) return false;
    }
    return drain();
  }

 private:
  // --- Random helpers -------------------------------------------------------------------
  uint32_t uniform(uint32_t lo, uint32_t hi) {  // inclusive
    return std::uniform_int_distribution<uint32_t>(lo, hi)(m_rng);
  }
  int32_t uniform_signed(int32_t lo, int32_t hi) {
    return std::uniform_int_distribution<int32_t>(lo, hi)(m_rng);
  }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(m_rng) < p; }
  uint32_t word() { return static_cast<uint32_t>(m_rng()); }
  // Small values mostly; sometimes up to `hi`.
  uint32_t skewed(uint32_t lo, uint32_t hi) {
    const double r = std::uniform_real_distribution<double>(0, 1)(m_rng);
    uint32_t top = hi;
    if (r < 0.5) {
      top = std::min(hi, lo + 7);
    } else if (r < 0.8) {
      top = std::min(hi, lo + 39);
    } else if (r < 0.95) {
      top = std::min(hi, lo + 199);
    }
    return uniform(lo, top);
  }

  // The CPU's other work between two CFU instructions.
  void gap() {
    const double r = std::uniform_real_distribution<double>(0, 1)(m_rng);
    if (r < 0.6) return;
    if (r < 0.85) {
      m_sim.idle(uniform(1, 8));
    } else if (r < 0.97) {
      m_sim.idle(uniform(9, 100));
    } else {
      m_sim.idle(uniform(101, 3000));  // long enough for a run to fill the FIFO to its gate
    }
  }
  bool op(unsigned funct7, uint32_t in0 = 0, unsigned funct3 = 0) {
    gap();
    return m_sim.op(funct7, in0, funct3);
  }

  // --- The layer's state as the generator knows it ---------------------------------------
  bool params_complete() const {
    return m_params_left[0] + m_params_left[1] + m_params_left[2] == 0;
  }
  bool filters_complete() const { return m_filters_left == 0; }
  bool loaded() const { return params_complete() && filters_complete(); }
  // Words of started runs not yet popped. > 0: the latest run may still compute.
  bool quiet() const { return m_outstanding == 0; }
  // A command waiting on the latest run cannot wait forever.
  bool wait_is_safe() const { return m_outstanding <= m_config.fifo_gate_words; }
  // A STORE_INPUT_VALUE is valid now (it may wait for the run reading a pixel).
  bool can_store_input() const {
    if (m_unclaimed >= 2) return false;
    return m_unclaimed == 0 || quiet() || wait_is_safe();
  }

  // --- Instructions -----------------------------------------------------------------------
  bool store_input() {
    if (!op(MNV2_STORE_INPUT_VALUE, word())) return false;
    if (++m_written == m_depth) {
      m_written = 0;
      ++m_unclaimed;
    }
    return true;
  }
  bool get_output() {
    if (!op(MNV2_GET_OUTPUT)) return false;
    --m_outstanding;
    return true;
  }
  bool drain() {
    while (m_outstanding > 0) {
      if (!get_output()) return false;
    }
    return true;
  }
  bool get_config() { return op(MNV2_GET_CONFIG, uniform(0, MNV2_CONFIG_ITEMS - 1)); }
  bool post_process() {
    const uint32_t acc =
        chance(0.5) ? word() : static_cast<uint32_t>(uniform_signed(-100000, 100000));
    return op(MNV2_POST_PROCESS, acc);
  }

  bool store_param() {
    std::vector<unsigned> open;
    for (unsigned i = 0; i < 3; ++i) {
      if (m_params_left[i] > 0) open.push_back(i);
    }
    const unsigned which = open[uniform(0, static_cast<uint32_t>(open.size() - 1))];
    --m_params_left[which];
    switch (which) {
      case 0: {
        const double r = std::uniform_real_distribution<double>(0, 1)(m_rng);
        const int32_t m = r < 0.6   ? uniform_signed(1 << 30, 0x7FFFFFFF)
                          : r < 0.8 ? static_cast<int32_t>(word())
                                    : uniform_signed(-(1 << 20), 1 << 20);
        return op(MNV2_STORE_OUTPUT_MULTIPLIER, static_cast<uint32_t>(m));
      }
      case 1: {
        const int32_t s = chance(0.7) ? uniform_signed(-11, 1) : uniform_signed(-31, 31);
        return op(MNV2_STORE_OUTPUT_SHIFT, static_cast<uint32_t>(s));
      }
      default: {
        const int32_t b = chance(0.6) ? uniform_signed(-5000, 5000) : static_cast<int32_t>(word());
        return op(MNV2_STORE_OUTPUT_BIAS, static_cast<uint32_t>(b));
      }
    }
  }

  // --- A layer ----------------------------------------------------------------------------
  bool layer() {
    if (!drain()) return false;  // setters need the CFU idle
    const uint32_t filter_words = m_config.filter_words();
    m_depth = skewed(1, std::min(m_config.input_words, filter_words));
    const uint32_t most =
        std::max<uint32_t>(1, std::min(m_config.param_entries, filter_words / m_depth));
    m_packed = most >= 4 && chance(0.75);
    // Keep a run's cost moderate: batch x steps.
    const uint32_t steps = (m_depth + m_config.words_per_step() - 1) / m_config.words_per_step();
    const uint32_t budget = std::max<uint32_t>(4, std::min(most, 6000 / steps));
    m_batch = m_packed ? 4 * skewed(1, std::max<uint32_t>(1, budget / 4)) : skewed(1, budget);
    m_batch = std::min(m_batch, most);

    // Scalars in random order (SET_OUTPUT_BATCH_SIZE empties the parameter and filter stores,
    // SET_INPUT_DEPTH_WORDS the input store).
    int32_t lo = -128, hi = 127;
    if (chance(0.3)) {
      lo = uniform_signed(-128, 127);
      hi = uniform_signed(-128, 127);
      if (lo > hi) std::swap(lo, hi);
    }
    struct Setter {
      unsigned funct7;
      uint32_t value;
    };
    std::vector<Setter> setters = {
        {MNV2_SET_INPUT_DEPTH_WORDS, m_depth},
        {MNV2_SET_OUTPUT_DEPTH, uniform(1, 1000)},
        {MNV2_SET_INPUT_OFFSET, static_cast<uint32_t>(uniform_signed(-256, 255))},
        {MNV2_SET_OUTPUT_OFFSET, static_cast<uint32_t>(uniform_signed(-128, 127))},
        {MNV2_SET_ACTIVATION_MIN, static_cast<uint32_t>(lo)},
        {MNV2_SET_ACTIVATION_MAX, static_cast<uint32_t>(hi)},
        {MNV2_SET_OUTPUT_BATCH_SIZE, m_batch},
    };
    std::shuffle(setters.begin(), setters.end(), m_rng);
    for (const Setter& s : setters) {
      if (!op(s.funct7, s.value)) return false;
    }
    m_params_left[0] = m_params_left[1] = m_params_left[2] = m_batch;
    m_filters_left = m_batch * m_depth;
    m_unclaimed = m_written = 0;

    // Loading: parameters, filters and up to two pixels interleaved, POST_PROCESS as soon as
    // the parameters are in (stage 3 loads no filters).
    while (!loaded()) {
      const double r = std::uniform_real_distribution<double>(0, 1)(m_rng);
      bool ok = true;
      if (r < 0.02) {
        ok = get_config();
      } else if (r < 0.06 && params_complete()) {
        ok = post_process();
      } else if (r < 0.2 && m_unclaimed < 2) {
        ok = store_input();
      } else if (r < 0.6 && !params_complete()) {
        ok = store_param();
      } else if (!filters_complete()) {
        --m_filters_left;
        ok = op(MNV2_STORE_FILTER_VALUE, word());
      } else {
        ok = store_param();
      }
      if (!ok) return false;
    }

    // Computing: a random mix, weighted towards what the final design does, about as many
    // commands as the loading took (at least a few pixels' worth).
    const uint32_t load = m_batch * (m_depth + 3);
    const uint32_t actions = std::max(skewed(10, 400), uniform(load / 2, load + 1));
    for (uint32_t i = 0; i < actions; ++i) {
      if (!action()) return false;
    }
    return true;
  }

  bool action() {
    struct Choice {
      double weight;
      int what;
    };
    enum { kStore, kRun, kGet, kConfig, kPost, kRaw, kByte, kWord, kMark, kRestart, kDepth };
    std::vector<Choice> choices;
    // Pixel words come one command each: weigh them by the pixel's size.
    if (can_store_input()) choices.push_back({2.0 + std::min(m_depth, 64u) / 4.0, kStore});
    if (m_packed && m_unclaimed > 0 && (quiet() || wait_is_safe())) choices.push_back({3, kRun});
    if (m_outstanding > 0) choices.push_back({3, kGet});
    choices.push_back({0.1, kConfig});
    if (quiet()) {
      choices.push_back({0.3, kPost});
      choices.push_back({0.05, kDepth});
      if (m_unclaimed > 0) {
        choices.push_back({0.5, kRaw});
        choices.push_back({0.5, kByte});
        if (m_batch % 4 == 0) choices.push_back({0.6, kWord});
        choices.push_back({m_packed ? 0.1 : 0.4, kMark});
      }
      choices.push_back({0.02, kRestart});
    }
    double total = 0;
    for (const Choice& c : choices) total += c.weight;
    double r = std::uniform_real_distribution<double>(0, total)(m_rng);
    int what = choices.back().what;
    for (const Choice& c : choices) {
      if (r < c.weight) {
        what = c.what;
        break;
      }
      r -= c.weight;
    }
    switch (what) {
      case kStore:
        return store_input();
      case kRun:
        if (!op(MNV2_MACC_RUN)) return false;
        --m_unclaimed;
        m_outstanding += m_batch / 4;
        return true;
      case kGet:
        return get_output();
      case kConfig:
        return get_config();
      case kPost:
        return post_process();
      case kRaw:
        return op(MNV2_MACC4_RUN_1, 0, MNV2_RAW);
      case kByte:
        return op(MNV2_MACC4_RUN_1, 0, MNV2_POST_PROCESSED);
      case kWord:
        return op(MNV2_MACC4_RUN_4);
      case kMark:
        if (!op(MNV2_MARK_INPUT_READ_FINISHED)) return false;
        --m_unclaimed;
        return true;
      case kDepth:
        return op(MNV2_SET_OUTPUT_DEPTH, uniform(1, 1000));
      default:  // kRestart: the same depth again empties the input store
        m_unclaimed = m_written = 0;
        return op(MNV2_SET_INPUT_DEPTH_WORDS, m_depth);
    }
  }

  const Mnv2Config m_config;
  Cosim& m_sim;
  std::mt19937_64 m_rng;

  uint32_t m_depth = 0;
  uint32_t m_batch = 0;
  bool m_packed = false;
  uint32_t m_params_left[3] = {};
  uint32_t m_filters_left = 0;
  uint32_t m_unclaimed = 0;  // complete pixels no run or MARK has taken
  uint32_t m_written = 0;    // words of the pixel being written
  uint64_t m_outstanding = 0;
};

}  // namespace accsim_rtl_test
