# The interpreter's sources, listed once for the two builds that compile them: the firmware
# (firmware_stub/tflite/CMakeLists.txt) and accsim's host-side model check (apps/accsim).
set(ACCSIM_TFLITE_DIR ${CMAKE_CURRENT_LIST_DIR})
set(ACCSIM_TFLITE_SOURCES
  ${ACCSIM_TFLITE_DIR}/src/flatbuffer.c
  ${ACCSIM_TFLITE_DIR}/src/model.c
  ${ACCSIM_TFLITE_DIR}/src/op_names.c
  ${ACCSIM_TFLITE_DIR}/src/op_table.c
  ${ACCSIM_TFLITE_DIR}/src/interpreter.c
  ${ACCSIM_TFLITE_DIR}/src/placement.c
  ${ACCSIM_TFLITE_DIR}/src/kernel_registry.c
  ${ACCSIM_TFLITE_DIR}/ops/op_util.c
  ${ACCSIM_TFLITE_DIR}/ops/conv_2d_common.c
  ${ACCSIM_TFLITE_DIR}/ops/conv_2d.c
  ${ACCSIM_TFLITE_DIR}/ops/depthwise_conv_2d.c
  ${ACCSIM_TFLITE_DIR}/ops/reshape.c
  ${ACCSIM_TFLITE_DIR}/ops/arithmetic.c
  ${ACCSIM_TFLITE_DIR}/ops/quantize.c
  ${ACCSIM_TFLITE_DIR}/ops/dequantize.c
  ${ACCSIM_TFLITE_DIR}/ops/logistic.c
  ${ACCSIM_TFLITE_DIR}/ops/strided_slice.c
  # more-ops
  ${ACCSIM_TFLITE_DIR}/ops/resize_nearest_neighbor.c
  ${ACCSIM_TFLITE_DIR}/ops/transpose.c
  ${ACCSIM_TFLITE_DIR}/ops/maximum_minimum.c
  ${ACCSIM_TFLITE_DIR}/ops/leaky_relu.c
  ${ACCSIM_TFLITE_DIR}/ops/pack.c
  ${ACCSIM_TFLITE_DIR}/ops/shape.c
  ${ACCSIM_TFLITE_DIR}/ops/prelu.c
  ${ACCSIM_TFLITE_DIR}/ops/reduce_max.c
  ${ACCSIM_TFLITE_DIR}/ops/cast.c
  ${ACCSIM_TFLITE_DIR}/ops/div.c
  ${ACCSIM_TFLITE_DIR}/ops/resize_bilinear.c
  ${ACCSIM_TFLITE_DIR}/ops/tile.c
  ${ACCSIM_TFLITE_DIR}/ops/svdf.c
  ${ACCSIM_TFLITE_DIR}/ops/unidirectional_sequence_lstm.c
  ${ACCSIM_TFLITE_DIR}/ops/fully_connected_typed.c
  ${ACCSIM_TFLITE_DIR}/ops/conv_2d_int16.c
  ${ACCSIM_TFLITE_DIR}/ops/arithmetic_float.c
  ${ACCSIM_TFLITE_DIR}/ops/arithmetic_int16.c
  ${ACCSIM_TFLITE_DIR}/ops/float_ops.c
  ${ACCSIM_TFLITE_DIR}/ops/int16_ops.c
  ${ACCSIM_TFLITE_DIR}/ops/pool_2d.c
  ${ACCSIM_TFLITE_DIR}/ops/fully_connected.c
  ${ACCSIM_TFLITE_DIR}/ops/softmax.c
  ${ACCSIM_TFLITE_DIR}/ops/mean.c
  ${ACCSIM_TFLITE_DIR}/ops/pad.c
  ${ACCSIM_TFLITE_DIR}/ops/concatenation.c
)
# Firmware only: the accelerator implementations (they drive the CFU and the VTA).
set(ACCSIM_TFLITE_ACCEL_SOURCES
  ${ACCSIM_TFLITE_DIR}/accel/accel_table.c
  ${ACCSIM_TFLITE_DIR}/accel/conv_2d_cfu.c
  ${ACCSIM_TFLITE_DIR}/accel/conv_2d_vta.c
  ${ACCSIM_TFLITE_DIR}/accel/add_vta.c
)
set(ACCSIM_TFLITE_INCLUDE_DIR ${ACCSIM_TFLITE_DIR}/include)
