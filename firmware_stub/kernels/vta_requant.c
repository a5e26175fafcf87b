/* TFLite requantisation as a chain of VTA ALU operations; docs/vta-requant.md has the proof.
 *
 * Notation: a = acc << left (wrapping), m = mult, r = right shift.
 *   v  = SaturatingRoundingDoublingHighMul(a, m) = floor((a*m + 2^30) / 2^31)   (m >= 0)
 *   y0 = RoundingDivideByPOT(v, r) = floor((v - [v<0] + 2^(r-1)) / 2^r)         (r >= 1)
 * and [v<0] may be replaced by [a<0] (they differ only where v = 0, which rounds to 0 either
 * way). The 62-bit product a*m is split into 16-bit balanced limbs a = ah*2^16 + al,
 * m = mh*2^16 + ml (al, ml in [-2^15, 2^15), |ah|, mh <= 2^15), so every partial product fits
 * in int32, and
 *   v = 2*ah*mh + floor(Q0 / 2^15),  Q0 = ah*ml + al*mh + floor(al*ml / 2^16) + 2^14,
 * where Q0 provably fits in int32 and 2*ah*mh only needs to be right modulo 2^32 (it is added
 * after the last floor, and v fits in int32). */
#include "accsim_kernels/vta_requant.h"

enum { D = VTA_REQUANT_DATA_SLOT, S1 = 1, S2 = 2, S3 = 3 };

#define K(k) VTA_REQUANT_CONST_SLOT(VTA_REQUANT_K_##k)

static vta_requant_op_t vv(int opcode, int dst, int src) {
  vta_requant_op_t op = {(uint8_t)opcode, (uint8_t)dst, (uint8_t)src, 0, 0};
  return op;
}

static vta_requant_op_t vi(int opcode, int dst, int imm) {
  vta_requant_op_t op = {(uint8_t)opcode, (uint8_t)dst, 0, 1, (int16_t)imm};
  return op;
}

static int fits_int16(int32_t x) { return x >= -32768 && x <= 32767; }

int vta_requant_program_mbqm(vta_requant_op_t* ops, int max_ops) {
  if (max_ops < VTA_REQUANT_MBQM_OPS) return VTA_REQUANT_ERR_NO_ROOM;
  int n = 0;
  /* a = acc << left; the ALU's SHR by a negative amount is the wrapping left shift that the
   * reference's int32 multiplication by 2^left is. */
  ops[n++] = vv(VTA_ALU_SHR, D, K(NEG_LEFT));
  /* S1 = a: becomes the high limb. */
  ops[n++] = vi(VTA_ALU_MUL, S1, 0);
  ops[n++] = vv(VTA_ALU_ADD, S1, D);
  /* S3 = -[a<0] for channels with a right shift, 0 otherwise: RoundingDivideByPOT's threshold
   * is one higher for negative values (round half away from zero). min(0, a) then max with
   * -1 costs one op less than copy + SHR 31 + gating. */
  ops[n++] = vi(VTA_ALU_MUL, S3, 0);
  ops[n++] = vv(VTA_ALU_MIN, S3, D);
  ops[n++] = vv(VTA_ALU_MAX, S3, K(SIGN_MIN));
  /* S1 = ah = floor((a + 2^15) / 2^16), computed without the overflow of a + 2^15. */
  ops[n++] = vi(VTA_ALU_SHR, S1, 15);
  ops[n++] = vi(VTA_ALU_ADD, S1, 1);
  ops[n++] = vi(VTA_ALU_SHR, S1, 1);
  /* D = al = a - ah*2^16, the low 16 bits sign-extended (balanced: [-2^15, 2^15)). */
  ops[n++] = vi(VTA_ALU_SHR, D, -16);
  ops[n++] = vi(VTA_ALU_SHR, D, 16);
  /* S2 = floor(al*ml / 2^16): the only partial product whose low bits matter. */
  ops[n++] = vi(VTA_ALU_MUL, S2, 0);
  ops[n++] = vv(VTA_ALU_ADD, S2, D);
  ops[n++] = vv(VTA_ALU_MUL, S2, K(ML));
  ops[n++] = vi(VTA_ALU_SHR, S2, 16);
  /* D = Q0 = al*mh + floor(al*ml/2^16) + 2^14 + ah*ml (2^14 = the high mul's 2^30 nudge at
   * this scale; with m >= 0 the nudge is exactly "round half up", whatever the sign). */
  ops[n++] = vv(VTA_ALU_MUL, D, K(MH));
  ops[n++] = vv(VTA_ALU_ADD, D, S2);
  ops[n++] = vi(VTA_ALU_ADD, D, 1 << 14);
  ops[n++] = vi(VTA_ALU_MUL, S2, 0);
  ops[n++] = vv(VTA_ALU_ADD, S2, S1);
  ops[n++] = vv(VTA_ALU_MUL, S2, K(ML));
  ops[n++] = vv(VTA_ALU_ADD, D, S2);
  /* D = v = 2*ah*mh + floor(Q0 / 2^15): SaturatingRoundingDoublingHighMul(a, m). */
  ops[n++] = vi(VTA_ALU_SHR, D, 15);
  ops[n++] = vv(VTA_ALU_MUL, S1, K(2MH));
  ops[n++] = vv(VTA_ALU_ADD, D, S1);
  /* RoundingDivideByPOT: floor((floor((v - [a<0]) / 2^(r-1)) + 1) / 2); two shifts so that
   * adding the rounding half cannot overflow. With r = 0 the constants make it the identity. */
  ops[n++] = vv(VTA_ALU_ADD, D, S3);
  ops[n++] = vv(VTA_ALU_SHR, D, K(RSHIFT1));
  ops[n++] = vv(VTA_ALU_ADD, D, K(ROUND));
  ops[n++] = vv(VTA_ALU_SHR, D, K(RSHIFT2));
  return n;
}

