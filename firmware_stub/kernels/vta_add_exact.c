/* TFLite's int8 ADD as VTA ALU steps (accsim_kernels/vta_add_exact.h): three vta_requant
 * chains and two additions. */
#include "accsim_kernels/vta_add_exact.h"

static int fits_int16(int32_t x) { return x >= -32768 && x <= 32767; }

/* (128 + |offset|) << left_shift < 2^30: the largest |x + offset| for int8 x, shifted. */
static int input_fits(int32_t offset, int left_shift) {
  if (offset < -(1 << 20) || offset > (1 << 20)) return 0;
  const int64_t magnitude = 128 + (int64_t)(offset < 0 ? -offset : offset);
  return (magnitude << left_shift) < ((int64_t)1 << 30);
}

const char* vta_add_exact_check(const TflArithmeticParams* p) {
  if (p->left_shift < 0 || p->left_shift > 30) return "left_shift outside [0, 30]";
  if (!input_fits(p->input1_offset, p->left_shift) ||
      !input_fits(p->input2_offset, p->left_shift)) {
    return "an input offset too large for left_shift (the shifted input must stay below 2^30)";
  }
  if (p->input1_multiplier < 0 || p->input2_multiplier < 0 || p->output_multiplier < 0) {
    return "a negative multiplier";
  }
  if (p->input1_shift < -31 || p->input1_shift > 0 || p->input2_shift < -31 ||
      p->input2_shift > 0) {
    return "an input shift outside [-31, 0]";
  }
  if (p->output_shift < -31 || p->output_shift > 31) return "output shift outside [-31, 31]";
  if (!fits_int16(p->output_offset)) return "output offset does not fit a 16-bit immediate";
  if (p->quantized_activation_min > p->quantized_activation_max ||
      p->quantized_activation_min < -128 || p->quantized_activation_max > 127) {
    return "activation range empty or outside int8";
  }
  return 0;
}

/* vta_requant's op as a step; its constant k becomes constant const_base + k. */
static vta_add_exact_step_t from_requant(const vta_requant_op_t* op, int const_base, int paired) {
  vta_add_exact_step_t s = {op->alu_opcode, op->dst_slot,    VTA_ADD_EXACT_SRC_ROW,
                            op->src_slot,   (uint8_t)paired, op->imm};
  if (op->use_imm) {
    s.src_kind = VTA_ADD_EXACT_SRC_IMM;
    s.src = 0;
  } else if (vta_requant_slot_is_const(op->src_slot)) {
    s.src_kind = VTA_ADD_EXACT_SRC_CONST;
    s.src = (uint8_t)(const_base + op->src_slot - VTA_REQUANT_CONST_SLOT(0));
  }
  return s;
}

int vta_add_exact_program(const TflArithmeticParams* p, vta_add_exact_step_t* steps,
                          int max_steps) {
  if (max_steps < VTA_ADD_EXACT_NUM_STEPS || vta_add_exact_check(p)) return -1;
  vta_requant_op_t ops[VTA_REQUANT_MAX_OPS];
  int n = 0;
  /* Both inputs at once: x + offset (constant 0 / 9), then MBQM of it << left_shift. */
  const vta_add_exact_step_t offset = {
      VTA_ALU_ADD, VTA_REQUANT_DATA_SLOT, VTA_ADD_EXACT_SRC_CONST, 0, 1, 0};
  steps[n++] = offset;
  const int m = vta_requant_program_mbqm(ops, VTA_REQUANT_MAX_OPS);
  for (int i = 0; i < m; ++i) steps[n++] = from_requant(&ops[i], 1, 1);
  /* A + B into side A's data row. */
  const vta_add_exact_step_t sum = {VTA_ALU_ADD,
                                    VTA_REQUANT_DATA_SLOT,
                                    VTA_ADD_EXACT_SRC_ROW,
                                    VTA_ADD_EXACT_SIDE_SLOTS + VTA_REQUANT_DATA_SLOT,
                                    0,
                                    0};
  steps[n++] = sum;
  /* The output's whole chain on side A (its scratch rows are free again). */
  const int k = vta_requant_program(ops, VTA_REQUANT_MAX_OPS, p->output_offset,
                                    p->quantized_activation_min, p->quantized_activation_max);
  if (m != VTA_REQUANT_MBQM_OPS || k != VTA_REQUANT_NUM_OPS) return -1;
  for (int i = 0; i < k; ++i) steps[n++] = from_requant(&ops[i], VTA_ADD_EXACT_OUT_CONST, 0);
  return n;
}

int vta_add_exact_constants(const TflArithmeticParams* p, int32_t* c) {
  if (vta_add_exact_check(p)) return -1;
  c[0] = p->input1_offset;
  c[VTA_ADD_EXACT_SIDE_CONSTS] = p->input2_offset;
  if (vta_requant_constants_prescaled(p->input1_multiplier, p->input1_shift, p->left_shift,
                                      c + 1) ||
      vta_requant_constants_prescaled(p->input2_multiplier, p->input2_shift, p->left_shift,
                                      c + VTA_ADD_EXACT_SIDE_CONSTS + 1) ||
      vta_requant_constants(p->output_multiplier, p->output_shift, c + VTA_ADD_EXACT_OUT_CONST)) {
    return -1;
  }
  return 0;
}

static void run_step(const vta_add_exact_step_t* s, int side, int32_t* rows, const int32_t* c) {
  const int dst = s->dst + side * VTA_ADD_EXACT_SIDE_SLOTS;
  int32_t src = s->imm;
  if (s->src_kind == VTA_ADD_EXACT_SRC_ROW) src = rows[s->src + side * VTA_ADD_EXACT_SIDE_SLOTS];
  if (s->src_kind == VTA_ADD_EXACT_SRC_CONST) src = c[s->src + side * VTA_ADD_EXACT_SIDE_CONSTS];
  rows[dst] = vta_alu_lane(s->alu_opcode, rows[dst], src);
}

int8_t vta_add_exact_emulate(const vta_add_exact_step_t* steps, int n, const int32_t* constants,
                             int8_t a, int8_t b) {
  int32_t rows[VTA_ADD_EXACT_ROW_SLOTS];
  for (int k = 0; k < VTA_ADD_EXACT_ROW_SLOTS; ++k) {
    rows[k] = (int32_t)(0x5A5A5A5Au * (uint32_t)(k + 3)); /* junk a chain must not read */
  }
  rows[0] = a;
  rows[VTA_ADD_EXACT_SIDE_SLOTS] = b;
  for (int i = 0; i < n; ++i) {
    run_step(&steps[i], 0, rows, constants);
    if (steps[i].paired) run_step(&steps[i], 1, rows, constants);
  }
  return (int8_t)(uint8_t)((uint32_t)rows[0] & 0xFFu);
}
