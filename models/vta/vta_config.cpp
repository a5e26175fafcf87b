#include "vta_config.h"

#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "jsonconfig/config.h"
#include "jsonconfig/parse_json.h"

namespace accsim::vta {

namespace {

using nlohmann::json;

// The upstream keys, each with the member it sets.
struct ShapeKey {
  const char* name;
  unsigned VtaShape::*member;
};
const ShapeKey kShapeKeys[] = {
    {"LOG_INP_WIDTH", &VtaShape::log_inp_width},
    {"LOG_WGT_WIDTH", &VtaShape::log_wgt_width},
    {"LOG_ACC_WIDTH", &VtaShape::log_acc_width},
    {"LOG_BATCH", &VtaShape::log_batch},
    {"LOG_BLOCK", &VtaShape::log_block},
    {"LOG_UOP_BUFF_SIZE", &VtaShape::log_uop_buff_size},
    {"LOG_INP_BUFF_SIZE", &VtaShape::log_inp_buff_size},
    {"LOG_WGT_BUFF_SIZE", &VtaShape::log_wgt_buff_size},
    {"LOG_ACC_BUFF_SIZE", &VtaShape::log_acc_buff_size},
};

// Keys of upstream vta_config.json files that do not shape the hardware model.
bool ignored_upstream_key(const std::string& key) {
  return key == "TARGET" || key == "HW_VER" || key == "LOG_OUT_WIDTH" || key == "LOG_OUT_BUFF_SIZE";
}

// Where to report a problem found at `path`: a key read from vta.hw_file is reported at
// vta.hw_file (the path names the file, "vta.hw_file (/x/vta_config.json).LOG_BLOCK").
// Throws the problem found at `path`, reported at its config key (a key read from vta.hw_file
// is reported at vta.hw_file, naming the file and the key in the message).
[[noreturn]] void fail_at(const std::string& path, const std::string& problem) {
  // Paths inside the file read "vta.hw_file (FILE)" or "vta.hw_file (FILE).KEY".
  const std::string prefix = "vta.hw_file (";
  if (path.rfind(prefix, 0) == 0) {
    const size_t close = path.find(')', prefix.size());
    std::string where = path.substr(prefix.size(), close - prefix.size());
    if (close + 2 <= path.size()) where += ": " + path.substr(close + 2);
    throw VtaConfigError("vta.hw_file", where + ": " + problem);
  }
  throw VtaConfigError(path, problem);
}

unsigned small_int(const json& v, const std::string& path) {
  if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > 31) {
    fail_at(path, "expected an integer in [0, 31], got " + v.dump());
  }
  return v.get<unsigned>();
}

// Applies the keys of an upstream-style object (inline "hw" or a vta_config.json file).
void apply_shape(const json& obj, VtaShape& shape, const std::string& where) {
  if (!obj.is_object()) fail_at(where, "expected an object");
  for (const auto& [key, value] : obj.items()) {
    const std::string path = where + "." + key;
    bool known = false;
    for (const auto& k : kShapeKeys) {
      if (key == k.name) {
        shape.*k.member = small_int(value, path);
        known = true;
      }
    }
    if (known || ignored_upstream_key(key)) continue;
    // Older VTA configurations name the two block sizes apart; the model has one BLOCK.
    if (key == "LOG_BLOCK_IN" || key == "LOG_BLOCK_OUT") {
      const std::string other = key == "LOG_BLOCK_IN" ? "LOG_BLOCK_OUT" : "LOG_BLOCK_IN";
      if (obj.contains(other) && obj.at(other) != value) {
        fail_at(path, "BLOCK_IN != BLOCK_OUT is not modelled");
      }
      shape.log_block = small_int(value, path);
      continue;
    }
    fail_at(path, "unknown VTA configuration key");
  }
}

uint64_t u64(const json& obj, const char* key, uint64_t fallback) {
  return obj.contains(key) ? obj.at(key).get<uint64_t>() : fallback;
}

}  // namespace

