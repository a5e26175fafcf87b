#include "platform.h"

#include <cstring>

#include "accsim/hw/sim_control_regs.h"
#include "cache_config.h"
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

MemoryTimingParams memory_timing(const nlohmann::json& mem, const BusParams& bus) {
  MemoryTimingParams t;
  t.first_access_cycles = mem.at("latency_cycles").get<uint64_t>();
  t.cycles_per_beat = mem.at("cycles_per_beat").get<uint64_t>();
  t.beat_bytes = std::min(mem.at("width_bytes").get<uint64_t>(), bus.width_bytes);
  if (mem.contains("row_buffer")) {
    const auto& rb = mem.at("row_buffer");
    t.row_bytes = config::as_u64(rb.at("row_size"));
    t.banks = rb.at("banks").get<uint64_t>();
    t.row_hit_cycles = rb.at("hit_latency_cycles").get<uint64_t>();
  }
  return t;
}

}  // namespace

Platform::Platform(const nlohmann::json& config, RunStatus& status)
    : m_config(config),
      m_status(status),
      m_clock(config.at("clock").at("frequency_mhz").get<double>()) {
  BusParams bus_params;
  bus_params.width_bytes = config.at("bus").at("width_bytes").get<uint64_t>();
  bus_params.latency_cycles = config.at("bus").at("latency_cycles").get<uint64_t>();
  m_bus = std::make_unique<Bus>("bus", m_clock, bus_params);

  // Memories, in name order (the effective config's object order), so that construction,
  // port numbers and statistics are deterministic.
  for (const auto& [name, mem] : config.at("memories").items()) {
    auto memory = std::make_unique<Memory>(
        name.c_str(), m_clock, memory_kind(mem.at("kind").get<std::string>()),
        config::as_u64(mem.at("size")), memory_timing(mem, bus_params), mem.at("dmi").get<bool>());
    if (mem.contains("l2")) {
      const auto& l2 = mem.at("l2");
      L2Params p;
      p.cache = cache::cache_params_from_json(l2);
      p.cache.replacement = cache::Replacement::kLru;  // LiteX's L2
      p.hit_latency_cycles = l2.at("hit_latency_cycles").get<uint64_t>();
      p.cycles_per_beat = l2.at("cycles_per_beat").get<uint64_t>();
      p.beat_bytes = bus_params.width_bytes;
      p.classify_misses = l2.at("classify_misses").get<bool>();
      // Line fills and write-backs use the memory's native width (LiteDRAM's port), not the bus.
      MemoryTimingParams dram = memory_timing(mem, bus_params);
      dram.beat_bytes = mem.at("width_bytes").get<uint64_t>();
      memory->set_cache(std::make_unique<L2Cache>(p, dram));
    }
    m_bus->to_targets.bind(memory->bus_side);
    m_bus->map(name, config::as_u64(mem.at("base")), memory->size(), m_next_target_port++);
    m_memories.push_back(std::move(memory));
  }

  m_sim_control = std::make_unique<SimControl>("sim_control", m_clock, m_status);
  m_bus->to_targets.bind(m_sim_control->bus_side);
  m_bus->map("sim_control", config::as_u64(config.at("sim_control").at("base")),
             ACCSIM_SIMCTL_BLOCK_SIZE, m_next_target_port++);
  connect_initiator(m_sim_control->name_reader, "sim_control");
}

Platform::~Platform() = default;

Memory* Platform::memory(const std::string& name) {
  for (auto& m : m_memories) {
    if (name == m->basename()) return m.get();
  }
  return nullptr;
}

void Platform::connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) {
  socket.bind(m_bus->from_initiators);
  m_bus->name_initiator(m_next_initiator_port++, name);
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

void Platform::report(Stats& stats) const {
  m_bus->report(stats);
  for (const auto& m : m_memories) m->report(stats);
  m_sim_control->report(stats);
}

}  // namespace accsim
