// The platform builder: the one place that shows how a SoC is assembled from its JSON
// architecture. It creates the clock, the bus, every memory and MMIO block, maps them and
// binds their sockets. Initiators (CPU, DMA, traffic generators) are connected with
// connect_initiator(); bus-attached accelerators (the VTA) add their MMIO block with
// connect_target() when a run is assembled (apps/accsim).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "bus.h"
#include "clock.h"
#include "memory.h"
#include "run_status.h"
#include "sim_control.h"

namespace accsim {

class Stats;

// The fabric's config structs and their keys ("bus", "memories.<name>", its "row_buffer"). The
// structs' initialisers are the keys' defaults: the *_to_json writers give them to the schema
// (soc::architecture_schema). A memory's width_bytes keeps its default in
// configs/schema/accsim.schema.json: it is not a field (the beat is the narrower of it and the
// bus).
BusParams bus_params_from_json(const nlohmann::json& bus_section);
nlohmann::json bus_params_to_json(const BusParams& params);
MemoryTimingParams memory_timing_from_json(const nlohmann::json& memory_entry,
                                           const BusParams& bus);
// The row buffer only when it is on (given).
nlohmann::json memory_timing_to_json(const MemoryTimingParams& timing);

class Platform {
 public:
  // `config` is the validated effective configuration (config::LoadedConfig::effective).
  Platform(const nlohmann::json& config, RunStatus& status);
  ~Platform();

  const Clock& clock() const { return m_clock; }
  Bus& bus() { return *m_bus; }
  SimControl& sim_control() { return *m_sim_control; }
  RunStatus& status() { return m_status; }
  const nlohmann::json& config() const { return m_config; }

  Memory* memory(const std::string& name);
  const std::vector<std::unique_ptr<Memory>>& memories() const { return m_memories; }

  // Binds an initiator socket to the bus and names it for statistics; returns its initiator
  // port (Bus::timing_only_access).
  int connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name);
  // Binds a bus target (an accelerator's MMIO block) and maps it at [base, base + size).
  // Throws std::invalid_argument if the range overlaps another.
  void connect_target(tlm::tlm_target_socket<>& socket, const std::string& name, uint64_t base,
                      uint64_t size);

  // Backdoor access to memories by bus address (loaders, tests): usable before elaboration,
  // no timing. Returns false unless the whole range lies in one memory.
  bool write_debug(uint64_t address, const uint8_t* data, size_t length);
  bool read_debug(uint64_t address, uint8_t* data, size_t length);
  // Makes [address, address + size) read-only for bus writes, before simulation (see
  // Memory::add_read_only; `what` names the range in the fault). False unless the whole range
  // lies in one memory.
  bool add_read_only(uint64_t address, uint64_t size, const std::string& what);

  void report(Stats& stats) const;
  // The bus's and the memories' (and their L2s') action counts, for the energy model.
  void add_action_counters(std::vector<ActionCounter>& counters) const;

 private:
  Memory* memory_at(uint64_t address, size_t length, uint64_t& offset);

  nlohmann::json m_config;
  RunStatus& m_status;
  Clock m_clock;
  std::unique_ptr<Bus> m_bus;
  std::vector<std::unique_ptr<Memory>> m_memories;
  std::unique_ptr<SimControl> m_sim_control;
  int m_next_initiator_port = 0;
  int m_next_target_port = 0;
};

}  // namespace accsim
