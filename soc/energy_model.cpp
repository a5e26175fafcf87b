#include "energy_model.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "stats.h"

namespace accsim::energy {

EnergyModel::EnergyModel(EnergyTable table, std::vector<ActionCounter> counters,
                         uint64_t clock_period_ps)
    : m_table(std::move(table)), m_period_ps(clock_period_ps) {
  std::map<std::string, size_t> index;
  for (ActionCounter& counter : counters) {
    auto [it, added] = index.emplace(counter.component, m_components.size());
    if (added) {
      m_components.push_back(counter.component);
      // A component's leakage: its class's, at its size (the first counter's, e.g. a cache's).
      m_leakage_mw.push_back(m_table.leakage_mw(counter.table_class, counter.size_bytes));
    }
    const std::optional<double> pj =
        m_table.action_pj(counter.table_class, counter.action, counter.size_bytes);
    const uint64_t fj = pj ? static_cast<uint64_t>(std::llround(*pj * 1000.0)) : 0;
    m_counters.push_back({std::move(counter), it->second, pj.has_value(), fj});
  }
}

uint64_t EnergyModel::dynamic_fj(size_t component) const {
  uint64_t fj = 0;
  for (const Priced& p : m_counters) {
    if (p.component == component && p.fj != 0) fj += p.counter.read() * p.fj;
  }
  return fj;
}

double EnergyModel::total_leakage_mw() const {
  double mw = 0;
  for (double l : m_leakage_mw) mw += l;
  return mw;
}

double EnergyModel::leakage_pj(size_t component, uint64_t cycles) const {
  // mW x ps = fJ
  return m_leakage_mw.at(component) * double(cycles) * double(m_period_ps) / 1000.0;
}

std::vector<EnergyModel::ActionTotal> EnergyModel::action_totals() const {
  std::vector<ActionTotal> totals;
  std::map<std::pair<std::string, std::string>, size_t> index;
  for (const Priced& p : m_counters) {
    const auto key = std::make_pair(p.counter.component, p.counter.action);
    auto [it, added] = index.emplace(key, totals.size());
    if (added) totals.push_back({p.counter.component, p.counter.action, 0, 0});
    const uint64_t count = p.counter.read();
    totals[it->second].count += count;
    totals[it->second].fj += count * p.fj;
  }
  return totals;
}

std::vector<std::string> EnergyModel::unpriced() const {
  std::vector<std::string> names;
  for (const Priced& p : m_counters) {
    if (p.priced || p.counter.read() == 0) continue;
    const std::string name = p.counter.component + "." + p.counter.action;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

void EnergyModel::report(Stats& stats, uint64_t cycles) const {
  for (const Priced& p : m_counters) {
    const ActionCounter& c = p.counter;
    const std::string name =
        "actions." + c.component + "." + c.action + (c.qualifier.empty() ? "" : "." + c.qualifier);
    stats.set(name, c.read(), c.description);
  }
  for (const ActionTotal& t : action_totals()) {
    stats.set_real("energy." + t.component + "." + t.action + "_pj", double(t.fj) / 1000.0,
                   "Energy of this action: count x the table's energy per action (pJ)");
  }
  double dynamic = 0, leakage = 0;
  for (size_t i = 0; i < m_components.size(); ++i) {
    const std::string p = "energy." + m_components[i] + ".";
    const double d = double(dynamic_fj(i)) / 1000.0;
    const double l = leakage_pj(i, cycles);
    stats.set_real(p + "dynamic_pj", d, "Dynamic energy: its actions priced by the table (pJ)");
    stats.set_real(p + "leakage_pj", l, "Leakage power x simulated time (pJ)");
    stats.set_real(p + "total_pj", d + l, "Dynamic + leakage energy (pJ)");
    dynamic += d;
    leakage += l;
  }
  const double total = dynamic + leakage;
  const double seconds = double(cycles) * double(m_period_ps) * 1e-12;
  stats.set_real("energy.dynamic_pj", dynamic, "Dynamic energy of every component (pJ)");
  stats.set_real("energy.leakage_pj", leakage, "Leakage energy of every component (pJ)");
  stats.set_real("energy.total_pj", total, "Energy of the run: dynamic + leakage (pJ)");
  stats.set_real("energy.leakage_mw", total_leakage_mw(), "Leakage power of every component (mW)");
  // pJ / ps = W
  stats.set_real("energy.average_power_mw",
                 cycles ? total / (double(cycles) * double(m_period_ps)) * 1000.0 : 0.0,
                 "Average power over the run: energy / simulated time (mW)");
  stats.set_real("energy.edp_uj_ms", total * 1e-6 * seconds * 1e3,
                 "Energy-delay product: energy (uJ) x simulated time (ms)");
  stats.set_text("energy.table", m_table.name + " (" + m_table.file + ")",
                 "The energy table the run was priced with");
  std::string missing;
  for (const std::string& name : unpriced()) missing += (missing.empty() ? "" : ",") + name;
  if (!missing.empty()) {
    stats.set_text("energy.unpriced", missing,
                   "Actions counted that the table has no energy for (priced 0)");
  }
}

void EnergyModel::report_region(Stats& stats, const std::string& prefix, uint64_t cycles,
                                const std::vector<uint64_t>& dynamic_fj) const {
  // One level below the region (<region>.energy_<component>_pj, the component's dots as '_'),
  // like its other figures.
  double dynamic = 0, leakage = 0;
  for (size_t i = 0; i < m_components.size() && i < dynamic_fj.size(); ++i) {
    const double d = double(dynamic_fj[i]) / 1000.0;
    const double l = leakage_pj(i, cycles);
    stats.set_real(prefix + "energy_" + flat_name(m_components[i]) + "_pj", d + l,
                   "Energy of this component in the region, dynamic + leakage (pJ)");
    dynamic += d;
    leakage += l;
  }
  stats.set_real(prefix + "energy_dynamic_pj", dynamic, "Dynamic energy in the region (pJ)");
  stats.set_real(prefix + "energy_leakage_pj", leakage, "Leakage energy in the region (pJ)");
  stats.set_real(prefix + "energy_pj", dynamic + leakage, "Energy in the region (pJ)");
}

std::string flat_name(const std::string& component) {
  std::string flat = component;
  for (char& c : flat) {
    if (c == '.') c = '_';
  }
  return flat;
}

namespace {
// YAML scalars: component and action names are [A-Za-z0-9_.]; quote them anyway.
std::string quoted(const std::string& s) { return "\"" + s + "\""; }
}  // namespace

void EnergyModel::write_accelergy_action_counts(std::ostream& out) const {
  out << "# accsim action counts in Accelergy's action_counts format (docs/energy.md, Accelergy\n"
         "# export): one local component per accsim component, named accsim.<component>; one\n"
         "# action per accsim action, with its count. Pair it with an architecture that\n"
         "# declares these components and a table of your own (or accsim_ert.yaml).\n";
  out << "action_counts:\n  version: 0.3\n  local:\n";
  std::string current;
  for (const ActionTotal& t : action_totals()) {
    if (t.component != current) {
      out << "  - name: " << quoted("accsim." + t.component) << "\n    action_counts:\n";
      current = t.component;
    }
    out << "    - name: " << quoted(t.action) << "\n      counts: " << t.count << "\n";
  }
}

void EnergyModel::write_accelergy_ert(std::ostream& out) const {
  out << "# The energy per action accsim used for each component (pJ), in the shape of an\n"
         "# Accelergy energy reference table; table "
      << m_table.name << " (" << m_table.file << ").\n";
  out << "ERT:\n  version: 0.3\n  tables:\n";
  std::string current;
  for (const Priced& p : m_counters) {
    const ActionCounter& c = p.counter;
    if (c.component != current) {
      out << "  - name: " << quoted("accsim." + c.component) << "\n    actions:\n";
      current = c.component;
    } else if (!c.qualifier.empty()) {
      continue;  // one entry per action: every qualifier is priced the same
    }
    out << "    - name: " << quoted(c.action) << "\n      energy: " << double(p.fj) / 1000.0
        << (p.priced ? "" : "  # not in the table") << "\n";
  }
}

}  // namespace accsim::energy