uint32_t VtaShape::element_bytes(unsigned memory_type) const {
  switch (memory_type) {
    case VTA_MEM_UOP:
      return 4;
    case VTA_MEM_INP:
      return batch() * block();
    case VTA_MEM_WGT:
      return block() * block();
    case VTA_MEM_ACC:
      return batch() * block() * 4;
    case VTA_MEM_OUT:
      return batch() * block();
    default:
      return 0;
  }
}

vta_layout_t VtaShape::layout() const {
  vta_layout_t l;
  vta_layout_init(&l, log_uop_depth(), log_inp_depth(), log_wgt_depth(), log_acc_depth());
  return l;
}

std::string check_shape(const VtaShape& s) {
  if (s.log_inp_width != 3) return "LOG_INP_WIDTH: only 3 (int8 inputs) is modelled";
  if (s.log_wgt_width != 3) return "LOG_WGT_WIDTH: only 3 (int8 weights) is modelled";
  if (s.log_acc_width != 5) return "LOG_ACC_WIDTH: only 5 (int32 accumulators) is modelled";
  if (s.log_batch > 3) return "LOG_BATCH: at most 3 (BATCH 8) is modelled";
  if (s.log_block < 1 || s.log_block > 6) return "LOG_BLOCK: must be 1..6 (BLOCK 2..64)";
  // Each buffer must hold at least one element.
  if (s.log_uop_buff_size < 2) return "LOG_UOP_BUFF_SIZE: smaller than one micro-op";
  if (s.log_inp_buff_size < s.log_batch + s.log_block) {
    return "LOG_INP_BUFF_SIZE: smaller than one BATCH x BLOCK input element";
  }
  if (s.log_wgt_buff_size < 2 * s.log_block) {
    return "LOG_WGT_BUFF_SIZE: smaller than one BLOCK x BLOCK weight element";
  }
  if (s.log_acc_buff_size < s.log_batch + s.log_block + 2) {
    return "LOG_ACC_BUFF_SIZE: smaller than one BATCH x BLOCK accumulator element";
  }
  vta_layout_t l;
  const int code = vta_layout_init(&l, s.log_uop_depth(), s.log_inp_depth(), s.log_wgt_depth(),
                                   s.log_acc_depth());
  if (code != VTA_LAYOUT_OK) {
    return std::string("buffer depths UOP 2^") + std::to_string(s.log_uop_depth()) + ", INP 2^" +
           std::to_string(s.log_inp_depth()) + ", WGT 2^" + std::to_string(s.log_wgt_depth()) +
           ", ACC 2^" + std::to_string(s.log_acc_depth()) +
           " do not fit VTA's instruction encoding: " + vta_layout_error(code) +
           " (make the LOG_*_BUFF_SIZE smaller)";
  }
  return {};
}

json shape_to_json(const VtaShape& shape) {
  json out = json::object();
  for (const auto& k : kShapeKeys) out[k.name] = shape.*k.member;
  return out;
}

json vta_config_to_json(const VtaConfig& c) {
  // A whole number of MHz is written as an integer, as a config file would write it (and as
  // the run's config.json has always shown it: "clock_mhz": 0).
  const json clock_mhz = c.clock_mhz == std::floor(c.clock_mhz) && std::abs(c.clock_mhz) < 1e15
                             ? json(static_cast<int64_t>(c.clock_mhz))
                             : json(c.clock_mhz);
  return {
      {"base", config::to_hex(c.base)},
      {"clock_mhz", clock_mhz},
      {"hw", shape_to_json(c.shape)},
      {"dma",
       {{"burst_bytes", c.dma.burst_bytes},
        {"bytes_per_cycle", c.dma.bytes_per_cycle},
        {"bypass_l2", c.dma.bypass_l2}}},
      {"queues", {{"command_depth", c.command_queue_depth}, {"token_depth", c.token_queue_depth}}},
      {"timing",
       {{"dispatch_cycles", c.timing.dispatch_cycles},
        {"insn_overhead_cycles", c.timing.insn_overhead_cycles},
        {"gemm_pipeline_cycles", c.timing.gemm_pipeline_cycles},
        {"alu_initiation_interval", c.timing.alu_initiation_interval},
        {"alu_pipeline_cycles", c.timing.alu_pipeline_cycles},
        {"pad_cycles_per_element", c.timing.pad_cycles_per_element}}},
  };
}

