// The caches of a VexRiscv Verilog, read from the Verilog itself: SpinalHDL writes each cache's
// RAMs as arrays of its InstructionCache and DataCache modules (ways_<w>_tags [0:sets-1], and
// the data: banks_<w> of words, or ways_<w>_data_symbol<k> of bytes), so the number of ways,
// the sets and the bytes per way give size, line and associativity. The generator's report
// (the .yaml beside the .v) names only the I$, so it cannot be the source.
#pragma once

#include <cstdint>
#include <string>

namespace accsim::cpu::rtl {

struct VexRiscvCacheShape {
  uint64_t size = 0;  // bytes
  uint32_t line_bytes = 0;
  uint32_t ways = 0;
  bool found() const { return size != 0; }
};

struct VexRiscvCaches {
  VexRiscvCacheShape icache, dcache;
};

// Reads the shapes from the Verilog's text; a cache the text lacks stays !found().
VexRiscvCaches vexriscv_caches(const std::string& verilog);

}  // namespace accsim::cpu::rtl
