// Where a run's conflict misses come from (conflicts.json): for each L1 that classifies its
// misses (classify_misses), the pairs of buffers whose lines evict each other, per model
// operator or firmware region, with the sets and the misses each pair caused. The D$'s buffers
// are the model's (tensors with their lifetimes, weights, scratch, operator state: the
// firmware's placement records) and the firmware's data (ELF objects, sections, the stack); the
// I$'s are the firmware's functions. Hears the classified misses and the region events.
#pragma once

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "buffer_map.h"
#include "cached_memory.h"
#include "conflict_pairs.h"
#include "elf_loader.h"
#include "model_workload.h"
#include "soc.h"

namespace accsim::cli {

class ConflictAttribution final : public cpu::MissObserver {
 public:
  // Attaches to `soc` when one of its L1s classifies its misses; otherwise does nothing.
  // `workload` (may be null) must outlive this.
  ConflictAttribution(soc::Soc& soc, const cpu::ElfImage& image, const ModelWorkload* workload);
  ~ConflictAttribution() override;

  bool active() const { return m_dcache || m_icache; }
  void on_miss(char cache, uint64_t address, cache::MissClass miss_class,
               const cache::CacheAccess& access) override;
  // {"dcache": {"line_bytes", "sets", "scopes": ConflictPairs::to_json}, "icache": ...}
  nlohmann::json to_json() const;
  // conflicts.json in `out_dir` (nothing when inactive); false with `error` set on failure.
  bool write(const std::filesystem::path& out_dir, std::string& error) const;

  // Pairs kept per scope and busiest sets kept per pair in conflicts.json.
  static constexpr size_t kMaxPairs = 12;
  static constexpr size_t kMaxSets = 8;

 private:
  void on_region(const RegionEvent& event);
  void add_model_buffers();

  soc::Soc& m_soc;
  const ModelWorkload* m_workload;
  cache::BufferMap m_data;  // D$: the model's buffers and the firmware's data
  cache::BufferMap m_code;  // I$: the firmware's functions
  bool m_model_added = false;
  std::unique_ptr<cache::ConflictPairs> m_dcache, m_icache;
  uint32_t m_dcache_sets = 0, m_dcache_line = 0, m_icache_sets = 0, m_icache_line = 0;
  std::vector<std::string> m_open;  // the open regions, innermost last
};

}  // namespace accsim::cli
