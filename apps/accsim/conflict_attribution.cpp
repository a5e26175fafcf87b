#include "conflict_attribution.h"

#include <algorithm>
#include <fstream>

#include "run_outputs.h"

namespace accsim::cli {

namespace {

// "op.007.conv_2d" -> 7; -1 for any other region name.
int operator_index(const std::string& region) {
  if (region.rfind(RegionProfiler::kOperatorRegionPrefix, 0) != 0) return -1;
  const size_t start = 3, end = region.find('.', start);
  if (end == std::string::npos || end == start) return -1;
  int index = 0;
  for (size_t i = start; i < end; ++i) {
    if (region[i] < '0' || region[i] > '9') return -1;
    index = index * 10 + (region[i] - '0');
  }
  return index;
}

// The firmware's data: its allocated data sections ("(.bss)", the stack as "stack") and sized
// data objects, which nest inside them (the smaller range names an address).
void add_firmware_data(cache::BufferMap& map, const cpu::ElfImage& image) {
  for (const auto& s : image.data_sections) {
    map.add({s.name == ".stack" ? "stack" : "(" + s.name + ")", s.address, s.size});
  }
  for (const auto& o : image.data_objects) map.add({o.name, o.address, o.size});
}

// The firmware's functions: a symbol without a size reaches the next symbol's address.
void add_firmware_code(cache::BufferMap& map, const cpu::SymbolTable& symbols) {
  std::vector<uint32_t> starts;
  for (size_t i = 1; i < symbols.size(); ++i) starts.push_back(symbols.function(i).address);
  std::sort(starts.begin(), starts.end());
  for (size_t i = 1; i < symbols.size(); ++i) {
    const cpu::Symbol& s = symbols.function(i);
    uint64_t size = s.size;
    if (size == 0) {
      const auto next = std::upper_bound(starts.begin(), starts.end(), s.address);
      size = next == starts.end() ? 4 : *next - s.address;
    }
    map.add({s.name, s.address, size});
  }
}

}  // namespace

ConflictAttribution::ConflictAttribution(soc::Soc& soc, const cpu::ElfImage& image,
                                         const ModelWorkload* workload)
    : m_soc(soc), m_workload(workload) {
  cpu::CachedMemory& memory = soc.cpu().memory();
  if (memory.reports_miss_classes('D') && memory.dcache() != nullptr) {
    add_firmware_data(m_data, image);
    m_data.finalize();
    m_dcache_sets = memory.dcache()->sets();
    m_dcache_line = 1u << memory.dcache()->line_shift();
    m_dcache = std::make_unique<cache::ConflictPairs>(m_data, m_dcache_sets, m_dcache_line);
  }
  if (memory.reports_miss_classes('I') && memory.icache() != nullptr) {
    add_firmware_code(m_code, image.symbols);
    m_code.finalize();
    m_icache_sets = memory.icache()->sets();
    m_icache_line = 1u << memory.icache()->line_shift();
    m_icache = std::make_unique<cache::ConflictPairs>(m_code, m_icache_sets, m_icache_line);
  }
  if (!active()) return;
  memory.set_miss_observer(this);
  soc.sim_control().add_region_listener([this](const RegionEvent& e) { on_region(e); });
}

ConflictAttribution::~ConflictAttribution() {
  if (active()) m_soc.cpu().memory().set_miss_observer(nullptr);
}

void ConflictAttribution::add_model_buffers() {
  // The firmware reports where it placed the model's buffers before it runs the graph; they go
  // in once, before the first region that follows.
  if (m_model_added || m_workload == nullptr || !m_workload->placement_reported()) return;
  m_model_added = true;
  for (auto& buffer : m_workload->buffers()) m_data.add(std::move(buffer));
  m_data.finalize();
}

void ConflictAttribution::on_region(const RegionEvent& event) {
  if (m_dcache) add_model_buffers();
  if (event.begin) {
    m_open.push_back(event.name);
  } else if (!m_open.empty()) {
    m_open.pop_back();
  }
  const std::string scope = m_open.empty() ? "(no region)" : m_open.back();
  const int op = m_open.empty() ? -1 : operator_index(m_open.back());
  if (m_dcache) m_dcache->set_scope(scope, op);
  if (m_icache) m_icache->set_scope(scope, op);
}

void ConflictAttribution::on_miss(char cache, uint64_t address, cache::MissClass miss_class,
                                  const cache::CacheAccess& access) {
  cache::ConflictPairs* pairs = cache == 'I' ? m_icache.get() : m_dcache.get();
  if (pairs) pairs->on_miss(address, miss_class, access);
}

nlohmann::json ConflictAttribution::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  const auto one = [](const cache::ConflictPairs& pairs, uint32_t sets, uint32_t line) {
    return nlohmann::json{
        {"sets", sets}, {"line_bytes", line}, {"scopes", pairs.to_json(kMaxPairs, kMaxSets)}};
  };
  if (m_icache) out["icache"] = one(*m_icache, m_icache_sets, m_icache_line);
  if (m_dcache) out["dcache"] = one(*m_dcache, m_dcache_sets, m_dcache_line);
  return out;
}

bool ConflictAttribution::write(const std::filesystem::path& out_dir, std::string& error) const {
  if (!active()) return true;
  const auto path = out_dir / run_file::kConflicts;
  std::ofstream out(path);
  out << to_json().dump(1) << "\n";
  if (!out) {
    error = "cannot write " + path.string();
    return false;
  }
  return true;
}

}  // namespace accsim::cli
