// The shared ISA header (accsim/hw/vta_isa.h): every field round-trips at its limits, the default
// layout puts each field at the bit positions of reference/vta.md, and configurations whose
// depths do not fit the encoding are refused.
#include "accsim/hw/vta_isa.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "vta_config.h"

using namespace accsim::vta;

namespace {

vta_layout_t default_layout() {
  vta_layout_t l;
  REQUIRE(vta_layout_init(&l, 13, 11, 10, 11) == VTA_LAYOUT_OK);
  return l;
}

// Bits [lo, hi] of the 128-bit instruction.
uint64_t bits(const vta_insn_t& insn, unsigned lo, unsigned hi) {
  const uint64_t word = lo >= 64 ? insn.hi : insn.lo;
  const unsigned shift = lo % 64;
  const unsigned width = hi - lo + 1;
  return (word >> shift) & (width == 64 ? ~0ull : ((1ull << width) - 1));
}

bool same(const vta_mem_insn_t& a, const vta_mem_insn_t& b) {
  return a.opcode == b.opcode && a.deps.pop_prev == b.deps.pop_prev &&
         a.deps.pop_next == b.deps.pop_next && a.deps.push_prev == b.deps.push_prev &&
         a.deps.push_next == b.deps.push_next && a.memory_type == b.memory_type &&
         a.sram_base == b.sram_base && a.dram_base == b.dram_base && a.y_size == b.y_size &&
         a.x_size == b.x_size && a.x_stride == b.x_stride && a.y_pad_0 == b.y_pad_0 &&
         a.y_pad_1 == b.y_pad_1 && a.x_pad_0 == b.x_pad_0 && a.x_pad_1 == b.x_pad_1;
}

bool same(const vta_compute_insn_t& a, const vta_compute_insn_t& b) {
  return a.opcode == b.opcode && a.deps.pop_prev == b.deps.pop_prev &&
         a.deps.pop_next == b.deps.pop_next && a.deps.push_prev == b.deps.push_prev &&
         a.deps.push_next == b.deps.push_next && a.reset_reg == b.reset_reg &&
         a.uop_bgn == b.uop_bgn && a.uop_end == b.uop_end && a.iter_out == b.iter_out &&
         a.iter_in == b.iter_in && a.dst_factor_out == b.dst_factor_out &&
         a.dst_factor_in == b.dst_factor_in && a.src_factor_out == b.src_factor_out &&
         a.src_factor_in == b.src_factor_in && a.wgt_factor_out == b.wgt_factor_out &&
         a.wgt_factor_in == b.wgt_factor_in && a.alu_opcode == b.alu_opcode &&
         a.use_imm == b.use_imm && a.imm == b.imm;
}

vta_compute_insn_t zero_compute(uint8_t opcode) {
  vta_compute_insn_t c;
  std::memset(&c, 0, sizeof c);
  c.opcode = opcode;
  return c;
}

}  // namespace

TEST_CASE("LOAD and STORE fields sit at the reference bit positions", "[vta][isa]") {
  vta_mem_insn_t m{};
  m.opcode = VTA_OPCODE_LOAD;
  m.deps = {1, 0, 1, 0};
  m.memory_type = 7;
  m.sram_base = 0xFFFF;
  m.dram_base = 0xFFFFFFFF;
  m.y_size = 0xFFFF;
  m.x_size = 0x1234;
  m.x_stride = 0xFFFF;
  m.y_pad_0 = 0xF;
  m.y_pad_1 = 0x5;
  m.x_pad_0 = 0xA;
  m.x_pad_1 = 0xF;
  const vta_insn_t insn = vta_encode_mem(&m);
  CHECK(bits(insn, 0, 2) == VTA_OPCODE_LOAD);
  CHECK(bits(insn, 3, 3) == 1);
  CHECK(bits(insn, 4, 4) == 0);
  CHECK(bits(insn, 5, 5) == 1);
  CHECK(bits(insn, 6, 6) == 0);
  CHECK(bits(insn, 7, 9) == 7);
  CHECK(bits(insn, 10, 25) == 0xFFFF);
  CHECK(bits(insn, 26, 57) == 0xFFFFFFFF);
  CHECK(bits(insn, 58, 63) == 0);  // padding
  CHECK(bits(insn, 64, 79) == 0xFFFF);
  CHECK(bits(insn, 80, 95) == 0x1234);
  CHECK(bits(insn, 96, 111) == 0xFFFF);
  CHECK(bits(insn, 112, 115) == 0xF);
  CHECK(bits(insn, 116, 119) == 0x5);
  CHECK(bits(insn, 120, 123) == 0xA);
  CHECK(bits(insn, 124, 127) == 0xF);
  CHECK(same(vta_decode_mem(insn), m));
}

