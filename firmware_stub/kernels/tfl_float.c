#include "accsim_kernels/tfl_float.h"

#include <float.h>
#include <math.h>

#include "accsim_kernels/tfl_broadcast.h"

void tfl_activation_range_float(TflFusedActivation activation, float* min, float* max) {
  *min = -FLT_MAX;
  *max = FLT_MAX;
  if (activation == TFL_FUSED_RELU) {
    *min = 0.0f;
  } else if (activation == TFL_FUSED_RELU6) {
    *min = 0.0f;
    *max = 6.0f;
  } else if (activation == TFL_FUSED_RELU_N1_TO_1) {
    *min = -1.0f;
    *max = 1.0f;
  }
}

void tfl_fully_connected_float(float act_min, float act_max, int batches, int accum_depth,
                               int output_depth, const float* input, const float* filter,
                               const float* bias, float* output) {
  for (int b = 0; b < batches; ++b) {
    const float* x = input + b * accum_depth;
    for (int o = 0; o < output_depth; ++o) {
      const float* w = filter + o * accum_depth;
      float total = 0.0f;
      for (int d = 0; d < accum_depth; ++d) total += x[d] * w[d];
      const float bias_value = bias ? bias[o] : 0.0f;
      output[b * output_depth + o] = tfl_clamp_float(total + bias_value, act_min, act_max);
    }
  }
}

/* One loop per operation, so the inner loop holds no call or switch. */
#define BINARY_LOOP(EXPR)                                                   \
  for (int i0 = 0; i0 < output_shape->dims[0]; ++i0)                        \
    for (int i1 = 0; i1 < output_shape->dims[1]; ++i1)                      \
      for (int i2 = 0; i2 < output_shape->dims[2]; ++i2)                    \
        for (int i3 = 0; i3 < output_shape->dims[3]; ++i3) {                \
          const float a = input1[tfl_broadcast_offset(s1, i0, i1, i2, i3)]; \
          const float b = input2[tfl_broadcast_offset(s2, i0, i1, i2, i3)]; \
          *out++ = tfl_clamp_float(EXPR, act_min, act_max);                 \
        }

int tfl_binary_float(TflFloatBinary op, float act_min, float act_max, const Shape4* shape1,
                     const float* input1, const Shape4* shape2, const float* input2,
                     const Shape4* output_shape, float* output) {
  int32_t s1[4], s2[4];
  if (tfl_broadcast_strides(shape1, output_shape, s1) ||
      tfl_broadcast_strides(shape2, output_shape, s2)) {
    return -1;
  }
  float* out = output;
  switch (op) {
    case TFL_FLOAT_ADD:
      BINARY_LOOP(a + b)
      break;
    case TFL_FLOAT_SUB:
      BINARY_LOOP(a - b)
      break;
    case TFL_FLOAT_MUL:
      BINARY_LOOP(a * b)
      break;
  }
  return 0;
}

void tfl_conv_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                    const Shape4* filter_shape, const float* filter, const float* bias,
                    const Shape4* output_shape, float* output) {
  const int in_h = input_shape->dims[1], in_w = input_shape->dims[2], in_c = input_shape->dims[3];
  const int k_h = filter_shape->dims[1], k_w = filter_shape->dims[2];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int oy = 0; oy < output_shape->dims[1]; ++oy) {
      for (int ox = 0; ox < output_shape->dims[2]; ++ox) {
        const int y0 = oy * w->stride_h - w->pad_top, x0 = ox * w->stride_w - w->pad_left;
        for (int oc = 0; oc < output_shape->dims[3]; ++oc) {
          float total = 0.0f;
          for (int fy = 0; fy < k_h; ++fy) {
            const int y = y0 + w->dilation_h * fy;
            if (y < 0 || y >= in_h) continue;
            for (int fx = 0; fx < k_w; ++fx) {
              const int x = x0 + w->dilation_w * fx;
              if (x < 0 || x >= in_w) continue;
              const float* in = input + shape4_offset(input_shape, b, y, x, 0);
              const float* f = filter + shape4_offset(filter_shape, oc, fy, fx, 0);
              for (int ic = 0; ic < in_c; ++ic) total += in[ic] * f[ic];
            }
          }
          const float bias_value = bias ? bias[oc] : 0.0f;
          output[shape4_offset(output_shape, b, oy, ox, oc)] =
              tfl_clamp_float(total + bias_value, w->act_min, w->act_max);
        }
      }
    }
  }
}

