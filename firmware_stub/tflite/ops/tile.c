/* TILE int8 (rank <= 4): the input repeated multiples[d] times along each axis, as TFLite's
 * tile.cc (TFLite Micro registers no TILE kernel; the operation moves bytes only, so the result
 * is the same in every implementation). Constant int32 multiples; the output keeps the input's
 * quantisation. */
#include "op_util.h"

typedef struct {
  Shape4 in, out;
} TileState;

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* multiples = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  if (in->rank > 4) return tfl_fail(error, index, "input rank %d is above 4", in->rank);
  if (multiples->type != TFL_TYPE_INT32 || !multiples->data ||
      multiples->elements != (uint32_t)in->rank) {
    return tfl_fail(error, index, "multiples must be a constant int32 tensor of %d entries",
                    in->rank);
  }
  const int32_t* k = (const int32_t*)(const void*)multiples->data;
  int same = out->rank == in->rank;
  for (int d = 0; same && d < in->rank; ++d) same = k[d] >= 1 && out->dims[d] == in->dims[d] * k[d];
  if (!same) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the input tiled by its multiples", shape);
  }
  op_at(m, index)->kernel = "copy";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TileState* s = (TileState*)tfl_state_alloc(rt, sizeof(TileState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  op_shape4(op_input(rt->model, index, 0), &s->in);
  op_shape4(op_output(rt->model, index), &s->out);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TileState* s = (const TileState*)rt->op_state[index];
  const int8_t* in = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  int8_t* out = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  const int32_t* di = s->in.dims;
  const int32_t* dout = s->out.dims;
  /* Output rows in order; each reads the input row its indices wrap to, repeated along the
   * innermost axis. */
  for (int32_t o0 = 0; o0 < dout[0]; ++o0) {
    for (int32_t o1 = 0; o1 < dout[1]; ++o1) {
      for (int32_t o2 = 0; o2 < dout[2]; ++o2) {
        const int8_t* row = in + (((o0 % di[0]) * di[1] + o1 % di[1]) * di[2] + o2 % di[2]) * di[3];
        for (int32_t r = 0; r < dout[3]; r += di[3]) {
          for (int32_t c = 0; c < di[3]; ++c) *out++ = row[c];
        }
      }
    }
  }
}

const TflOpKernel tfl_tile_kernel = {TFL_OP_TILE, "tile", check, prepare, eval};
