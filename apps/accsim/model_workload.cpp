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

bool builtin_backend(const std::string& name) {
  return name == "cpu" || name == "cfu" || name == "vta";
}

// A kernel the firmware registers (accsim_tflite/kernel_registry.h): [a-z][a-z0-9_]*, at most
// TFL_KERNEL_NAME_BYTES - 1 characters. Whether the firmware has it is for the firmware to say.
bool kernel_name(const std::string& name) {
  if (name.empty() || name.size() >= TFL_KERNEL_NAME_BYTES || name[0] < 'a' || name[0] > 'z') {
    return false;
  }
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
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
  // {tensor ("" = next in order), file}: workload.input first, then workload.inputs.
  std::vector<std::pair<std::string, std::string>> input_files;
  if (const std::string input = w.at("input").get<std::string>(); !input.empty()) {
    input_files.emplace_back("", input);
  }
  for (const auto& entry : w.at("inputs")) {
    input_files.emplace_back(entry.value("tensor", ""), entry.at("file").get<std::string>());
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

  workload.assign_inputs(input_files);
  workload.read_delegation(loaded.effective);
  workload.m_input_addr = workload.m_model_base + align16(workload.m_model_bytes.size());
  workload.m_overrides_addr = workload.m_input_addr + align16(workload.m_input_bytes.size());
  const uint64_t needed = uint64_t(align16(workload.m_model_bytes.size())) +
                          align16(workload.m_input_bytes.size()) +
                          workload.delegation_bytes().size();
  if (needed > workload.m_model_region) {
    throw ModelError("model " + name + ": model and input need " + with_commas(needed) +
                     " bytes but workload.model_region_size is " +
                     with_commas(workload.m_model_region));
  }
  return workload;
}

// Each file to its input tensor (by name, by position, or the next in order), its size checked;
// the firmware gets every input's bytes one after another, zeros for the inputs not given.
void ModelWorkload::assign_inputs(const std::vector<std::pair<std::string, std::string>>& files) {
  const TflModel& m = *m_model;
  if (files.empty()) return;
  std::vector<std::vector<uint8_t>> bytes(size_t(m.input_count));
  std::vector<std::string> given(size_t(m.input_count));
  int next = 0;
  for (const auto& [tensor, file] : files) {
    int index = -1;
    char name[128];
    if (tensor.empty()) {
      index = next++;
      if (index >= m.input_count) {
        throw ModelError("input " + file + ": the model has only " + std::to_string(m.input_count) +
                         " input tensor" + (m.input_count == 1 ? "" : "s"));
      }
    } else if (tensor.find_first_not_of("0123456789") == std::string::npos) {
      index = tensor.size() > 6 ? m.input_count : std::stoi(tensor);
      if (index >= m.input_count) {
        throw ModelError("input " + tensor + "=" + file + ": there is no input " + tensor +
                         " (the model has " + std::to_string(m.input_count) + ")");
      }
    } else {
      std::string names;
      for (int i = 0; i < m.input_count && index < 0; ++i) {
        const std::string n = tfl_tensor_name(&m, m.inputs[i], name, sizeof(name));
        if (n == tensor) index = i;
        names += (names.empty() ? "" : ", ") + ("\"" + n + "\"");
      }
      if (index < 0) {
        throw ModelError("input " + tensor + "=" + file + ": no input tensor is named \"" + tensor +
                         "\" (the inputs: " + names + ")");
      }
    }
    if (!given[size_t(index)].empty()) {
      throw ModelError("input " + file + ": input " + std::to_string(index) +
                       " is already given (" + given[size_t(index)] + ")");
    }
    given[size_t(index)] = file;
    bytes[size_t(index)] = read_file(file, "input");
    const TflTensor& in = m.tensors[m.inputs[index]];
    if (bytes[size_t(index)].size() != in.bytes) {
      throw ModelError("input " + file + ": " + std::to_string(bytes[size_t(index)].size()) +
                       " bytes, but input tensor " + std::to_string(m.inputs[index]) + " (" +
                       shape_of(in) + " " + tfl_type_name(in.type) + ") takes " +
                       std::to_string(in.bytes));
    }
  }
  for (int i = 0; i < m.input_count; ++i) {
    const uint32_t size = m.tensors[m.inputs[i]].bytes;
    if (bytes[size_t(i)].empty()) bytes[size_t(i)].assign(size, 0);
    m_input_bytes.insert(m_input_bytes.end(), bytes[size_t(i)].begin(), bytes[size_t(i)].end());
  }
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
  // A registered kernel's name: its index in the name table the firmware gets.
  const auto name_index = [&](const std::string& name, const std::string& what) {
    if (!kernel_name(name)) {
      throw ModelError(what + " \"" + name +
                       "\": neither cpu, cfu, vta nor the name of a kernel the firmware registers "
                       "([a-z][a-z0-9_]*, at most " +
                       std::to_string(TFL_KERNEL_NAME_BYTES - 1) + " characters)");
    }
    const auto found = std::find(m_kernel_names.begin(), m_kernel_names.end(), name);
    if (found != m_kernel_names.end()) return uint32_t(found - m_kernel_names.begin());
    m_kernel_names.push_back(name);
    return uint32_t(m_kernel_names.size() - 1);
  };
  const nlohmann::json& runtime = cfg.at("runtime");
  const std::string delegate = runtime.at("delegate").get<std::string>();
  if (delegate == "auto" || builtin_backend(delegate)) {
    require(delegate, "runtime.delegate is");
    m_delegate = delegate == "cpu"   ? TFL_DELEGATE_CPU
                 : delegate == "cfu" ? TFL_DELEGATE_CFU
                 : delegate == "vta" ? TFL_DELEGATE_VTA
                                     : TFL_DELEGATE_AUTO;
  } else {
    m_delegate = TFL_DELEGATE_USER | (name_index(delegate, "runtime.delegate is") << 24);
  }
  m_verify = runtime.at("verify").get<bool>();
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
    m_overrides.push_back(op);
    if (builtin_backend(backend)) {
      require(backend, where + " puts operator " + std::to_string(op) + " on");
      m_overrides.push_back(backend_code(backend));
    } else {
      m_overrides.push_back(TFL_OVERRIDE_USER(name_index(backend, where + ".backend is")));
    }
  }
  m_placements.assign(m_model->operator_count, Placement{});
  // One line per operator when there is a choice to show; otherwise one summary line (or lines
  // after all, once the firmware places an operator off the CPU with a kernel of its own).
  m_per_op_lines = m_soc_cfu == TFL_SOC_CFU_MNV2 || m_soc_vta_base != 0 || !m_overrides.empty() ||
                   !m_kernel_names.empty();
}

