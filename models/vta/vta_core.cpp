#include "vta_core.h"

#include <cstdio>
#include <cstring>

namespace accsim::vta {

namespace {

std::string num(uint64_t v) { return std::to_string(v); }

}  // namespace

const char* memory_type_name(unsigned memory_type) {
  switch (memory_type) {
    case VTA_MEM_UOP:
      return "UOP";
    case VTA_MEM_WGT:
      return "WGT";
    case VTA_MEM_INP:
      return "INP";
    case VTA_MEM_ACC:
      return "ACC";
    case VTA_MEM_OUT:
      return "OUT";
    default:
      return "?";
  }
}

VtaCore::VtaCore(const VtaShape& shape, const VtaTiming& timing)
    : m_shape(shape),
      m_timing(timing),
      m_layout(shape.layout()),
      m_inp_lanes(shape.batch() * shape.block()),
      m_wgt_lanes(shape.block() * shape.block()),
      m_acc_lanes(shape.batch() * shape.block()),
      m_inp(size_t(shape.inp_depth()) * m_inp_lanes),
      m_wgt(size_t(shape.wgt_depth()) * m_wgt_lanes),
      m_acc(size_t(shape.acc_depth()) * m_acc_lanes),
      m_uop(shape.uop_depth()) {}

void VtaCore::set_dram_base(unsigned memory_type, uint64_t byte_address) {
  m_dram_base.at(memory_type) = byte_address;
}

uint32_t VtaCore::depth(unsigned memory_type) const {
  switch (memory_type) {
    case VTA_MEM_UOP:
      return m_shape.uop_depth();
    case VTA_MEM_WGT:
      return m_shape.wgt_depth();
    case VTA_MEM_INP:
      return m_shape.inp_depth();
    case VTA_MEM_ACC:
      return m_shape.acc_depth();
    case VTA_MEM_OUT:
      return m_shape.out_depth();
    default:
      return 0;
  }
}

void VtaCore::check_mem(const vta_mem_insn_t& m, bool is_store) const {
  if (m.memory_type > VTA_MEM_OUT) {
    throw VtaError("memory_type " + num(m.memory_type) + " does not exist (0..4)");
  }
  if (is_store && m.memory_type != VTA_MEM_OUT) {
    throw VtaError(std::string("STORE of ") + memory_type_name(m.memory_type) +
                   ": only OUT can be stored");
  }
  if (!is_store && m.memory_type == VTA_MEM_OUT) {
    throw VtaError("LOAD into OUT: the OUT buffer is written by GEMM/ALU, not loaded");
  }
  if (m.x_size == 0) return;  // a sync no-op: nothing moves
  if (is_store && (m.x_pad_0 | m.x_pad_1 | m.y_pad_0 | m.y_pad_1) != 0) {
    throw VtaError("STORE with padding: the store module does not pad");
  }
  if (m.memory_type == VTA_MEM_UOP && (m.x_pad_0 | m.x_pad_1 | m.y_pad_0 | m.y_pad_1) != 0) {
    throw VtaError("LOAD UOP with padding: micro-op loads are not padded");
  }
  const uint64_t row = uint64_t(m.x_pad_0) + m.x_size + m.x_pad_1;
  const uint64_t rows = uint64_t(m.y_pad_0) + m.y_size + m.y_pad_1;
  const uint64_t end = m.sram_base + row * rows;
  if (end > depth(m.memory_type)) {
    throw VtaError(std::string(memory_type_name(m.memory_type)) + " elements " + num(m.sram_base) +
                   ".." + num(end - 1) + " are outside the buffer (depth " +
                   num(depth(m.memory_type)) + ")");
  }
}

uint64_t VtaCore::load(const vta_mem_insn_t& m, DramPort& dram) {
  check_mem(m, false);
  const uint64_t cycles = m_timing.insn_overhead_cycles;
  if (m.x_size == 0) return cycles;
  const unsigned type = m.memory_type;
  const uint32_t elem = m_shape.element_bytes(type);
  const uint64_t row = uint64_t(m.x_pad_0) + m.x_size + m.x_pad_1;
  const uint64_t rows = uint64_t(m.y_pad_0) + m.y_size + m.y_pad_1;
  uint8_t* sram = nullptr;
  switch (type) {
    case VTA_MEM_UOP:
      sram = reinterpret_cast<uint8_t*>(m_uop.data());
      break;
    case VTA_MEM_WGT:
      sram = reinterpret_cast<uint8_t*>(m_wgt.data());
      break;
    case VTA_MEM_INP:
      sram = reinterpret_cast<uint8_t*>(m_inp.data());
      break;
    case VTA_MEM_ACC:
      sram = reinterpret_cast<uint8_t*>(m_acc.data());
      break;
  }
  // Host buffers hold values in host byte order; DRAM is little-endian like the SoC. accsim
  // builds only for little-endian hosts (x86-64, arm64), so the bytes copy as they are.
  // Rows go straight into the SRAM: the load and compute modules run concurrently and each
  // DMA read yields to the other, so nothing here may live in shared scratch space.
  uint8_t* base = sram + size_t(m.sram_base) * elem;
  for (uint64_t y = 0; y < rows; ++y) {
    uint8_t* dst = base + size_t(y * row) * elem;
    const bool pad_row = y < m.y_pad_0 || y >= m.y_pad_0 + m.y_size;
    if (pad_row) {
      std::memset(dst, 0, size_t(row) * elem);
      continue;
    }
    std::memset(dst, 0, size_t(m.x_pad_0) * elem);
    const uint64_t dram_row = m.dram_base + (y - m.y_pad_0) * uint64_t(m.x_stride);
    dram.read(m_dram_base[type] + dram_row * elem, dst + size_t(m.x_pad_0) * elem,
              size_t(m.x_size) * elem);
    std::memset(dst + size_t(m.x_pad_0 + m.x_size) * elem, 0, size_t(m.x_pad_1) * elem);
  }
  const uint64_t moved = uint64_t(m.x_size) * m.y_size * elem;
  switch (type) {
    case VTA_MEM_UOP:
      m_counters.uop_load_nbytes += moved;
      break;
    case VTA_MEM_WGT:
      m_counters.wgt_load_nbytes += moved;
      break;
    case VTA_MEM_INP:
      m_counters.inp_load_nbytes += moved;
      break;
    case VTA_MEM_ACC:
      m_counters.acc_load_nbytes += moved;
      break;
  }
  m_access[type].writes += row * rows;
  const uint64_t pads = row * rows - uint64_t(m.x_size) * m.y_size;
  return cycles + pads * m_timing.pad_cycles_per_element;
}

uint64_t VtaCore::store(const vta_mem_insn_t& m, DramPort& dram) {
  check_mem(m, true);
  const uint64_t cycles = m_timing.insn_overhead_cycles;
  if (m.x_size == 0) return cycles;
  const uint32_t elem = m_shape.element_bytes(VTA_MEM_OUT);
  // Only the store module stores, so this staging row is never shared between threads. It is a
  // member because the store module's DMA waits inside, and a thread still waiting when the
  // simulation ends never unwinds its stack.
  std::vector<uint8_t>& row = m_store_row;
  row.resize(size_t(m.x_size) * elem);
  for (uint64_t y = 0; y < m.y_size; ++y) {
    const int32_t* src = &m_acc[size_t(m.sram_base + y * m.x_size) * m_acc_lanes];
    for (size_t i = 0; i < row.size(); ++i) row[i] = static_cast<uint8_t>(src[i]);
    const uint64_t dram_row = m.dram_base + y * uint64_t(m.x_stride);
    dram.write(m_dram_base[VTA_MEM_OUT] + dram_row * elem, row.data(), row.size());
  }
  m_counters.out_store_nbytes += uint64_t(m.x_size) * m.y_size * elem;
  m_access[VTA_MEM_OUT].reads += uint64_t(m.x_size) * m.y_size;
  return cycles;
}

void VtaCore::check_compute(const vta_compute_insn_t& c) const {
  if (c.uop_end > m_shape.uop_depth()) {
    throw VtaError("uop_end " + num(c.uop_end) + " is past the UOP buffer (depth " +
                   num(m_shape.uop_depth()) + ")");
  }
  if (c.uop_bgn > c.uop_end) {
    throw VtaError("uop_bgn " + num(c.uop_bgn) + " > uop_end " + num(c.uop_end));
  }
  if (c.opcode == VTA_OPCODE_ALU && c.alu_opcode > VTA_ALU_MUL) {
    throw VtaError("ALU opcode " + num(c.alu_opcode) + " does not exist (0..4)");
  }
}

uint64_t VtaCore::compute_cycles(const vta_compute_insn_t& c) const {
  // uop_bgn > uop_end is refused by gemm()/alu(); planning it must not wrap to ~2^32 micro-ops,
  // or the module reports a runaway program instead of the bad range.
  const uint64_t uops = c.uop_end > c.uop_bgn ? c.uop_end - c.uop_bgn : 0;
  const uint64_t iterations = uint64_t(c.iter_out) * c.iter_in * uops;
  if (c.opcode == VTA_OPCODE_GEMM) {
    return m_timing.insn_overhead_cycles + iterations + m_timing.gemm_pipeline_cycles;
  }
  return m_timing.insn_overhead_cycles + iterations * m_timing.alu_initiation_interval +
         m_timing.alu_pipeline_cycles;
}

// The loops GEMM and ALU share (docs/reference/vta-isa.md section 5): for every (i, j, micro-op)
// the three indices after the loop factors, handed to `visit` in execution order.
struct UopIteration {
  uint32_t uop, i, j;
  uint64_t dst, src, wgt;
};

template <typename Visit>
void VtaCore::for_each_iteration(const vta_compute_insn_t& c, Visit&& visit) const {
  // An empty micro-op range visits nothing, however many iterations the loops have: without
  // this, 16383 x 16383 empty iterations took the host a second for a 5-cycle GEMM (found by
  // tests/fuzz/fuzz_vta).
  if (c.uop_bgn >= c.uop_end) return;
  for (uint32_t i = 0; i < c.iter_out; ++i) {
    for (uint32_t j = 0; j < c.iter_in; ++j) {
      for (uint32_t u = c.uop_bgn; u < c.uop_end; ++u) {
        const vta_uop_t uop = vta_decode_uop(&m_layout, m_uop[u]);
        visit(UopIteration{u, i, j,
                           uop.dst_idx + uint64_t(i) * c.dst_factor_out + j * c.dst_factor_in,
                           uop.src_idx + uint64_t(i) * c.src_factor_out + j * c.src_factor_in,
                           uop.wgt_idx + uint64_t(i) * c.wgt_factor_out + j * c.wgt_factor_in});
      }
    }
  }
}

uint64_t VtaCore::gemm(const vta_compute_insn_t& c) {
  check_compute(c);
  const uint32_t acc_depth = m_shape.acc_depth(), inp_depth = m_shape.inp_depth();
  const uint32_t wgt_depth = m_shape.wgt_depth();
  const unsigned batch = m_shape.batch(), block = m_shape.block();
  for_each_iteration(c, [&](const UopIteration& it) {
    if (it.dst >= acc_depth || (!c.reset_reg && (it.src >= inp_depth || it.wgt >= wgt_depth))) {
      throw VtaError("micro-op " + num(it.uop) + " at iteration (" + num(it.i) + ", " + num(it.j) +
                     ") indexes ACC " + num(it.dst) + "/" + num(acc_depth) + ", INP " +
                     num(it.src) + "/" + num(inp_depth) + ", WGT " + num(it.wgt) + "/" +
                     num(wgt_depth) + ": outside a buffer");
    }
    int32_t* a = &m_acc[size_t(it.dst) * m_acc_lanes];
    ++m_access[VTA_MEM_ACC].writes;
    if (c.reset_reg) {
      std::memset(a, 0, m_acc_lanes * sizeof(int32_t));
      return;
    }
    ++m_access[VTA_MEM_ACC].reads;
    ++m_access[VTA_MEM_INP].reads;
    ++m_access[VTA_MEM_WGT].reads;
    const int8_t* in = &m_inp[size_t(it.src) * m_inp_lanes];
    const int8_t* w = &m_wgt[size_t(it.wgt) * m_wgt_lanes];
    for (unsigned b = 0; b < batch; ++b) {
      for (unsigned o = 0; o < block; ++o) {
        int32_t sum = 0;
        const int8_t* wrow = w + size_t(o) * block;
        const int8_t* irow = in + size_t(b) * block;
        for (unsigned k = 0; k < block; ++k) sum += int32_t(irow[k]) * int32_t(wrow[k]);
        int32_t& lane = a[size_t(b) * block + o];
        lane = static_cast<int32_t>(static_cast<uint32_t>(lane) + static_cast<uint32_t>(sum));
      }
    }
  });
  if (!c.reset_reg) {
    m_counters.gemm_counter += uint64_t(c.iter_out) * c.iter_in * (c.uop_end - c.uop_bgn);
  }
  return compute_cycles(c);
}

uint64_t VtaCore::alu(const vta_compute_insn_t& c) {
  check_compute(c);
  const uint32_t acc_depth = m_shape.acc_depth();
  const int32_t imm = c.imm;
  for_each_iteration(c, [&](const UopIteration& it) {
    if (it.dst >= acc_depth || (!c.use_imm && !c.reset_reg && it.src >= acc_depth)) {
      throw VtaError("micro-op " + num(it.uop) + " at iteration (" + num(it.i) + ", " + num(it.j) +
                     ") indexes ACC " + num(it.dst) + " and " + num(it.src) +
                     ": outside the buffer (depth " + num(acc_depth) + ")");
    }
    int32_t* d = &m_acc[size_t(it.dst) * m_acc_lanes];
    ++m_access[VTA_MEM_ACC].writes;
    if (c.reset_reg) {
      std::memset(d, 0, m_acc_lanes * sizeof(int32_t));
      return;
    }
    ++m_access[VTA_MEM_ACC].reads;
    if (c.use_imm) {
      for (size_t l = 0; l < m_acc_lanes; ++l) d[l] = vta_alu_lane(c.alu_opcode, d[l], imm);
    } else {
      ++m_access[VTA_MEM_ACC].reads;
      const int32_t* s = &m_acc[size_t(it.src) * m_acc_lanes];
      for (size_t l = 0; l < m_acc_lanes; ++l) d[l] = vta_alu_lane(c.alu_opcode, d[l], s[l]);
    }
  });
  if (!c.reset_reg) {
    m_counters.alu_counter += uint64_t(c.iter_out) * c.iter_in * (c.uop_end - c.uop_bgn);
  }
  return compute_cycles(c);
}

std::optional<uint64_t> VtaCore::dram_address(const vta_mem_insn_t& m) const {
  if (m.memory_type >= m_dram_base.size()) return std::nullopt;
  return m_dram_base[m.memory_type] + uint64_t(m.dram_base) * m_shape.element_bytes(m.memory_type);
}

std::string disassemble(const vta_layout_t& layout, const vta_insn_t& insn) {
  char buf[256];
  const auto flags = [](const vta_deps_t& d) {
    std::string f;
    if (d.pop_prev) f += " pop_prev";
    if (d.pop_next) f += " pop_next";
    if (d.push_prev) f += " push_prev";
    if (d.push_next) f += " push_next";
    return f;
  };
  const unsigned op = vta_insn_opcode(insn);
  if (op == VTA_OPCODE_LOAD || op == VTA_OPCODE_STORE) {
    const vta_mem_insn_t m = vta_decode_mem(insn);
    std::snprintf(buf, sizeof buf, "%s %s sram %u dram 0x%x y %u x %u stride %u pad %u/%u/%u/%u%s",
                  op == VTA_OPCODE_LOAD ? "LOAD" : "STORE", memory_type_name(m.memory_type),
                  m.sram_base, m.dram_base, m.y_size, m.x_size, m.x_stride, m.y_pad_0, m.y_pad_1,
                  m.x_pad_0, m.x_pad_1, flags(m.deps).c_str());
    return buf;
  }
  const vta_compute_insn_t c = vta_decode_compute(&layout, insn);
  if (op == VTA_OPCODE_FINISH) return "FINISH" + flags(c.deps);
  if (op == VTA_OPCODE_GEMM) {
    std::snprintf(buf, sizeof buf, "GEMM%s uop %u..%u iter %ux%u dst %u,%u src %u,%u wgt %u,%u%s",
                  c.reset_reg ? " reset" : "", c.uop_bgn, c.uop_end, c.iter_out, c.iter_in,
                  c.dst_factor_out, c.dst_factor_in, c.src_factor_out, c.src_factor_in,
                  c.wgt_factor_out, c.wgt_factor_in, flags(c.deps).c_str());
    return buf;
  }
  if (op == VTA_OPCODE_ALU) {
    static const char* const kOps[] = {"MIN", "MAX", "ADD", "SHR", "MUL", "?5", "?6", "?7"};
    char operand[32];
    if (c.use_imm) {
      std::snprintf(operand, sizeof operand, "imm %d", c.imm);
    } else {
      std::snprintf(operand, sizeof operand, "vector");
    }
    std::snprintf(buf, sizeof buf, "ALU %s%s %s uop %u..%u iter %ux%u dst %u,%u src %u,%u%s",
                  kOps[c.alu_opcode & 7], c.reset_reg ? " reset" : "", operand, c.uop_bgn,
                  c.uop_end, c.iter_out, c.iter_in, c.dst_factor_out, c.dst_factor_in,
                  c.src_factor_out, c.src_factor_in, flags(c.deps).c_str());
    return buf;
  }
  std::snprintf(buf, sizeof buf, "unknown opcode %u (0x%016llx%016llx)", op,
                static_cast<unsigned long long>(insn.hi), static_cast<unsigned long long>(insn.lo));
  return buf;
}

}  // namespace accsim::vta