void tfl_depthwise_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                         const Shape4* filter_shape, const float* filter, const float* bias,
                         const Shape4* output_shape, float* output) {
  const int in_h = input_shape->dims[1], in_w = input_shape->dims[2], in_c = input_shape->dims[3];
  const int k_h = filter_shape->dims[1], k_w = filter_shape->dims[2];
  const int mult = w->depth_multiplier;
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int oy = 0; oy < output_shape->dims[1]; ++oy) {
      for (int ox = 0; ox < output_shape->dims[2]; ++ox) {
        const int y0 = oy * w->stride_h - w->pad_top, x0 = ox * w->stride_w - w->pad_left;
        for (int ic = 0; ic < in_c; ++ic) {
          for (int m = 0; m < mult; ++m) {
            const int oc = m + ic * mult;
            float total = 0.0f;
            for (int fy = 0; fy < k_h; ++fy) {
              const int y = y0 + w->dilation_h * fy;
              if (y < 0 || y >= in_h) continue;
              for (int fx = 0; fx < k_w; ++fx) {
                const int x = x0 + w->dilation_w * fx;
                if (x < 0 || x >= in_w) continue;
                total += input[shape4_offset(input_shape, b, y, x, ic)] *
                         filter[shape4_offset(filter_shape, 0, fy, fx, oc)];
              }
            }
            const float bias_value = bias ? bias[oc] : 0.0f;
            output[shape4_offset(output_shape, b, oy, ox, oc)] =
                tfl_clamp_float(total + bias_value, w->act_min, w->act_max);
          }
        }
      }
    }
  }
}

static void pool_float(int is_max, const TflFloatWindow* w, const Shape4* input_shape,
                       const float* input, const Shape4* output_shape, float* output) {
  const int in_h = input_shape->dims[1], in_w = input_shape->dims[2];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int oy = 0; oy < output_shape->dims[1]; ++oy) {
      const int y0 = oy * w->stride_h - w->pad_top;
      const int fy0 = y0 < 0 ? -y0 : 0;
      const int fy1 = w->filter_h < in_h - y0 ? w->filter_h : in_h - y0;
      for (int ox = 0; ox < output_shape->dims[2]; ++ox) {
        const int x0 = ox * w->stride_w - w->pad_left;
        const int fx0 = x0 < 0 ? -x0 : 0;
        const int fx1 = w->filter_w < in_w - x0 ? w->filter_w : in_w - x0;
        for (int c = 0; c < output_shape->dims[3]; ++c) {
          float total = 0.0f, count = 0.0f, max = -FLT_MAX;
          for (int fy = fy0; fy < fy1; ++fy) {
            for (int fx = fx0; fx < fx1; ++fx) {
              const float v = input[shape4_offset(input_shape, b, y0 + fy, x0 + fx, c)];
              if (is_max) {
                max = max < v ? v : max; /* std::max(max, v) */
              } else {
                total += v;
                count += 1.0f;
              }
            }
          }
          const float value = is_max ? max : total / count;
          output[shape4_offset(output_shape, b, oy, ox, c)] =
              tfl_clamp_float(value, w->act_min, w->act_max);
        }
      }
    }
  }
}

void tfl_average_pool_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                            const Shape4* output_shape, float* output) {
  pool_float(0, w, input_shape, input, output_shape, output);
}

void tfl_max_pool_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                        const Shape4* output_shape, float* output) {
  pool_float(1, w, input_shape, input, output_shape, output);
}

void tfl_softmax_float(float beta, int outer_size, int depth, const float* input, float* output) {
  for (int i = 0; i < outer_size; ++i) {
    const float* in = input + i * depth;
    float* out = output + i * depth;
    float max = -FLT_MAX;
    for (int c = 0; c < depth; ++c) max = max < in[c] ? in[c] : max;
    float sum = 0.0f;
    for (int c = 0; c < depth; ++c) {
      const float e = expf((in[c] - max) * beta);
      out[c] = e;
      sum += e;
    }
    for (int c = 0; c < depth; ++c) out[c] = out[c] / sum;
  }
}

void tfl_logistic_float(int size, const float* input, float* output) {
  const float cutoff_upper = 16.619047164916992188f, cutoff_lower = -9.0f;
  for (int i = 0; i < size; ++i) {
    const float v = input[i];
    if (v > cutoff_upper) {
      output[i] = 1.0f;
    } else if (v < cutoff_lower) {
      output[i] = expf(v);
    } else {
      output[i] = 1.0f / (1.0f + expf(-v));
    }
  }
}

void tfl_mean_float(const Shape4* input_shape, const float* input, const int reduced[4],
                    float* output) {
  Shape4 out_shape;
  int count = 1;
  for (int d = 0; d < 4; ++d) {
    out_shape.dims[d] = reduced[d] ? 1 : input_shape->dims[d];
    if (reduced[d]) count *= input_shape->dims[d];
  }
  const int outputs = shape4_flat_size(&out_shape);
  for (int i = 0; i < outputs; ++i) output[i] = 0.0f;
  const int32_t* d = input_shape->dims;
  for (int i0 = 0; i0 < d[0]; ++i0) {
    for (int i1 = 0; i1 < d[1]; ++i1) {
      for (int i2 = 0; i2 < d[2]; ++i2) {
        const float* row = input + shape4_offset(input_shape, i0, i1, i2, 0);
        float* out = output + shape4_offset(&out_shape, reduced[0] ? 0 : i0, reduced[1] ? 0 : i1,
                                            reduced[2] ? 0 : i2, 0);
        if (reduced[3]) {
          for (int i3 = 0; i3 < d[3]; ++i3) out[0] += row[i3];
        } else {
          for (int i3 = 0; i3 < d[3]; ++i3) out[i3] += row[i3];
        }
      }
    }
  }
  const float divisor = (float)count;
  for (int i = 0; i < outputs; ++i) output[i] = output[i] / divisor;
}