// What the firmware reads at OVERRIDES_ADDR (accsim/hw/tflite_delegate.h): the override pairs,
// then the kernel names' count and the names, little-endian words and NUL-padded names.
std::vector<uint8_t> ModelWorkload::delegation_bytes() const {
  if (m_overrides.empty() && m_kernel_names.empty()) return {};
  std::vector<uint8_t> bytes;
  const auto word = [&](uint32_t v) {
    for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(v >> (8 * b)));
  };
  for (uint32_t v : m_overrides) word(v);
  word(static_cast<uint32_t>(m_kernel_names.size()));
  for (const std::string& name : m_kernel_names) {
    std::string padded = name;
    padded.resize(TFL_KERNEL_NAME_BYTES, '\0');
    bytes.insert(bytes.end(), padded.begin(), padded.end());
  }
  return bytes;
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
  if (quiet) return;
  if (!m_per_op_lines) {
    // Without an accelerator everything stays on the CPU, unless the firmware has kernels of its
    // own: then the lines of the operators placed so far, and per operator from here on.
    if (p.backend == TFL_BACKEND_CPU) {
      if (record.op_index + 1 == m_placements.size()) {
        std::printf("placement: all %u operators on the cpu (%s)\n", m_model->operator_count,
                    m_soc_cfu == TFL_SOC_CFU_NONE ? "the SoC has no accelerator"
                                                  : "no kernel of the firmware took one");
      }
      return;
    }
    m_per_op_lines = true;
    for (uint32_t i = 0; i < record.op_index; ++i) print_placement(i);
  }
  print_placement(record.op_index);
}

// The backends that can run the operator, a registered kernel that runs it by its name.
std::string ModelWorkload::supported_list(const Placement& p) {
  std::string list = backend_list(p.supported);
  if (p.backend == TFL_BACKEND_USER) {
    const size_t at = list.find("user");
    if (at != std::string::npos) list.replace(at, 4, p.kernel);
  }
  return list;
}