TEST_CASE("GEMM fields sit at the reference bit positions", "[vta][isa]") {
  const vta_layout_t l = default_layout();
  vta_compute_insn_t c = zero_compute(VTA_OPCODE_GEMM);
  c.deps = {0, 1, 0, 1};
  c.reset_reg = 1;
  c.uop_bgn = 8191;
  c.uop_end = 8192;
  c.iter_out = 16383;
  c.iter_in = 1;
  c.dst_factor_out = 2047;
  c.dst_factor_in = 3;
  c.src_factor_out = 2047;
  c.src_factor_in = 5;
  c.wgt_factor_out = 1023;
  c.wgt_factor_in = 1023;
  const vta_insn_t insn = vta_encode_compute(&l, &c);
  CHECK(bits(insn, 0, 2) == VTA_OPCODE_GEMM);
  CHECK(bits(insn, 4, 4) == 1);
  CHECK(bits(insn, 6, 6) == 1);
  CHECK(bits(insn, 7, 7) == 1);
  CHECK(bits(insn, 8, 20) == 8191);
  CHECK(bits(insn, 21, 34) == 8192);
  CHECK(bits(insn, 35, 48) == 16383);
  CHECK(bits(insn, 49, 62) == 1);
  CHECK(bits(insn, 64, 74) == 2047);
  CHECK(bits(insn, 75, 85) == 3);
  CHECK(bits(insn, 86, 96) == 2047);
  CHECK(bits(insn, 97, 107) == 5);
  CHECK(bits(insn, 108, 117) == 1023);
  CHECK(bits(insn, 118, 127) == 1023);
  CHECK(same(vta_decode_compute(&l, insn), c));
}

TEST_CASE("ALU fields sit at the reference bit positions and imm is signed", "[vta][isa]") {
  const vta_layout_t l = default_layout();
  vta_compute_insn_t c = zero_compute(VTA_OPCODE_ALU);
  c.uop_bgn = 5;
  c.uop_end = 6;
  c.iter_out = 2;
  c.iter_in = 3;
  c.dst_factor_out = 1;
  c.src_factor_in = 2047;
  c.alu_opcode = VTA_ALU_MUL;
  c.use_imm = 1;
  for (int32_t imm : {-32768, -1, 0, 1, 32767}) {
    c.imm = imm;
    const vta_insn_t insn = vta_encode_compute(&l, &c);
    CHECK(bits(insn, 97, 107) == 2047);
    CHECK(bits(insn, 108, 110) == VTA_ALU_MUL);
    CHECK(bits(insn, 111, 111) == 1);
    CHECK(bits(insn, 112, 127) == (uint16_t)imm);
    CHECK(same(vta_decode_compute(&l, insn), c));
  }
}

TEST_CASE("micro-op fields sit at the reference bit positions", "[vta][isa]") {
  const vta_layout_t l = default_layout();
  const vta_uop_t u = {2047, 1, 1023};
  const uint32_t w = vta_encode_uop(&l, u);
  CHECK((w & 0x7FF) == 2047);
  CHECK(((w >> 11) & 0x7FF) == 1);
  CHECK((w >> 22) == 1023);
  const vta_uop_t back = vta_decode_uop(&l, w);
  CHECK(back.dst_idx == 2047);
  CHECK(back.src_idx == 1);
  CHECK(back.wgt_idx == 1023);
}

TEST_CASE("random instructions round-trip on several layouts", "[vta][isa]") {
  std::mt19937_64 rng(7);
  const unsigned layouts[][4] = {{13, 11, 10, 11}, {12, 10, 8, 10}, {6, 4, 3, 5}};
  for (const auto& dims : layouts) {
    vta_layout_t l;
    REQUIRE(vta_layout_init(&l, dims[0], dims[1], dims[2], dims[3]) == VTA_LAYOUT_OK);
    const auto field = [&](unsigned width) {
      return static_cast<uint32_t>(rng() & ((1ull << width) - 1));
    };
    for (int i = 0; i < 2000; ++i) {
      vta_compute_insn_t c = zero_compute(i % 2 ? VTA_OPCODE_GEMM : VTA_OPCODE_ALU);
      c.deps = {uint8_t(field(1)), uint8_t(field(1)), uint8_t(field(1)), uint8_t(field(1))};
      c.reset_reg = uint8_t(field(1));
      c.uop_bgn = field(l.log_uop_depth);
      c.uop_end = field(l.log_uop_depth + 1);
      c.iter_out = field(14);
      c.iter_in = field(14);
      c.dst_factor_out = field(l.log_acc_depth);
      c.dst_factor_in = field(l.log_acc_depth);
      c.src_factor_out = field(l.log_inp_depth);
      c.src_factor_in = field(l.log_inp_depth);
      if (c.opcode == VTA_OPCODE_GEMM) {
        c.wgt_factor_out = field(l.log_wgt_depth);
        c.wgt_factor_in = field(l.log_wgt_depth);
      } else {
        c.alu_opcode = uint8_t(field(3));
        c.use_imm = uint8_t(field(1));
        c.imm = int16_t(field(16));
      }
      REQUIRE(same(vta_decode_compute(&l, vta_encode_compute(&l, &c)), c));
      const vta_uop_t u = {field(l.log_acc_depth), field(l.log_inp_depth), field(l.log_wgt_depth)};
      const vta_uop_t back = vta_decode_uop(&l, vta_encode_uop(&l, u));
      REQUIRE(
          (back.dst_idx == u.dst_idx && back.src_idx == u.src_idx && back.wgt_idx == u.wgt_idx));
    }
  }
}

