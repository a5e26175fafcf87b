// VtaCore's instruction semantics against plain reference loops written from reference/vta.md,
// its fsim counters, and its refusal of out-of-range indices.
#include "vta_core.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <vector>

using namespace accsim::vta;

namespace {

// DRAM as a plain byte array at bus address 0.
class ArrayDram : public DramPort {
 public:
  explicit ArrayDram(size_t bytes) : m_bytes(bytes) {}
  void read(uint64_t address, uint8_t* data, uint64_t length) override {
    REQUIRE(address + length <= m_bytes.size());
    std::memcpy(data, &m_bytes[address], length);
    ++reads;
  }
  void write(uint64_t address, const uint8_t* data, uint64_t length) override {
    REQUIRE(address + length <= m_bytes.size());
    std::memcpy(&m_bytes[address], data, length);
  }
  std::vector<uint8_t> m_bytes;
  int reads = 0;
};

vta_mem_insn_t mem(uint8_t opcode, uint8_t type, uint32_t sram, uint32_t dram, uint32_t y,
                   uint32_t x, uint32_t stride, uint32_t yp0 = 0, uint32_t yp1 = 0,
                   uint32_t xp0 = 0, uint32_t xp1 = 0) {
  vta_mem_insn_t m{};
  m.opcode = opcode;
  m.memory_type = type;
  m.sram_base = sram;
  m.dram_base = dram;
  m.y_size = y;
  m.x_size = x;
  m.x_stride = stride;
  m.y_pad_0 = yp0;
  m.y_pad_1 = yp1;
  m.x_pad_0 = xp0;
  m.x_pad_1 = xp1;
  return m;
}

vta_compute_insn_t compute(uint8_t opcode, uint32_t bgn, uint32_t end, uint32_t iter_out,
                           uint32_t iter_in) {
  vta_compute_insn_t c;
  std::memset(&c, 0, sizeof c);
  c.opcode = opcode;
  c.uop_bgn = bgn;
  c.uop_end = end;
  c.iter_out = iter_out;
  c.iter_in = iter_in;
  return c;
}

VtaShape small_shape() {
  VtaShape s;
  s.log_block = 2;  // BLOCK 4 keeps reference loops readable; depths: INP 2^13 ...
  s.log_inp_buff_size = 10;
  s.log_wgt_buff_size = 10;
  s.log_acc_buff_size = 10;
  s.log_uop_buff_size = 8;
  return s;
}

}  // namespace

TEST_CASE("LOAD INP moves 2D rows with stride and zero padding", "[vta][core]") {
  const VtaShape shape = small_shape();
  VtaCore core(shape, VtaTiming{});
  ArrayDram dram(4096);
  std::mt19937 rng(1);
  for (auto& b : dram.m_bytes) b = static_cast<uint8_t>(rng());
  // INP elements are 4 bytes (BATCH 1 x BLOCK 4). 3 rows of 2 elements, stride 5 elements,
  // padding y 1/2, x 1/3, into SRAM from element 10.
  const auto m = mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 10, 7, 3, 2, 5, 1, 2, 1, 3);
  core.set_dram_base(VTA_MEM_INP, 100);
  const uint64_t cycles = core.load(m, dram);
  const unsigned row = 1 + 2 + 3, rows = 1 + 3 + 2;
  for (unsigned y = 0; y < rows; ++y) {
    for (unsigned x = 0; x < row; ++x) {
      const int8_t* e = core.inp(10 + y * row + x);
      const bool data = y >= 1 && y < 4 && x >= 1 && x < 3;
      for (unsigned k = 0; k < 4; ++k) {
        const int8_t expected =
            data ? static_cast<int8_t>(dram.m_bytes[100 + ((7 + (y - 1) * 5) + (x - 1)) * 4 + k])
                 : 0;
        REQUIRE(e[k] == expected);
      }
    }
  }
  CHECK(core.counters().inp_load_nbytes == 3 * 2 * 4);  // padding not counted
  CHECK(cycles == VtaTiming{}.insn_overhead_cycles + (rows * row - 6));
  CHECK(core.accesses(VTA_MEM_INP).writes == rows * row);
}

TEST_CASE("a LOAD with x_size 0 moves nothing", "[vta][core]") {
  VtaCore core(small_shape(), VtaTiming{});
  ArrayDram dram(64);
  core.load(mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 0, 0, 1, 0, 0), dram);
  CHECK(dram.reads == 0);
  CHECK(core.counters().inp_load_nbytes == 0);
}

