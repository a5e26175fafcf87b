#include "conflict_pairs.h"

#include <algorithm>

namespace accsim::cache {

ConflictPairs::ConflictPairs(const BufferMap& buffers, uint32_t sets, uint32_t line_bytes)
    : m_buffers(buffers), m_set_mask(sets > 0 ? sets - 1 : 0) {
  while ((1u << m_line_shift) < line_bytes) ++m_line_shift;
  set_scope("(no region)", -1);
}

void ConflictPairs::set_scope(const std::string& scope, int op) {
  m_scope = &m_scopes[scope];
  m_op = op;
}

void ConflictPairs::on_miss(uint64_t address, MissClass miss_class, const CacheAccess& access) {
  const uint64_t line = address >> m_line_shift;
  if (miss_class == MissClass::kConflict) {
    const auto it = m_evicted_by.find(line);
    const uint32_t evictor = it == m_evicted_by.end() ? kInvalidated : it->second;
    const uint32_t victim = m_buffers.find(address, m_op);
    Pair& pair = m_scope->pairs[{victim, evictor}];
    pair.victim = victim;
    pair.evictor = evictor;
    ++pair.misses;
    ++pair.sets[static_cast<uint32_t>(line) & m_set_mask];
    ++m_scope->conflict_misses;
  }
  if (access.allocated) m_evicted_by.erase(line);  // back in the cache: a fresh eviction follows
  if (access.evicted) {
    // Cache's set rule: the line number modulo the sets (a power of two).
    m_evicted_by[access.evicted_line >> m_line_shift] = m_buffers.find(address, m_op);
  }
}

std::string ConflictPairs::buffer_name(uint32_t id) const {
  return id == kInvalidated ? "(invalidated)" : m_buffers.name(id);
}

nlohmann::json ConflictPairs::to_json(size_t max_pairs, size_t max_sets) const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, scope] : m_scopes) {
    if (scope.conflict_misses == 0) continue;
    std::vector<const Pair*> pairs;
    for (const auto& entry : scope.pairs) pairs.push_back(&entry.second);
    // Most misses first; ties by names, so that the file is the same on every run.
    std::stable_sort(pairs.begin(), pairs.end(), [this](const Pair* a, const Pair* b) {
      if (a->misses != b->misses) return a->misses > b->misses;
      return std::make_pair(buffer_name(a->victim), buffer_name(a->evictor)) <
             std::make_pair(buffer_name(b->victim), buffer_name(b->evictor));
    });
    nlohmann::json list = nlohmann::json::array();
    uint64_t other = 0;
    for (size_t i = 0; i < pairs.size(); ++i) {
      const Pair& p = *pairs[i];
      if (i >= max_pairs) {
        other += p.misses;
        continue;
      }
      std::vector<std::pair<uint32_t, uint64_t>> sets(p.sets.begin(), p.sets.end());
      std::stable_sort(sets.begin(), sets.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      nlohmann::json set_list = nlohmann::json::array();
      for (size_t s = 0; s < sets.size() && s < max_sets; ++s) {
        set_list.push_back({sets[s].first, sets[s].second});
      }
      list.push_back({{"victim", buffer_name(p.victim)},
                      {"evictor", buffer_name(p.evictor)},
                      {"misses", p.misses},
                      {"set_count", p.sets.size()},
                      {"sets", set_list}});
    }
    nlohmann::json entry = {{"conflict_misses", scope.conflict_misses}, {"pairs", list}};
    if (other != 0) entry["other_pairs_misses"] = other;
    out[name] = entry;
  }
  return out;
}

}  // namespace accsim::cache
