// What the VTA tells a timeline (or any other observer) about its work, as it happens: each
// instruction a module executed, each wait for tokens or queue space, each DMA burst. Times are
// SystemC times; the observer converts them to whatever clock it reports in. Without an
// observer the module does none of this bookkeeping.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <systemc>

namespace accsim::vta {

class VtaActivitySink {
 public:
  virtual ~VtaActivitySink() = default;
  // `module` ("fetch", "load", "compute", "store") executed stream instruction `index`,
  // disassembled as `text`; a LOAD/STORE also gives the byte address of its first DRAM element.
  virtual void instruction(const std::string& module, uint64_t index, const std::string& text,
                           std::optional<uint64_t> dram_address, const sc_core::sc_time& begin,
                           const sc_core::sc_time& end) = 0;
  // `module` waited (for tokens, or fetch for queue space); `what` says for what.
  virtual void waited(const std::string& module, const std::string& what,
                      const sc_core::sc_time& begin, const sc_core::sc_time& end) = 0;
  // One DMA burst on the bus, issued by `module` (each module's bursts follow one another;
  // different modules' bursts overlap).
  virtual void dma(const std::string& module, bool write, uint64_t address, uint64_t bytes,
                   const sc_core::sc_time& begin, const sc_core::sc_time& end) = 0;
};

}  // namespace accsim::vta
