#include "mnv2_cfu.h"

#include <algorithm>
#include <limits>

#include "accsim/hw/cfu_isa.h"
#include "accsim/hw/mnv2_cfu_isa.h"
#include "int8_macc.h"
#include "stats.h"

namespace accsim::cfu {

namespace {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

struct InstructionName {
  unsigned funct7;
  const char* name;
};
constexpr InstructionName kInstructionNames[] = {
    {MNV2_SET_INPUT_DEPTH_WORDS, "SET_INPUT_DEPTH_WORDS"},
    {MNV2_SET_OUTPUT_DEPTH, "SET_OUTPUT_DEPTH"},
    {MNV2_SET_INPUT_OFFSET, "SET_INPUT_OFFSET"},
    {MNV2_SET_OUTPUT_OFFSET, "SET_OUTPUT_OFFSET"},
    {MNV2_SET_ACTIVATION_MIN, "SET_ACTIVATION_MIN"},
    {MNV2_SET_ACTIVATION_MAX, "SET_ACTIVATION_MAX"},
    {MNV2_SET_OUTPUT_BATCH_SIZE, "SET_OUTPUT_BATCH_SIZE"},
    {MNV2_STORE_OUTPUT_MULTIPLIER, "STORE_OUTPUT_MULTIPLIER"},
    {MNV2_STORE_OUTPUT_SHIFT, "STORE_OUTPUT_SHIFT"},
    {MNV2_STORE_OUTPUT_BIAS, "STORE_OUTPUT_BIAS"},
    {MNV2_STORE_FILTER_VALUE, "STORE_FILTER_VALUE"},
    {MNV2_STORE_INPUT_VALUE, "STORE_INPUT_VALUE"},
    {MNV2_MACC_RUN, "MACC_RUN"},
    {MNV2_GET_OUTPUT, "GET_OUTPUT"},
    {MNV2_MARK_INPUT_READ_FINISHED, "MARK_INPUT_READ_FINISHED"},
    {MNV2_POST_PROCESS, "POST_PROCESS"},
    {MNV2_MACC4_RUN_1, "MACC4_RUN_1"},
    {MNV2_MACC4_RUN_4, "MACC4_RUN_4"},
    {MNV2_GET_CONFIG, "GET_CONFIG"},
};

std::string n(uint64_t v) { return std::to_string(v); }

// kInstructionNames indexed by funct7: execute() looks the name up for every instruction.
constexpr std::array<const char*, 128> kNameOfFunct7 = [] {
  std::array<const char*, 128> names{};
  for (const auto& entry : kInstructionNames) names[entry.funct7] = entry.name;
  return names;
}();

}  // namespace

const char* mnv2_instruction_name(unsigned funct7) {
  return funct7 < kNameOfFunct7.size() ? kNameOfFunct7[funct7] : nullptr;
}

Mnv2Cfu::Mnv2Cfu(const Mnv2Config& config) : m_config(config), m_input(config.input_words) {
  check_mnv2_config(config);
  m_multiplier.reserve(config.param_entries);
  m_shift.reserve(config.param_entries);
  m_bias.reserve(config.param_entries);
  m_filter.reserve(config.filter_words());
}

cpu::CfuIf::Result Mnv2Cfu::fail(const std::string& message) const {
  Result r;
  r.status = Result::Status::kError;
  r.error = message;
  return r;
}

cpu::CfuIf::Result Mnv2Cfu::respond(uint64_t accept, uint64_t response, uint32_t value) {
  Result r;
  r.accept_cycle = accept;
  r.response_cycle = response;
  r.value = value;
  return r;
}

cpu::CfuIf::Result Mnv2Cfu::execute(uint16_t function_id, uint32_t in0, uint32_t /*in1*/,
                                    uint64_t issue) {
  const unsigned funct3 = CFU_FUNCT3(function_id);
  const unsigned funct7 = CFU_FUNCT7(function_id);
  const char* name = mnv2_instruction_name(funct7);
  const bool funct3_valid =
      funct3 == 0 || (funct7 == MNV2_MACC4_RUN_1 && funct3 == MNV2_POST_PROCESSED);
  if (name == nullptr || !funct3_valid) {
    Result r;
    r.status = Result::Status::kIllegalInstruction;
    r.accept_cycle = r.response_cycle = issue;
    return r;
  }
  advance(issue, /*force=*/false, /*until_word=*/false);

  Result r = dispatch(funct7, funct3, in0, issue);
  if (r.status == Result::Status::kError) {
    r.error = std::string(name) + ": " + r.error;
    return r;
  }
  m_instructions.record(funct7, funct3, issue, r.response_cycle);
  return r;
}

cpu::CfuIf::Result Mnv2Cfu::dispatch(unsigned funct7, unsigned funct3, uint32_t in0,
                                     uint64_t issue) {
  switch (funct7) {
    case MNV2_SET_INPUT_DEPTH_WORDS:
    case MNV2_SET_OUTPUT_DEPTH:
    case MNV2_SET_INPUT_OFFSET:
    case MNV2_SET_OUTPUT_OFFSET:
    case MNV2_SET_ACTIVATION_MIN:
    case MNV2_SET_ACTIVATION_MAX:
    case MNV2_SET_OUTPUT_BATCH_SIZE:
      return set_scalar(funct7, in0, issue);
    case MNV2_STORE_OUTPUT_MULTIPLIER:
    case MNV2_STORE_OUTPUT_SHIFT:
    case MNV2_STORE_OUTPUT_BIAS:
      return store_param(funct7, in0, issue);
    case MNV2_STORE_FILTER_VALUE:
      return store_filter(in0, issue);
    case MNV2_STORE_INPUT_VALUE:
      return store_input(in0, issue);
    case MNV2_MACC_RUN:
      return macc_run(issue);
    case MNV2_GET_OUTPUT:
      return get_output(issue);
    case MNV2_MARK_INPUT_READ_FINISHED:
      return mark_input_read_finished(issue);
    case MNV2_POST_PROCESS:
      return post_process_op(in0, issue);
    case MNV2_MACC4_RUN_1:
      return macc4_run(1, funct3 == MNV2_POST_PROCESSED, issue);
    case MNV2_MACC4_RUN_4:
      return macc4_run(4, true, issue);
    case MNV2_GET_CONFIG:
      return get_config(in0, issue);
  }
  return Result{};  // not reached: execute() lets only named instructions through
}

// --- The sequencer ---------------------------------------------------------------------------

Mnv2Cfu::Advance Mnv2Cfu::advance(uint64_t limit, bool force, bool until_word) {
  const uint32_t gate = m_config.fifo_gate_words;
  while (m_run.feeding) {
    if (until_word && !m_fifo.empty()) return Advance::kDone;
    const uint32_t words_left = m_run.channels / 4 - m_run.words_pushed;
    if (uint64_t{m_fifo.size()} + words_left < gate) {
      // Even if the CPU never popped again, the FIFO could not reach the gate before the run
      // ends: its schedule is fixed, so compute it to the end now.
      feed(m_run.total_steps - m_run.steps_fed);
      continue;
    }
    if (!force && m_run.next_cycle >= limit) return Advance::kReachedLimit;
    const uint32_t occupancy = m_fifo.occupancy(m_run.next_cycle);
    if (occupancy >= gate) {
      m_fifo.note_occupancy(occupancy);
      // Occupancy only falls when the CPU pops, and no pop comes before `limit`.
      if (force) return Advance::kDeadlock;
      m_gate_stall_cycles += limit - m_run.next_cycle;
      m_run.next_cycle = limit;
      return Advance::kReachedLimit;
    }
    feed(1);
  }
  return Advance::kDone;
}

void Mnv2Cfu::feed(uint64_t steps) {
  Run& r = m_run;
  const uint64_t first_cycle = r.next_cycle;
  const uint64_t first_step = r.steps_fed;
  const uint64_t steps_per_word = 4ull * r.steps_per_channel;
  const uint32_t* input = m_input.head();
  while (r.words_pushed < r.channels / 4) {
    const uint64_t word_end = (r.words_pushed + 1ull) * steps_per_word;  // steps incl. the word
    if (word_end > first_step + steps) break;
    const uint64_t last_feed = first_cycle + (word_end - 1 - first_step);
    m_fifo.push(packed_word(input, 4 * r.words_pushed), last_feed + m_config.word_latency());
    ++r.words_pushed;
    ++m_words_pushed;
  }
  r.steps_fed += steps;
  r.next_cycle = first_cycle + steps;
  m_busy_cycles += steps;
  if (r.steps_fed == r.total_steps) finish_run();
}

void Mnv2Cfu::finish_run() {
  m_run.feeding = false;
  m_run.free_from = m_run.next_cycle;
  m_run.busy_until = m_run.free_from - 1 + m_config.word_latency();
  // The sequencer marks the pixel read when its last step is fed (the final design needs no
  // MARK_INPUT_READ_FINISHED).
  m_input.release_head(m_run.free_from);
}

std::string Mnv2Cfu::busy_reason(uint64_t cycle) const {
  if (m_run.feeding) return "a MACC_RUN is still feeding its pipeline";
  if (cycle < m_run.busy_until) {
    return "a MACC_RUN is still computing (its last output enters the FIFO at cycle " +
           n(m_run.busy_until) + ", pop it with GET_OUTPUT first)";
  }
  return "";
}

// --- Arithmetic ------------------------------------------------------------------------------

uint32_t Mnv2Cfu::steps_per_channel() const {
  const uint32_t per_step = m_config.words_per_step();
  return (m_input.depth_words() + per_step - 1) / per_step;
}

int32_t Mnv2Cfu::accumulate(const uint32_t* input, uint32_t filter_offset) const {
  uint32_t acc = 0;  // wraps as the hardware accumulator does
  const uint32_t* filter = m_filter.data() + filter_offset;
  const uint32_t depth = m_input.depth_words();
  for (uint32_t w = 0; w < depth; ++w) acc += mac_word(input[w], filter[w], m_input_offset);
  return static_cast<int32_t>(acc);
}

std::array<int32_t, 4> Mnv2Cfu::accumulate4(const uint32_t* input, uint32_t first_channel) const {
  const uint32_t depth = m_input.depth_words();
  const std::array<uint32_t, 4> acc =
      mac_words4(input, m_filter.data() + first_channel * depth, depth, m_input_offset);
  return {static_cast<int32_t>(acc[0]), static_cast<int32_t>(acc[1]), static_cast<int32_t>(acc[2]),
          static_cast<int32_t>(acc[3])};
}

int8_t Mnv2Cfu::output_of(uint32_t channel, int32_t acc) const {
  return post_process(acc, m_bias[channel], m_multiplier[channel], m_shift[channel], m_stage);
}

uint32_t Mnv2Cfu::packed_word(const uint32_t* input, uint32_t first_channel) const {
  const std::array<int32_t, 4> acc = accumulate4(input, first_channel);
  uint32_t word = 0;
  for (uint32_t i = 0; i < 4; ++i) {
    const int8_t out = output_of(first_channel + i, acc[i]);
    word |= uint32_t{static_cast<uint8_t>(out)} << (8 * i);
  }
  return word;
}

// --- Preconditions ---------------------------------------------------------------------------

std::string Mnv2Cfu::check_filters() const {
  if (m_input.depth_words() == 0) return "no input depth set (SET_INPUT_DEPTH_WORDS first)";
  if (m_batch == 0) return "no batch size set (SET_OUTPUT_BATCH_SIZE first)";
  const uint64_t needed = uint64_t{m_batch} * m_input.depth_words();
  if (needed > m_config.filter_words()) {
    return "a batch of " + n(m_batch) + " channels x " + n(m_input.depth_words()) +
           " words needs " + n(needed) + " filter words but the filter store holds " +
           n(m_config.filter_words()) + " (cfu.filter_banks x cfu.filter_bank_words)";
  }
  if (m_filter.size() != needed) {
    return "the filter store holds " + n(m_filter.size()) + " words but a batch of " + n(m_batch) +
           " channels x " + n(m_input.depth_words()) + " words needs " + n(needed);
  }
  return "";
}

std::string Mnv2Cfu::check_params() const {
  if (m_batch == 0) return "no batch size set (SET_OUTPUT_BATCH_SIZE first)";
  const std::pair<const char*, size_t> stores[] = {
      {"multipliers", m_multiplier.size()}, {"shifts", m_shift.size()}, {"biases", m_bias.size()}};
  for (const auto& [what, count] : stores) {
    if (count != m_batch) {
      return "only " + n(count) + " of the batch's " + n(m_batch) + " output " + what +
             " are stored";
    }
  }
  if (m_stage.activation_min > m_stage.activation_max) {
    return "activation min " + std::to_string(m_stage.activation_min) + " exceeds max " +
           std::to_string(m_stage.activation_max);
  }
  return "";
}

std::string Mnv2Cfu::check_input() const {
  if (m_input.complete_pixels() == 0) {
    return "the input store holds no complete pixel (" + n(m_input.words_written()) + " of " +
           n(m_input.depth_words()) + " words of the next one written)";
  }
  return "";
}

// --- Instructions ----------------------------------------------------------------------------

cpu::CfuIf::Result Mnv2Cfu::set_scalar(unsigned funct7, uint32_t value, uint64_t issue) {
  if (const std::string busy = busy_reason(issue); !busy.empty()) return fail(busy);
  const int32_t v = static_cast<int32_t>(value);
  const auto in_range = [&](int32_t lo, int32_t hi, const char* what) -> std::string {
    if (v >= lo && v <= hi) return "";
    return std::string(what) + " " + std::to_string(v) + " is outside [" + std::to_string(lo) +
           ", " + std::to_string(hi) + "]";
  };
  const uint64_t accept = std::max(issue, m_cmd_ready);
  std::string problem;
  switch (funct7) {
    case MNV2_SET_INPUT_DEPTH_WORDS:
      if (value == 0 || value > m_config.input_words) {
        problem = "input depth " + n(value) + " words is outside [1, " + n(m_config.input_words) +
                  "] (cfu.input_store_words)";
      } else {
        m_input.reset(value, accept + 1);
      }
      break;
    case MNV2_SET_OUTPUT_DEPTH:
      if (value == 0) problem = "output depth 0";
      break;
    case MNV2_SET_INPUT_OFFSET:
      problem = in_range(-256, 255, "input offset (a 9-bit signed register)");
      m_input_offset = v;
      break;
    case MNV2_SET_OUTPUT_OFFSET:
      problem = in_range(-128, 127, "output offset");
      m_stage.output_offset = v;
      break;
    case MNV2_SET_ACTIVATION_MIN:
      problem = in_range(-128, 127, "activation min");
      m_stage.activation_min = v;
      break;
    case MNV2_SET_ACTIVATION_MAX:
      problem = in_range(-128, 127, "activation max");
      m_stage.activation_max = v;
      break;
    case MNV2_SET_OUTPUT_BATCH_SIZE:
      if (value == 0 || value > m_config.param_entries) {
        problem = "batch size " + n(value) + " is outside [1, " + n(m_config.param_entries) +
                  "] (cfu.param_store_entries)";
        break;
      }
      m_batch = value;
      m_multiplier.clear();
      m_shift.clear();
      m_bias.clear();
      m_filter.clear();
      m_filter_read = m_param_read = 0;
      break;
  }
  if (!problem.empty()) return fail(problem);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::store_param(unsigned funct7, uint32_t value, uint64_t issue) {
  if (const std::string busy = busy_reason(issue); !busy.empty()) return fail(busy);
  if (m_batch == 0) return fail("no batch size set (SET_OUTPUT_BATCH_SIZE first)");
  std::vector<int32_t>& store = funct7 == MNV2_STORE_OUTPUT_MULTIPLIER ? m_multiplier
                                : funct7 == MNV2_STORE_OUTPUT_SHIFT    ? m_shift
                                                                       : m_bias;
  if (store.size() >= m_batch) {
    return fail("all " + n(m_batch) +
                " values of the batch are stored already (overflow; SET_OUTPUT_BATCH_SIZE "
                "restarts the store)");
  }
  const int32_t v = static_cast<int32_t>(value);
  if (funct7 == MNV2_STORE_OUTPUT_SHIFT && (v < -31 || v > 31)) {
    return fail("shift " + std::to_string(v) + " is outside [-31, 31]");
  }
  store.push_back(v);
  const uint64_t accept = std::max(issue, m_cmd_ready);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::store_filter(uint32_t value, uint64_t issue) {
  if (const std::string busy = busy_reason(issue); !busy.empty()) return fail(busy);
  if (m_batch == 0) return fail("no batch size set (SET_OUTPUT_BATCH_SIZE first)");
  if (m_filter.size() >= m_config.filter_words()) {
    return fail("the filter store is full (" + n(m_config.filter_words()) +
                " words = cfu.filter_banks x cfu.filter_bank_words; overflow)");
  }
  m_filter.push_back(value);
  const uint64_t accept = std::max(issue, m_cmd_ready);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::store_input(uint32_t value, uint64_t issue) {
  if (m_input.depth_words() == 0) return fail("no input depth set (SET_INPUT_DEPTH_WORDS first)");
  const uint64_t presented = std::max(issue, m_cmd_ready);
  if (!m_input.has_write_buffer()) {
    // Both buffers hold complete pixels: cmd_ready stays low until a MACC_RUN has read one.
    if (!m_run.feeding) {
      return fail(
          "both input buffers hold a complete pixel and no MACC_RUN is reading one (overflow; "
          "release a pixel with MARK_INPUT_READ_FINISHED)");
    }
    if (advance(kNever, /*force=*/true, /*until_word=*/false) == Advance::kDeadlock) {
      return fail(
          "waits for an input buffer, but the MACC_RUN reading it is stopped by a full "
          "output FIFO (" +
          n(m_config.fifo_gate_words) + " words): pop outputs with GET_OUTPUT first");
    }
  }
  const uint64_t accept = std::max(presented, m_input.writable_from());
  m_input_write_stall += accept - presented;
  m_input.write(value, accept + 1);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::macc_run(uint64_t issue) {
  if (std::string p = check_filters(); !p.empty()) return fail(p);
  if (std::string p = check_params(); !p.empty()) return fail(p);
  if (m_batch % 4 != 0) {
    return fail("batch size " + n(m_batch) +
                " is not a multiple of 4 (outputs are packed 4 per word)");
  }
  uint64_t accept = std::max(issue, m_cmd_ready);
  if (m_run.feeding) {
    // The sequencer takes one run at a time: cmd_ready stays low until the current one is fed.
    if (advance(kNever, /*force=*/true, /*until_word=*/false) == Advance::kDeadlock) {
      return fail("waits for the previous run, which is stopped by a full output FIFO (" +
                  n(m_config.fifo_gate_words) + " words): pop outputs with GET_OUTPUT first");
    }
  }
  accept = std::max(accept, m_run.free_from);
  if (std::string p = check_input(); !p.empty()) return fail(p);
  accept = std::max(accept, m_input.head_ready());

  m_run = Run{};
  m_run.feeding = true;
  m_run.channels = m_batch;
  m_run.steps_per_channel = steps_per_channel();
  m_run.total_steps = uint64_t{m_batch} * m_run.steps_per_channel;
  m_run.next_cycle = accept + 1;
  m_filter_read = m_param_read = 0;
  m_macs += uint64_t{m_batch} * m_input.depth_words() * 4;
  ++m_runs;
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::get_output(uint64_t issue) {
  const uint64_t accept = std::max(issue, m_cmd_ready);
  if (m_fifo.empty()) {
    if (!m_run.feeding) {
      return fail("the output FIFO is empty and no MACC_RUN is computing (underflow: " +
                  n(m_fifo.popped()) + " words popped of " + n(m_words_pushed) + " produced)");
    }
    // The FIFO is empty, so the gate is open: the run reaches its next word.
    advance(kNever, /*force=*/true, /*until_word=*/true);
    if (m_fifo.empty()) return fail("the MACC_RUN ended without producing a word");
  }
  const uint64_t response = std::max(accept + 1, m_fifo.front().ready);
  const uint32_t value = m_fifo.front().value;
  // While the CPU waits, the sequencer runs on with this word still in the FIFO.
  advance(response, /*force=*/false, /*until_word=*/false);
  m_fifo.pop(response);
  m_cmd_ready = response;
  return respond(accept, response, value);
}

cpu::CfuIf::Result Mnv2Cfu::mark_input_read_finished(uint64_t issue) {
  if (m_run.feeding || issue < m_run.free_from) {
    return fail("a MACC_RUN is reading the input pixel; it releases the pixel itself");
  }
  if (m_input.complete_pixels() == 0) {
    return fail("the input store holds no complete pixel to release (underflow)");
  }
  const uint64_t accept = std::max(issue, m_cmd_ready);
  m_input.release_head(accept + 1);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, 0);
}

cpu::CfuIf::Result Mnv2Cfu::post_process_op(uint32_t acc, uint64_t issue) {
  if (const std::string busy = busy_reason(issue); !busy.empty()) return fail(busy);
  if (std::string p = check_params(); !p.empty()) return fail(p);
  const uint64_t accept = std::max(issue, m_cmd_ready);
  const int8_t out = output_of(m_param_read, static_cast<int32_t>(acc));
  m_param_read = (m_param_read + 1) % m_batch;
  const uint64_t response = accept + m_config.post_process_depth;
  m_cmd_ready = response;
  return respond(accept, response, static_cast<uint32_t>(int32_t{out}));
}

cpu::CfuIf::Result Mnv2Cfu::macc4_run(unsigned channels, bool post_processed, uint64_t issue) {
  if (const std::string busy = busy_reason(issue); !busy.empty()) return fail(busy);
  if (std::string p = check_filters(); !p.empty()) return fail(p);
  if (post_processed) {
    if (std::string p = check_params(); !p.empty()) return fail(p);
  }
  if (channels == 4 && m_batch % 4 != 0) {
    return fail("batch size " + n(m_batch) + " is not a multiple of 4");
  }
  if (std::string p = check_input(); !p.empty()) return fail(p);
  const uint64_t accept = std::max({issue, m_cmd_ready, m_input.head_ready()});
  const uint32_t depth = m_input.depth_words();
  const uint32_t filter_words = m_batch * depth;
  uint32_t value = 0;
  for (unsigned i = 0; i < channels; ++i) {
    const int32_t acc = accumulate(m_input.head(), m_filter_read);
    m_filter_read = (m_filter_read + depth) % filter_words;
    if (!post_processed) {
      value = static_cast<uint32_t>(acc);
      continue;
    }
    const int8_t out = output_of(m_param_read, acc);
    m_param_read = (m_param_read + 1) % m_batch;
    value = channels == 1 ? static_cast<uint32_t>(int32_t{out})
                          : value | uint32_t{static_cast<uint8_t>(out)} << (8 * i);
  }
  // First feed the cycle after accept; the result leaves the accumulator (raw), the
  // post-processor, or the packer (4 channels) the pipeline's depth after the last feed.
  const uint64_t feeds = uint64_t{channels} * steps_per_channel();
  uint64_t latency = m_config.macc_pipeline_depth + 1;
  if (post_processed) latency += m_config.post_process_depth;
  if (channels == 4) latency += 1;
  const uint64_t response = accept + feeds + latency;
  m_busy_cycles += feeds;
  m_macs += uint64_t{channels} * depth * 4;
  m_cmd_ready = response;
  return respond(accept, response, value);
}

cpu::CfuIf::Result Mnv2Cfu::get_config(uint32_t item, uint64_t issue) {
  uint32_t value = 0;
  switch (item) {
    case MNV2_CONFIG_FILTER_WORDS:
      value = m_config.filter_words();
      break;
    case MNV2_CONFIG_PARAM_ENTRIES:
      value = m_config.param_entries;
      break;
    case MNV2_CONFIG_INPUT_WORDS:
      value = m_config.input_words;
      break;
    case MNV2_CONFIG_MACC_LANES:
      value = m_config.macc_lanes;
      break;
    case MNV2_CONFIG_FIFO_WORDS:
      value = m_config.fifo_words;
      break;
    default:
      return fail("unknown item " + n(item) + " (0.." + n(MNV2_CONFIG_ITEMS - 1) + ")");
  }
  const uint64_t accept = std::max(issue, m_cmd_ready);
  m_cmd_ready = accept + 1;
  return respond(accept, accept + 1, value);
}

// --- Statistics ------------------------------------------------------------------------------

void Mnv2Cfu::report(Stats& stats, uint64_t end_cycle) const {
  m_instructions.report(stats, mnv2_instruction_name);
  stats.set_text("cfu.kind", "mnv2", "CFU design");
  stats.set_text("cfu.impl", "model", "CFU implementation (model or Verilated RTL)");
  stats.set("cfu.macs", m_macs, "Multiply-accumulates computed by the MACC pipeline");
  stats.set("cfu.macc_runs", m_runs, "MACC_RUN batches x pixels started");
  stats.set("cfu.busy_cycles", m_busy_cycles, "Cycles the MACC pipeline was fed a step");
  stats.set("cfu.gate_stall_cycles", m_gate_stall_cycles,
            "Cycles a MACC_RUN had steps left but the output FIFO gate was closed");
  const uint64_t active = std::min(end_cycle, m_busy_cycles + m_gate_stall_cycles);
  stats.set("cfu.idle_cycles", end_cycle - active, "Cycles neither fed nor gate-stalled");
  stats.set_real("cfu.macc_utilisation",
                 end_cycle ? double(std::min(end_cycle, m_busy_cycles)) / double(end_cycle) : 0.0,
                 "busy_cycles / run cycles");
  stats.set("cfu.fifo.words_pushed", m_words_pushed, "Packed output words entering the FIFO");
  stats.set("cfu.fifo.peak_words", m_fifo.peak(end_cycle), "Highest output FIFO occupancy");
  stats.set("cfu.input_store.write_stall_cycles", m_input_write_stall,
            "Cycles STORE_INPUT_VALUE waited for a free input buffer");
}

}  // namespace accsim::cfu
