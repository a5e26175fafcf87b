#include "accsim_kernels/tfl_int16.h"

#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

int32_t tfl_multiply_by_quantized_multiplier_64(int64_t x, int32_t multiplier, int shift) {
  const int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
  const int total_shift = 15 - shift;
  const int64_t round = (int64_t)1 << (total_shift - 1);
  return (int32_t)((x * (int64_t)reduced + round) >> total_shift);
}

static int32_t clamp32(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void tfl_conv_per_channel_int16(const ConvPerChannelParams* params,
                                const int32_t* output_multiplier, const int32_t* output_shift,
                                const Shape4* input_shape, const int16_t* input_data,
                                const Shape4* filter_shape, const int8_t* filter_data,
                                const int64_t* bias64, const int32_t* bias32,
                                const Shape4* output_shape, int16_t* output_data) {
  const int batches = input_shape->dims[0];
  const int input_height = input_shape->dims[1], input_width = input_shape->dims[2];
  const int input_depth = input_shape->dims[3];
  const int filter_height = filter_shape->dims[1], filter_width = filter_shape->dims[2];
  const int output_height = output_shape->dims[1], output_width = output_shape->dims[2];
  const int output_depth = output_shape->dims[3];
  for (int b = 0; b < batches; ++b) {
    for (int out_y = 0; out_y < output_height; ++out_y) {
      const int in_y_origin = out_y * params->stride_height - params->padding_height;
      for (int out_x = 0; out_x < output_width; ++out_x) {
        const int in_x_origin = out_x * params->stride_width - params->padding_width;
        for (int oc = 0; oc < output_depth; ++oc) {
          /* TFLM accumulates in the bias's width: int64 for an int64 bias, else int32
           * (wrapping). Products are below 2^22 in magnitude, so up to 256 of them are summed
           * exactly in an int32 partial before it is folded into both (no 64-bit add per MAC). */
          int64_t acc64 = 0;
          uint32_t acc32 = 0;
          int32_t partial = 0;
          int pending = 0;
          const int8_t* w_oc = filter_data + shape4_offset(filter_shape, oc, 0, 0, 0);
          for (int fy = 0; fy < filter_height; ++fy) {
            const int in_y = in_y_origin + params->dilation_height_factor * fy;
            if (in_y < 0 || in_y >= input_height) continue;
            const int16_t* in_row = input_data + shape4_offset(input_shape, b, in_y, 0, 0);
            const int8_t* w = w_oc + fy * filter_width * input_depth;
            for (int fx = 0; fx < filter_width; ++fx, w += input_depth) {
              const int in_x = in_x_origin + params->dilation_width_factor * fx;
              if (in_x < 0 || in_x >= input_width) continue;
              const int16_t* in = in_row + in_x * input_depth;
              for (int ic0 = 0; ic0 < input_depth; ic0 += 256) {
                const int end = input_depth - ic0 < 256 ? input_depth : ic0 + 256;
                if (pending + (end - ic0) > 256) {
                  acc64 += partial;
                  acc32 += (uint32_t)partial;
                  partial = 0;
                  pending = 0;
                }
                for (int ic = ic0; ic < end; ++ic) partial += (int32_t)w[ic] * in[ic];
                pending += end - ic0;
              }
            }
          }
          acc64 += partial;
          acc32 += (uint32_t)partial;
          int32_t scaled;
          if (!bias64) {
            if (bias32) acc32 += (uint32_t)bias32[oc];
            scaled = multiply_by_quantized_multiplier((int32_t)acc32, output_multiplier[oc],
                                                      output_shift[oc]);
          } else {
            scaled = tfl_multiply_by_quantized_multiplier_64(
                acc64 + bias64[oc], output_multiplier[oc], output_shift[oc]);
          }
          output_data[shape4_offset(output_shape, b, out_y, out_x, oc)] = (int16_t)clamp32(
              scaled, params->quantized_activation_min, params->quantized_activation_max);
        }
      }
    }
  }
}

void tfl_depthwise_per_channel_int16(const ConvPerChannelParams* params, int depth_multiplier,
                                     const int32_t* output_multiplier, const int32_t* output_shift,
                                     const Shape4* input_shape, const int16_t* input_data,
                                     const Shape4* filter_shape, const int8_t* filter_data,
                                     const int64_t* bias, const Shape4* output_shape,
                                     int16_t* output_data) {
  const int in_h = input_shape->dims[1], in_w = input_shape->dims[2], in_c = input_shape->dims[3];
  const int k_h = filter_shape->dims[1], k_w = filter_shape->dims[2];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int oy = 0; oy < output_shape->dims[1]; ++oy) {
      const int y0 = oy * params->stride_height - params->padding_height;
      for (int ox = 0; ox < output_shape->dims[2]; ++ox) {
        const int x0 = ox * params->stride_width - params->padding_width;
        for (int ic = 0; ic < in_c; ++ic) {
          for (int m = 0; m < depth_multiplier; ++m) {
            const int oc = m + ic * depth_multiplier;
            int64_t acc = 0;
            for (int fy = 0; fy < k_h; ++fy) {
              const int y = y0 + params->dilation_height_factor * fy;
              if (y < 0 || y >= in_h) continue;
              for (int fx = 0; fx < k_w; ++fx) {
                const int x = x0 + params->dilation_width_factor * fx;
                if (x < 0 || x >= in_w) continue;
                acc += (int32_t)filter_data[shape4_offset(filter_shape, 0, fy, fx, oc)] *
                       input_data[shape4_offset(input_shape, b, y, x, ic)];
              }
            }
            if (bias) acc += bias[oc];
            const int32_t scaled = tfl_multiply_by_quantized_multiplier_64(
                acc, output_multiplier[oc], output_shift[oc]);
            output_data[shape4_offset(output_shape, b, oy, ox, oc)] = (int16_t)clamp32(
                scaled, params->quantized_activation_min, params->quantized_activation_max);
          }
        }
      }
    }
  }
}

