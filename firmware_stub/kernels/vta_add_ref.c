#include "accsim_kernels/vta_add_ref.h"

#include <string.h>

#include "accsim/hw/vta_isa.h"
#include "accsim_kernels/tflite_int8.h"
#include "accsim_kernels/vta_requant.h"

double vta_frexp(double x, int* exp) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  int e = (int)((bits >> 52) & 0x7ff);
  if (x == 0.0 || e == 0x7ff) {
    *exp = 0;
    return x;
  }
  if (e == 0) {               /* subnormal: normalise first */
    x *= 18014398509481984.0; /* 2^54 */
    memcpy(&bits, &x, sizeof bits);
    e = (int)((bits >> 52) & 0x7ff) - 54;
  }
  *exp = e - 1022;
  bits = (bits & ~((uint64_t)0x7ff << 52)) | ((uint64_t)1022 << 52);
  double q;
  memcpy(&q, &bits, sizeof q);
  return q;
}

/* round() for the non-negative values the quantisers see (half away from zero). */
static int64_t round_positive(double x) { return (int64_t)(x + 0.5); }

void vta_quantize_q15(double d, int16_t* multiplier, int32_t* shift) {
  if (d <= 0.0) {
    *multiplier = 0;
    *shift = 0;
    return;
  }
  int e;
  const double q = vta_frexp(d, &e);
  int64_t fixed = round_positive(q * 32768.0);
  if (fixed == 32768) {
    fixed /= 2;
    ++e;
  }
  *multiplier = (int16_t)fixed;
  *shift = e;
}

void tflite_quantize_multiplier(double d, int32_t* multiplier, int32_t* shift) {
  if (d <= 0.0) {
    *multiplier = 0;
    *shift = 0;
    return;
  }
  int e;
  const double q = vta_frexp(d, &e);
  int64_t fixed = round_positive(q * 2147483648.0);
  if (fixed == 2147483648ll) {
    fixed /= 2;
    ++e;
  }
  *multiplier = (int32_t)fixed;
  *shift = e;
}

void vta_add_params(const AddQuant* q, VtaAddParams* vta, TfliteAddParams* tflite) {
  const double max_scale = q->scale_a > q->scale_b ? q->scale_a : q->scale_b;
  const double dms = 2.0 * max_scale;
  const double real_a = q->scale_a / dms, real_b = q->scale_b / dms;
  if (vta) {
    vta->offset_a = -q->zero_a;
    vta->offset_b = -q->zero_b;
    vta_quantize_q15(real_a, &vta->mult_a, &vta->shift_a);
    vta_quantize_q15(real_b, &vta->mult_b, &vta->shift_b);
    vta_quantize_q15(dms / ((double)(1 << VTA_ADD_LEFT_SHIFT) * q->scale_y), &vta->mult_y,
                     &vta->shift_y);
    vta->zero_y = q->zero_y;
    vta->act_min = q->act_min;
    vta->act_max = q->act_max;
  }
  if (tflite) {
    tflite->input1_offset = -q->zero_a;
    tflite->input2_offset = -q->zero_b;
    tflite->output_offset = q->zero_y;
    tflite_quantize_multiplier(real_a, &tflite->input1_multiplier, &tflite->input1_shift);
    tflite_quantize_multiplier(real_b, &tflite->input2_multiplier, &tflite->input2_shift);
    tflite_quantize_multiplier(dms / ((double)(1 << TFLITE_ADD_LEFT_SHIFT) * q->scale_y),
                               &tflite->output_multiplier, &tflite->output_shift);
    tflite->act_min = q->act_min;
    tflite->act_max = q->act_max;
  }
}

const char* vta_add_params_check(const VtaAddParams* p) {
  if (p->act_min < -128 || p->act_max > 127 || p->act_min > p->act_max) {
    return "activation range outside int8";
  }
  if (p->zero_y < -128 || p->zero_y > 127) return "output zero point outside int8";
  if (p->offset_a < -127 || p->offset_a > 128 || p->offset_b < -127 || p->offset_b > 128) {
    return "input zero point outside int8";
  }
  if (p->shift_a > 0 || p->shift_b > 0) return "input multiplier above 1 (cannot happen)";
  const int32_t amount = 15 - p->shift_y;
  if (amount < 0 || amount > 31) return "output shift outside the SHR range";
  /* s_yinv' = m_y * 2^(shift_y - 15) must stay below 1/8 (see the header). */
  if (p->shift_y > -3) return "output scale too small against the input scales (error > 1 LSB)";
  return 0;
}

