#include "conv_2d_common.h"

int conv2d_geometry(TflModel* m, int index, ConvGeometry* g, TflError* error) {
  FbReader* r = &m->reader;
  const FbTable* o = &m->operators[index].options;
  g->padding = fb_i8(r, o, TFL_CONV_PADDING, TFL_PADDING_KIND_SAME);
  g->stride_w = fb_i32(r, o, TFL_CONV_STRIDE_W, 0);
  g->stride_h = fb_i32(r, o, TFL_CONV_STRIDE_H, 0);
  g->activation = fb_i8(r, o, TFL_CONV_ACTIVATION, TFL_FUSED_NONE);
  g->dilation_w = fb_i32(r, o, TFL_CONV_DILATION_W, 1);
  g->dilation_h = fb_i32(r, o, TFL_CONV_DILATION_H, 1);
  if (g->padding != TFL_PADDING_KIND_SAME && g->padding != TFL_PADDING_KIND_VALID) {
    return tfl_fail(error, index, "padding %d is neither SAME nor VALID", g->padding);
  }
  if (g->stride_w < 1 || g->stride_h < 1 || g->dilation_w < 1 || g->dilation_h < 1 ||
      g->stride_w > 64 || g->stride_h > 64 || g->dilation_w > 64 || g->dilation_h > 64) {
    return tfl_fail(error, index, "stride %dx%d / dilation %dx%d out of range (1-64)", g->stride_h,
                    g->stride_w, g->dilation_h, g->dilation_w);
  }
  if (op_require_activation(g->activation, index, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  if (op_output_size(g->padding, in->dims[1], filter->dims[1], g->stride_h, g->dilation_h,
                     &g->out_h, &g->pad_top) ||
      op_output_size(g->padding, in->dims[2], filter->dims[2], g->stride_w, g->dilation_w,
                     &g->out_w, &g->pad_left)) {
    return tfl_fail(error, index, "the filter is larger than the input");
  }
  return 0;
}

void conv2d_params(TflModel* m, int index, const ConvGeometry* g, ConvParams* p) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  p->in_h = in->dims[1];
  p->in_w = in->dims[2];
  p->in_c = in->dims[3];
  p->out_h = out->dims[1];
  p->out_w = out->dims[2];
  p->out_c = out->dims[3];
  p->k_h = filter->dims[1];
  p->k_w = filter->dims[2];
  p->stride_h = g->stride_h;
  p->stride_w = g->stride_w;
  p->pad_top = g->pad_top;
  p->pad_left = g->pad_left;
  p->input_offset = -in->zero_point;
  p->output_offset = out->zero_point;
}

void conv2d_quantization(TflModel* m, int index, const ConvGeometry* g, int32_t* multipliers,
                         int32_t* shifts, ConvParams* p) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  tfl_per_channel_multipliers(in->scale, op_scales(m, filter), (int)filter->scale_count, out->scale,
                              filter->dims[0], multipliers, shifts);
  conv2d_use_quantization(m, index, g, multipliers, shifts, p);
}

void conv2d_use_quantization(TflModel* m, int index, const ConvGeometry* g, int32_t* multipliers,
                             int32_t* shifts, ConvParams* p) {
  p->output_multiplier = multipliers;
  p->output_shift = shifts;
  op_activation_range(g->activation, op_output(m, index), &p->act_min, &p->act_max);
}