static void pool_int16(int is_max, int stride_h, int stride_w, int filter_h, int filter_w,
                       int pad_top, int pad_left, int32_t act_min, int32_t act_max,
                       const Shape4* input_shape, const int16_t* input, const Shape4* output_shape,
                       int16_t* output) {
  const int in_h = input_shape->dims[1], in_w = input_shape->dims[2];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int oy = 0; oy < output_shape->dims[1]; ++oy) {
      const int y0 = oy * stride_h - pad_top;
      const int fy0 = y0 < 0 ? -y0 : 0;
      const int fy1 = filter_h < in_h - y0 ? filter_h : in_h - y0;
      for (int ox = 0; ox < output_shape->dims[2]; ++ox) {
        const int x0 = ox * stride_w - pad_left;
        const int fx0 = x0 < 0 ? -x0 : 0;
        const int fx1 = filter_w < in_w - x0 ? filter_w : in_w - x0;
        for (int c = 0; c < output_shape->dims[3]; ++c) {
          int32_t acc = is_max ? -32768 : 0;
          int count = 0;
          for (int fy = fy0; fy < fy1; ++fy) {
            for (int fx = fx0; fx < fx1; ++fx) {
              const int32_t v = input[shape4_offset(input_shape, b, y0 + fy, x0 + fx, c)];
              if (is_max) {
                if (v > acc) acc = v;
              } else {
                acc += v;
              }
              ++count;
            }
          }
          if (!is_max && count > 0) {
            acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
          }
          output[shape4_offset(output_shape, b, oy, ox, c)] =
              (int16_t)clamp32(acc, act_min, act_max);
        }
      }
    }
  }
}

void tfl_average_pool_int16(int stride_h, int stride_w, int filter_h, int filter_w, int pad_top,
                            int pad_left, int32_t act_min, int32_t act_max,
                            const Shape4* input_shape, const int16_t* input,
                            const Shape4* output_shape, int16_t* output) {
  pool_int16(0, stride_h, stride_w, filter_h, filter_w, pad_top, pad_left, act_min, act_max,
             input_shape, input, output_shape, output);
}

void tfl_max_pool_int16(int stride_h, int stride_w, int filter_h, int filter_w, int pad_top,
                        int pad_left, int32_t act_min, int32_t act_max, const Shape4* input_shape,
                        const int16_t* input, const Shape4* output_shape, int16_t* output) {
  pool_int16(1, stride_h, stride_w, filter_h, filter_w, pad_top, pad_left, act_min, act_max,
             input_shape, input, output_shape, output);
}

void tfl_fully_connected_int16(int per_channel, const int32_t* multipliers, const int32_t* shifts,
                               int32_t act_min, int32_t act_max, int batches, int accum_depth,
                               int output_depth, const int16_t* input, const int8_t* filter,
                               const int64_t* bias64, const int32_t* bias32, int16_t* output) {
  for (int b = 0; b < batches; ++b) {
    const int16_t* x = input + b * accum_depth;
    for (int o = 0; o < output_depth; ++o) {
      const int8_t* w = filter + o * accum_depth;
      const int c = per_channel ? o : 0;
      int32_t scaled;
      if (!bias64) {
        uint32_t acc = 0;
        for (int d = 0; d < accum_depth; ++d) acc += (uint32_t)((int32_t)w[d] * x[d]);
        if (bias32) acc += (uint32_t)bias32[o];
        scaled = multiply_by_quantized_multiplier((int32_t)acc, multipliers[c], shifts[c]);
      } else {
        int64_t acc = 0;
        for (int d = 0; d < accum_depth; ++d) acc += (int32_t)w[d] * x[d];
        acc += bias64[o];
        scaled = tfl_multiply_by_quantized_multiplier_64(acc, multipliers[c], shifts[c]);
      }
      output[b * output_depth + o] = (int16_t)clamp32(scaled, act_min, act_max);
    }
  }
}

void tfl_requantize_prepare(float input_scale, int32_t input_zero_point, float output_scale,
                            int32_t output_zero_point, TflRequantize* params) {
  tfl_quantize_multiplier((double)input_scale / (double)output_scale, &params->multiplier,
                          &params->shift);
  params->input_zero_point = input_zero_point;
  params->output_zero_point = output_zero_point;
}

