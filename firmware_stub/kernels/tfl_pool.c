#include "accsim_kernels/tfl_pool.h"

int tfl_pool_prepare_int8(TflPaddingKind padding, int stride_height, int stride_width,
                          int filter_height, int filter_width, int input_height, int input_width,
                          TflFusedActivation activation, float output_scale,
                          int32_t output_zero_point, TflPoolParams* params, int* output_height,
                          int* output_width) {
  params->stride_height = stride_height;
  params->stride_width = stride_width;
  params->filter_height = filter_height;
  params->filter_width = filter_width;
  if (tfl_compute_padding(padding, stride_height, 1, input_height, filter_height, output_height,
                          &params->padding_height) ||
      tfl_compute_padding(padding, stride_width, 1, input_width, filter_width, output_width,
                          &params->padding_width)) {
    return -1;
  }
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}

/* The filter window of one output pixel clipped to the image: [y_start, y_end) x [x_start,
 * x_end) in filter coordinates, plus the window's input origin. */
typedef struct {
  int in_y_origin, in_x_origin;
  int y_start, y_end, x_start, x_end;
} PoolWindow;

static PoolWindow clip_window(const TflPoolParams* p, const Shape4* input_shape, int out_y,
                              int out_x) {
  PoolWindow w;
  w.in_y_origin = out_y * p->stride_height - p->padding_height;
  w.in_x_origin = out_x * p->stride_width - p->padding_width;
  const int input_height = input_shape->dims[1], input_width = input_shape->dims[2];
  w.y_start = w.in_y_origin < 0 ? -w.in_y_origin : 0;
  w.y_end = input_height - w.in_y_origin < p->filter_height ? input_height - w.in_y_origin
                                                            : p->filter_height;
  w.x_start = w.in_x_origin < 0 ? -w.in_x_origin : 0;
  w.x_end =
      input_width - w.in_x_origin < p->filter_width ? input_width - w.in_x_origin : p->filter_width;
  return w;
}

static int8_t clamp_to_activation(const TflPoolParams* p, int32_t v) {
  if (v < p->quantized_activation_min) v = p->quantized_activation_min;
  if (v > p->quantized_activation_max) v = p->quantized_activation_max;
  return (int8_t)v;
}

int tfl_average_pool_int8(const TflPoolParams* params, const Shape4* input_shape,
                          const int8_t* input, const Shape4* output_shape, int8_t* output) {
  const int depth = output_shape->dims[3];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int out_y = 0; out_y < output_shape->dims[1]; ++out_y) {
      for (int out_x = 0; out_x < output_shape->dims[2]; ++out_x) {
        const PoolWindow w = clip_window(params, input_shape, out_y, out_x);
        for (int c = 0; c < depth; ++c) {
          int32_t acc = 0;
          int count = 0;
          for (int fy = w.y_start; fy < w.y_end; ++fy) {
            for (int fx = w.x_start; fx < w.x_end; ++fx) {
              acc +=
                  input[shape4_offset(input_shape, b, w.in_y_origin + fy, w.in_x_origin + fx, c)];
              ++count;
            }
          }
          if (count == 0) return -1;
          /* Round half away from zero; C division truncates toward zero. */
          acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
          output[shape4_offset(output_shape, b, out_y, out_x, c)] =
              clamp_to_activation(params, acc);
        }
      }
    }
  }
  return 0;
}

void tfl_max_pool_int8(const TflPoolParams* params, const Shape4* input_shape, const int8_t* input,
                       const Shape4* output_shape, int8_t* output) {
  const int depth = output_shape->dims[3];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int out_y = 0; out_y < output_shape->dims[1]; ++out_y) {
      for (int out_x = 0; out_x < output_shape->dims[2]; ++out_x) {
        const PoolWindow w = clip_window(params, input_shape, out_y, out_x);
        for (int c = 0; c < depth; ++c) {
          int32_t max = -128;
          for (int fy = w.y_start; fy < w.y_end; ++fy) {
            for (int fx = w.x_start; fx < w.x_end; ++fx) {
              const int32_t v =
                  input[shape4_offset(input_shape, b, w.in_y_origin + fy, w.in_x_origin + fx, c)];
              if (v > max) max = v;
            }
          }
          output[shape4_offset(output_shape, b, out_y, out_x, c)] =
              clamp_to_activation(params, max);
        }
      }
    }
  }
}
