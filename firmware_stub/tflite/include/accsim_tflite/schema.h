/* Facts of TFLite's schema.fbs that the interpreter reads: table slot numbers (a union takes two
 * slots, its type then its value), enum values and the builtin operator codes. */
#ifndef ACCSIM_TFLITE_SCHEMA_H
#define ACCSIM_TFLITE_SCHEMA_H

#define TFL_FILE_IDENTIFIER "TFL3"
#define TFL_SCHEMA_VERSION 3

/* Model */
#define TFL_MODEL_VERSION 0
#define TFL_MODEL_OPERATOR_CODES 1
#define TFL_MODEL_SUBGRAPHS 2
#define TFL_MODEL_BUFFERS 4
/* OperatorCode */
#define TFL_OPCODE_DEPRECATED_BUILTIN 0
#define TFL_OPCODE_CUSTOM_CODE 1
#define TFL_OPCODE_VERSION 2
#define TFL_OPCODE_BUILTIN 3
/* SubGraph */
#define TFL_SUBGRAPH_TENSORS 0
#define TFL_SUBGRAPH_INPUTS 1
#define TFL_SUBGRAPH_OUTPUTS 2
#define TFL_SUBGRAPH_OPERATORS 3
/* Tensor */
#define TFL_TENSOR_SHAPE 0
#define TFL_TENSOR_TYPE 1
#define TFL_TENSOR_BUFFER 2
#define TFL_TENSOR_NAME 3
#define TFL_TENSOR_QUANTIZATION 4
#define TFL_TENSOR_IS_VARIABLE 5
#define TFL_TENSOR_SPARSITY 6
/* QuantizationParameters */
#define TFL_QUANT_SCALE 2
#define TFL_QUANT_ZERO_POINT 3
#define TFL_QUANT_DETAILS_TYPE 4
#define TFL_QUANT_QUANTIZED_DIMENSION 6
/* Operator */
#define TFL_OP_OPCODE_INDEX 0
#define TFL_OP_INPUTS 1
#define TFL_OP_OUTPUTS 2
#define TFL_OP_BUILTIN_OPTIONS 4
/* Buffer */
#define TFL_BUFFER_DATA 0
#define TFL_BUFFER_OFFSET 1

/* Conv2DOptions */
#define TFL_CONV_PADDING 0
#define TFL_CONV_STRIDE_W 1
#define TFL_CONV_STRIDE_H 2
#define TFL_CONV_ACTIVATION 3
#define TFL_CONV_DILATION_W 4
#define TFL_CONV_DILATION_H 5
/* DepthwiseConv2DOptions */
#define TFL_DW_PADDING 0
#define TFL_DW_STRIDE_W 1
#define TFL_DW_STRIDE_H 2
#define TFL_DW_DEPTH_MULTIPLIER 3
#define TFL_DW_ACTIVATION 4
#define TFL_DW_DILATION_W 5
#define TFL_DW_DILATION_H 6
/* Pool2DOptions */
#define TFL_POOL_PADDING 0
#define TFL_POOL_STRIDE_W 1
#define TFL_POOL_STRIDE_H 2
#define TFL_POOL_FILTER_W 3
#define TFL_POOL_FILTER_H 4
#define TFL_POOL_ACTIVATION 5
/* FullyConnectedOptions */
#define TFL_FC_ACTIVATION 0
#define TFL_FC_WEIGHTS_FORMAT 1
#define TFL_FC_KEEP_NUM_DIMS 2
/* AddOptions, SubOptions, MulOptions */
#define TFL_ARITH_ACTIVATION 0
/* SoftmaxOptions */
#define TFL_SOFTMAX_BETA 0
/* ConcatenationOptions */
#define TFL_CONCAT_AXIS 0
#define TFL_CONCAT_ACTIVATION 1
/* ReducerOptions */
#define TFL_REDUCER_KEEP_DIMS 0
/* SVDFOptions */
#define TFL_SVDF_RANK 0
#define TFL_SVDF_ACTIVATION 1
/* UnidirectionalSequenceLSTMOptions */
#define TFL_LSTM_ACTIVATION 0
#define TFL_LSTM_CELL_CLIP 1
#define TFL_LSTM_PROJ_CLIP 2
#define TFL_LSTM_TIME_MAJOR 3
/* ReshapeOptions */
#define TFL_RESHAPE_NEW_SHAPE 0

/* TensorType */
enum {
  TFL_TYPE_FLOAT32 = 0,
  TFL_TYPE_INT32 = 2,
  TFL_TYPE_UINT8 = 3,
  TFL_TYPE_INT64 = 4,
  TFL_TYPE_INT16 = 7,
  TFL_TYPE_INT8 = 9,
};

/* Padding and ActivationFunctionType: TflPadding (accsim_kernels/tfl_padding.h) and TflActivation
 * (accsim_kernels/tfl_quant.h) use the schema's numbering. */

/* BuiltinOperator codes of the operators the interpreter knows by name. */
enum {
  TFL_OP_ADD = 0,
  TFL_OP_AVERAGE_POOL_2D = 1,
  TFL_OP_CONCATENATION = 2,
  TFL_OP_CONV_2D = 3,
  TFL_OP_DEPTHWISE_CONV_2D = 4,
  TFL_OP_DEQUANTIZE = 6,
  TFL_OP_FULLY_CONNECTED = 9,
  TFL_OP_LOGISTIC = 14,
  TFL_OP_MAX_POOL_2D = 17,
  TFL_OP_SVDF = 27,
  TFL_OP_MUL = 18,
  TFL_OP_RESHAPE = 22,
  TFL_OP_RESIZE_BILINEAR = 23,
  TFL_OP_SOFTMAX = 25,
  TFL_OP_TRANSPOSE = 39,
  TFL_OP_CUSTOM = 32,
  TFL_OP_PAD = 34,
  TFL_OP_MEAN = 40,
  TFL_OP_SUB = 41,
  TFL_OP_DIV = 42,
  TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM = 44,
  TFL_OP_STRIDED_SLICE = 45,
  TFL_OP_CAST = 53,
  TFL_OP_PRELU = 54,
  TFL_OP_MAXIMUM = 55,
  TFL_OP_MINIMUM = 57,
  TFL_OP_TILE = 69,
  TFL_OP_SHAPE = 77,
  TFL_OP_REDUCE_MAX = 82,
  TFL_OP_PACK = 83,
  TFL_OP_RESIZE_NEAREST_NEIGHBOR = 97,
  TFL_OP_LEAKY_RELU = 98,
  TFL_OP_QUANTIZE = 114,
  TFL_OP_PLACEHOLDER_FOR_GREATER_OP_CODES = 127,
};

#endif
