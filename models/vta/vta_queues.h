// The queues between VTA's modules: command queues carry instructions from fetch to load,
// compute and store; token queues carry the dependency tokens (no data) between load, compute
// and store. Both have a capacity and an event that fires on every change, which is all the
// SystemC threads need to wait on them. Plain C++ apart from the event.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <systemc>

#include "accsim/hw/vta_isa.h"

namespace accsim::vta {

struct QueuedInsn {
  vta_insn_t insn;
  uint64_t index;  // position in the launched instruction stream, for messages
};

class CommandQueue {
 public:
  CommandQueue(std::string name, uint64_t capacity) : m_name(std::move(name)), m_cap(capacity) {}
  bool empty() const { return m_q.empty(); }
  bool full() const { return m_q.size() >= m_cap; }
  void push(const QueuedInsn& insn) {
    m_q.push_back(insn);
    m_changed.notify(sc_core::SC_ZERO_TIME);
  }
  QueuedInsn pop() {
    QueuedInsn i = m_q.front();
    m_q.pop_front();
    m_changed.notify(sc_core::SC_ZERO_TIME);
    return i;
  }
  const sc_core::sc_event& changed() const { return m_changed; }
  const std::string& name() const { return m_name; }

 private:
  std::string m_name;
  uint64_t m_cap;
  std::deque<QueuedInsn> m_q;
  sc_core::sc_event m_changed;
};

// All token queues of a VTA notify one shared event, so a module waiting on several queues
// waits on one event (no per-wait event list that a thread blocked at the end of the
// simulation would never free).
class TokenQueue {
 public:
  TokenQueue(std::string name, std::string description, uint64_t capacity,
             sc_core::sc_event& changed)
      : m_name(std::move(name)),
        m_description(std::move(description)),
        m_cap(capacity),
        m_changed(changed) {}
  uint64_t tokens() const { return m_tokens; }
  bool full() const { return m_tokens >= m_cap; }
  void push() {
    ++m_tokens;
    ++m_pushed;
    m_changed.notify(sc_core::SC_ZERO_TIME);
  }
  void pop() {
    --m_tokens;
    m_changed.notify(sc_core::SC_ZERO_TIME);
  }
  const sc_core::sc_event& changed() const { return m_changed; }
  const std::string& name() const { return m_name; }
  // "l2c (load->compute)"
  std::string label() const { return m_name + " (" + m_description + ")"; }
  uint64_t pushed() const { return m_pushed; }

 private:
  std::string m_name, m_description;
  uint64_t m_cap;
  uint64_t m_tokens = 0;
  uint64_t m_pushed = 0;
  sc_core::sc_event& m_changed;
};

}  // namespace accsim::vta
