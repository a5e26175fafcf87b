// Marks a transaction whose initiator is wired to the memory controller itself rather than
// through the CPU-side L2: LiteX connects DMA masters (an accelerator's DMA) to their own
// LiteDRAM crossbar port, so their traffic costs DRAM time and neither hits nor disturbs the
// L2. A memory without an L2 ignores the mark. Initiators attach it to their payloads and
// remove it before the payload goes away.
#pragma once

#include <tlm>

namespace accsim {

struct DirectToMemory : tlm::tlm_extension<DirectToMemory> {
  tlm::tlm_extension_base* clone() const override { return new DirectToMemory(*this); }
  void copy_from(const tlm::tlm_extension_base&) override {}
};

}  // namespace accsim