static int32_t requantize_one(const TflRequantize* p, int32_t v) {
  return add_wrapping(
      multiply_by_quantized_multiplier(v - p->input_zero_point, p->multiplier, p->shift),
      p->output_zero_point);
}

void tfl_requantize_i16_i8(const TflRequantize* p, int size, const int16_t* in, int8_t* out) {
  for (int i = 0; i < size; ++i) out[i] = (int8_t)clamp32(requantize_one(p, in[i]), -128, 127);
}

void tfl_requantize_i16_i16(const TflRequantize* p, int size, const int16_t* in, int16_t* out) {
  for (int i = 0; i < size; ++i) {
    out[i] = (int16_t)clamp32(requantize_one(p, in[i]), -32768, 32767);
  }
}

void tfl_requantize_i16_i32(const TflRequantize* p, int size, const int16_t* in, int32_t* out) {
  for (int i = 0; i < size; ++i) out[i] = requantize_one(p, in[i]);
}

void tfl_requantize_i8_i16(const TflRequantize* p, int size, const int8_t* in, int16_t* out) {
  for (int i = 0; i < size; ++i) {
    out[i] = (int16_t)clamp32(requantize_one(p, in[i]), -32768, 32767);
  }
}

void tfl_requantize_i8_i32(const TflRequantize* p, int size, const int8_t* in, int32_t* out) {
  for (int i = 0; i < size; ++i) out[i] = requantize_one(p, in[i]);
}

void tfl_affine_quantize_float_to_int16(float scale, int32_t zero_point, int size,
                                        const float* input, int16_t* output) {
  for (int i = 0; i < size; ++i) {
    const int32_t unclamped = tfl_round_float_to_int32(input[i] / scale);
    int64_t v = (int64_t)unclamped + zero_point;
    if (v < -32768) v = -32768;
    if (v > 32767) v = 32767;
    output[i] = (int16_t)v;
  }
}

void tfl_dequantize_int16_to_float(float scale, int32_t zero_point, int size, const int16_t* input,
                                   float* output) {
  for (int i = 0; i < size; ++i) output[i] = scale * (float)((int32_t)input[i] - zero_point);
}

/* sigmoid(i / 24) in 0.16 fixed point, i = 0..255: the values of TFLite's sigmoid_table_uint16
 * (reference/integer_ops/logistic.h and tanh.h interpolate in it). */
static const uint16_t kSigmoidTable[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794,
    41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443,
    48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169, 53581, 53983, 54374,
    54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544,
    58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279,
    61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990,
    63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030,
    64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652,
    64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019,
    65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234,
    65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476,
    65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498, 65500, 65501,
    65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516,
    65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529,
    65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532,
    65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65534, 65534,
    65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535};

void tfl_logistic_int16(int32_t input_multiplier, int32_t input_left_shift, int size,
                        const int16_t* input, int16_t* output) {
  if (input_multiplier == 0) {
    input_multiplier = 3 << input_left_shift;
    input_left_shift = 0;
  }
  const int32_t round = input_left_shift > 0 ? 1 << (input_left_shift - 1) : 0;
  for (int i = 0; i < size; ++i) {
    const int32_t x = (input[i] * input_multiplier + round) >> input_left_shift;
    const uint32_t ax = (uint32_t)(x < 0 ? -x : x);
    const uint32_t uh = ax >> 9;
    uint32_t result;
    if (uh >= 255) {
      result = 0x7FFFu << 10;
    } else {
      const uint32_t ua = kSigmoidTable[uh], ub = kSigmoidTable[uh + 1];
      result = (ua << 9) + (ax & 0x1FF) * (ub - ua);
    }
    result = x >= 0 ? result + (1u << 9) : (1u << 25) - result + (1u << 9) - 1;
    output[i] = (int16_t)(result >> 10);
  }
}

void tfl_tanh_int16(int32_t input_multiplier, int32_t input_left_shift, int size,
                    const int16_t* input, int16_t* output) {
  if (input_multiplier == 0) {
    input_multiplier = 3 << input_left_shift;
    input_left_shift = 0;
  }
  const int32_t round = input_left_shift > 0 ? 1 << (input_left_shift - 1) : 0;
  for (int i = 0; i < size; ++i) {
    const int32_t x = (input[i] * input_multiplier + round) >> input_left_shift;
    const uint32_t ax = (uint32_t)(x < 0 ? -x : x);
    const uint32_t uh = ax >> 8;
    int32_t result;
    if (uh >= 255) {
      result = 0xFFFF << 8;
    } else {
      const uint32_t ua = kSigmoidTable[uh], ub = kSigmoidTable[uh + 1];
      result = (int32_t)((ua << 8) + (ax & 0xFF) * (ub - ua));
    }
    result = x >= 0 ? result - (1 << 23) + (1 << 7) : -result + (1 << 23) + (1 << 7) - 1;
    output[i] = (int16_t)(result >> 8);
  }
}
