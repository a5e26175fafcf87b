// A minimal RV32IM encoder for unit tests: builds instruction words from fields so tests can
// state programs as readable lists ("lw(5, 10, 0), addi(6, 5, 1)").
#pragma once

#include <cstdint>

namespace accsim::test::rv {

inline uint32_t r_type(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd,
                       uint32_t op) {
  return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
inline uint32_t i_type(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
  return (static_cast<uint32_t>(imm & 0xFFF) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
inline uint32_t s_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t op) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return ((u >> 5 & 0x7F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((u & 0x1F) << 7) | op;
}
inline uint32_t b_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return ((u >> 12 & 1) << 31) | ((u >> 5 & 0x3F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) |
         ((u >> 1 & 0xF) << 8) | ((u >> 11 & 1) << 7) | 0x63;
}
inline uint32_t u_type(uint32_t imm20, uint32_t rd, uint32_t op) {
  return (imm20 << 12) | (rd << 7) | op;
}
inline uint32_t j_type(int32_t imm, uint32_t rd) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return ((u >> 20 & 1) << 31) | ((u >> 1 & 0x3FF) << 21) | ((u >> 11 & 1) << 20) |
         ((u >> 12 & 0xFF) << 12) | (rd << 7) | 0x6F;
}

// RV32I
inline uint32_t lui(uint32_t rd, uint32_t imm20) { return u_type(imm20, rd, 0x37); }
inline uint32_t auipc(uint32_t rd, uint32_t imm20) { return u_type(imm20, rd, 0x17); }
inline uint32_t jal(uint32_t rd, int32_t off) { return j_type(off, rd); }
inline uint32_t jalr(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 0, rd, 0x67);
}
inline uint32_t beq(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 0); }
inline uint32_t bne(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 1); }
inline uint32_t blt(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 4); }
inline uint32_t bge(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 5); }
inline uint32_t bltu(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 6); }
inline uint32_t bgeu(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 7); }
inline uint32_t lb(uint32_t rd, uint32_t rs1, int32_t imm) { return i_type(imm, rs1, 0, rd, 0x03); }
inline uint32_t lh(uint32_t rd, uint32_t rs1, int32_t imm) { return i_type(imm, rs1, 1, rd, 0x03); }
inline uint32_t lw(uint32_t rd, uint32_t rs1, int32_t imm) { return i_type(imm, rs1, 2, rd, 0x03); }
inline uint32_t lbu(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 4, rd, 0x03);
}
inline uint32_t lhu(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 5, rd, 0x03);
}
inline uint32_t sb(uint32_t rs2, uint32_t rs1, int32_t imm) {
  return s_type(imm, rs2, rs1, 0, 0x23);
}
inline uint32_t sh(uint32_t rs2, uint32_t rs1, int32_t imm) {
  return s_type(imm, rs2, rs1, 1, 0x23);
}
inline uint32_t sw(uint32_t rs2, uint32_t rs1, int32_t imm) {
  return s_type(imm, rs2, rs1, 2, 0x23);
}
inline uint32_t addi(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 0, rd, 0x13);
}
inline uint32_t slti(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 2, rd, 0x13);
}
inline uint32_t sltiu(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 3, rd, 0x13);
}
inline uint32_t xori(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 4, rd, 0x13);
}
inline uint32_t ori(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 6, rd, 0x13);
}
inline uint32_t andi(uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, 7, rd, 0x13);
}
inline uint32_t slli(uint32_t rd, uint32_t rs1, int32_t sh) { return i_type(sh, rs1, 1, rd, 0x13); }
inline uint32_t srli(uint32_t rd, uint32_t rs1, int32_t sh) { return i_type(sh, rs1, 5, rd, 0x13); }
inline uint32_t srai(uint32_t rd, uint32_t rs1, int32_t sh) {
  return i_type(sh | 0x400, rs1, 5, rd, 0x13);
}
inline uint32_t add(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 0, rd, 0x33); }
inline uint32_t sub(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0x20, b, a, 0, rd, 0x33); }
inline uint32_t sll(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 1, rd, 0x33); }
inline uint32_t slt(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 2, rd, 0x33); }
inline uint32_t sltu(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 3, rd, 0x33); }
inline uint32_t xor_(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 4, rd, 0x33); }
inline uint32_t srl(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 5, rd, 0x33); }
inline uint32_t sra(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0x20, b, a, 5, rd, 0x33); }
inline uint32_t or_(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 6, rd, 0x33); }
inline uint32_t and_(uint32_t rd, uint32_t a, uint32_t b) { return r_type(0, b, a, 7, rd, 0x33); }
// M
inline uint32_t mul(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 0, rd, 0x33); }
inline uint32_t mulh(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 1, rd, 0x33); }
inline uint32_t mulhsu(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 2, rd, 0x33); }
inline uint32_t mulhu(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 3, rd, 0x33); }
inline uint32_t div(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 4, rd, 0x33); }
inline uint32_t divu(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 5, rd, 0x33); }
inline uint32_t rem(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 6, rd, 0x33); }
inline uint32_t remu(uint32_t rd, uint32_t a, uint32_t b) { return r_type(1, b, a, 7, rd, 0x33); }
// System
inline uint32_t fence() { return 0x0FF0000F; }
inline uint32_t fence_i() { return 0x0000100F; }
inline uint32_t ecall() { return 0x00000073; }
inline uint32_t ebreak() { return 0x00100073; }
inline uint32_t mret() { return 0x30200073; }
inline uint32_t wfi() { return 0x10500073; }
inline uint32_t csrrw(uint32_t rd, uint32_t csr, uint32_t rs1) {
  return i_type(csr, rs1, 1, rd, 0x73);
}
inline uint32_t csrrs(uint32_t rd, uint32_t csr, uint32_t rs1) {
  return i_type(csr, rs1, 2, rd, 0x73);
}
inline uint32_t csrrc(uint32_t rd, uint32_t csr, uint32_t rs1) {
  return i_type(csr, rs1, 3, rd, 0x73);
}
inline uint32_t csrrwi(uint32_t rd, uint32_t csr, uint32_t z) {
  return i_type(csr, z, 5, rd, 0x73);
}
inline uint32_t csrrsi(uint32_t rd, uint32_t csr, uint32_t z) {
  return i_type(csr, z, 6, rd, 0x73);
}
inline uint32_t csrrci(uint32_t rd, uint32_t csr, uint32_t z) {
  return i_type(csr, z, 7, rd, 0x73);
}
inline uint32_t cfu(uint32_t f7, uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t rs2) {
  return r_type(f7, rs2, rs1, f3, rd, 0x0B);
}
inline uint32_t nop() { return addi(0, 0, 0); }

}  // namespace accsim::test::rv
