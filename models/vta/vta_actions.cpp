// The VTA's action counts for the energy model (docs/energy.md), from the counters its
// statistics report (fsim's counters, the SRAM accesses, the DMA's bytes).
#include <cctype>
#include <string>
#include <vector>

#include "accsim/hw/vta_isa.h"
#include "vta_module.h"

namespace accsim::vta {

void VtaModule::add_action_counters(std::vector<ActionCounter>& out) const {
  const VtaShape& shape = m_config.shape;
  const auto add = [&](const char* action, const char* description,
                       std::function<uint64_t()> read) {
    out.push_back({"vta", "vta", action, "", description, 0, std::move(read)});
  };
  // One GEMM micro-op iteration multiplies a BATCH x BLOCK_IN input row by a BLOCK_IN x
  // BLOCK_OUT weight tile; one ALU iteration operates on a BATCH x BLOCK_OUT accumulator row.
  const uint64_t macs_per_gemm = uint64_t(shape.batch()) * shape.block() * shape.block();
  const uint64_t ops_per_alu = uint64_t(shape.batch()) * shape.block();
  add("gemm_mac", "8-bit multiply-accumulates (GEMM iterations x BATCH x BLOCK_IN x BLOCK_OUT)",
      [this, macs_per_gemm] { return m_core.counters().gemm_counter * macs_per_gemm; });
  add("alu_op", "32-bit ALU operations (ALU iterations x BATCH x BLOCK_OUT)",
      [this, ops_per_alu] { return m_core.counters().alu_counter * ops_per_alu; });
  add("dma_read_byte", "Bytes the DMA read from the bus", [this] { return dma_read_bytes(); });
  add("dma_write_byte", "Bytes the DMA wrote to the bus", [this] { return dma_write_bytes(); });
  add("busy_cycle", "Cycles the load, compute and store modules worked, summed",
      [this] { return module_busy_cycles(); });
  // Each on-chip buffer is an SRAM of its own size: component vta.<buffer>, table class sram.
  const uint64_t out_bytes = uint64_t(shape.out_depth()) * shape.element_bytes(VTA_MEM_OUT);
  const struct {
    unsigned type;
    uint64_t bytes;
  } buffers[] = {{VTA_MEM_UOP, uint64_t(1) << shape.log_uop_buff_size},
                 {VTA_MEM_WGT, uint64_t(1) << shape.log_wgt_buff_size},
                 {VTA_MEM_INP, uint64_t(1) << shape.log_inp_buff_size},
                 {VTA_MEM_ACC, uint64_t(1) << shape.log_acc_buff_size},
                 {VTA_MEM_OUT, out_bytes}};
  for (const auto& b : buffers) {
    const unsigned type = b.type;
    const uint64_t element = shape.element_bytes(type);
    // vta.inp, vta.wgt, ... (memory_type_name is upstream's upper case: INP, WGT)
    std::string buffer = memory_type_name(type);
    for (char& ch : buffer) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const std::string name = "vta." + buffer;
    out.push_back({name, "sram", "read_byte", "", "Bytes read from this buffer (rows x row bytes)",
                   b.bytes,
                   [this, type, element] { return m_core.accesses(type).reads * element; }});
    out.push_back({name, "sram", "write_byte", "",
                   "Bytes written to this buffer (rows x row bytes)", b.bytes,
                   [this, type, element] { return m_core.accesses(type).writes * element; }});
  }
}

}  // namespace accsim::vta
