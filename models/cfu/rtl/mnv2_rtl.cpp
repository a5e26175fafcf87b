#include "mnv2_rtl.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>

#ifdef ACCSIM_HAVE_MNV2_RTL
// Verilated headers before anything that may include <systemc>.
#include "Vmnv2_cfu.h"
// The symbol table (the model's whole state, for lazy clocking) is Verilator's internal header,
// written with anonymous structs.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#include "Vmnv2_cfu__Syms.h"
#pragma GCC diagnostic pop
#include "verilated_cfu.h"
#endif
#include "data_dir.h"
#include "mnv2_cfu.h"
#include "runtime_cfu.h"

namespace accsim::cfu {

#ifdef ACCSIM_HAVE_MNV2_RTL

bool mnv2_rtl_available() { return true; }

std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config& config,
                                        const VerilatedCfuOptions& options,
                                        const std::string& cache_dir,
                                        const std::function<void(const std::string&)>& note) {
  // The Verilog parameters the built-in library was verilated with (rtl/CMakeLists.txt).
  const struct {
    const char* name;
    uint32_t configured;
    uint32_t built;
  } parameters[] = {
      {"FILTER_BANKS", config.filter_banks, ACCSIM_MNV2_RTL_FILTER_BANKS},
      {"FILTER_BANK_WORDS", config.filter_bank_words, ACCSIM_MNV2_RTL_FILTER_BANK_WORDS},
      {"PARAM_ENTRIES", config.param_entries, ACCSIM_MNV2_RTL_PARAM_ENTRIES},
      {"INPUT_WORDS", config.input_words, ACCSIM_MNV2_RTL_INPUT_WORDS},
      {"LANES", config.macc_lanes, ACCSIM_MNV2_RTL_LANES},
      {"MACC_DEPTH", config.macc_pipeline_depth, ACCSIM_MNV2_RTL_MACC_DEPTH},
      {"POST_DEPTH", config.post_process_depth, ACCSIM_MNV2_RTL_POST_DEPTH},
      {"FIFO_WORDS", config.fifo_words, ACCSIM_MNV2_RTL_FIFO_WORDS},
      {"GATE_WORDS", config.fifo_gate_words, ACCSIM_MNV2_RTL_GATE_WORDS},
  };
  // Limits of the RTL's structure (rtl/cfu/mnv2/Cfu.v) that the C++ model does not have.
  const auto require = [](bool ok, const std::string& message) {
    if (!ok) throw std::invalid_argument(message + " (or use \"impl\": \"model\")");
  };
  require(config.filter_bank_words >= 2 && config.param_entries >= 2 && config.fifo_words >= 2,
          "cfu: the mnv2 RTL needs at least 2 entries in every store");
  require(config.input_words >= 2 * config.filter_banks &&
              config.input_words >= 2 * config.words_per_step(),
          "cfu.input_store_words: the mnv2 RTL needs at least 2 x filter_banks and "
          "2 x macc_lanes / 4 words");
  VerilatedCfuOptions o = options;
  if (o.instruction_name == nullptr) o.instruction_name = mnv2_instruction_name;
  bool as_built = true;
  for (const auto& p : parameters) as_built = as_built && p.configured == p.built;
  if (as_built) return std::make_unique<VerilatedCfu<Vmnv2_cfu>>(o);

  // Other sizes: the same Verilog verilated with the config's parameters on first use
  // (cached like a user's CFU), from accsim's data folder (share/accsim/rtl, run/data_dir.h).
  RuntimeCfuSpec spec;
  const std::filesystem::path rtl_dir = data_path("rtl/cfu/mnv2");
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(rtl_dir, ec)) {
    if (entry.path().extension() == ".v") spec.sources.push_back(entry.path().string());
  }
  require(!spec.sources.empty(), "cfu: the mnv2 RTL with other sizes is verilated from " +
                                     rtl_dir.string() + ", which holds no Verilog");
  std::sort(spec.sources.begin(), spec.sources.end());
  for (const auto& p : parameters) spec.parameters[p.name] = p.configured;
  spec.cache_dir = cache_dir;
  try {
    return load_runtime_cfu(spec, o, note);
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
}

#else

bool mnv2_rtl_available() { return false; }

std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config&, const VerilatedCfuOptions&,
                                        const std::string&,
                                        const std::function<void(const std::string&)>&) {
  throw std::invalid_argument(
      "cfu.impl: \"rtl\" needs the Verilated mnv2 CFU, which this build lacks (configure with "
      "-DACCSIM_BUILD_RTL=ON and Verilator installed: scripts/setup.sh)");
}

#endif

}  // namespace accsim::cfu