std::string ModelWorkload::backend_of(const Placement& p) {
  return p.backend == TFL_BACKEND_USER ? p.kernel : tfl_backend_name(p.backend);
}

void ModelWorkload::print_placement(uint32_t index) const {
  const Placement& p = m_placements[index];
  const TflOperator& op = m_model->operators[index];
  std::string chosen = p.backend == TFL_BACKEND_USER
                           ? p.kernel + " (registered kernel)"
                           : std::string(tfl_backend_name(p.backend)) + " (" + p.kernel + ")";
  if (p.override_backend == p.backend) {
    chosen += " [override]";
  } else if (p.override_backend) {
    chosen += std::string(" [override: ") + tfl_backend_name(*p.override_backend) + " refused]";
  }
  char line[512];
  std::snprintf(line, sizeof(line), "placement: op %03u %-18s %-14s -> %-24s  supported: %-13s  %s",
                index, tfl_op_stat_name(op.builtin),
                shape_of(m_model->tensors[op.outputs[0]]).c_str(), chosen.c_str(),
                supported_list(p).c_str(), p.reason.c_str());
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
  const std::vector<uint8_t> delegation = delegation_bytes();
  if (!delegation.empty()) {
    platform.write_debug(m_overrides_addr, delegation.data(), delegation.size());
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
  WorkloadRegisters registers;
  registers.soc_cfu = m_soc_cfu;
  registers.soc_vta_base = m_soc_vta_base;
  registers.delegate = m_delegate | (m_vta_threads << 8) | (m_verify ? TFL_DELEGATE_VERIFY_BIT : 0);
  registers.overrides_addr = delegation.empty() ? 0 : m_overrides_addr;
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
  uint64_t on_backend[TFL_BACKEND_COUNT] = {};
  uint64_t supported_by[TFL_BACKEND_COUNT] = {};
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
              "Operators placed on this backend (user: kernels the firmware registered)");
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
    stats.set_text(p + "backend", placed.reported ? backend_of(placed) : "cpu",
                   "Where the operator ran (cpu, cfu, vta, or a registered kernel's name)");
    if (placed.reported) {
      stats.set_text(p + "supported_backends", supported_list(placed),
                     "Every backend of the SoC that can run the operator (user: a registered "
                     "kernel)");
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

namespace {

// One output's values as doubles (int8, uint8, int16, int32 integers; float32 values); empty for
// other types.
std::vector<double> output_values(const TflTensor& t, const std::vector<uint8_t>& data) {
  std::vector<double> values;
  for (size_t i = 0; i < t.elements; ++i) {
    switch (t.type) {
      case 0: {  // float32
        float f;
        std::memcpy(&f, &data[4 * i], sizeof f);
        values.push_back(f);
        break;
      }
      case 9:  // int8
        values.push_back(static_cast<int8_t>(data[i]));
        break;
      case 3:  // uint8
        values.push_back(data[i]);
        break;
      case 7: {  // int16
        int16_t v;
        std::memcpy(&v, &data[2 * i], sizeof v);
        values.push_back(v);
        break;
      }
      case 2: {  // int32
        int32_t v;
        std::memcpy(&v, &data[4 * i], sizeof v);
        values.push_back(v);
        break;
      }
      default:
        return {};
    }
  }
  return values;
}

// The console's lines for one output: its values (the first 32) and its top-3, each value
// dequantised too when the tensor is quantised:
//   output (1x2 int8): -113 113
//   top-3: [1] 113 (0.9414) [0] -113 (0.0586)
// With several outputs each line names its output: "output 1 "scores" (1x4 int8): ...".
void print_output(std::FILE* console, const TflModel& m, int i, const std::vector<uint8_t>& data) {
  const TflTensor& out = m.tensors[m.outputs[i]];
  const std::vector<double> values = output_values(out, data);
  if (values.empty()) return;
  const bool is_float = out.type == 0;
  const auto text = [&](double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), is_float ? "%.6g" : "%.0f", v);
    return std::string(buffer);
  };
  const auto real = [&](double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof(buffer), " (%.4f)", double(out.scale) * (v - out.zero_point));
    return out.quantized && !is_float ? std::string(buffer) : std::string();
  };
  std::string label = "output";
  if (m.output_count > 1) {
    char name[96];
    label += " " + std::to_string(i) + " \"" +
             tfl_tensor_name(&m, m.outputs[i], name, sizeof(name)) + "\"";
  }
  std::string line = label + " (" + shape_of(out) + " " + tfl_type_name(out.type) + "):";
  const size_t shown = std::min<size_t>(values.size(), 32);
  // Small outputs show every value's real value; larger ones leave that to the top-3.
  const bool small = values.size() <= 8;
  for (size_t k = 0; k < shown; ++k) line += " " + text(values[k]) + (small ? real(values[k]) : "");
  if (shown < values.size()) line += " ... (" + std::to_string(values.size()) + " values)";
  std::fprintf(console, "%s\n", line.c_str());
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return values[a] > values[b]; });
  std::string top = m.output_count > 1 ? "  top-3:" : "top-3:";
  for (size_t k = 0; k < std::min<size_t>(3, order.size()); ++k) {
    top += " [" + std::to_string(order[k]) + "] " + text(values[order[k]]) + real(values[order[k]]);
  }
  std::fprintf(console, "%s\n", top.c_str());
}

