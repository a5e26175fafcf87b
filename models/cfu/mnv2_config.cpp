#include "mnv2_config.h"

#include <stdexcept>
#include <string>

namespace accsim::cfu {

Mnv2Config mnv2_config_from_json(const nlohmann::json& cfu) {
  Mnv2Config c;
  const auto get = [&](const char* key, uint32_t& field) {
    if (cfu.contains(key)) field = cfu.at(key).get<uint32_t>();
  };
  get("filter_banks", c.filter_banks);
  get("filter_bank_words", c.filter_bank_words);
  get("param_store_entries", c.param_entries);
  get("input_store_words", c.input_words);
  get("macc_lanes", c.macc_lanes);
  get("macc_pipeline_depth", c.macc_pipeline_depth);
  get("post_process_depth", c.post_process_depth);
  get("output_fifo_words", c.fifo_words);
  get("output_fifo_gate_words", c.fifo_gate_words);
  check_mnv2_config(c);
  return c;
}

uint32_t mnv2_max_words_in_flight(const Mnv2Config& c) {
  // A word takes at least 4 feed cycles (4 channels of at least one step each), so at most
  // ceil(latency / 4) words are between the gate and the FIFO when the gate closes.
  return (c.word_latency() + 3) / 4;
}

void check_mnv2_config(const Mnv2Config& c) {
  const auto fail = [](const std::string& m) { throw std::invalid_argument("cfu: " + m); };
  if (c.macc_lanes == 0 || c.macc_lanes % 4 != 0) fail("macc_lanes must be a multiple of 4");
  if (c.words_per_step() > c.filter_banks) fail("macc_lanes exceeds 4 x filter_banks");
  if (c.post_process_depth < 4) fail("post_process_depth must be at least 4 (one per operation)");
  if (c.filter_banks == 0 || c.filter_bank_words == 0 || c.param_entries == 0 ||
      c.input_words == 0 || c.fifo_words == 0 || c.fifo_gate_words == 0) {
    fail("store sizes must be positive");
  }
  if (uint64_t{c.fifo_gate_words} + mnv2_max_words_in_flight(c) > c.fifo_words) {
    fail("output_fifo_gate_words " + std::to_string(c.fifo_gate_words) + " + up to " +
         std::to_string(mnv2_max_words_in_flight(c)) +
         " words in flight exceed output_fifo_words " + std::to_string(c.fifo_words));
  }
}

}  // namespace accsim::cfu
