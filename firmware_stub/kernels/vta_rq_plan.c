#include "accsim_kernels/vta_rq_plan.h"

#include "accsim/vta_isa.h"
#include "accsim_kernels/vta_add_ref.h"

/* Constant slots of the exact chain (offsets from tile_slots). */
enum { K_BIAS, K_NEG_LEFT, K_MH, K_ML, K_ML0, K_ML1, K_RIGHT, K_NEG_RIGHT, K_NEG_HALF, K_COUNT };
#define EXACT_TILE_SLOTS 7

static void exact_constants(int32_t bias, int32_t multiplier, int32_t shift, int32_t* v) {
  const int left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
  const uint32_t m = (uint32_t)multiplier;
  v[K_BIAS] = bias;
  v[K_NEG_LEFT] = -left;
  v[K_MH] = (int32_t)(m >> 16);
  v[K_ML] = (int32_t)(m & 0xffffu);
  v[K_ML0] = (int32_t)(m & 0xffu);
  v[K_ML1] = (int32_t)((m >> 8) & 0xffu);
  v[K_RIGHT] = right;
  v[K_NEG_RIGHT] = -right;
  v[K_NEG_HALF] = right > 0 ? -((1 << (right - 1)) - 1) : 0;
}

typedef struct {
  vta_rq_plan_t* plan;
  int k0; /* first constant slot */
} Builder;

static void op(Builder* b, int opcode, int dst, int src) {
  const vta_rq_step_t s = {(uint8_t)opcode, (uint8_t)dst, (uint8_t)src, 0, 0};
  b->plan->steps[b->plan->num_steps++] = s;
}
static void opk(Builder* b, int opcode, int dst, int konst) { op(b, opcode, dst, b->k0 + konst); }
static void imm(Builder* b, int opcode, int dst, int32_t value) {
  const vta_rq_step_t s = {(uint8_t)opcode, (uint8_t)dst, (uint8_t)dst, 1, value};
  b->plan->steps[b->plan->num_steps++] = s;
}
/* There is no move: clear with MUL 0, then ADD. */
static void copy(Builder* b, int dst, int src) {
  imm(b, VTA_ALU_MUL, dst, 0);
  op(b, VTA_ALU_ADD, dst, src);
}
/* dst = src - ((src >> 15 or 16) << same): the low limb, given hi = src >> n in `hi`. */
static void low_limb(Builder* b, int dst, int hi, int src, int bits) {
  copy(b, dst, hi);
  imm(b, VTA_ALU_SHR, dst, -bits);
  imm(b, VTA_ALU_MUL, dst, -1);
  op(b, VTA_ALU_ADD, dst, src);
}