TEST_CASE("GEMM accumulates inp x wgt over its loops and micro-ops", "[vta][core]") {
  const VtaShape shape = small_shape();
  VtaCore core(shape, VtaTiming{});
  const vta_layout_t l = core.layout();
  std::mt19937 rng(2);
  const unsigned B = shape.block();
  for (uint32_t i = 0; i < 64; ++i) {
    for (unsigned k = 0; k < B; ++k) core.inp(i)[k] = static_cast<int8_t>(rng());
    for (unsigned k = 0; k < B * B; ++k) core.wgt(i)[k] = static_cast<int8_t>(rng());
    for (unsigned k = 0; k < B; ++k) core.acc(i)[k] = static_cast<int32_t>(rng() % 1000);
  }
  std::vector<int32_t> expected(64 * B);
  for (uint32_t i = 0; i < 64; ++i) {
    for (unsigned k = 0; k < B; ++k) expected[i * B + k] = core.acc(i)[k];
  }
  core.uop(3) = vta_encode_uop(&l, {1, 2, 3});
  core.uop(4) = vta_encode_uop(&l, {0, 5, 1});
  auto c = compute(VTA_OPCODE_GEMM, 3, 5, 3, 2);
  c.dst_factor_out = 4;
  c.dst_factor_in = 2;
  c.src_factor_out = 7;
  c.src_factor_in = 1;
  c.wgt_factor_out = 2;
  c.wgt_factor_in = 5;
  const uint64_t cycles = core.gemm(c);
  for (unsigned i = 0; i < 3; ++i) {
    for (unsigned j = 0; j < 2; ++j) {
      for (vta_uop_t u : {vta_uop_t{1, 2, 3}, vta_uop_t{0, 5, 1}}) {
        const unsigned dst = u.dst_idx + i * 4 + j * 2;
        const unsigned src = u.src_idx + i * 7 + j;
        const unsigned wgt = u.wgt_idx + i * 2 + j * 5;
        for (unsigned o = 0; o < B; ++o) {
          int32_t sum = 0;
          for (unsigned k = 0; k < B; ++k) sum += core.inp(src)[k] * core.wgt(wgt)[o * B + k];
          expected[dst * B + o] += sum;
        }
      }
    }
  }
  for (uint32_t i = 0; i < 64; ++i) {
    for (unsigned k = 0; k < B; ++k) REQUIRE(core.acc(i)[k] == expected[i * B + k]);
  }
  CHECK(core.counters().gemm_counter == 3 * 2 * 2);
  CHECK(cycles == VtaTiming{}.insn_overhead_cycles + 12 + VtaTiming{}.gemm_pipeline_cycles);

  c.reset_reg = 1;
  core.gemm(c);
  CHECK(core.acc(1)[0] == 0);
  CHECK(core.counters().gemm_counter == 12);  // reset GEMMs are not counted
}

TEST_CASE("ALU lanes follow the documented semantics", "[vta][core]") {
  CHECK(vta_alu_lane(VTA_ALU_MIN, -5, 3) == -5);
  CHECK(vta_alu_lane(VTA_ALU_MAX, -5, 3) == 3);
  CHECK(vta_alu_lane(VTA_ALU_ADD, INT32_MAX, 1) == INT32_MIN);
  CHECK(vta_alu_lane(VTA_ALU_MUL, 0x10000, 0x10000) == 0);
  CHECK(vta_alu_lane(VTA_ALU_MUL, -3, 7) == -21);
  CHECK(vta_alu_lane(VTA_ALU_SHR, -9, 1) == -5);  // arithmetic
  CHECK(vta_alu_lane(VTA_ALU_SHR, -9, 40) == -1);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 9, 40) == 0);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 3, -2) == 12);  // negative amount shifts left
  CHECK(vta_alu_lane(VTA_ALU_SHR, 0x40000000, -1) == INT32_MIN);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 5, -32) == 0);
}

TEST_CASE("ALU applies imm and vector operands over its loops", "[vta][core]") {
  const VtaShape shape = small_shape();
  VtaCore core(shape, VtaTiming{});
  const vta_layout_t l = core.layout();
  const unsigned B = shape.block();
  for (uint32_t i = 0; i < 32; ++i) {
    for (unsigned k = 0; k < B; ++k) core.acc(i)[k] = int32_t(i * 100 + k) - 1000;
  }
  core.uop(0) = vta_encode_uop(&l, {0, 16, 0});
  auto add = compute(VTA_OPCODE_ALU, 0, 1, 4, 1);
  add.dst_factor_out = 1;
  add.src_factor_out = 1;
  add.alu_opcode = VTA_ALU_ADD;
  core.alu(add);  // acc[i] += acc[16 + i], i < 4
  for (uint32_t i = 0; i < 4; ++i) {
    for (unsigned k = 0; k < B; ++k) {
      REQUIRE(core.acc(i)[k] ==
              (int32_t(i * 100 + k) - 1000) + (int32_t((16 + i) * 100 + k) - 1000));
    }
  }
  auto shr = compute(VTA_OPCODE_ALU, 0, 1, 2, 1);
  shr.dst_factor_out = 1;
  shr.alu_opcode = VTA_ALU_SHR;
  shr.use_imm = 1;
  shr.imm = -3;  // left by 3
  const int32_t before = core.acc(1)[2];
  const uint64_t cycles = core.alu(shr);
  CHECK(core.acc(1)[2] == before * 8);
  CHECK(core.counters().alu_counter == 4 + 2);
  const VtaTiming t;
  CHECK(cycles == t.insn_overhead_cycles + 2 * t.alu_initiation_interval + t.alu_pipeline_cycles);
}

