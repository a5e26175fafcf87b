/* The supported operators: builtin code -> check / prepare / eval (the files in ops/). */
#include "accsim_tflite/op_kernel.h"
#include "accsim_tflite/schema.h"

extern const TflOpKernel tfl_add_kernel;
extern const TflOpKernel tfl_average_pool_2d_kernel;
extern const TflOpKernel tfl_concatenation_kernel;
extern const TflOpKernel tfl_conv_2d_kernel;
extern const TflOpKernel tfl_depthwise_conv_2d_kernel;
extern const TflOpKernel tfl_fully_connected_kernel;
extern const TflOpKernel tfl_max_pool_2d_kernel;
extern const TflOpKernel tfl_mul_kernel;
extern const TflOpKernel tfl_reshape_kernel;
extern const TflOpKernel tfl_softmax_kernel;
extern const TflOpKernel tfl_pad_kernel;
extern const TflOpKernel tfl_mean_kernel;
extern const TflOpKernel tfl_sub_kernel;
extern const TflOpKernel tfl_quantize_kernel;
extern const TflOpKernel tfl_dequantize_kernel;
extern const TflOpKernel tfl_logistic_kernel;
extern const TflOpKernel tfl_strided_slice_kernel;
/* more-ops: graph-shaping operators */
extern const TflOpKernel tfl_resize_nearest_neighbor_kernel;
extern const TflOpKernel tfl_transpose_kernel;
extern const TflOpKernel tfl_maximum_kernel;
extern const TflOpKernel tfl_minimum_kernel;
extern const TflOpKernel tfl_leaky_relu_kernel;
extern const TflOpKernel tfl_pack_kernel;
extern const TflOpKernel tfl_shape_kernel;
extern const TflOpKernel tfl_prelu_kernel;
extern const TflOpKernel tfl_reduce_max_kernel;
extern const TflOpKernel tfl_cast_kernel;
extern const TflOpKernel tfl_div_kernel;
extern const TflOpKernel tfl_resize_bilinear_kernel;
extern const TflOpKernel tfl_tile_kernel;
extern const TflOpKernel tfl_svdf_kernel;
extern const TflOpKernel tfl_unidirectional_sequence_lstm_kernel;

static const TflOpKernel* const kKernels[] = {
    &tfl_add_kernel,
    &tfl_average_pool_2d_kernel,
    &tfl_concatenation_kernel,
    &tfl_conv_2d_kernel,
    &tfl_depthwise_conv_2d_kernel,
    &tfl_fully_connected_kernel,
    &tfl_max_pool_2d_kernel,
    &tfl_mul_kernel,
    &tfl_reshape_kernel,
    &tfl_softmax_kernel,
    &tfl_pad_kernel,
    &tfl_mean_kernel,
    &tfl_sub_kernel,
    &tfl_quantize_kernel,
    &tfl_dequantize_kernel,
    &tfl_logistic_kernel,
    &tfl_strided_slice_kernel,
    /* more-ops */
    &tfl_resize_nearest_neighbor_kernel,
    &tfl_transpose_kernel,
    &tfl_maximum_kernel,
    &tfl_minimum_kernel,
    &tfl_leaky_relu_kernel,
    &tfl_pack_kernel,
    &tfl_shape_kernel,
    &tfl_prelu_kernel,
    &tfl_reduce_max_kernel,
    &tfl_cast_kernel,
    &tfl_div_kernel,
    &tfl_resize_bilinear_kernel,
    &tfl_tile_kernel,
    &tfl_svdf_kernel,
    &tfl_unidirectional_sequence_lstm_kernel,
};

#define KERNEL_COUNT (sizeof(kKernels) / sizeof(kKernels[0]))

const TflOpKernel* tfl_find_op_kernel(int32_t builtin) {
  for (unsigned i = 0; i < KERNEL_COUNT; ++i) {
    if (kKernels[i]->builtin == builtin) return kKernels[i];
  }
  return 0;
}

const TflOpKernel* tfl_find_op_kernel_for(const TflModel* model, int index) {
  const TflOperator* op = &model->operators[index];
  const int type = op->input_count > 0 && op->inputs[0] >= 0 ? model->tensors[op->inputs[0]].type
                                                             : TFL_TYPE_INT8;
  const TflOpKernel* typed = type == TFL_TYPE_FLOAT32 ? tfl_find_float_kernel(op->builtin)
                             : type == TFL_TYPE_INT16 ? tfl_find_int16_kernel(op->builtin)
                                                      : 0;
  if (typed) return typed;
  return tfl_find_op_kernel(op->builtin);
}

const char* tfl_supported_ops(void) {
  static char list[1024];
  if (list[0]) return list;
  unsigned used = 0;
  for (unsigned i = 0; i < KERNEL_COUNT && used + 32 < sizeof(list); ++i) {
    const char* name = tfl_builtin_name(kKernels[i]->builtin);
    if (i) {
      list[used++] = ',';
      list[used++] = ' ';
    }
    while (*name) list[used++] = *name++;
  }
  list[used] = 0;
  return list;
}
