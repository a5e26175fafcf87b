// The action-count energy model (docs/energy.md): every component's actions
// (run/action_counter.h) priced by a technology table (energy_table.h), plus each component's
// leakage over simulated time. Counters are read only when asked: at region boundaries (for
// per-operator energy) and at the run's end, so a run pays nothing per instruction for it.
// Dynamic energy is kept in whole fJ (each table entry rounded to 1 fJ once), so that regions
// add up exactly; leakage is power x time. Plain C++.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "action_counter.h"
#include "energy_table.h"

namespace accsim {
class Stats;
}

namespace accsim::energy {

// A component's name as one statistic segment: "vta.inp" -> "vta_inp".
std::string flat_name(const std::string& component);

class EnergyModel {
 public:
  // `clock_period_ps`: the clock the cycles given to report() count.
  EnergyModel(EnergyTable table, std::vector<ActionCounter> counters, uint64_t clock_period_ps);

  const EnergyTable& table() const { return m_table; }
  // The components that act, in the order their counters came (the CPU's first).
  const std::vector<std::string>& components() const { return m_components; }
  // Dynamic energy of components()[i] so far, in fJ: the sum of count x energy per action.
  uint64_t dynamic_fj(size_t component) const;
  // Leakage power of components()[i] (the table's, scaled by its size), in mW.
  double leakage_mw(size_t component) const { return m_leakage_mw.at(component); }
  double total_leakage_mw() const;
  // Leakage of a component over `cycles`, in pJ (mW x ps = fJ).
  double leakage_pj(size_t component, uint64_t cycles) const;

  // energy.* (per component and action, totals, average power, EDP) and actions.* (the counts)
  // for a run of `cycles`.
  void report(Stats& stats, uint64_t cycles) const;
  // A region's energy: <prefix>energy_pj, <prefix>energy_dynamic_pj, <prefix>energy_leakage_pj
  // and <prefix>energy_<component>_pj (flat_name), from its dynamic fJ per component (in
  // components() order) and its cycles.
  void report_region(Stats& stats, const std::string& prefix, uint64_t cycles,
                     const std::vector<uint64_t>& dynamic_fj) const;
  // "component.action" of every action counted that the table has no energy for (priced 0).
  std::vector<std::string> unpriced() const;

  // --energy-export accelergy: the action counts as Accelergy's action_counts.yaml, and this
  // table's energies per component as an ERT-like reference (docs/energy.md has the mapping).
  void write_accelergy_action_counts(std::ostream& out) const;
  void write_accelergy_ert(std::ostream& out) const;

 private:
  struct Priced {
    ActionCounter counter;
    size_t component;
    bool priced;
    uint64_t fj;  // energy per action, rounded to 1 fJ
  };
  // The energy per action in fJ, summed over the qualifiers of one (component, action).
  struct ActionTotal {
    std::string component;
    std::string action;
    uint64_t count = 0;
    uint64_t fj = 0;  // count x energy per action
  };
  std::vector<ActionTotal> action_totals() const;

  EnergyTable m_table;
  uint64_t m_period_ps;
  std::vector<Priced> m_counters;
  std::vector<std::string> m_components;
  std::vector<double> m_leakage_mw;
};

}  // namespace accsim::energy