void vta_rq_exact_plan(int32_t output_offset, int32_t act_min, int32_t act_max,
                       vta_rq_plan_t* plan) {
  plan->tile_slots = EXACT_TILE_SLOTS;
  plan->const_slots = K_COUNT;
  plan->num_steps = 0;
  plan->constants = exact_constants;
  Builder b = {plan, EXACT_TILE_SLOTS};
  opk(&b, VTA_ALU_ADD, 0, K_BIAS);
  opk(&b, VTA_ALU_SHR, 0, K_NEG_LEFT); /* s0 = x = acc << left (wraps, as TFLite) */
  copy(&b, 1, 0);
  imm(&b, VTA_ALU_SHR, 1, 16); /* s1 = xh */
  low_limb(&b, 2, 1, 0, 16);   /* s2 = xl */
  copy(&b, 0, 1);
  opk(&b, VTA_ALU_MUL, 0, K_MH); /* s0 = A = xh mh */
  opk(&b, VTA_ALU_MUL, 1, K_ML); /* s1 = B = xh ml */
  copy(&b, 3, 2);
  opk(&b, VTA_ALU_MUL, 3, K_ML0); /* s3 = E = xl ml0 */
  copy(&b, 4, 2);
  opk(&b, VTA_ALU_MUL, 4, K_ML1); /* s4 = F = xl ml1 */
  opk(&b, VTA_ALU_MUL, 2, K_MH);  /* s2 = C = xl mh */
  imm(&b, VTA_ALU_SHR, 3, 8);
  op(&b, VTA_ALU_ADD, 4, 3);
  imm(&b, VTA_ALU_SHR, 4, 8);
  imm(&b, VTA_ALU_ADD, 4, 1 << 14); /* s4 = G = floor(xl ml / 2^16) + 2^14 */
  copy(&b, 3, 1);
  imm(&b, VTA_ALU_SHR, 3, 15); /* s3 = Bh */
  low_limb(&b, 5, 3, 1, 15);   /* s5 = Bl */
  copy(&b, 1, 2);
  imm(&b, VTA_ALU_SHR, 1, 15); /* s1 = Ch */
  low_limb(&b, 6, 1, 2, 15);   /* s6 = Cl */
  op(&b, VTA_ALU_ADD, 5, 6);
  op(&b, VTA_ALU_ADD, 5, 4);
  imm(&b, VTA_ALU_SHR, 5, 15); /* s5 = floor((Bl + Cl + G) / 2^15) */
  imm(&b, VTA_ALU_SHR, 0, -1);
  op(&b, VTA_ALU_ADD, 0, 3);
  op(&b, VTA_ALU_ADD, 0, 1);
  op(&b, VTA_ALU_ADD, 0, 5); /* s0 = v = SaturatingRoundingDoublingHighMul(x, m) */
  copy(&b, 1, 0);
  imm(&b, VTA_ALU_SHR, 1, 31); /* s1 = -[v < 0] */
  copy(&b, 2, 0);
  opk(&b, VTA_ALU_SHR, 2, K_RIGHT); /* s2 = q = v >> right */
  copy(&b, 3, 2);
  opk(&b, VTA_ALU_SHR, 3, K_NEG_RIGHT);
  imm(&b, VTA_ALU_MUL, 3, -1);
  op(&b, VTA_ALU_ADD, 3, 0); /* s3 = rem = v - (q << right) */
  op(&b, VTA_ALU_ADD, 3, 1);
  opk(&b, VTA_ALU_ADD, 3, K_NEG_HALF); /* rem - threshold */
  imm(&b, VTA_ALU_MAX, 3, 0);
  imm(&b, VTA_ALU_MIN, 3, 1); /* s3 = rem > threshold */
  copy(&b, 0, 2);
  op(&b, VTA_ALU_ADD, 0, 3); /* RoundingDivideByPOT */
  imm(&b, VTA_ALU_ADD, 0, output_offset);
  imm(&b, VTA_ALU_MIN, 0, act_max);
  imm(&b, VTA_ALU_MAX, 0, act_min);
}

static void raw_constants(int32_t bias, int32_t multiplier, int32_t shift, int32_t* v) {
  (void)multiplier;
  (void)shift;
  v[0] = bias;
}

void vta_rq_raw_plan(vta_rq_plan_t* plan) {
  plan->tile_slots = 1;
  plan->const_slots = 1;
  plan->num_steps = 0;
  plan->constants = raw_constants;
  Builder b = {plan, 1};
  opk(&b, VTA_ALU_ADD, 0, 0);
}

int32_t vta_rq_emulate(const vta_rq_plan_t* plan, int32_t acc, int32_t bias, int32_t multiplier,
                       int32_t shift) {
  int32_t slots[EXACT_TILE_SLOTS + VTA_RQ_MAX_CONSTS] = {0};
  slots[0] = acc;
  plan->constants(bias, multiplier, shift, slots + plan->tile_slots);
  for (int i = 0; i < plan->num_steps; ++i) {
    const vta_rq_step_t* s = &plan->steps[i];
    slots[s->dst] = vta_add_alu_lane(s->opcode, slots[s->dst], s->use_imm ? s->imm : slots[s->src]);
  }
  return slots[0];
}
