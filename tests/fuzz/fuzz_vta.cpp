// Fuzz target: the VTA's instruction decoding and semantics (models/vta: vta_isa.h's decoders,
// VtaCore, disassemble) on a small VTA. The first two input bytes choose the shape (BATCH,
// BLOCK and four buffer depths of 1..8 elements, so buffer bounds are easy to reach); the rest
// is a program of 128-bit instructions, dispatched as VtaModule::execute does. DRAM is the
// whole input zero-padded to 4 KiB, so LOADs can fetch micro-ops and data from the program
// bytes as real firmware does. VtaError is the documented refusal (the module turns it into a
// failed run); anything else is a finding.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "vta_config.h"
#include "vta_core.h"

namespace {

constexpr size_t kInsnBytes = 16;
constexpr size_t kMaxInstructions = 64;
constexpr size_t kDramBytes = 4096;
// GEMM/ALU cycles one input may plan in total; an instruction past the budget is skipped, as
// the module refuses runaway programs (simulation.max_cycles) before executing them. With up
// to 512 MACs per GEMM iteration this keeps an input near a millisecond: longer loops over
// buffers of at most 8 elements find nothing new.
constexpr uint64_t kComputeCycleBudget = 1024;

class FuzzDram : public accsim::vta::DramPort {
 public:
  explicit FuzzDram(std::vector<uint8_t> bytes) : m_bytes(std::move(bytes)) {}
  void read(uint64_t address, uint8_t* data, uint64_t length) override {
    check(address, length);
    std::memcpy(data, m_bytes.data() + address, length);
  }
  void write(uint64_t address, const uint8_t* data, uint64_t length) override {
    check(address, length);
    std::memcpy(m_bytes.data() + address, data, length);
  }

 private:
  // The SystemC module's DMA throws VtaError for an access outside every memory; so does this.
  void check(uint64_t address, uint64_t length) const {
    if (address > m_bytes.size() || length > m_bytes.size() - address) {
      throw accsim::vta::VtaError("DMA outside the fuzz DRAM");
    }
  }
  std::vector<uint8_t> m_bytes;
};

// Buffer sizes give depths of 1..8 elements: byte bits pick the extra log2 depth (0..3).
accsim::vta::VtaShape shape_from(uint8_t a, uint8_t b) {
  accsim::vta::VtaShape s;
  s.log_batch = a & 1;
  s.log_block = 1 + ((a >> 1) & 3);
  s.log_uop_buff_size = 2 + ((a >> 3) & 3);
  s.log_inp_buff_size = s.log_batch + s.log_block + (b & 3);
  s.log_wgt_buff_size = 2 * s.log_block + ((b >> 2) & 3);
  s.log_acc_buff_size = s.log_batch + s.log_block + 2 + ((b >> 4) & 3);
  return s;
}

void execute(accsim::vta::VtaCore& core, FuzzDram& dram, const vta_insn_t& insn, uint64_t& budget) {
  const unsigned opcode = vta_insn_opcode(insn);
  if (opcode == VTA_OPCODE_LOAD) {
    core.load(vta_decode_mem(insn), dram);
  } else if (opcode == VTA_OPCODE_STORE) {
    core.store(vta_decode_mem(insn), dram);
  } else if (opcode == VTA_OPCODE_GEMM || opcode == VTA_OPCODE_ALU) {
    const vta_compute_insn_t c = vta_decode_compute(&core.layout(), insn);
    const uint64_t planned = core.compute_cycles(c);
    if (planned > budget) return;
    budget -= planned;
    if (opcode == VTA_OPCODE_GEMM) {
      core.gemm(c);
    } else {
      core.alu(c);
    }
  }
  // FINISH only synchronises; opcodes 5..7 are refused by fetch before they reach a module.
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const accsim::vta::VtaShape shape = shape_from(data[0], data[1]);
  if (!accsim::vta::check_shape(shape).empty()) return 0;  // the config loader refuses it
  accsim::vta::VtaCore core(shape, accsim::vta::VtaTiming{});
  std::vector<uint8_t> bytes(data, data + size);
  bytes.resize(std::max(bytes.size(), kDramBytes), 0);
  FuzzDram dram(std::move(bytes));
  const size_t count = std::min((size - 2) / kInsnBytes, kMaxInstructions);
  uint64_t budget = kComputeCycleBudget;
  for (size_t i = 0; i < count; ++i) {
    vta_insn_t insn;
    std::memcpy(&insn.lo, data + 2 + i * kInsnBytes, 8);
    std::memcpy(&insn.hi, data + 2 + i * kInsnBytes + 8, 8);
    accsim::vta::disassemble(core.layout(), insn);
    try {
      execute(core, dram, insn, budget);
    } catch (const accsim::vta::VtaError&) {
      // the module fails the run here; the fuzz target carries on to reach more instructions
    }
  }
  return 0;
}
