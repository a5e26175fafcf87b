#include "model_workload.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <numeric>

#include "accsim/hw/tflite_delegate.h"
#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/model.h"
#include "elf_loader.h"
#include "platform.h"
#include "run_outputs.h"
#include "stats.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

std::vector<uint8_t> read_file(const fs::path& path, const std::string& what) {
  // A directory opens as a stream that fails on the first read, with a message from libstdc++.
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw ModelError(what + " " + path.string() + ": is a directory, not a file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw ModelError(what + " " + path.string() + ": cannot open (" + std::strerror(errno) + ")");
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

uint32_t align16(uint64_t value) { return static_cast<uint32_t>((value + 15) & ~uint64_t{15}); }

std::string with_commas(uint64_t value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(size_t(i), ",");
  return digits;
}

std::string shape_of(const TflTensor& t) {
  char text[64];
  std::string shape;
  for (int d = 0; d < t.rank; ++d) {
    std::snprintf(text, sizeof(text), d ? "x%d" : "%d", static_cast<int>(t.dims[d]));
    shape += text;
  }
  return shape;
}

uint32_t backend_code(const std::string& name) {
  return name == "cfu" ? TFL_BACKEND_CFU : name == "vta" ? TFL_BACKEND_VTA : TFL_BACKEND_CPU;
}

// "cpu, cfu, vta": the members of a set of backends (TFL_BACKEND_BIT), in backend order.
std::string backend_list(uint32_t set) {
  std::string list;
  for (uint32_t b = 0; b < TFL_BACKEND_COUNT; ++b) {
    if ((set & TFL_BACKEND_BIT(b)) == 0) continue;
    list += (list.empty() ? "" : ", ") + std::string(tfl_backend_name(b));
  }
  return list;
}

}  // namespace

ModelWorkload::ModelWorkload() : m_model(std::make_unique<TflModel>()) {}
ModelWorkload::ModelWorkload(ModelWorkload&&) noexcept = default;
ModelWorkload& ModelWorkload::operator=(ModelWorkload&&) noexcept = default;
ModelWorkload::~ModelWorkload() = default;

std::optional<ModelWorkload> ModelWorkload::from_config(const config::LoadedConfig& loaded) {
  const nlohmann::json& w = loaded.effective.at("workload");
  const std::string model = w.at("model").get<std::string>();
  if (model.empty()) return std::nullopt;
  ModelWorkload workload;
  workload.m_model_path = model;  // absolute once loaded (a "file" key)
  workload.m_model_bytes = read_file(workload.m_model_path, "model");
  const std::string input = w.at("input").get<std::string>();
  if (!input.empty()) {
    workload.m_input_path = input;
    workload.m_input_bytes = read_file(workload.m_input_path, "input");
  }
  workload.m_firmware = w.at("firmware").get<std::string>();
  // The schema has checked these; sizes and addresses may still be written as strings.
  workload.m_model_base = static_cast<uint32_t>(config::parse_address(w.at("model_base")).value());
  workload.m_model_region =
      static_cast<uint32_t>(config::parse_size(w.at("model_region_size")).value());
  workload.m_arena_base = static_cast<uint32_t>(config::parse_address(w.at("arena_base")).value());
  workload.m_arena_size = static_cast<uint32_t>(config::parse_size(w.at("arena_size")).value());

  const std::string name = workload.m_model_path.string();
  if (workload.m_model_bytes.size() > 0xFFFFFFF0u)
    throw ModelError("model " + name + ": too large");
  TflModel& m = *workload.m_model;
  TflError error;
  TflPlan plan;
  if (tfl_model_load(&m, workload.m_model_bytes.data(),
                     static_cast<uint32_t>(workload.m_model_bytes.size()), &error) != 0 ||
      tfl_plan(&m, workload.m_arena_size, &plan, &error) != 0) {
    std::string where;
    if (error.operator_index >= 0) {
      const int32_t code = m.operators[error.operator_index].builtin;
      char label[64];
      const std::string op_name = tfl_operator_name(&m, error.operator_index, label, sizeof(label));
      where = "operator " + std::to_string(error.operator_index) + " (" +
              (op_name == "UNKNOWN" ? "unknown builtin code " + std::to_string(code) : op_name) +
              "): ";
    }
    std::string hint;
    if (std::string(error.message).find("arena region") != std::string::npos) {
      hint = " (raise workload.arena_size)";
    }
    throw ModelError("model " + name + ": " + where + error.message + hint);
  }
  workload.m_tensor_bytes = plan.tensor_bytes;
  workload.m_persistent_bytes = plan.persistent_bytes;
  workload.m_arena_bytes = plan.arena_bytes;
  workload.m_macs = plan.macs;

  const TflTensor& in = m.tensors[m.inputs[0]];
  if (!workload.m_input_path.empty() && workload.m_input_bytes.size() != in.bytes) {
    throw ModelError("input " + workload.m_input_path.string() + ": " +
                     std::to_string(workload.m_input_bytes.size()) + " bytes, but input tensor " +
                     std::to_string(m.inputs[0]) + " (" + shape_of(in) + " " +
                     tfl_type_name(in.type) + ") takes " + std::to_string(in.bytes));
  }
  workload.read_delegation(loaded.effective);
  workload.m_input_addr = workload.m_model_base + align16(workload.m_model_bytes.size());
  workload.m_overrides_addr = workload.m_input_addr + align16(workload.m_input_bytes.size());
  const uint64_t needed = uint64_t(align16(workload.m_model_bytes.size())) +
                          align16(workload.m_input_bytes.size()) + 4 * workload.m_overrides.size();
  if (needed > workload.m_model_region) {
    throw ModelError("model " + name + ": model and input need " + with_commas(needed) +
                     " bytes but workload.model_region_size is " +
                     with_commas(workload.m_model_region));
  }
  return workload;
}

// runtime.delegate and runtime.placement against what the architecture has: an accelerator the
// SoC lacks, or an operator the model does not have, is refused here, before simulation.
void ModelWorkload::read_delegation(const nlohmann::json& cfg) {
  if (cfg.contains("cfu")) {
    m_soc_cfu = cfg.at("cfu").at("kind").get<std::string>() == "mnv2" ? TFL_SOC_CFU_MNV2
                                                                      : TFL_SOC_CFU_OTHER;
  }
  if (cfg.contains("vta")) {
    m_soc_vta_base = static_cast<uint32_t>(config::parse_address(cfg.at("vta").at("base")).value());
  }
  const auto require = [&](const std::string& backend, const std::string& what) {
    if (backend == "cfu" && m_soc_cfu != TFL_SOC_CFU_MNV2) {
      throw ModelError(what + " cfu, but the architecture has " +
                       (m_soc_cfu == TFL_SOC_CFU_NONE ? std::string("no cfu section")
                                                      : "a CFU other than the mnv2 CFU") +
                       " (the interpreter's CFU backend is seed 001's mnv2 CFU)");
    }
    if (backend == "vta" && m_soc_vta_base == 0) {
      throw ModelError(what + " vta, but the architecture has no vta section");
    }
  };
  const nlohmann::json& runtime = cfg.at("runtime");
  const std::string delegate = runtime.at("delegate").get<std::string>();
  require(delegate, "runtime.delegate is");
  m_delegate = delegate == "cpu"   ? TFL_DELEGATE_CPU
               : delegate == "cfu" ? TFL_DELEGATE_CFU
               : delegate == "vta" ? TFL_DELEGATE_VTA
                                   : TFL_DELEGATE_AUTO;
  m_vta_threads = runtime.at("vta_threads").get<uint32_t>();
  const auto& placement = runtime.at("placement");
  for (size_t i = 0; i < placement.size(); ++i) {
    const uint32_t op = placement[i].at("op").get<uint32_t>();
    const std::string backend = placement[i].at("backend").get<std::string>();
    const std::string where = "runtime.placement[" + std::to_string(i) + "]";
    if (op >= m_model->operator_count) {
      throw ModelError(where + ": operator " + std::to_string(op) +
                       " does not exist (the model has " + std::to_string(m_model->operator_count) +
                       ")");
    }
    require(backend, where + " puts operator " + std::to_string(op) + " on");
    m_overrides.push_back(op);
    m_overrides.push_back(backend_code(backend));
  }
  m_placements.assign(m_model->operator_count, Placement{});
  // One line per operator when there is a choice to show; otherwise one summary line.
  m_per_op_lines = m_soc_cfu == TFL_SOC_CFU_MNV2 || m_soc_vta_base != 0 || !m_overrides.empty();
}

std::string ModelWorkload::summary() const {
  return "model " + m_model_path.filename().string() + ": " +
         std::to_string(m_model->operator_count) + " operators, " + with_commas(m_macs) +
         " MACs, arena " + with_commas(m_arena_bytes) + " of " + with_commas(m_arena_size) +
         " bytes (tensors and scratch " + with_commas(m_tensor_bytes) + ", operator data " +
         with_commas(m_persistent_bytes) + ")";
}

// A placement record the firmware wrote (TflPlacementRecord): kept for the statistics and
// printed as it arrives, before the graph runs, one aligned line per operator:
//   op 002 conv_2d  1x80x80x16  -> vta (vta_conv2d_2t)  supported: cpu, vta  cfu: runs only ...
// the chosen backend and kernel (tagged [override] when runtime.placement chose it, or
// [override: vta refused] when the backend it named cannot run the operator), every backend that
// can run it, then why each other accelerator present is not used.
void ModelWorkload::on_placement(Platform& platform, uint64_t address, bool quiet) {
  TflPlacementRecord record;
  if (!platform.read_debug(address, reinterpret_cast<uint8_t*>(&record), sizeof(record)) ||
      record.op_index >= m_placements.size()) {
    return;
  }
  record.kernel[sizeof(record.kernel) - 1] = 0;
  record.reason[sizeof(record.reason) - 1] = 0;
  Placement& p = m_placements[record.op_index];
  p.reported = true;
  p.backend = record.backend % TFL_BACKEND_COUNT;
  p.supported = record.supported & (TFL_BACKEND_BIT(TFL_BACKEND_COUNT) - 1);
  p.override_backend.reset();
  if (record.override_backend != TFL_NO_OVERRIDE) {
    p.override_backend = record.override_backend % TFL_BACKEND_COUNT;
  }
  p.kernel = record.kernel;
  p.reason = record.reason;
  p.tensors.clear();
  for (int k = 0; k < TFL_PLACEMENT_TENSORS; ++k) {
    const int32_t t = record.tensor[k];
    if (t >= 0 && static_cast<uint32_t>(t) < m_model->tensor_count) {
      p.tensors.emplace_back(t, record.tensor_addr[k]);
    }
  }
  p.scratch_addr = record.scratch_addr;
  p.scratch_bytes = record.scratch_bytes;
  p.persistent_addr = record.persistent_addr;
  p.persistent_bytes = record.persistent_bytes;
  m_arena_used = record.arena_used;
  if (quiet || !m_per_op_lines) return;
  const TflOperator& op = m_model->operators[record.op_index];
  std::string chosen = std::string(tfl_backend_name(p.backend)) + " (" + p.kernel + ")";
  if (p.override_backend == p.backend) {
    chosen += " [override]";
  } else if (p.override_backend) {
    chosen += std::string(" [override: ") + tfl_backend_name(*p.override_backend) + " refused]";
  }
  char line[512];
  std::snprintf(line, sizeof(line), "placement: op %03u %-18s %-14s -> %-24s  supported: %-13s  %s",
                record.op_index, tfl_op_stat_name(op.builtin),
                shape_of(m_model->tensors[op.outputs[0]]).c_str(), chosen.c_str(),
                backend_list(p.supported).c_str(), p.reason.c_str());
  std::string text = line;
  while (!text.empty() && text.back() == ' ') text.pop_back();
  std::printf("%s\n", text.c_str());
}

void ModelWorkload::place(Platform& platform, const cpu::ElfImage& firmware, bool quiet) {
  struct Range {
    const char* what;
    uint64_t base, size;
  };
  const Range model{"workload.model_base", m_model_base, m_model_region};
  const Range arena{"workload.arena_base", m_arena_base, m_arena_size};
  const auto overlap = [](const Range& a, uint64_t base, uint64_t size) {
    return a.base < base + size && base < a.base + a.size;
  };
  if (overlap(model, arena.base, arena.size)) {
    throw ModelError("workload: the model region and the arena overlap");
  }
  for (const Range& r : {model, arena}) {
    for (const auto& segment : firmware.segments) {
      if (overlap(r, segment.address, segment.size)) {
        char text[160];
        std::snprintf(text, sizeof(text),
                      "%s: the region 0x%08llx-0x%08llx overlaps the firmware at 0x%08x", r.what,
                      static_cast<unsigned long long>(r.base),
                      static_cast<unsigned long long>(r.base + r.size - 1), segment.address);
        throw ModelError(text);
      }
    }
    // Both ends must be in memory (the firmware reads and writes the whole range).
    uint8_t probe = 0;
    if (!platform.read_debug(r.base, &probe, 1) ||
        !platform.read_debug(r.base + r.size - 1, &probe, 1)) {
      char text[160];
      std::snprintf(text, sizeof(text), "%s: the region 0x%08llx-0x%08llx is not inside a memory",
                    r.what, static_cast<unsigned long long>(r.base),
                    static_cast<unsigned long long>(r.base + r.size - 1));
      throw ModelError(text);
    }
  }
  platform.write_debug(m_model_base, m_model_bytes.data(), m_model_bytes.size());
  if (!m_input_bytes.empty()) {
    platform.write_debug(m_input_addr, m_input_bytes.data(), m_input_bytes.size());
  }
  if (!m_overrides.empty()) {
    std::vector<uint8_t> bytes(4 * m_overrides.size());
    for (size_t i = 0; i < m_overrides.size(); ++i) {
      for (int b = 0; b < 4; ++b) bytes[4 * i + size_t(b)] = uint8_t(m_overrides[i] >> (8 * b));
    }
    platform.write_debug(m_overrides_addr, bytes.data(), bytes.size());
  }
  // Read-only, as a model array in flash on the board: a firmware store there is a store
  // access fault naming the region, not a silently corrupted model.
  char what[96];
  std::snprintf(what, sizeof(what), "the model region 0x%08x-0x%08x (workload.model_base)",
                m_model_base, m_model_base + m_model_region - 1);
  if (!platform.add_read_only(m_model_base, m_model_region, what)) {
    throw ModelError(std::string("workload.model_base: ") + what + " is not inside one memory");
  }
  platform.sim_control().set_placement_listener(
      [this, &platform, quiet](uint64_t address, uint64_t) {
        on_placement(platform, address, quiet);
      });
  if (!quiet && !m_per_op_lines) {
    std::printf("placement: all %u operators on the cpu (the SoC has no accelerator)\n",
                m_model->operator_count);
  }
  WorkloadRegisters registers;
  registers.soc_cfu = m_soc_cfu;
  registers.soc_vta_base = m_soc_vta_base;
  registers.delegate = m_delegate | (m_vta_threads << 8);
  registers.overrides_addr = m_overrides.empty() ? 0 : m_overrides_addr;
  registers.overrides_count = static_cast<uint32_t>(m_overrides.size() / 2);
  registers.model_addr = m_model_base;
  registers.model_bytes = static_cast<uint32_t>(m_model_bytes.size());
  registers.input_addr = m_input_addr;
  registers.input_bytes = static_cast<uint32_t>(m_input_bytes.size());
  registers.arena_addr = m_arena_base;
  registers.arena_bytes = m_arena_size;
  platform.sim_control().set_workload(registers);
}

bool ModelWorkload::placement_reported() const {
  return !m_placements.empty() && std::all_of(m_placements.begin(), m_placements.end(),
                                              [](const Placement& p) { return p.reported; });
}

std::vector<cache::BufferMap::Buffer> ModelWorkload::buffers() const {
  using Buffer = cache::BufferMap::Buffer;
  std::vector<Buffer> out;
  if (!placement_reported()) return out;
  const TflModel& m = *m_model;
  std::vector<bool> named(m.tensor_count, false);
  for (size_t i = 0; i < m_placements.size(); ++i) {
    const Placement& p = m_placements[i];
    const std::string op = "op " + std::to_string(i);
    for (const auto& [t, address] : p.tensors) {
      if (named[t]) continue;
      named[t] = true;
      const TflTensor& tensor = m.tensors[t];
      const bool constant = tensor.data != nullptr;
      // "t12 [1x48x48x8]" for an activation, "w5 [8x3x3x1]" for constant data (weights, bias).
      out.push_back({(constant ? "w" : "t") + std::to_string(t) + " [" + shape_of(tensor) + "]",
                     address, tensor.bytes, constant ? Buffer{}.first_op : tensor.first_op,
                     constant ? Buffer{}.last_op : tensor.last_op});
    }
    out.push_back({"scratch of " + op, p.scratch_addr, p.scratch_bytes, int(i), int(i)});
    out.push_back({"state of " + op, p.persistent_addr, p.persistent_bytes});
  }
  const uint32_t work = (m_arena_used + 63u) & ~63u;
  if (work < m_arena_size) {
    out.push_back({"accelerator work area", uint64_t{m_arena_base} + work, m_arena_size - work});
  }
  out.push_back({"arena (unplanned)", m_arena_base, m_arena_size});
  out.push_back({"model file", m_model_base, m_model_bytes.size()});
  out.push_back({"input file", m_input_addr, m_input_bytes.size()});
  return out;
}

void ModelWorkload::report(Stats& stats) const {
  const TflModel& m = *m_model;
  stats.set_text("model.file", m_model_path.filename().string(), "The .tflite model run");
  stats.set("model.operators", m.operator_count, "Operators in the graph");
  stats.set("model.macs", m_macs, "Multiply-accumulates of the graph (conv, depthwise, FC)");
  stats.set("model.arena_bytes", m_arena_bytes, "Tensor arena the plan needs");
  stats.set("model.arena_tensor_bytes", m_tensor_bytes,
            "Arena bytes for activations and scratch (lifetimes overlapped)");
  stats.set("model.arena_operator_bytes", m_persistent_bytes,
            "Arena bytes for per-operator data (multipliers, packed weights, indirection)");
  uint64_t on_backend[TFL_BACKEND_COUNT] = {0, 0, 0};
  uint64_t supported_by[TFL_BACKEND_COUNT] = {0, 0, 0};
  uint64_t overridden = 0;
  for (const Placement& placed : m_placements) {
    ++on_backend[placed.backend];
    for (uint32_t b = 0; b < TFL_BACKEND_COUNT; ++b) {
      supported_by[b] += (placed.supported & TFL_BACKEND_BIT(b)) != 0;
    }
    overridden += placed.override_backend.has_value();
  }
  for (uint32_t b = 0; b < TFL_BACKEND_COUNT; ++b) {
    stats.set(std::string("model.operators_on_") + tfl_backend_name(b), on_backend[b],
              "Operators placed on this backend");
    stats.set(std::string("model.operators_supported_by_") + tfl_backend_name(b), supported_by[b],
              "Operators this backend can run on this SoC (0 when the SoC lacks it)");
  }
  stats.set("model.operators_overridden", overridden,
            "Operators whose backend runtime.placement named");
  for (uint32_t i = 0; i < m.operator_count; ++i) {
    const TflOperator& op = m.operators[i];
    char prefix[64];
    std::snprintf(prefix, sizeof(prefix), "op.%03u.%s.", i, tfl_op_stat_name(op.builtin));
    const std::string p(prefix);
    stats.set(p + "macs", op.macs, "Multiply-accumulates of the operator");
    const Placement& placed = m_placements.empty() ? Placement{} : m_placements[i];
    stats.set_text(p + "kernel", placed.reported ? placed.kernel : std::string(op.kernel),
                   "Implementation the interpreter chose");
    stats.set_text(p + "backend", tfl_backend_name(placed.reported ? placed.backend : 0),
                   "Where the operator ran (cpu, cfu, vta)");
    if (placed.reported) {
      stats.set_text(p + "supported_backends", backend_list(placed.supported),
                     "Every backend of the SoC that can run the operator");
    }
    if (placed.override_backend) {
      stats.set_text(p + "placement_override", tfl_backend_name(*placed.override_backend),
                     "The backend runtime.placement named for the operator");
    }
    if (!placed.reason.empty()) {
      stats.set_text(p + "placement_note", placed.reason,
                     "Why each other accelerator present was not used for the operator");
    }
    stats.set_text(p + "output_shape", shape_of(m.tensors[op.outputs[0]]),
                   "Shape of the operator's output tensor");
  }
}

bool ModelWorkload::write_output(Platform& platform, const fs::path& out_dir,
                                 std::FILE* console) const {
  const auto [addr, bytes] = platform.sim_control().workload_output();
  const TflTensor& out = m_model->tensors[m_model->output];
  if (bytes == 0 || bytes != out.bytes) {
    std::fprintf(
        stderr,
        "model: the firmware reported no output tensor (%u bytes at 0x%08x); tflite_runner "
        "does, through the OUTPUT_ADDR/OUTPUT_BYTES registers (docs/firmware.md)\n",
        bytes, addr);
    return false;
  }
  std::vector<uint8_t> data(bytes);
  if (!platform.read_debug(addr, data.data(), bytes)) {
    std::fprintf(stderr, "model: the output tensor at 0x%08x is not in memory\n", addr);
    return false;
  }
  std::ofstream(out_dir / run_file::kModelOutput, std::ios::binary)
      .write(reinterpret_cast<const char*>(data.data()), std::streamsize(bytes));
  // int8 and uint8 print their integers and, in the top-3, their real values; float32 (a
  // DEQUANTIZE at the graph's end) prints its values.
  const bool is_float = out.type == 0 /* float32 */;
  if (out.type != 9 /* int8 */ && out.type != 3 /* uint8 */ && !is_float) return true;
  const size_t count = is_float ? bytes / 4 : bytes;
  std::vector<double> values(count);
  for (size_t i = 0; i < count; ++i) {
    if (is_float) {
      float f;
      std::memcpy(&f, &data[4 * i], sizeof f);
      values[i] = f;
    } else {
      values[i] = out.type == 9 ? static_cast<int8_t>(data[i]) : data[i];
    }
  }
  const auto text = [&](double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), is_float ? "%.6g" : "%.0f", v);
    return std::string(buffer);
  };
  std::string line = "output (" + shape_of(out) + " " + tfl_type_name(out.type) + "):";
  const size_t shown = std::min<size_t>(values.size(), 32);
  for (size_t i = 0; i < shown; ++i) line += " " + text(values[i]);
  if (shown < values.size()) line += " ... (" + std::to_string(values.size()) + " values)";
  std::fprintf(console, "%s\n", line.c_str());
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return values[a] > values[b]; });
  std::string top = "top-3:";
  for (size_t i = 0; i < std::min<size_t>(3, order.size()); ++i) {
    char entry[80];
    if (is_float) {
      std::snprintf(entry, sizeof(entry), " [%zu] %s", order[i], text(values[order[i]]).c_str());
    } else {
      const double real = double(out.scale) * (values[order[i]] - out.zero_point);
      std::snprintf(entry, sizeof(entry), " [%zu] %s (%.4f)", order[i],
                    text(values[order[i]]).c_str(), real);
    }
    top += entry;
  }
  std::fprintf(console, "%s\n", top.c_str());
  return true;
}

}  // namespace accsim::cli
