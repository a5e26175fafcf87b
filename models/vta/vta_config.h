// A VTA's configuration: the upstream vta_config.json keys (all log2) that shape the hardware,
// plus accsim's timing keys. Plain C++; built from the effective config's "vta" section.
// The member initialisers are the keys' defaults, written nowhere else: vta_config_to_json
// gives them to the schema (vta.schema.json leaves them out). docs/vta.md documents every key
// and where its default comes from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "accsim/hw/vta_isa.h"
#include "accsim/hw/vta_regs.h"
#include "jsonconfig/config.h"

namespace accsim::vta {

// The hardware shape (upstream VTA keys). Element sizes and depths are derived.
struct VtaShape {
  unsigned log_inp_width = 3, log_wgt_width = 3, log_acc_width = 5;
  unsigned log_batch = 0, log_block = 4;
  unsigned log_uop_buff_size = 15, log_inp_buff_size = 15, log_wgt_buff_size = 18,
           log_acc_buff_size = 17;

  unsigned batch() const { return 1u << log_batch; }
  unsigned block() const { return 1u << log_block; }
  // log2 of the depths in elements: buffer bytes / element bytes.
  unsigned log_uop_depth() const { return log_uop_buff_size - 2; }
  unsigned log_inp_depth() const { return log_inp_buff_size - log_batch - log_block; }
  unsigned log_wgt_depth() const { return log_wgt_buff_size - 2 * log_block; }
  unsigned log_acc_depth() const { return log_acc_buff_size - log_batch - log_block - 2; }
  uint32_t uop_depth() const { return 1u << log_uop_depth(); }
  uint32_t inp_depth() const { return 1u << log_inp_depth(); }
  uint32_t wgt_depth() const { return 1u << log_wgt_depth(); }
  uint32_t acc_depth() const { return 1u << log_acc_depth(); }
  uint32_t out_depth() const { return acc_depth(); }
  // Bytes of one element of each memory type, as DMA moves it.
  uint32_t element_bytes(unsigned memory_type) const;
  // Field layout of the instruction encoding (valid once validated).
  vta_layout_t layout() const;
};

struct VtaTiming {
  // Cycles every instruction spends being decoded by its module before it executes.
  uint64_t insn_overhead_cycles = 1;
  // GEMM: one micro-op iteration per cycle, plus this many to drain the pipeline.
  uint64_t gemm_pipeline_cycles = 4;
  // ALU: one micro-op iteration every `alu_initiation_interval` cycles (one ACC read port),
  // plus the pipeline drain.
  uint64_t alu_initiation_interval = 2;
  uint64_t alu_pipeline_cycles = 4;
  // Cycles to write one padding element into an SRAM during a LOAD.
  uint64_t pad_cycles_per_element = 1;
  // Fetch: cycles to decode and dispatch one instruction.
  uint64_t dispatch_cycles = 1;
};

struct VtaDma {
  uint64_t burst_bytes = 64;     // largest bus transaction the DMA issues
  uint64_t bytes_per_cycle = 8;  // the DMA's own data path (64-bit AXI on pynq)
  // On its own memory-controller port (LiteX: a LiteDRAM crossbar port), past the CPU's L2.
  bool bypass_l2 = true;
};

struct VtaConfig {
  uint64_t base = VTA_DEFAULT_BASE;
  double clock_mhz = 0;  // 0: the platform clock
  VtaShape shape;
  VtaTiming timing;
  VtaDma dma;
  uint64_t command_queue_depth = 8;  // upstream HLS streams between fetch and the modules
  uint64_t token_queue_depth = 512;
};

// A configuration problem: `key` is the JSON path to report it at ("vta.hw.LOG_BLOCK",
// "vta.hw_file"), what() is "<key>: <problem>".
class VtaConfigError : public config::ValueError {
 public:
  using config::ValueError::ValueError;
};

// Builds the configuration from the "vta" section. A "hw_file" (an upstream vta_config.json)
// is read relative to `config_dir`; its keys replace those of "hw", except the keys of "hw"
// named in `hw_keys_over_file` (set on the command line: an explicit override must not be
// silently ignored). Throws VtaConfigError.
VtaConfig vta_config_from_json(const nlohmann::json& vta,
                               const std::filesystem::path& config_dir = {},
                               const std::vector<std::string>& hw_keys_over_file = {});

// The shape as upstream vta_config.json keys: {"LOG_INP_WIDTH": 3, ..., "LOG_BLOCK": 4, ...}.
nlohmann::json shape_to_json(const VtaShape& shape);
// The "vta" keys of `config` (all but hw_file): vta_config_from_json reads them back.
nlohmann::json vta_config_to_json(const VtaConfig& config);

// The shape's own problems (unsupported widths, depths that do not fit the encoding); empty
// when valid. Exposed for the config cross-checks.
std::string check_shape(const VtaShape& shape);

}  // namespace accsim::vta
