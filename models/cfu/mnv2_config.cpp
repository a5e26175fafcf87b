#include "mnv2_config.h"

#include <stdexcept>
#include <string>

#include "jsonconfig/config.h"

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

nlohmann::json mnv2_config_to_json(const Mnv2Config& c) {
  return {
      {"filter_banks", c.filter_banks},
      {"filter_bank_words", c.filter_bank_words},
      {"param_store_entries", c.param_entries},
      {"input_store_words", c.input_words},
      {"macc_lanes", c.macc_lanes},
      {"macc_pipeline_depth", c.macc_pipeline_depth},
      {"post_process_depth", c.post_process_depth},
      {"output_fifo_words", c.fifo_words},
      {"output_fifo_gate_words", c.fifo_gate_words},
  };
}

uint32_t mnv2_max_words_in_flight(const Mnv2Config& c) {
  // A word takes at least 4 feed cycles (4 channels of at least one step each), so at most
  // ceil(latency / 4) words are between the gate and the FIFO when the gate closes.
  return (c.word_latency() + 3) / 4;
}

// The rules between keys; each key's own range is the schema's (cfu.schema.json).
void check_mnv2_config(const Mnv2Config& c) {
  if (c.macc_lanes % 4 != 0) {
    throw config::ValueError("cfu.macc_lanes", std::to_string(c.macc_lanes) +
                                                   " is not a multiple of 4 (one lane group "
                                                   "multiplies one word of 4 int8 values)");
  }
  if (c.words_per_step() > c.filter_banks) {
    throw config::ValueError("cfu.macc_lanes",
                             std::to_string(c.macc_lanes) + " lanes need " +
                                 std::to_string(c.words_per_step()) +
                                 " filter words per cycle but there are only " +
                                 std::to_string(c.filter_banks) + " filter_banks",
                             {"cfu.filter_banks"});
  }
  if (uint64_t{c.fifo_gate_words} + mnv2_max_words_in_flight(c) > c.fifo_words) {
    throw config::ValueError(
        "cfu.output_fifo_gate_words",
        std::to_string(c.fifo_gate_words) + " + up to " +
            std::to_string(mnv2_max_words_in_flight(c)) +
            " words in flight exceed output_fifo_words (" + std::to_string(c.fifo_words) + ")",
        {"cfu.output_fifo_words", "cfu.macc_pipeline_depth", "cfu.post_process_depth"});
  }
}

}  // namespace accsim::cfu