// outputs.json: for each output, its file, tensor, name, type, shape and quantisation.
nlohmann::json outputs_description(const TflModel& m) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < m.output_count; ++i) {
    const TflTensor& t = m.tensors[m.outputs[i]];
    char name[256];
    nlohmann::json entry = {{"index", i},
                            {"file", run_file::model_output_name(i)},
                            {"tensor", m.outputs[i]},
                            {"name", tfl_tensor_name(&m, m.outputs[i], name, sizeof(name))},
                            {"type", tfl_type_name(t.type)},
                            {"shape", std::vector<int32_t>(t.dims, t.dims + t.rank)},
                            {"bytes", t.bytes}};
    if (t.quantized) {
      std::vector<double> scales;
      std::vector<int64_t> zero_points;
      for (uint32_t c = 0; c < t.scale_count; ++c) {
        scales.push_back(fb_vector_f32(const_cast<FbReader*>(&m.reader), &t.scales, c));
        zero_points.push_back(t.zero_points.length ? fb_vector_i64(const_cast<FbReader*>(&m.reader),
                                                                   &t.zero_points, c)
                                                   : 0);
      }
      entry["quantization"] = {{"scale", scales}, {"zero_point", zero_points}};
      if (t.scale_count > 1) entry["quantization"]["quantized_dimension"] = t.quantized_dimension;
    }
    list.push_back(entry);
  }
  return {{"outputs", list}};
}

}  // namespace

bool ModelWorkload::write_output(Platform& platform, const fs::path& out_dir,
                                 std::FILE* console) const {
  const TflModel& m = *m_model;
  const auto& reported = platform.sim_control().workload_outputs();
  bool sizes_match = reported.size() == size_t(m.output_count);
  for (size_t i = 0; sizes_match && i < reported.size(); ++i) {
    sizes_match = reported[i].second == m.tensors[m.outputs[i]].bytes;
  }
  if (reported.empty()) {
    std::fprintf(stderr,
                 "model: the firmware reported no output tensor; tflite_runner reports every one "
                 "through the OUTPUT_ADDR/OUTPUT_BYTES registers (docs/firmware.md)\n");
    return false;
  }
  if (!sizes_match) {
    std::fprintf(stderr,
                 "model: the firmware reported %zu output tensors (the first: %u bytes at "
                 "0x%08x), not the model's %d; tflite_runner reports every one through the "
                 "OUTPUT_ADDR/OUTPUT_BYTES registers (docs/firmware.md)\n",
                 reported.size(), reported.front().second, reported.front().first, m.output_count);
    return false;
  }
  std::vector<std::vector<uint8_t>> outputs;
  for (const auto& [addr, bytes] : reported) {
    std::vector<uint8_t> data(bytes);
    if (!platform.read_debug(addr, data.data(), bytes)) {
      std::fprintf(stderr, "model: the output tensor at 0x%08x is not in memory\n", addr);
      return false;
    }
    outputs.push_back(std::move(data));
  }
  for (int i = 0; i < m.output_count; ++i) {
    std::ofstream(out_dir / run_file::model_output_name(i), std::ios::binary)
        .write(reinterpret_cast<const char*>(outputs[size_t(i)].data()),
               std::streamsize(outputs[size_t(i)].size()));
    print_output(console, m, i, outputs[size_t(i)]);
  }
  std::ofstream(out_dir / run_file::kModelOutputs) << outputs_description(m).dump(2) << "\n";
  return true;
}

}  // namespace accsim::cli
