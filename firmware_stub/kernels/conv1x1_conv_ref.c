/* A 1x1 layer through the generic reference convolution (conv_ref.c): a code base independent
 * of the staged kernels, which the golden-op test and the host golden table check against. */
#include "accsim_kernels/conv.h"
#include "accsim_kernels/conv1x1.h"

void conv1x1_via_conv_ref(const Conv1x1Params* p, int8_t* output) {
  ConvParams c = {0};
  c.in_h = p->height;
  c.in_w = p->width;
  c.in_c = p->in_c;
  c.out_c = p->out_c;
  c.k_h = c.k_w = 1;
  c.stride_h = c.stride_w = 1;
  c.input_offset = p->input_offset;
  c.output_offset = p->output_offset;
  c.act_min = p->act_min;
  c.act_max = p->act_max;
  c.output_multiplier = p->output_multiplier;
  c.output_shift = p->output_shift;
  conv_set_geometry(&c, 0);
  conv2d_int8_reference(&c, p->input, p->filter, p->bias, output);
}
