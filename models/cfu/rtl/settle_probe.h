// Tells when a Verilated design has settled: one clock cycle with unchanged inputs left its
// whole state as it was. The design is then a fixed point of its next-state function: every
// further cycle with the same inputs computes the same function of the same state, so clocking
// it through them changes nothing and may be skipped (VerilatedCfu's lazy clocking).
//
// "Whole state" is the object representation of the model's symbol table (Top__Syms): the root
// module with every signal, register and memory (unpacked arrays are stored inline), every
// module Verilator did not inline, and the top-level inputs. A byte compare can only err on the
// safe side: bytes that differ without the state differing (padding, bookkeeping) just keep the
// design clocked. What lives outside the symbol table is the design's own business: a design
// with $random, $display, $time, file I/O, $finish, DPI or SystemVerilog heap types (strings,
// queues, classes) may have state or effects outside it and must not be skipped
// (closed_design.h checks the Verilated code for them).
//
// Include the Verilated model's __Syms.h header before this one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace accsim::cfu {

template <class Top>
class SettleProbe {
 public:
  using Syms =
      std::remove_cv_t<std::remove_pointer_t<decltype(std::declval<Top&>().rootp->vlSymsp)>>;

  explicit SettleProbe(const Top& top)
      : m_state(reinterpret_cast<const unsigned char*>(top.rootp->vlSymsp)),
        m_before(sizeof(Syms)) {}

  // Whether `cycle` (a callable that clocks the design through one cycle with the inputs it
  // had) leaves the state as it found it. Clocks one cycle, and a second one when the first
  // left the leading bytes unchanged and `go_on()` allows it: the registers and small signals
  // come first in the root module and change whenever the design is busy, so most busy cycles
  // are rejected before the memories are copied and compared.
  template <class Cycle, class GoOn>
  bool settles(Cycle&& cycle, GoOn&& go_on) {
    const std::size_t head = std::min(kHeadBytes, m_before.size());
    std::memcpy(m_before.data(), m_state, head);
    cycle();
    if (std::memcmp(m_before.data(), m_state, head) != 0 || !go_on()) return false;
    std::memcpy(m_before.data(), m_state, m_before.size());
    cycle();
    return std::memcmp(m_before.data(), m_state, m_before.size()) == 0;
  }

  std::size_t state_bytes() const { return m_before.size(); }

 private:
  static constexpr std::size_t kHeadBytes = 512;
  const unsigned char* m_state;
  std::vector<unsigned char> m_before;
};

}  // namespace accsim::cfu
