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
