#include "platform.h"

#include <cstring>
#include <stdexcept>

#include "accsim/hw/sim_control_regs.h"
#include "jsonconfig/config.h"
#include "l2_cache.h"
#include "stats.h"

namespace accsim {

namespace {

MemoryKind memory_kind(const std::string& kind) {
  if (kind == "rom") return MemoryKind::kRom;
  if (kind == "dram") return MemoryKind::kDram;
  return MemoryKind::kSram;
}

}  // namespace

BusParams bus_params_from_json(const nlohmann::json& bus) {
  BusParams p;
  p.width_bytes = bus.at("width_bytes").get<uint64_t>();
  p.latency_cycles = bus.at("latency_cycles").get<uint64_t>();
  const std::string arbitration = bus.at("arbitration").get<std::string>();
  if (!parse_bus_arbitration(arbitration, p.arbitration)) {  // the schema's enum refuses it first
    throw std::invalid_argument("bus.arbitration: unknown policy \"" + arbitration + "\"");
  }
  return p;
}

nlohmann::json bus_params_to_json(const BusParams& p) {
  return {{"width_bytes", p.width_bytes},
          {"latency_cycles", p.latency_cycles},
          {"arbitration", bus_arbitration_name(p.arbitration)}};
}

MemoryTimingParams memory_timing_from_json(const nlohmann::json& mem, const BusParams& bus) {
  MemoryTimingParams t;
  t.first_access_cycles = mem.at("latency_cycles").get<uint64_t>();
  t.cycles_per_beat = mem.at("cycles_per_beat").get<uint64_t>();
  t.beat_bytes = std::min(mem.at("width_bytes").get<uint64_t>(), bus.width_bytes);
  if (mem.contains("row_buffer")) {
    const auto& rb = mem.at("row_buffer");
    t.row_buffer =
        RowBufferParams{config::as_u64(rb.at("row_size")), rb.at("banks").get<uint64_t>(),
                        rb.at("hit_latency_cycles").get<uint64_t>()};
  }
  return t;
}

nlohmann::json memory_timing_to_json(const MemoryTimingParams& t) {
  nlohmann::json j = {{"latency_cycles", t.first_access_cycles},
                      {"cycles_per_beat", t.cycles_per_beat}};
  if (t.row_buffer) {
    j["row_buffer"] = {{"row_size", config::to_size(t.row_buffer->row_bytes)},
                       {"banks", t.row_buffer->banks},
                       {"hit_latency_cycles", t.row_buffer->hit_latency_cycles}};
  }
  return j;
}

Platform::Platform(const nlohmann::json& config, RunStatus& status)
    : m_config(config),
      m_status(status),
      m_clock(config.at("clock").at("frequency_mhz").get<double>()) {
  const BusParams bus_params = bus_params_from_json(config.at("bus"));
  m_bus = std::make_unique<Bus>("bus", m_clock, bus_params);

  // Memories, in name order (the effective config's object order), so that construction,
  // port numbers and statistics are deterministic.
  for (const auto& [name, mem] : config.at("memories").items()) {
    auto memory = std::make_unique<Memory>(
        name.c_str(), m_clock, memory_kind(mem.at("kind").get<std::string>()),
        config::as_u64(mem.at("size")), memory_timing_from_json(mem, bus_params),
        mem.at("dmi").get<bool>());
    if (mem.contains("l2")) {
      // Line fills and write-backs use the memory's native width (LiteDRAM's port), not the bus.
      MemoryTimingParams dram = memory_timing_from_json(mem, bus_params);
      dram.beat_bytes = mem.at("width_bytes").get<uint64_t>();
      memory->set_cache(std::make_unique<L2Cache>(
          l2_params_from_json(mem.at("l2"), bus_params.width_bytes), dram));
    }
    m_bus->to_targets.bind(memory->bus_side);
    m_bus->set_timing_only_target(m_next_target_port, memory.get());
    m_bus->map(name, config::as_u64(mem.at("base")), memory->size(), m_next_target_port++);
    m_memories.push_back(std::move(memory));
  }

  m_sim_control = std::make_unique<SimControl>("sim_control", m_clock, m_status);
  m_bus->to_targets.bind(m_sim_control->bus_side);
  m_bus->map("sim_control", config::as_u64(config.at("sim_control").at("base")),
             ACCSIM_SIMCTL_BLOCK_SIZE, m_next_target_port);
  m_bus->set_outside_grant(m_next_target_port++);  // its markers must not move the grant
  connect_initiator(m_sim_control->name_reader, "sim_control");
}

Platform::~Platform() = default;

Memory* Platform::memory(const std::string& name) {
  for (auto& m : m_memories) {
    if (name == m->basename()) return m.get();
  }
  return nullptr;
}

int Platform::connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) {
  socket.bind(m_bus->from_initiators);
  m_bus->name_initiator(m_next_initiator_port, name);
  return m_next_initiator_port++;
}

void Platform::connect_target(tlm::tlm_target_socket<>& socket, const std::string& name,
                              uint64_t base, uint64_t size) {
  m_bus->map(name, base, size, m_next_target_port);
  m_bus->to_targets.bind(socket);
  ++m_next_target_port;
}

Memory* Platform::memory_at(uint64_t address, size_t length, uint64_t& offset) {
  const AddressRange* range = m_bus->address_map().decode(address, length == 0 ? 1 : length);
  if (range == nullptr) return nullptr;
  for (auto& m : m_memories) {
    if (range->name == m->basename()) {
      offset = address - range->base;
      return m.get();
    }
  }
  return nullptr;  // an MMIO block
}

bool Platform::write_debug(uint64_t address, const uint8_t* data, size_t length) {
  uint64_t offset = 0;
  Memory* m = memory_at(address, length, offset);
  if (m == nullptr) return false;
  std::memcpy(m->data() + offset, data, length);
  return true;
}

bool Platform::read_debug(uint64_t address, uint8_t* data, size_t length) {
  uint64_t offset = 0;
  Memory* m = memory_at(address, length, offset);
  if (m == nullptr) return false;
  std::memcpy(data, m->data() + offset, length);
  return true;
}

bool Platform::add_read_only(uint64_t address, uint64_t size, const std::string& what) {
  uint64_t offset = 0;
  Memory* m = memory_at(address, size, offset);
  if (m == nullptr) return false;
  m->add_read_only(offset, size, what);
  return true;
}

void Platform::report(Stats& stats) const {
  m_bus->report(stats);
  for (const auto& m : m_memories) m->report(stats);
  m_sim_control->report(stats);
}

void Platform::add_action_counters(std::vector<ActionCounter>& counters) const {
  m_bus->add_action_counters(counters);
  for (const auto& memory : m_memories) memory->add_action_counters(counters);
}

}  // namespace accsim
