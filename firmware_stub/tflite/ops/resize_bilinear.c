/* RESIZE_BILINEAR int8, as TFLM: a 4-D input, a constant int32 size [height, width],
 * align_corners or half_pixel_centers (not both, as TFLM), TFLM's integer interpolation
 * (accsim_kernels/tfl_resize.h). The output must keep the input's quantisation (the
 * interpolation works on the raw values). The row and column taps live in the operator's
 * persistent arena block. */
#include "accsim_kernels/tfl_resize.h"
#include "op_util.h"

/* ResizeBilinearOptions: new_height and new_width (slots 0, 1) are deprecated. */
enum { kAlignCorners = 2, kHalfPixelCenters = 3 };

typedef struct {
  TflResizeBilinearParams params;
} ResizeBilinearState;

static void options(TflModel* m, int index, int* align, int* half) {
  *align = fb_i8(&m->reader, &m->operators[index].options, kAlignCorners, 0) != 0;
  *half = fb_i8(&m->reader, &m->operators[index].options, kHalfPixelCenters, 0) != 0;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_check_resize(m, index, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  const int32_t* hw = (const int32_t*)(const void*)op_input(m, index, 1)->data;
  int align, half;
  options(m, index, &align, &half);
  if (align && half) {
    return tfl_fail(error, index, "align_corners and half_pixel_centers are both set");
  }
  if (tfl_resize_bilinear_taps(in->dims[1], out->dims[1], align, half, 0) != 0 ||
      tfl_resize_bilinear_taps(in->dims[2], out->dims[2], align, half, 0) != 0) {
    return tfl_fail(error, index, "the interpolation would read outside the input");
  }
  TflOperator* op = op_at(m, index);
  op->kernel = "reference";
  op->persistent_bytes = (uint32_t)(hw[0] + hw[1]) * (uint32_t)sizeof(TflBilinearTap);
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  ResizeBilinearState* s = (ResizeBilinearState*)tfl_state_alloc(rt, sizeof(ResizeBilinearState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  TflModel* m = rt->model;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  int align, half;
  options(m, index, &align, &half);
  TflBilinearTap* y_taps =
      (TflBilinearTap*)(void*)(rt->arena + m->operators[index].persistent_offset);
  TflBilinearTap* x_taps = y_taps + out->dims[1];
  if (tfl_resize_bilinear_taps(in->dims[1], out->dims[1], align, half, y_taps) != 0 ||
      tfl_resize_bilinear_taps(in->dims[2], out->dims[2], align, half, x_taps) != 0) {
    return tfl_fail(error, index, "the interpolation would read outside the input");
  }
  TflResizeBilinearParams* p = &s->params;
  p->batches = in->dims[0];
  p->in_height = in->dims[1];
  p->in_width = in->dims[2];
  p->depth = in->dims[3];
  p->out_height = out->dims[1];
  p->out_width = out->dims[2];
  p->y_taps = y_taps;
  p->x_taps = x_taps;
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_resize_bilinear_int8(&((const ResizeBilinearState*)rt->op_state[index])->params,
                           (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                           (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_resize_bilinear_kernel = {TFL_OP_RESIZE_BILINEAR, "resize_bilinear", check,
                                                prepare, eval};