int32_t vta_add_rescale(int8_t value, int32_t offset, int16_t multiplier, int32_t shift) {
  const int32_t shifted = (value + offset) * (1 << VTA_ADD_LEFT_SHIFT); /* <= 16 bits */
  const int32_t scaled = (shifted * multiplier + (1 << 14)) >> 15;      /* fits int32 */
  return shift <= 0 ? scaled >> -shift : scaled << shift;
}

const char* vta_add_alu_rescale_params(int32_t offset, int16_t multiplier, int32_t shift,
                                       VtaAddAluRescale* r) {
  if (offset < -128 || offset > 128 || multiplier < 0) return "input offset or multiplier range";
  if (shift > 0 || 15 - shift > 31) return "input shift outside the SHR range";
  r->mul = (int32_t)multiplier << VTA_ADD_LEFT_SHIFT;
  r->add = offset * r->mul + (1 << 14);
  r->shr = 15 - shift;
  return 0;
}

int32_t vta_add_alu_rescale(int8_t value, const VtaAddAluRescale* r) {
  int32_t x = vta_alu_lane(VTA_ALU_MUL, value, r->mul);
  x = vta_alu_lane(VTA_ALU_ADD, x, r->add);
  return vta_alu_lane(VTA_ALU_SHR, x, r->shr);
}

int8_t vta_add_finish(int32_t a_rescaled, int32_t b_rescaled, const VtaAddParams* p) {
  int32_t y = vta_alu_lane(VTA_ALU_ADD, a_rescaled, b_rescaled);
  y = vta_alu_lane(VTA_ALU_MUL, y, p->mult_y);
  y = vta_alu_lane(VTA_ALU_SHR, y, 15 - p->shift_y);
  y = vta_alu_lane(VTA_ALU_ADD, y, p->zero_y);
  y = vta_alu_lane(VTA_ALU_MIN, y, p->act_max);
  y = vta_alu_lane(VTA_ALU_MAX, y, p->act_min);
  return (int8_t)(uint8_t)(uint32_t)y; /* STORE keeps the low 8 bits */
}

void vta_add_model(const VtaAddParams* p, const int8_t* a, const int8_t* b, int8_t* out,
                   int length) {
  for (int i = 0; i < length; ++i) {
    out[i] = vta_add_finish(vta_add_rescale(a[i], p->offset_a, p->mult_a, p->shift_a),
                            vta_add_rescale(b[i], p->offset_b, p->mult_b, p->shift_b), p);
  }
}

void tflite_add_int8(const TfliteAddParams* p, const int8_t* a, const int8_t* b, int8_t* out,
                     int length) {
  for (int i = 0; i < length; ++i) {
    const int32_t shifted_a = (a[i] + p->input1_offset) * (1 << TFLITE_ADD_LEFT_SHIFT);
    const int32_t shifted_b = (b[i] + p->input2_offset) * (1 << TFLITE_ADD_LEFT_SHIFT);
    /* MultiplyByQuantizedMultiplierSmallerThanOneExp: the shifts here are <= 0, where it equals
     * MultiplyByQuantizedMultiplier. */
    const int32_t scaled_a =
        multiply_by_quantized_multiplier(shifted_a, p->input1_multiplier, p->input1_shift);
    const int32_t scaled_b =
        multiply_by_quantized_multiplier(shifted_b, p->input2_multiplier, p->input2_shift);
    int32_t y = multiply_by_quantized_multiplier(scaled_a + scaled_b, p->output_multiplier,
                                                 p->output_shift) +
                p->output_offset;
    if (y < p->act_min) y = p->act_min;
    if (y > p->act_max) y = p->act_max;
    out[i] = (int8_t)y;
  }
}