TEST_CASE("STORE writes the low 8 bits of each accumulator lane with a stride", "[vta][core]") {
  const VtaShape shape = small_shape();
  VtaCore core(shape, VtaTiming{});
  ArrayDram dram(1024);
  for (uint32_t i = 0; i < 8; ++i) {
    for (unsigned k = 0; k < 4; ++k) core.acc(i)[k] = int32_t(i * 1000 + k * 77) - 3000;
  }
  core.set_dram_base(VTA_MEM_OUT, 64);
  core.store(mem(VTA_OPCODE_STORE, VTA_MEM_OUT, 2, 1, 2, 3, 10), dram);
  for (unsigned y = 0; y < 2; ++y) {
    for (unsigned x = 0; x < 3; ++x) {
      for (unsigned k = 0; k < 4; ++k) {
        const int32_t v = core.acc(2 + y * 3 + x)[k];
        REQUIRE(dram.m_bytes[64 + ((1 + y * 10) + x) * 4 + k] == static_cast<uint8_t>(v));
      }
    }
  }
  CHECK(core.counters().out_store_nbytes == 2 * 3 * 4);
}

TEST_CASE("indices outside a buffer are errors naming the buffer", "[vta][core]") {
  const VtaShape shape = small_shape();  // INP depth 2^8 = 256
  VtaCore core(shape, VtaTiming{});
  ArrayDram dram(1 << 16);
  CHECK_THROWS_WITH(core.load(mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 250, 0, 2, 4, 4), dram),
                    Catch::Contains("INP elements 250..257 are outside the buffer (depth 256)"));
  CHECK_THROWS_WITH(core.store(mem(VTA_OPCODE_STORE, VTA_MEM_ACC, 0, 0, 1, 1, 1), dram),
                    Catch::Contains("only OUT can be stored"));
  CHECK_THROWS_WITH(core.store(mem(VTA_OPCODE_STORE, VTA_MEM_OUT, 0, 0, 1, 1, 1, 1), dram),
                    Catch::Contains("does not pad"));
  const vta_layout_t l = core.layout();
  core.uop(0) = vta_encode_uop(&l, {0, 0, 0});
  auto g = compute(VTA_OPCODE_GEMM, 0, 1, 300, 1);
  g.src_factor_out = 1;
  CHECK_THROWS_WITH(core.gemm(g),
                    Catch::Contains("iteration (256, 0)") && Catch::Contains("INP 256/256"));
  auto past = compute(VTA_OPCODE_ALU, 0, 65, 1, 1);
  CHECK_THROWS_WITH(core.alu(past), Catch::Contains("uop_end 65 is past the UOP buffer"));
}

TEST_CASE("disassembly names the opcode, fields and flags", "[vta][core]") {
  VtaShape shape;
  const vta_layout_t l = shape.layout();
  auto m = mem(VTA_OPCODE_LOAD, VTA_MEM_WGT, 1, 2, 3, 4, 5);
  m.deps.pop_next = 1;
  CHECK(disassemble(l, vta_encode_mem(&m)) ==
        "LOAD WGT sram 1 dram 0x2 y 3 x 4 stride 5 pad 0/0/0/0 pop_next");
  auto a = compute(VTA_OPCODE_ALU, 0, 1, 2, 3);
  a.alu_opcode = VTA_ALU_MAX;
  a.use_imm = 1;
  a.imm = -128;
  a.deps.push_next = 1;
  CHECK(disassemble(l, vta_encode_compute(&l, &a)) ==
        "ALU MAX imm -128 uop 0..1 iter 2x3 dst 0,0 src 0,0 push_next");
}

TEST_CASE("a LOAD/STORE's DRAM byte address: the base register plus dram x element bytes",
          "[vta][core]") {
  VtaShape shape;
  VtaCore core(shape, VtaTiming{});
  core.set_dram_base(VTA_MEM_WGT, 0x40000000);
  const auto m = mem(VTA_OPCODE_LOAD, VTA_MEM_WGT, 1, 2, 3, 4, 5);
  CHECK(core.dram_address(m) == 0x40000000 + 2 * uint64_t(shape.element_bytes(VTA_MEM_WGT)));
  auto bad = m;
  bad.memory_type = 7;
  CHECK_FALSE(core.dram_address(bad).has_value());
}
