#include "stats.h"

#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace accsim {

void Stats::set(const std::string& name, uint64_t value, const std::string& description) {
  m_entries[name] = Entry{value, description};
}
void Stats::set_signed(const std::string& name, int64_t value, const std::string& description) {
  m_entries[name] = Entry{value, description};
}
void Stats::set_real(const std::string& name, double value, const std::string& description) {
  m_entries[name] = Entry{value, description};
}
void Stats::set_text(const std::string& name, const std::string& value, const std::string& desc) {
  m_entries[name] = Entry{value, desc};
}

void Stats::add_all(const Stats& other, const std::string& prefix) {
  for (const auto& [name, entry] : other.m_entries) m_entries[prefix + name] = entry;
}

uint64_t Stats::get(const std::string& name) const {
  auto it = m_entries.find(name);
  if (it == m_entries.end()) throw std::out_of_range("no statistic named " + name);
  if (auto* v = std::get_if<uint64_t>(&it->second.value)) return *v;
  throw std::out_of_range("statistic " + name + " is not an unsigned count");
}

nlohmann::json Stats::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& item : m_entries) {
    // Not a structured binding: C++17 lambdas cannot capture those (clang refuses).
    const std::string& name = item.first;
    std::visit([&](const auto& v) { out[name] = v; }, item.second.value);
  }
  return out;
}

namespace {
std::string format_value(const Stats::Value& value) {
  if (auto* u = std::get_if<uint64_t>(&value)) return std::to_string(*u);
  if (auto* s = std::get_if<int64_t>(&value)) return std::to_string(*s);
  if (auto* d = std::get_if<double>(&value)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", *d);
    return buf;
  }
  return std::get<std::string>(value);
}
}  // namespace

std::string Stats::to_text() const {
  size_t name_width = 0;
  for (const auto& [name, entry] : m_entries) name_width = std::max(name_width, name.size());
  std::ostringstream out;
  for (const auto& [name, entry] : m_entries) {
    std::string value = format_value(entry.value);
    out << name << std::string(name_width + 2 - name.size(), ' ') << value
        << std::string(value.size() < 16 ? 16 - value.size() : 1, ' ') << "# " << entry.description
        << '\n';
  }
  return out.str();
}

}  // namespace accsim
