#include "op_util.h"

#include <math.h>
#include <stdio.h>

int op_require_inputs(TflModel* m, int index, int min, int max, TflError* error) {
  const TflOperator* op = op_at(m, index);
  int present = 0;
  for (int i = 0; i < op->input_count; ++i) present += op->inputs[i] >= 0;
  if (op->input_count < min || op->input_count > max || present < min) {
    return tfl_fail(error, index, "has %d inputs; expected %d to %d", op->input_count, min, max);
  }
  return 0;
}

int op_require_int8(TflModel* m, int index, const TflTensor* t, const char* role, TflError* error) {
  (void)m;
  if (!t) return tfl_fail(error, index, "%s tensor missing", role);
  if (t->type != TFL_TYPE_INT8) {
    return tfl_fail(error, index, "%s is %s; only int8 models are supported", role,
                    tfl_type_name(t->type));
  }
  if (!t->quantized) return tfl_fail(error, index, "%s has no quantization parameters", role);
  if (t->scale_count != 1) {
    return tfl_fail(error, index,
                    "%s has per-channel quantization; activations must be "
                    "per-tensor",
                    role);
  }
  if (t->zero_point < -128 || t->zero_point > 127) {
    return tfl_fail(error, index, "%s zero point %d is outside int8", role, (int)t->zero_point);
  }
  if (!(t->scale > 0.0f)) return tfl_fail(error, index, "%s scale is not positive", role);
  return 0;
}

int op_require_rank(const TflTensor* t, int rank, const char* role, int index, TflError* error) {
  if (t->rank != rank) {
    return tfl_fail(error, index, "%s has rank %d; expected %d", role, t->rank, rank);
  }
  return 0;
}

int op_require_weights(TflModel* m, int index, const TflTensor* t, int channel_dim,
                       TflError* error) {
  (void)m;
  if (!t) return tfl_fail(error, index, "filter tensor missing");
  if (t->type != TFL_TYPE_INT8) {
    return tfl_fail(error, index, "filter is %s; only int8 models are supported",
                    tfl_type_name(t->type));
  }
  if (!t->data) return tfl_fail(error, index, "filter is not a constant tensor");
  if (!t->quantized) return tfl_fail(error, index, "filter has no quantization parameters");
  if (t->scale_count != 1 &&
      (t->quantized_dimension != channel_dim || t->scale_count != (uint32_t)t->dims[channel_dim])) {
    return tfl_fail(error, index,
                    "filter is quantized along dimension %d; expected per-tensor or "
                    "per-channel along dimension %d",
                    (int)t->quantized_dimension, channel_dim);
  }
  for (uint32_t i = 0; i < t->zero_points.length; ++i) {
    if (fb_vector_i64(&m->reader, &t->zero_points, i) != 0) {
      return tfl_fail(error, index, "filter zero point %u is not 0 (weights must be symmetric)",
                      (unsigned)i);
    }
  }
  for (uint32_t i = 0; i < t->scale_count; ++i) {
    if (!(tfl_tensor_scale(m, t, i) > 0.0f)) {
      return tfl_fail(error, index, "filter scale %u is not positive", (unsigned)i);
    }
  }
  return 0;
}

int op_require_bias(TflModel* m, int index, const TflTensor* t, int count, TflError* error) {
  (void)m;
  if (!t) return 0;
  if (t->type != TFL_TYPE_INT32) {
    return tfl_fail(error, index, "bias is %s; expected int32", tfl_type_name(t->type));
  }
  if (!t->data) return tfl_fail(error, index, "bias is not a constant tensor");
  if (t->elements != (uint32_t)count) {
    return tfl_fail(error, index, "bias has %u elements; expected %d", (unsigned)t->elements,
                    count);
  }
  return 0;
}

int op_require_activation(int activation, int index, TflError* error) {
  if (activation == TFL_ACT_NONE || activation == TFL_ACT_RELU || activation == TFL_ACT_RELU6 ||
      activation == TFL_ACT_RELU_N1_TO_1) {
    return 0;
  }
  return tfl_fail(error, index,
                  "fused activation %d is not supported (NONE, "
                  "RELU, RELU_N1_TO_1, RELU6 are)",
                  activation);
}

int op_require_same_quantization(const TflTensor* a, const TflTensor* b, const char* what,
                                 int index, TflError* error) {
  if (a->scale != b->scale || a->zero_point != b->zero_point) {
    return tfl_fail(error, index,
                    "%s must have the same quantization as its "
                    "input (TFLite requires it)",
                    what);
  }
  return 0;
}

void op_format_shape(const TflTensor* t, char* out, int out_bytes) {
  int used = 0;
  out[0] = 0;
  for (int d = 0; d < t->rank && used < out_bytes; ++d) {
    used += snprintf(out + used, (size_t)(out_bytes - used), d ? "x%d" : "%d", (int)t->dims[d]);
  }
}

int op_output_size(int padding, int in, int filter, int stride, int dilation, int* out,
                   int* pad_before) {
  const int effective = (filter - 1) * dilation + 1;
  if (padding == TFL_PADDING_SAME) {
    *out = (in + stride - 1) / stride;
  } else {
    *out = (in - effective + stride) / stride;
  }
  if (*out <= 0) return -1;
  const int total = (*out - 1) * stride + effective - in;
  *pad_before = total > 0 ? total / 2 : 0;
  return 0;
}

void op_quantize_multiplier(double real, int32_t* multiplier, int* shift) {
  if (real == 0.0) {
    *multiplier = 0;
    *shift = 0;
    return;
  }
  int exponent = 0;
  const double fraction = frexp(real, &exponent);
  int64_t fixed = (int64_t)round(fraction * (double)(1ll << 31));
  if (fixed == (1ll << 31)) {
    fixed /= 2;
    ++exponent;
  }
  if (exponent < -31) {
    exponent = 0;
    fixed = 0;
  }
  *multiplier = (int32_t)fixed;
  *shift = exponent;
}

static int32_t quantize_activation_bound(const TflTensor* output, float value) {
  return output->zero_point + (int32_t)roundf(value / output->scale);
}

void op_activation_range(int activation, const TflTensor* output, int32_t* act_min,
                         int32_t* act_max) {
  int32_t lo = -128, hi = 127;
  if (activation == TFL_ACT_RELU || activation == TFL_ACT_RELU6) {
    const int32_t zero = quantize_activation_bound(output, 0.0f);
    if (zero > lo) lo = zero;
  }
  if (activation == TFL_ACT_RELU6) {
    const int32_t six = quantize_activation_bound(output, 6.0f);
    if (six < hi) hi = six;
  }
  if (activation == TFL_ACT_RELU_N1_TO_1) {
    const int32_t minus_one = quantize_activation_bound(output, -1.0f);
    const int32_t one = quantize_activation_bound(output, 1.0f);
    if (minus_one > lo) lo = minus_one;
    if (one < hi) hi = one;
  }
  *act_min = lo;
  *act_max = hi;
}

void op_channel_multipliers(TflModel* m, const TflTensor* input, const TflTensor* filter,
                            const TflTensor* output, int channels, int32_t* multipliers,
                            int32_t* shifts) {
  for (int c = 0; c < channels; ++c) {
    const double filter_scale =
        (double)tfl_tensor_scale(m, filter, filter->scale_count > 1 ? (uint32_t)c : 0);
    const double effective = (double)input->scale * filter_scale / (double)output->scale;
    int shift = 0;
    op_quantize_multiplier(effective, &multipliers[c], &shift);
    shifts[c] = shift;
  }
}
