// Sizes and pipeline depths of the mnv2 CFU, from the "cfu" section of the JSON architecture
// (cfu.schema.json: every key and why). The initialisers are mnv2_first's and the keys' one
// written default: mnv2_config_to_json gives them to the schema (cfu_defaults).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

namespace accsim::cfu {

struct Mnv2Config {
  uint32_t filter_banks = 4;
  uint32_t filter_bank_words = 512;
  uint32_t param_entries = 512;
  uint32_t input_words = 1024;
  uint32_t macc_lanes = 4;
  uint32_t macc_pipeline_depth = 2;
  uint32_t post_process_depth = 4;
  uint32_t fifo_words = 512;
  uint32_t fifo_gate_words = 504;

  uint32_t filter_words() const { return filter_banks * filter_bank_words; }
  // Filter/input words the MACC pipeline consumes per cycle (4 int8 lanes per word).
  uint32_t words_per_step() const { return macc_lanes / 4; }
  // Cycles from a word's last feed to its entry in the output FIFO: the multiply-add
  // pipeline, the accumulator register, the post-processor and the byte-to-word packer.
  uint32_t word_latency() const { return macc_pipeline_depth + 1 + post_process_depth + 1; }
};

// Reads a validated "cfu" object and checks the rules between its keys (check_mnv2_config):
// the one place they are written. Throws config::ValueError naming the key at fault.
Mnv2Config mnv2_config_from_json(const nlohmann::json& cfu);
nlohmann::json mnv2_config_to_json(const Mnv2Config& config);
void check_mnv2_config(const Mnv2Config& config);
// Most words that can be between the FIFO gate and the FIFO when the gate closes: the FIFO
// needs this much room above output_fifo_gate_words.
uint32_t mnv2_max_words_in_flight(const Mnv2Config& config);

}  // namespace accsim::cfu
