#include "op_util.h"

#include <stdio.h>

int op_require_inputs(TflModel* m, int index, int min, int max, TflError* error) {
  const TflOperator* op = op_at(m, index);
  if (op->input_count < min || op->input_count > max) {
    return tfl_fail(error, index, "has %d inputs; expected %d to %d", op->input_count, min, max);
  }
  /* Inputs are positional: only the optional ones after `min` (e.g. a bias) may be absent
   * (index -1), so every kernel can rely on op_input(m, index, i) for i < min. */
  for (int i = 0; i < min; ++i) {
    if (op->inputs[i] < 0) return tfl_fail(error, index, "required input %d is absent", i);
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

int op_require_type(const TflTensor* t, int type, const char* role, int index, TflError* error) {
  if (!t) return tfl_fail(error, index, "%s tensor missing", role);
  if (t->type != type) {
    return tfl_fail(error, index, "%s is %s; expected %s", role, tfl_type_name(t->type),
                    tfl_type_name(type));
  }
  return 0;
}

int op_require_quantized(const TflTensor* t, int type, const char* role, int index,
                         TflError* error) {
  if (op_require_type(t, type, role, index, error)) return -1;
  if (!t->quantized) return tfl_fail(error, index, "%s has no quantization parameters", role);
  if (t->scale_count != 1) {
    return tfl_fail(error, index, "%s has per-channel quantization; it must be per-tensor", role);
  }
  const int32_t lo = type == TFL_TYPE_UINT8 ? 0 : -128;
  if (t->zero_point < lo || t->zero_point > lo + 255) {
    return tfl_fail(error, index, "%s zero point %d is outside %s", role, (int)t->zero_point,
                    tfl_type_name(type));
  }
  if (!(t->scale > 0.0f)) return tfl_fail(error, index, "%s scale is not positive", role);
  return 0;
}

int op_require_rank(const TflTensor* t, int rank, const char* role, int index, TflError* error) {
  if (!t) return tfl_fail(error, index, "%s tensor missing", role);
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
  /* As TFLite Micro: the scale count must match the output channels; quantized_dimension itself
   * is not trusted (older converters wrote wrong values). */
  if (t->scale_count != 1 && t->scale_count != (uint32_t)t->dims[channel_dim]) {
    return tfl_fail(error, index, "filter has %u scales for %d output channels",
                    (unsigned)t->scale_count, (int)t->dims[channel_dim]);
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
  if (activation == TFL_FUSED_NONE || activation == TFL_FUSED_RELU ||
      activation == TFL_FUSED_RELU6 || activation == TFL_FUSED_RELU_N1_TO_1) {
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

void op_activation_range(int activation, const TflTensor* output, int32_t* act_min,
                         int32_t* act_max) {
  tfl_activation_range_int8((TflFusedActivation)activation, output->scale, output->zero_point,
                            act_min, act_max);
}

int op_shape4(const TflTensor* t, Shape4* shape) {
  if (t->rank > 4) return -1;
  const int lead = 4 - t->rank;
  for (int d = 0; d < 4; ++d) shape->dims[d] = d < lead ? 1 : t->dims[d - lead];
  return 0;
}

int op_output_size(int padding, int in, int filter, int stride, int dilation, int* out,
                   int* pad_before) {
  if (tfl_compute_padding((TflPaddingKind)padding, stride, dilation, in, filter, out, pad_before) !=
      0) {
    return -1;
  }
  return *out > 0 ? 0 : -1;
}

int op_require_weighted(TflModel* m, int index, int activation_rank, int filter_rank,
                        int channel_dim, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (activation_rank > 0 && (op_require_rank(in, activation_rank, "input", index, error) ||
                              op_require_rank(out, activation_rank, "output", index, error))) {
    return -1;
  }
  if (op_require_rank(filter, filter_rank, "filter", index, error) ||
      op_require_weights(m, index, filter, channel_dim, error)) {
    return -1;
  }
  return op_require_bias(m, index, op_input(m, index, 2), filter->dims[channel_dim], error);
}

int op_require_int16(const TflTensor* t, const char* role, int any_zero_point, int index,
                     TflError* error) {
  if (op_require_type(t, TFL_TYPE_INT16, role, index, error)) return -1;
  if (!t->quantized) return tfl_fail(error, index, "%s has no quantization parameters", role);
  if (t->scale_count != 1) {
    return tfl_fail(error, index, "%s has per-channel quantization; it must be per-tensor", role);
  }
  if (!any_zero_point && t->zero_point != 0) {
    return tfl_fail(error, index, "%s zero point %d is not 0 (int16 activations are symmetric)",
                    role, (int)t->zero_point);
  }
  if (t->zero_point < -32768 || t->zero_point > 32767) {
    return tfl_fail(error, index, "%s zero point %d is outside int16", role, (int)t->zero_point);
  }
  if (!(t->scale > 0.0f)) return tfl_fail(error, index, "%s scale is not positive", role);
  return 0;
}

int op_require_float_weights(const TflTensor* t, int index, TflError* error) {
  if (op_require_type(t, TFL_TYPE_FLOAT32, "filter", index, error)) return -1;
  if (!t->data) return tfl_fail(error, index, "filter is not a constant tensor");
  return 0;
}

static int require_bias_of(const TflTensor* t, int type, int other, int count, int index,
                           TflError* error) {
  if (!t) return 0;
  if (t->type != type && t->type != other) {
    return tfl_fail(error, index, "bias is %s; expected %s", tfl_type_name(t->type),
                    tfl_type_name(type));
  }
  if (!t->data) return tfl_fail(error, index, "bias is not a constant tensor");
  if (t->elements != (uint32_t)count) {
    return tfl_fail(error, index, "bias has %u elements; expected %d", (unsigned)t->elements,
                    count);
  }
  return 0;
}

int op_require_bias_int16(const TflTensor* t, int count, int index, TflError* error) {
  return require_bias_of(t, TFL_TYPE_INT64, TFL_TYPE_INT32, count, index, error);
}

int op_require_bias_float(const TflTensor* t, int count, int index, TflError* error) {
  return require_bias_of(t, TFL_TYPE_FLOAT32, TFL_TYPE_FLOAT32, count, index, error);
}

int op_check_resize(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* size = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_same_quantization(in, out, "output", index, error) ||
      op_require_rank(in, 4, "input", index, error) ||
      op_require_rank(out, 4, "output", index, error)) {
    return -1;
  }
  if (size->type != TFL_TYPE_INT32 || !size->data || size->rank != 1 || size->elements != 2) {
    return tfl_fail(error, index, "size must be a constant int32 tensor of 2 entries");
  }
  const int32_t* hw = (const int32_t*)(const void*)size->data;
  if (hw[0] != out->dims[1] || hw[1] != out->dims[2] || in->dims[0] != out->dims[0] ||
      in->dims[3] != out->dims[3]) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the input resized to %dx%d", shape,
                    (int)hw[0], (int)hw[1]);
  }
  return 0;
}
