/* Stages 1 and 2 of the 1x1 convolution: the CPU alone. Both describe the layer to the
 * TFLM-shaped kernels as a 4-D convolution with a 1x1 filter; stage 1 runs the general
 * reference, stage 2 the 1x1-specialised copy. */
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/perf_hooks.h"

typedef void (*ConvPerChannelFn)(const ConvPerChannelParams*, const int32_t*, const int32_t*,
                                 const Shape4*, const int8_t*, const Shape4*, const int8_t*,
                                 const int32_t*, const Shape4*, int8_t*);

static int run_as_conv(const Conv1x1Params* p, ConvPerChannelFn kernel) {
  PERF_ON(PERF_ACCELERATED_CONVS);
  const ConvPerChannelParams params = {
      .stride_width = 1,
      .stride_height = 1,
      .dilation_width_factor = 1,
      .dilation_height_factor = 1,
      .padding_width = 0,
      .padding_height = 0,
      .input_offset = p->input_offset,
      .output_offset = p->output_offset,
      .quantized_activation_min = p->act_min,
      .quantized_activation_max = p->act_max,
  };
  const Shape4 input_shape = {{1, p->height, p->width, p->in_c}};
  const Shape4 filter_shape = {{p->out_c, 1, 1, p->in_c}};
  const Shape4 output_shape = {{1, p->height, p->width, p->out_c}};
  kernel(&params, p->output_multiplier, p->output_shift, &input_shape, p->input, &filter_shape,
         p->filter, p->bias, &output_shape, p->output);
  PERF_OFF(PERF_ACCELERATED_CONVS);
  PERF_ADD_STARTS(PERF_ACCELERATED_CONVS, 1);
  return 0;
}

int conv1x1_stage1(const Conv1x1Params* p) { return run_as_conv(p, conv_per_channel_int8); }

int conv1x1_stage2(const Conv1x1Params* p) {
  return run_as_conv(p, conv_per_channel_int8_specialised);
}
