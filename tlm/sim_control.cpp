#include "sim_control.h"

#include <cstdio>
#include <cstring>

#include "accsim/hw/sim_control_regs.h"
#include "stats.h"

namespace accsim {

namespace {
constexpr size_t kMaxNameLength = 128;
}

SimControl::SimControl(sc_core::sc_module_name name, const Clock& clock, RunStatus& status)
    : sc_module(name),
      bus_side("bus_side"),
      name_reader("name_reader"),
      m_clock(clock),
      m_status(status) {
  bus_side.register_b_transport(this, &SimControl::b_transport);
}

std::string SimControl::read_name(uint64_t address, bool& ok) {
  std::string name;
  ok = false;
  char chunk[16];
  while (name.size() < kMaxNameLength) {
    tlm::tlm_generic_payload trans;
    trans.set_read();
    trans.set_address(address + name.size());
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(chunk));
    trans.set_data_length(sizeof chunk);
    trans.set_streaming_width(sizeof chunk);
    const unsigned n = name_reader->transport_dbg(trans);
    if (n == 0) return name;
    for (unsigned i = 0; i < n; ++i) {
      if (chunk[i] == '\0') {
        ok = true;
        return name;
      }
      name.push_back(chunk[i]);
    }
  }
  return name;
}

void SimControl::region(bool begin, uint64_t name_address, uint64_t cycle) {
  char where[64];
  std::snprintf(where, sizeof where, " (name pointer 0x%08llx)",
                static_cast<unsigned long long>(name_address));
  std::string name;
  if (name_address != 0 || begin) {
    bool ok = false;
    name = read_name(name_address, ok);
    if (!ok) {
      m_status.fail(std::string("sim-control: region name is not a readable NUL-terminated "
                                "string of at most 128 bytes") +
                        where,
                    cycle);
      return;
    }
  }
  if (begin) {
    m_open.emplace_back(name, cycle);
  } else {
    if (m_open.empty()) {
      m_status.fail("sim-control: REGION_END for \"" + name + "\" but no region is open", cycle);
      return;
    }
    if (!name.empty() && name != m_open.back().first) {
      m_status.fail("sim-control: REGION_END for \"" + name +
                        "\" but the innermost open region is \"" + m_open.back().first + "\"",
                    cycle);
      return;
    }
    name = m_open.back().first;
    m_open.pop_back();
  }
  // Depth of the region itself: begin events were pushed already, end events popped.
  const int depth = static_cast<int>(m_open.size()) - (begin ? 1 : 0);
  RegionEvent event{cycle, begin, name, depth};
  m_events.push_back(event);
  for (auto& listener : m_region_listeners) listener(event);
}

void SimControl::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const uint64_t offset = trans.get_address();
  if (trans.get_data_length() != 4 || (offset & 3) != 0) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  const uint64_t cycle = m_clock.cycles(sc_core::sc_time_stamp() + delay);
  uint32_t value = 0;
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  if (trans.is_write()) {
    std::memcpy(&value, trans.get_data_ptr(), 4);
    switch (offset) {
      case ACCSIM_SIMCTL_CONSOLE_TX:
        ++m_console_bytes;
        if (m_console) m_console(static_cast<char>(value & 0xFF));
        break;
      case ACCSIM_SIMCTL_EXIT:
        m_status.exit(static_cast<int32_t>(value), cycle);
        break;
      case ACCSIM_SIMCTL_REGION_BEGIN:
        region(true, value, cycle);
        break;
      case ACCSIM_SIMCTL_REGION_END:
        region(false, value, cycle);
        break;
      case ACCSIM_SIMCTL_OUTPUT_ADDR:
        m_output_addr = value;
        break;
      case ACCSIM_SIMCTL_OUTPUT_BYTES:
        m_outputs.emplace_back(m_output_addr, value);
        break;
      case ACCSIM_SIMCTL_PLACEMENT:
        if (m_placement_listener) m_placement_listener(value, cycle);
        break;
      default:
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    }
    return;
  }
  if (trans.is_read()) {
    switch (offset) {
      case ACCSIM_SIMCTL_ID:
        value = ACCSIM_SIMCTL_ID_VALUE;
        break;
      case ACCSIM_SIMCTL_CYCLE_LO:
        value = static_cast<uint32_t>(cycle);
        break;
      case ACCSIM_SIMCTL_CYCLE_HI:
        value = static_cast<uint32_t>(cycle >> 32);
        break;
      case ACCSIM_SIMCTL_ARG_COUNT:
        value = static_cast<uint32_t>(m_args.size());
        break;
      case ACCSIM_SIMCTL_MODEL_ADDR:
        value = m_workload.model_addr;
        break;
      case ACCSIM_SIMCTL_MODEL_BYTES:
        value = m_workload.model_bytes;
        break;
      case ACCSIM_SIMCTL_INPUT_ADDR:
        value = m_workload.input_addr;
        break;
      case ACCSIM_SIMCTL_INPUT_BYTES:
        value = m_workload.input_bytes;
        break;
      case ACCSIM_SIMCTL_ARENA_ADDR:
        value = m_workload.arena_addr;
        break;
      case ACCSIM_SIMCTL_ARENA_BYTES:
        value = m_workload.arena_bytes;
        break;
      case ACCSIM_SIMCTL_SOC_CFU:
        value = m_workload.soc_cfu;
        break;
      case ACCSIM_SIMCTL_SOC_VTA_BASE:
        value = m_workload.soc_vta_base;
        break;
      case ACCSIM_SIMCTL_DELEGATE:
        value = m_workload.delegate;
        break;
      case ACCSIM_SIMCTL_OVERRIDES_ADDR:
        value = m_workload.overrides_addr;
        break;
      case ACCSIM_SIMCTL_OVERRIDES_COUNT:
        value = m_workload.overrides_count;
        break;
      default:
        if (offset >= ACCSIM_SIMCTL_ARG0 && offset < ACCSIM_SIMCTL_ARG(ACCSIM_SIMCTL_MAX_ARGS)) {
          const size_t index = (offset - ACCSIM_SIMCTL_ARG0) / 4;
          value = index < m_args.size() ? m_args[index] : 0;
        } else {
          value = 0;  // write-only registers read as zero
        }
    }
    std::memcpy(trans.get_data_ptr(), &value, 4);
  }
}

void SimControl::report(Stats& stats) const {
  stats.set("sim_control.console_bytes", m_console_bytes,
            "Bytes the firmware wrote to the console");
  stats.set("sim_control.region_events", m_events.size(), "Region begin/end markers seen");
}

}  // namespace accsim
