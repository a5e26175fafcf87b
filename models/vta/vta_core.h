// What VTA's instructions do to its SRAMs and to DRAM, and how many cycles their datapaths take:
// plain C++ (no SystemC), so every instruction's semantics is unit-testable against a plain
// reference. VtaModule (the sc_module) calls it from the fetch/load/compute/store threads.
//
// Semantics are docs/reference/vta-isa.md section 5; where upstream leaves something open this
// file decides and docs/vta.md says so:
// - an index outside its buffer (LOAD/STORE rows, GEMM/ALU micro-op indices after the loop
//   factors, UOP ranges) is an error naming the instruction, not a silent wrap;
// - STORE reads the accumulator and keeps the low 8 bits of each lane (truncation);
// - SHR by >= 32 fills with the sign, by a negative amount shifts left (wrapping), by <= -32
//   gives 0; MUL keeps the low 32 bits.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "vta_config.h"

namespace accsim::vta {

class VtaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The DMA side of LOAD and STORE: one contiguous DRAM row per call. The SystemC module's
// implementation turns a row into timed bus bursts; tests use a plain byte array.
class DramPort {
 public:
  virtual ~DramPort() = default;
  virtual void read(uint64_t address, uint8_t* data, uint64_t length) = 0;
  virtual void write(uint64_t address, const uint8_t* data, uint64_t length) = 0;
};

// fsim's counters, with fsim's definitions (bytes moved without padding; GEMM/ALU micro-op
// iterations, reset GEMMs not counted).
struct VtaCounters {
  uint64_t inp_load_nbytes = 0, wgt_load_nbytes = 0, acc_load_nbytes = 0, uop_load_nbytes = 0;
  uint64_t out_store_nbytes = 0;
  uint64_t gemm_counter = 0, alu_counter = 0;
};

// Element accesses per SRAM (an element = one row of the buffer: BATCH x BLOCK inputs, ...).
struct SramAccesses {
  uint64_t reads = 0, writes = 0;
};

class VtaCore {
 public:
  VtaCore(const VtaShape& shape, const VtaTiming& timing);

  // Byte address added to dram_base * element bytes for LOAD/STORE of `memory_type` (the
  // MMIO base registers).
  void set_dram_base(unsigned memory_type, uint64_t byte_address);
  uint64_t dram_base(unsigned memory_type) const { return m_dram_base.at(memory_type); }
  // The byte address a LOAD/STORE's first DRAM element is at (none for a bad memory type).
  std::optional<uint64_t> dram_address(const vta_mem_insn_t& insn) const;

  // Each executes one instruction and returns the cycles of its own datapath (decode, padding,
  // GEMM/ALU iterations); DMA time is the DramPort's business. Throws VtaError.
  uint64_t load(const vta_mem_insn_t& insn, DramPort& dram);
  uint64_t store(const vta_mem_insn_t& insn, DramPort& dram);
  uint64_t gemm(const vta_compute_insn_t& insn);
  uint64_t alu(const vta_compute_insn_t& insn);
  // Cycles a GEMM/ALU will take, without executing it (to refuse runaway programs early).
  uint64_t compute_cycles(const vta_compute_insn_t& insn) const;

  const VtaShape& shape() const { return m_shape; }
  const vta_layout_t& layout() const { return m_layout; }
  const VtaCounters& counters() const { return m_counters; }
  const SramAccesses& accesses(unsigned memory_type) const { return m_access.at(memory_type); }

  // Direct buffer access for tests and diagnostics (element `index`, lane layout row-major).
  int8_t* inp(uint32_t index) { return &m_inp[size_t(index) * m_inp_lanes]; }
  int8_t* wgt(uint32_t index) { return &m_wgt[size_t(index) * m_wgt_lanes]; }
  int32_t* acc(uint32_t index) { return &m_acc[size_t(index) * m_acc_lanes]; }
  uint32_t& uop(uint32_t index) { return m_uop[index]; }

 private:
  uint32_t depth(unsigned memory_type) const;
  template <typename Visit>
  void for_each_iteration(const vta_compute_insn_t& insn, Visit&& visit) const;
  void check_mem(const vta_mem_insn_t& insn, bool is_store) const;
  void check_compute(const vta_compute_insn_t& insn) const;

  VtaShape m_shape;
  VtaTiming m_timing;
  vta_layout_t m_layout;
  size_t m_inp_lanes, m_wgt_lanes, m_acc_lanes;  // int8 / int8 / int32 values per element
  std::vector<int8_t> m_inp, m_wgt;
  std::vector<int32_t> m_acc;
  std::vector<uint32_t> m_uop;
  std::array<uint64_t, 5> m_dram_base{};
  std::array<SramAccesses, 5> m_access{};
  VtaCounters m_counters;
  std::vector<uint8_t> m_store_row;  // STORE's DRAM row (store module only)
};

// "LOAD INP sram 0 dram 0x100 y 1 x 16 stride 16 pad 0/0/0/0 pop_next push_prev" style
// disassembly for error messages and traces (dram: the instruction's field, in elements).
std::string disassemble(const vta_layout_t& layout, const vta_insn_t& insn);
const char* memory_type_name(unsigned memory_type);

}  // namespace accsim::vta
