/* CONV_2D 1x1 on the simd_mac CFU (rtl/cfu/simd_mac/cfu.v: funct3 0 loads its accumulator,
 * funct3 1 adds the four int8 products of two words and answers the sum, funct3 2 reads it),
 * as a kernel of the TFLite interpreter (accsim_tflite/kernel_registry.h).
 *
 * Per output pixel and channel: the accumulator starts at the channel's bias with the input
 * offset folded in (bias + input_offset * sum of the channel's weights: sum((x + off) * w) =
 * sum(x * w) + off * sum(w)), then one CFU instruction per four input channels; the CPU
 * requantises the sum exactly as TFLite's reference (MultiplyByQuantizedMultiplier, output
 * offset, activation clamp), so the output is bit-exact with the CPU kernel. prepare() packs
 * each channel's weights into words in the arena once and folds the bias. */
#include <stdint.h>
#include <string.h>

#include "accsim_kernels/tflite_int8.h"
#include "accsim_tflite/kernel_registry.h"
#include "cfu.h"

/* What eval needs, prepared once per operator (in the state pool). */
typedef struct {
  int pixels, in_words, out_c;
  int32_t output_offset, act_min, act_max;
  const uint32_t* weights; /* out_c x in_words, in the arena */
  const int32_t* bias;     /* folded, out_c */
  const int32_t* multiplier;
  const int32_t* shift;
  const uint32_t* input;
  int8_t* output;
} SimdConv;

static int refuse(char* reason, int bytes, const char* why) {
  strncpy(reason, why, (size_t)bytes - 1);
  reason[bytes - 1] = 0;
  return 0;
}

/* 1x1, stride 1, batch 1, input channels a multiple of 4 (a word per CFU instruction). The CPU's
 * check has accepted the operator already: int8, per-channel weights, shapes consistent. */
static int supports(const TflModel* m, int index, TflKernelNeeds* needs, char* reason, int bytes) {
  const TflTensor* in = tfl_op_input(m, index, 0);
  const TflTensor* filter = tfl_op_input(m, index, 1);
  ConvParams p;
  TflError error;
  if (tfl_conv_2d_geometry(m, index, &p, &error) != 0) return refuse(reason, bytes, error.message);
  if (p.k_h != 1 || p.k_w != 1) return refuse(reason, bytes, "runs only 1x1 convolutions");
  if (p.stride_h != 1 || p.stride_w != 1) return refuse(reason, bytes, "runs only stride 1");
  if (in->dims[0] != 1) return refuse(reason, bytes, "runs only batch 1");
  if (p.in_c % 4 != 0) return refuse(reason, bytes, "needs input channels % 4");
  const uint32_t out_c = (uint32_t)filter->dims[0];
  /* packed weights, then folded bias, multipliers, shifts */
  needs->persistent_bytes = out_c * (uint32_t)p.in_c + 3u * out_c * 4u;
  return 1;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  const TflModel* m = rt->model;
  const TflTensor* filter = tfl_op_input(m, index, 1);
  const TflTensor* bias = tfl_op_input(m, index, 2);
  const int out_c = filter->dims[0];
  SimdConv* s = (SimdConv*)tfl_state_alloc(rt, sizeof(SimdConv));
  if (!s) return tfl_fail(error, index, "simd_conv: operator state pool exhausted");
  uint8_t* block = (uint8_t*)tfl_op_persistent(rt, index);
  ConvParams p;
  int32_t* folded = (int32_t*)(block + (uint32_t)out_c * (uint32_t)filter->dims[3]);
  int32_t* multiplier = folded + out_c;
  int32_t* shift = multiplier + out_c;
  if (tfl_conv_2d_params(m, index, &p, multiplier, shift, error) != 0) return -1;
  /* The weights, copied into word-aligned rows (the model's filter need not be aligned). */
  memcpy(block, filter->data, (size_t)out_c * (size_t)p.in_c);
  for (int oc = 0; oc < out_c; ++oc) {
    const int8_t* w = (const int8_t*)block + oc * p.in_c;
    int32_t sum = 0;
    for (int ic = 0; ic < p.in_c; ++ic) sum += w[ic];
    const int32_t b = bias ? ((const int32_t*)bias->data)[oc] : 0;
    folded[oc] = add_wrapping(b, p.input_offset * sum);
  }
  s->pixels = p.out_h * p.out_w;
  s->in_words = p.in_c / 4;
  s->out_c = out_c;
  s->output_offset = p.output_offset;
  s->act_min = p.act_min;
  s->act_max = p.act_max;
  s->weights = (const uint32_t*)block;
  s->bias = folded;
  s->multiplier = multiplier;
  s->shift = shift;
  s->input = (const uint32_t*)tfl_tensor_data(rt, m->operators[index].inputs[0]);
  s->output = (int8_t*)tfl_tensor_data(rt, m->operators[index].outputs[0]);
  rt->op_state[index] = s;
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const SimdConv* s = (const SimdConv*)rt->op_state[index];
  const uint32_t* in = s->input;
  int8_t* out = s->output;
  for (int pixel = 0; pixel < s->pixels; ++pixel, in += s->in_words) {
    const uint32_t* w = s->weights;
    for (int oc = 0; oc < s->out_c; ++oc, w += s->in_words) {
      uint32_t acc = cfu_op0(0, (uint32_t)s->bias[oc], 0);
      for (int i = 0; i < s->in_words; ++i) acc = cfu_op1(0, in[i], w[i]);
      int32_t v = multiply_by_quantized_multiplier((int32_t)acc, s->multiplier[oc], s->shift[oc]);
      v = add_wrapping(v, s->output_offset);
      *out++ = (int8_t)(v < s->act_min ? s->act_min : v > s->act_max ? s->act_max : v);
    }
  }
}

static const TflUserKernel kSimdConv = {"simd_conv", TFL_OP_CONV_2D, supports, prepare, eval};

/* Called by the runner before it places the model's operators. */
void tflite_runner_register_kernels(void) { tflite_runner_add_kernel(&kSimdConv); }
