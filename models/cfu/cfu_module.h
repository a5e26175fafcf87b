// A CFU as a SystemC module: a thin wrapper whose target socket receives the CPU's custom-0
// commands (CfuTransaction) and hands them to the plain-C++ CFU model it owns.
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <memory>
#include <systemc>

#include "cfu_model.h"
#include "clock.h"

namespace accsim::cfu {

class CfuModule : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<CfuModule> cpu_side;

  CfuModule(sc_core::sc_module_name name, const Clock& clock, std::unique_ptr<CfuModel> model);

  CfuModel& model() { return *m_model; }
  void report(Stats& stats, uint64_t end_cycle) const { m_model->report(stats, end_cycle); }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);

  const Clock& m_clock;
  std::unique_ptr<CfuModel> m_model;
};

}  // namespace accsim::cfu
