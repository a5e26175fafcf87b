// A model workload (`accsim run --model net.tflite --input in.bin`): the files named by the
// config's workload section, checked before simulation with the firmware interpreter's own C code
// (every operator supported, shapes consistent, the arena plan fits), placed in simulated memory
// for the tflite_runner firmware, and the output tensor read back into output.bin afterwards.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "buffer_map.h"
#include "jsonconfig/config.h"

struct TflModel;

namespace accsim {
class Platform;
class Stats;
namespace cpu {
struct ElfImage;
}

namespace cli {

// A model or input the run cannot take; the message is one line naming the file and the cause.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ModelWorkload {
 public:
  // The workload of a loaded config, or nullopt when workload.model is empty. Throws ModelError.
  static std::optional<ModelWorkload> from_config(const config::LoadedConfig& loaded);

  ModelWorkload(ModelWorkload&&) noexcept;
  ModelWorkload& operator=(ModelWorkload&&) noexcept;
  ~ModelWorkload();

  const std::string& firmware() const { return m_firmware; }
  // One line: operators, MACs, arena.
  std::string summary() const;
  // Writes the model, input and placement overrides into memory and tells sim_control where
  // they are and what the SoC has; listens for the firmware's placement records (printed unless
  // `quiet`); makes the model region read-only for bus writes (a store there faults). Throws
  // ModelError when a region is outside the memories or overlaps the firmware.
  void place(Platform& platform, const cpu::ElfImage& firmware, bool quiet);
  // model.* and the per-operator op.NNN.<name>.{macs,kernel,output_shape}.
  void report(Stats& stats) const;
  // What the model's memory holds, as the firmware placed it (its placement records): each
  // tensor an operator reads or writes (arena tensors with their lifetimes, constants in the
  // model), each operator's scratch and state, the accelerators' work area, the model file and
  // the input. Empty until the firmware reported its placement.
  std::vector<cache::BufferMap::Buffer> buffers() const;
  bool placement_reported() const;
  // After a successful run: output.bin from the tensor the firmware reported, and the output
  // vector with its top-3 on `console`. Returns false (with a message) when there is none.
  bool write_output(Platform& platform, const std::filesystem::path& out_dir,
                    std::FILE* console) const;

 private:
  ModelWorkload();
  void assign_inputs(const std::vector<std::pair<std::string, std::string>>& files);
  void read_delegation(const nlohmann::json& cfg);
  void on_placement(Platform& platform, uint64_t address, bool quiet);
  void print_placement(uint32_t index) const;
  // The override pairs and kernel names the firmware reads at m_overrides_addr (empty: none).
  std::vector<uint8_t> delegation_bytes() const;

  std::filesystem::path m_model_path, m_input_path;
  std::vector<uint8_t> m_model_bytes, m_input_bytes;
  std::unique_ptr<TflModel> m_model;
  std::string m_firmware;
  // The delegation (runtime.*) and what the SoC offers it (accsim/hw/tflite_delegate.h).
  uint32_t m_soc_cfu = 0, m_soc_vta_base = 0, m_delegate = 0, m_vta_threads = 2;
  std::vector<uint32_t> m_overrides;        // op index, backend, ...
  std::vector<std::string> m_kernel_names;  // registered kernels the delegation names
  bool m_verify = false;                    // runtime.verify
  uint32_t m_overrides_addr = 0;
  // What the firmware reported for each operator (TflPlacementRecord).
  struct Placement {
    bool reported = false;
    uint32_t backend = 0, supported = 0;
    std::optional<uint32_t> override_backend;
    std::string kernel, reason;
    // Where its buffers are (TflPlacementRecord): tensor index -> address of its bytes.
    std::vector<std::pair<int, uint32_t>> tensors;
    uint32_t scratch_addr = 0, scratch_bytes = 0, persistent_addr = 0, persistent_bytes = 0;
  };
  uint32_t m_arena_used = 0;  // the firmware's plan (accelerator work areas follow)
  std::vector<Placement> m_placements;
  // A placement's backend (a registered kernel by its name) and its supported backends.
  static std::string backend_of(const Placement& p);
  static std::string supported_list(const Placement& p);
  bool m_per_op_lines = false;
  uint32_t m_model_base = 0, m_model_region = 0, m_input_addr = 0;
  uint32_t m_arena_base = 0, m_arena_size = 0;
  uint32_t m_tensor_bytes = 0, m_persistent_bytes = 0, m_arena_bytes = 0;
  uint64_t m_macs = 0;
};

}  // namespace cli
}  // namespace accsim
