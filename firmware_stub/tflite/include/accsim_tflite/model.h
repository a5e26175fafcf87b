/* A .tflite model read into plain structs: the first subgraph's tensors (shape, type, constant
 * data, quantisation) and operators (opcode, inputs, outputs, options table). Loading checks
 * every offset, index and size, so everything later stages touch is known to be inside the model
 * bytes. The same C runs in the firmware interpreter and in accsim (to refuse a model before
 * simulating it). */
#ifndef ACCSIM_TFLITE_MODEL_H
#define ACCSIM_TFLITE_MODEL_H

#include <stdint.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim_tflite/flatbuffer.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TFL_MAX_DIMS 6
/* UNIDIRECTIONAL_SEQUENCE_LSTM has 24 positional inputs. */
#define TFL_MAX_OP_INPUTS 24
#define TFL_MAX_OP_OUTPUTS 1
#define TFL_MAX_TENSORS 1024
#define TFL_MAX_OPERATORS 512
#define TFL_MAX_GRAPH_INPUTS 8
#define TFL_MAX_GRAPH_OUTPUTS 32
#define TFL_ERROR_BYTES 400

typedef struct {
  int operator_index; /* -1 when the error is not about one operator */
  char message[TFL_ERROR_BYTES];
} TflError;

typedef struct {
  int32_t dims[TFL_MAX_DIMS];
  int rank;
  /* A dimension <= 0 (a dynamic or empty shape, e.g. an LSTM's [0] intermediates): legal in a
   * model; refused only when an operator that runs reads or writes the tensor. */
  int unknown_shape;
  int type; /* schema TensorType */
  uint32_t elements;
  uint32_t bytes;      /* elements x element size */
  const uint8_t* data; /* constant tensors: their bytes inside the model, else NULL */
  /* Quantisation: scales[] and zero points[] live in the model; the first of each is cached. */
  int quantized; /* has at least one scale */
  uint32_t scale_count;
  FbVector scales;      /* float32 */
  FbVector zero_points; /* int64 */
  float scale;
  int32_t zero_point;
  int32_t quantized_dimension;
  /* Arena placement (non-constant tensors), filled by the planner. */
  int first_op, last_op; /* lifetime in operator indices; -1 = unused */
  uint32_t arena_offset;
  FbVector name; /* its name in the model (length 0: none) */
  /* A variable tensor (an SVDF's or LSTM's state): read before any operator writes it, kept
   * for the whole run and reset before it (int8 to its zero point, others to 0), as TFLite
   * Micro's ResetVariableTensors. */
  int is_variable;
} TflTensor;

struct TflOpKernel;
struct TflAccelKernel;
struct TflUserKernel;

/* The placement record carries the reason to accsim: the same size. */
#define TFL_REASON_BYTES TFL_PLACEMENT_REASON_BYTES

typedef struct {
  int32_t builtin;                    /* BuiltinOperator code */
  const struct TflOpKernel* ops;      /* the CPU implementation; NULL when unsupported */
  const struct TflAccelKernel* accel; /* the accelerator it runs on, NULL = the CPU */
  const struct TflUserKernel* user;   /* the registered kernel it runs on, NULL = none */
  int backend;                        /* TFL_BACKEND_* (accsim/hw/tflite_delegate.h) */
  uint32_t supported;                 /* the backends that can run it: TFL_BACKEND_BIT()s */
  int override_backend;               /* the one runtime.placement asked for, -1 = none */
  char reason[TFL_REASON_BYTES];      /* why not on each other accelerator present, or empty */
  /* The first TFL_MAX_OP_INPUTS / TFL_MAX_OP_OUTPUTS tensor indices; the counts are the model's,
   * which may be larger (refused, in graph order, when the interpreter plans the operator). */
  int inputs[TFL_MAX_OP_INPUTS];
  int input_count;
  int outputs[TFL_MAX_OP_OUTPUTS];
  int output_count;
  FbVector custom_code; /* CUSTOM operators: their name (length 0 otherwise) */
  FbTable options;      /* builtin options table; pos 0 = absent (schema defaults) */
  /* Filled by the operator's check: the kernel it will run and what it costs. */
  const char* kernel;
  uint64_t macs;
  uint32_t
      persistent_bytes;   /* per-operator constants prepared once (multipliers, packed weights) */
  uint32_t scratch_bytes; /* working memory needed only while the operator runs */
  uint32_t persistent_offset, scratch_offset;
} TflOperator;

typedef struct TflModel {
  FbReader reader;
  uint32_t tensor_count;
  uint32_t operator_count;
  int input_count;
  int inputs[TFL_MAX_GRAPH_INPUTS];
  int output_count;
  int outputs[TFL_MAX_GRAPH_OUTPUTS];
  int output; /* outputs[0]: the first graph output (output.bin) */
  TflTensor tensors[TFL_MAX_TENSORS];
  TflOperator operators[TFL_MAX_OPERATORS];
} TflModel;

/* Reads and checks the model structure (not yet whether its operators are supported).
 * Returns 0 on success; otherwise fills `error` and returns -1. */
int tfl_model_load(TflModel* model, const void* bytes, uint32_t size, TflError* error);

const char* tfl_builtin_name(int32_t code);
/* The operator's name for messages: its builtin name, or CUSTOM "name" (NUL-terminated copy
 * into `out`). */
const char* tfl_operator_name(const TflModel* model, int index, char* out, int out_bytes);
const char* tfl_type_name(int type);
/* A tensor's name (NUL-terminated copy into `out`, "" when it has none). */
const char* tfl_tensor_name(const TflModel* model, int index, char* out, int out_bytes);
/* Scale i of a tensor's per-channel (or per-tensor, i = 0) quantisation. */
float tfl_tensor_scale(TflModel* model, const TflTensor* tensor, uint32_t i);

/* printf-style message into `error` for operator `op` (-1: none); returns -1 for convenience. */
int tfl_fail(TflError* error, int op, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif
