/* RESIZE_NEAREST_NEIGHBOR int8, as TFLM: a 4-D input, a constant int32 size [height, width],
 * align_corners and half_pixel_centers (accsim_kernels/tfl_resize.h). A byte copy: the output
 * must keep the input's quantisation, as for RESHAPE and STRIDED_SLICE. The row and column index
 * tables live in the operator's persistent arena block. */
#include "accsim_kernels/tfl_resize.h"
#include "op_util.h"

/* ResizeNearestNeighborOptions */
enum { kAlignCorners = 0, kHalfPixelCenters = 1 };

typedef struct {
  TflResizeNearestParams params;
} ResizeState;

static int check(TflModel* m, int index, TflError* error) {
  if (op_check_resize(m, index, error)) return -1;
  const int32_t* hw = (const int32_t*)(const void*)op_input(m, index, 1)->data;
  TflOperator* op = op_at(m, index);
  op->kernel = "reference";
  op->persistent_bytes = (uint32_t)(hw[0] + hw[1]) * 4u;
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  ResizeState* s = (ResizeState*)tfl_state_alloc(rt, sizeof(ResizeState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  TflModel* m = rt->model;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  const int align = fb_i8(&m->reader, &m->operators[index].options, kAlignCorners, 0) != 0;
  const int half = fb_i8(&m->reader, &m->operators[index].options, kHalfPixelCenters, 0) != 0;
  int32_t* y_index = (int32_t*)(void*)(rt->arena + m->operators[index].persistent_offset);
  int32_t* x_index = y_index + out->dims[1];
  tfl_resize_nearest_indices(in->dims[1], out->dims[1], align, half, y_index);
  tfl_resize_nearest_indices(in->dims[2], out->dims[2], align, half, x_index);
  TflResizeNearestParams* p = &s->params;
  p->batches = in->dims[0];
  p->in_height = in->dims[1];
  p->in_width = in->dims[2];
  p->depth = in->dims[3];
  p->out_height = out->dims[1];
  p->out_width = out->dims[2];
  p->y_index = y_index;
  p->x_index = x_index;
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_resize_nearest_int8(&((const ResizeState*)rt->op_state[index])->params,
                          (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                          (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_resize_nearest_neighbor_kernel = {
    TFL_OP_RESIZE_NEAREST_NEIGHBOR, "resize_nearest_neighbor", check, prepare, eval};