VtaConfig vta_config_from_json(const json& vta, const std::filesystem::path& config_dir,
                               const std::vector<std::string>& hw_keys_over_file) {
  VtaConfig c;
  if (vta.contains("base")) {
    const auto base = config::parse_address(vta.at("base"));
    if (!base) throw VtaConfigError("vta.base", "not an address: " + vta.at("base").dump());
    c.base = *base;
  }
  if (vta.contains("hw")) apply_shape(vta.at("hw"), c.shape, "vta.hw");
  if (vta.contains("hw_file") && !vta.at("hw_file").get<std::string>().empty()) {
    std::filesystem::path p = vta.at("hw_file").get<std::string>();
    if (p.is_relative() && !config_dir.empty()) p = config_dir / p;
    std::ifstream in(p, std::ios::binary);
    if (!in) throw VtaConfigError("vta.hw_file", "cannot open " + p.string());
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    // Parsed like a config file: syntax errors and keys given twice are refused.
    std::vector<config::Diagnostic> problems;
    const auto file = config::parse_json(text, p.string(), problems);
    if (!file) {
      std::string lines;
      for (const auto& problem : problems) lines += (lines.empty() ? "" : "; ") + problem.format();
      throw VtaConfigError("vta.hw_file", lines);
    }
    apply_shape(*file, c.shape, "vta.hw_file (" + p.string() + ")");
    for (const std::string& key : hw_keys_over_file) {
      if (vta.contains("hw") && vta.at("hw").contains(key)) {
        apply_shape(json{{key, vta.at("hw").at(key)}}, c.shape, "vta.hw");
      }
    }
  }
  if (const std::string problem = check_shape(c.shape); !problem.empty()) {
    throw VtaConfigError("vta.hw", problem);
  }
  if (vta.contains("clock_mhz")) c.clock_mhz = vta.at("clock_mhz").get<double>();
  if (vta.contains("dma")) {
    const json& d = vta.at("dma");
    c.dma.burst_bytes = u64(d, "burst_bytes", c.dma.burst_bytes);
    c.dma.bytes_per_cycle = u64(d, "bytes_per_cycle", c.dma.bytes_per_cycle);
    c.dma.bypass_l2 = d.value("bypass_l2", c.dma.bypass_l2);
  }
  if (c.dma.burst_bytes == 0 || c.dma.bytes_per_cycle == 0) {
    throw VtaConfigError("vta.dma", "burst_bytes and bytes_per_cycle must be > 0");
  }
  if (vta.contains("queues")) {
    const json& q = vta.at("queues");
    c.command_queue_depth = u64(q, "command_depth", c.command_queue_depth);
    c.token_queue_depth = u64(q, "token_depth", c.token_queue_depth);
  }
  if (c.command_queue_depth == 0 || c.token_queue_depth == 0) {
    throw VtaConfigError("vta.queues", "depths must be > 0");
  }
  if (vta.contains("timing")) {
    const json& t = vta.at("timing");
    VtaTiming& m = c.timing;
    m.insn_overhead_cycles = u64(t, "insn_overhead_cycles", m.insn_overhead_cycles);
    m.gemm_pipeline_cycles = u64(t, "gemm_pipeline_cycles", m.gemm_pipeline_cycles);
    m.alu_initiation_interval = u64(t, "alu_initiation_interval", m.alu_initiation_interval);
    m.alu_pipeline_cycles = u64(t, "alu_pipeline_cycles", m.alu_pipeline_cycles);
    m.pad_cycles_per_element = u64(t, "pad_cycles_per_element", m.pad_cycles_per_element);
    m.dispatch_cycles = u64(t, "dispatch_cycles", m.dispatch_cycles);
  }
  if (c.timing.alu_initiation_interval == 0 || c.timing.dispatch_cycles == 0) {
    throw VtaConfigError("vta.timing", "alu_initiation_interval and dispatch_cycles must be >= 1");
  }
  return c;
}

}  // namespace accsim::vta