TEST_CASE("FINISH encodes only its opcode and flags", "[vta][isa]") {
  const vta_layout_t l = default_layout();
  vta_compute_insn_t c = zero_compute(VTA_OPCODE_FINISH);
  c.deps.pop_prev = 1;
  const vta_insn_t insn = vta_encode_compute(&l, &c);
  CHECK(insn.lo == (VTA_OPCODE_FINISH | (1u << 3)));
  CHECK(insn.hi == 0);
}

TEST_CASE("the default VTA shape has the reference depths and fits exactly", "[vta][config]") {
  const VtaShape s;
  CHECK(s.uop_depth() == 8192);
  CHECK(s.inp_depth() == 2048);
  CHECK(s.wgt_depth() == 1024);
  CHECK(s.acc_depth() == 2048);
  CHECK(s.element_bytes(VTA_MEM_WGT) == 256);
  CHECK(s.element_bytes(VTA_MEM_ACC) == 64);
  CHECK(check_shape(s).empty());
}

TEST_CASE("shapes whose depths overflow the encoding are refused with the reason",
          "[vta][config]") {
  VtaShape s;
  s.log_block = 3;  // BLOCK 8 with default buffer bytes: depths 4096 overflow GEMM's factors
  CHECK_THAT(check_shape(s), Catch::Contains("do not fit VTA's instruction encoding") &&
                                 Catch::Contains("GEMM index factors"));
  s.log_inp_buff_size = 14;
  s.log_wgt_buff_size = 16;
  s.log_acc_buff_size = 16;
  CHECK(check_shape(s).empty());  // halving the buffers fits again
  VtaShape big_uop;
  big_uop.log_uop_buff_size = 16;
  CHECK_THAT(check_shape(big_uop), Catch::Contains("UOP buffer is too deep"));
  VtaShape wide;
  wide.log_inp_width = 4;
  CHECK_THAT(check_shape(wide), Catch::Contains("LOG_INP_WIDTH"));
  VtaShape block32;
  block32.log_block = 5;
  CHECK(check_shape(block32).empty());
}

TEST_CASE("vta config JSON reads upstream keys and refuses unknown ones", "[vta][config]") {
  auto c = vta_config_from_json(nlohmann::json::parse(
      R"({"hw": {"LOG_BLOCK": 5, "TARGET": "sim"}, "dma": {"burst_bytes": 128}})"));
  CHECK(c.shape.block() == 32);
  CHECK(c.dma.burst_bytes == 128);
  CHECK_THROWS_WITH(vta_config_from_json(nlohmann::json::parse(R"({"hw": {"LOG_BLOCKS": 4}})")),
                    Catch::Contains("vta.hw.LOG_BLOCKS: unknown VTA configuration key"));
  CHECK_THROWS_WITH(
      vta_config_from_json(nlohmann::json::parse(R"({"hw_file": "/nonexistent/vta.json"})")),
      Catch::Contains("vta.hw_file: cannot open"));
}

TEST_CASE("an upstream vta_config.json named by hw_file replaces the inline keys",
          "[vta][config]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "accsim_vta_hw_file";
  std::filesystem::create_directories(dir);
  {
    std::ofstream f(dir / "vta_config.json");
    f << R"({"TARGET": "sim", "HW_VER": "0.0.2", "LOG_INP_WIDTH": 3, "LOG_WGT_WIDTH": 3,
             "LOG_ACC_WIDTH": 5, "LOG_BATCH": 0, "LOG_BLOCK": 5, "LOG_UOP_BUFF_SIZE": 14,
             "LOG_INP_BUFF_SIZE": 15, "LOG_WGT_BUFF_SIZE": 18, "LOG_ACC_BUFF_SIZE": 17})";
  }
  const auto c = vta_config_from_json(
      nlohmann::json::parse(R"({"hw": {"LOG_BLOCK": 4}, "hw_file": "vta_config.json"})"), dir);
  CHECK(c.shape.block() == 32);
  CHECK(c.shape.uop_depth() == 4096);
  CHECK(c.shape.wgt_depth() == 256);
  // A key set on the command line wins over the file.
  const auto overridden = vta_config_from_json(
      nlohmann::json::parse(R"({"hw": {"LOG_BLOCK": 4}, "hw_file": "vta_config.json"})"), dir,
      {"LOG_BLOCK"});
  CHECK(overridden.shape.block() == 16);
  CHECK(overridden.shape.uop_depth() == 4096);
  CHECK(shape_to_json(overridden.shape)["LOG_BLOCK"] == 4);
  {
    std::ofstream f(dir / "bad.json");
    f << R"({"LOG_BLOCK_IN": 4, "LOG_BLOCK_OUT": 5})";
  }
  CHECK_THROWS_WITH(vta_config_from_json(nlohmann::json::parse(R"({"hw_file": "bad.json"})"), dir),
                    Catch::Contains("BLOCK_IN != BLOCK_OUT is not modelled"));
  std::filesystem::remove_all(dir);
}