int vta_requant_program(vta_requant_op_t* ops, int max_ops, int32_t output_offset, int32_t act_min,
                        int32_t act_max) {
  if (max_ops < VTA_REQUANT_NUM_OPS) return VTA_REQUANT_ERR_NO_ROOM;
  if (!fits_int16(output_offset) || !fits_int16(act_min) || !fits_int16(act_max)) {
    return VTA_REQUANT_ERR_IMM_RANGE;
  }
  if (act_min > act_max) return VTA_REQUANT_ERR_EMPTY_CLAMP;
  int n = vta_requant_program_mbqm(ops, max_ops);
  /* Output offset and activation clamp. */
  ops[n++] = vi(VTA_ALU_ADD, D, output_offset);
  ops[n++] = vi(VTA_ALU_MAX, D, act_min);
  ops[n++] = vi(VTA_ALU_MIN, D, act_max);
  return n;
}

int vta_requant_constants(int32_t mult, int shift, int32_t* const_values) {
  return vta_requant_constants_prescaled(mult, shift, 0, const_values);
}

int vta_requant_constants_prescaled(int32_t mult, int shift, int pre_left, int32_t* const_values) {
  if (mult < 0) return VTA_REQUANT_ERR_MULTIPLIER;
  if (shift < -31 || shift > 31) return VTA_REQUANT_ERR_SHIFT;
  /* The chain's first op is one wrapping left shift: acc << pre_left << max(shift, 0) folds
   * into it as long as the sum stays a shift amount the ALU's SHR takes (<= 31). */
  const int left = (shift > 0 ? shift : 0) + pre_left;
  if (pre_left < 0 || left > 31) return VTA_REQUANT_ERR_SHIFT;
  const int right = shift > 0 ? 0 : -shift;
  /* Balanced split: ml = the low 16 bits sign-extended, so mh = (m - ml) / 2^16 <= 2^15. */
  const int32_t ml = (int32_t)(((uint32_t)mult & 0xFFFFu) ^ 0x8000u) - 0x8000;
  const int32_t mh = (int32_t)(((int64_t)mult - ml) / 65536); /* exact; <= 2^15 */
  const_values[VTA_REQUANT_K_NEG_LEFT] = -left;
  const_values[VTA_REQUANT_K_SIGN_MIN] = right > 0 ? -1 : 0;
  const_values[VTA_REQUANT_K_ML] = ml;
  const_values[VTA_REQUANT_K_MH] = mh;
  const_values[VTA_REQUANT_K_2MH] = 2 * mh;
  const_values[VTA_REQUANT_K_RSHIFT1] = right > 0 ? right - 1 : 0;
  const_values[VTA_REQUANT_K_ROUND] = right > 0 ? 1 : 0;
  const_values[VTA_REQUANT_K_RSHIFT2] = right > 0 ? 1 : 0;
  return 0;
}

int32_t vta_requant_emulate(const vta_requant_op_t* ops, int n, int32_t acc,
                            const int32_t* const_values) {
  /* Constants are read in place rather than copied into the row array: GCC turns such a copy
   * loop into a memcpy call, and the firmware links no libc. */
  int32_t row[1 + VTA_REQUANT_NUM_SCRATCH];
  row[VTA_REQUANT_DATA_SLOT] = acc;
  for (int k = 0; k < VTA_REQUANT_NUM_SCRATCH; ++k) {
    row[VTA_REQUANT_SCRATCH_SLOT(k)] = (int32_t)(0x5A5A5A5Au * (uint32_t)(k + 3));
  }
  for (int i = 0; i < n; ++i) {
    const vta_requant_op_t* op = &ops[i];
    int32_t src;
    if (op->use_imm) {
      src = op->imm;
    } else if (vta_requant_slot_is_const(op->src_slot)) {
      src = const_values[op->src_slot - VTA_REQUANT_CONST_SLOT(0)];
    } else {
      src = row[op->src_slot];
    }
    row[op->dst_slot] = vta_alu_lane(op->alu_opcode, row[op->dst_slot], src);
  }
  return row[VTA_REQUANT_DATA_SLOT];
}
