#include "accsim_tflite/model.h"

#include <stdarg.h>
#include <stdio.h>

#include "accsim_tflite/schema.h"

int tfl_fail(TflError* error, int op, const char* format, ...) {
  error->operator_index = op;
  va_list args;
  va_start(args, format);
  vsnprintf(error->message, sizeof(error->message), format, args);
  va_end(args);
  return -1;
}

const char* tfl_type_name(int type) {
  switch (type) {
    case TFL_TYPE_FLOAT32:
      return "float32";
    case 1:
      return "float16";
    case TFL_TYPE_INT32:
      return "int32";
    case TFL_TYPE_UINT8:
      return "uint8";
    case TFL_TYPE_INT64:
      return "int64";
    case TFL_TYPE_INT16:
      return "int16";
    case TFL_TYPE_INT8:
      return "int8";
    default:
      return "an unsupported type";
  }
}

static uint32_t element_bytes(int type) {
  switch (type) {
    case TFL_TYPE_INT8:
    case TFL_TYPE_UINT8:
      return 1;
    case TFL_TYPE_INT16:
      return 2;
    case TFL_TYPE_INT32:
    case TFL_TYPE_FLOAT32:
      return 4;
    case TFL_TYPE_INT64:
      return 8;
    default:
      return 0; /* refused by whichever operator meets it */
  }
}

const char* tfl_operator_name(const TflModel* m, int index, char* out, int out_bytes) {
  const TflOperator* op = &m->operators[index];
  if (op->builtin != TFL_OP_CUSTOM || op->custom_code.length == 0) {
    return tfl_builtin_name(op->builtin);
  }
  /* The name's bytes were bounds-checked at load; printable ASCII only, for one-line messages. */
  int used = snprintf(out, (size_t)out_bytes, "CUSTOM \"");
  for (uint32_t i = 0; i < op->custom_code.length && used < out_bytes - 2; ++i) {
    const uint8_t c = m->reader.data[op->custom_code.pos + i];
    out[used++] = c >= 32 && c < 127 ? (char)c : '?';
  }
  if (used < out_bytes - 1) out[used++] = '"';
  out[used < out_bytes ? used : out_bytes - 1] = 0;
  return out;
}

const char* tfl_tensor_name(const TflModel* m, int index, char* out, int out_bytes) {
  const FbVector* name = &m->tensors[index].name;
  int used = 0;
  /* Bounds-checked at load; printable ASCII only, for one-line messages and JSON. */
  for (uint32_t i = 0; i < name->length && used < out_bytes - 1; ++i) {
    const uint8_t c = m->reader.data[name->pos + i];
    out[used++] = c >= 32 && c < 127 && c != '"' && c != '\\' ? (char)c : '?';
  }
  out[used] = 0;
  return out;
}

float tfl_tensor_scale(TflModel* model, const TflTensor* tensor, uint32_t i) {
  if (i >= tensor->scale_count) return tensor->scale;
  return fb_vector_f32(&model->reader, &tensor->scales, i);
}

static int reader_failed(TflModel* m, TflError* error, const char* what, int index) {
  if (what == 0) {
    return tfl_fail(error, -1, "malformed model: %s at byte %u", m->reader.reason,
                    (unsigned)m->reader.where);
  }
  if (index >= 0) {
    return tfl_fail(error, -1, "malformed model: %s %d: %s at byte %u", what, index,
                    m->reader.reason, (unsigned)m->reader.where);
  }
  return tfl_fail(error, -1, "malformed model: %s: %s at byte %u", what, m->reader.reason,
                  (unsigned)m->reader.where);
}

static int load_quantization(TflModel* m, TflTensor* t, const FbTable* quant, int index,
                             TflError* error) {
  FbReader* r = &m->reader;
  if (fb_u8(r, quant, TFL_QUANT_DETAILS_TYPE, 0) != 0) {
    return tfl_fail(error, -1, "tensor %d: custom quantization details are not supported", index);
  }
  fb_vector(r, quant, TFL_QUANT_SCALE, 4, &t->scales);
  fb_vector(r, quant, TFL_QUANT_ZERO_POINT, 8, &t->zero_points);
  t->quantized_dimension = fb_i32(r, quant, TFL_QUANT_QUANTIZED_DIMENSION, 0);
  if (r->error) return reader_failed(m, error, "tensor", index);
  t->scale_count = t->scales.length;
  if (t->scale_count == 0) return 0;
  /* Kernels' prepare steps read the float32 scales in place. */
  if (t->scales.pos % 4 != 0) {
    return tfl_fail(error, -1, "tensor %d: quantization scales are not 4-byte aligned", index);
  }
  if (t->zero_points.length != 0 && t->zero_points.length != t->scale_count) {
    return tfl_fail(error, -1, "tensor %d: %u scales but %u zero points", index,
                    (unsigned)t->scale_count, (unsigned)t->zero_points.length);
  }
  t->quantized = 1;
  t->scale = fb_vector_f32(r, &t->scales, 0);
  const int64_t zero_point = t->zero_points.length ? fb_vector_i64(r, &t->zero_points, 0) : 0;
  if (zero_point < -32768 || zero_point > 65535) {
    return tfl_fail(error, -1, "tensor %d: zero point %lld out of range", index,
                    (long long)zero_point);
  }
  t->zero_point = (int32_t)zero_point;
  /* quantized_dimension is not checked here: some converters wrote a wrong one, and TFLite
   * Micro only checks a filter's scale count against its output channels (op_require_weights). */
  return r->error ? reader_failed(m, error, "tensor", index) : 0;
}

static int load_tensor(TflModel* m, const FbTable* table, const FbVector* buffers, int index,
                       TflError* error) {
  FbReader* r = &m->reader;
  TflTensor* t = &m->tensors[index];
  FbVector shape;
  fb_vector(r, table, TFL_TENSOR_SHAPE, 4, &shape);
  if (r->error) return reader_failed(m, error, "tensor", index);
  if (shape.length > TFL_MAX_DIMS) {
    return tfl_fail(error, -1, "tensor %d: rank %u is above the supported %d", index,
                    (unsigned)shape.length, TFL_MAX_DIMS);
  }
  t->rank = (int)shape.length;
  uint64_t elements = 1;
  for (int d = 0; d < t->rank; ++d) {
    t->dims[d] = fb_vector_i32(r, &shape, (uint32_t)d);
    if (t->dims[d] <= 0) {
      t->unknown_shape = 1;
      continue;
    }
    elements *= (uint64_t)t->dims[d];
    if (elements > (1u << 28)) {
      return tfl_fail(error, -1, "tensor %d: more than 2^28 elements", index);
    }
  }
  t->type = fb_i8(r, table, TFL_TENSOR_TYPE, TFL_TYPE_FLOAT32);
  t->elements = t->unknown_shape ? 0 : (uint32_t)elements;
  t->bytes = t->elements * element_bytes(t->type);
  t->first_op = t->last_op = -1;
  fb_string(r, table, TFL_TENSOR_NAME, &t->name);
  t->is_variable = fb_u8(r, table, TFL_TENSOR_IS_VARIABLE, 0) != 0;

  FbTable sparsity;
  if (fb_table(r, table, TFL_TENSOR_SPARSITY, &sparsity)) {
    return tfl_fail(error, -1, "tensor %d: sparse tensors are not supported", index);
  }
  FbTable quant;
  if (fb_table(r, table, TFL_TENSOR_QUANTIZATION, &quant) &&
      load_quantization(m, t, &quant, index, error) != 0) {
    return -1;
  }

  const uint32_t buffer_index = fb_u32(r, table, TFL_TENSOR_BUFFER, 0);
  if (r->error) return reader_failed(m, error, "tensor", index);
  if (buffer_index >= buffers->length) {
    return tfl_fail(error, -1, "tensor %d: buffer index %u out of range (the model has %u)", index,
                    (unsigned)buffer_index, (unsigned)buffers->length);
  }
  const FbTable buffer = fb_vector_table(r, buffers, buffer_index);
  if (r->error) return reader_failed(m, error, "buffer", (int)buffer_index);
  if (fb_u64(r, &buffer, TFL_BUFFER_OFFSET, 0) > 1) {
    return tfl_fail(error, -1,
                    "tensor %d: buffer %u is stored outside the flatbuffer (models "
                    "over 2 GB) and is not supported",
                    index, (unsigned)buffer_index);
  }
  FbVector data;
  if (fb_vector(r, &buffer, TFL_BUFFER_DATA, 1, &data) && data.length > 0) {
    if (data.length != t->bytes) {
      return tfl_fail(error, -1,
                      "tensor %d: buffer %u holds %u bytes but the tensor (%s, %u "
                      "elements) needs %u",
                      index, (unsigned)buffer_index, (unsigned)data.length, tfl_type_name(t->type),
                      (unsigned)t->elements, (unsigned)t->bytes);
    }
    if (element_bytes(t->type) > 1 && (data.pos % 4) != 0) {
      return tfl_fail(error, -1, "tensor %d: buffer %u data is not 4-byte aligned", index,
                      (unsigned)buffer_index);
    }
    t->data = r->data + data.pos;
  }
  return r->error ? reader_failed(m, error, "tensor", index) : 0;
}

static int check_tensor_index(const TflModel* m, int32_t index, int allow_absent, int op,
                              const char* what, TflError* error) {
  if (allow_absent && index == -1) return 0;
  if (index < 0 || (uint32_t)index >= m->tensor_count) {
    return tfl_fail(error, op, "%s tensor index %d out of range (the graph has %u tensors)", what,
                    (int)index, (unsigned)m->tensor_count);
  }
  return 0;
}

static int load_operator(TflModel* m, const FbTable* table, const FbVector* codes, int index,
                         TflError* error) {
  FbReader* r = &m->reader;
  TflOperator* op = &m->operators[index];
  const uint32_t code_index = fb_u32(r, table, TFL_OP_OPCODE_INDEX, 0);
  if (r->error) return reader_failed(m, error, "operator", index);
  if (code_index >= codes->length) {
    return tfl_fail(error, index, "opcode index %u out of range (the model has %u)",
                    (unsigned)code_index, (unsigned)codes->length);
  }
  const FbTable code = fb_vector_table(r, codes, code_index);
  /* The deprecated byte holds codes below 127; larger ones only live in builtin_code. */
  const int32_t deprecated = fb_i8(r, &code, TFL_OPCODE_DEPRECATED_BUILTIN, 0);
  const int32_t builtin = fb_i32(r, &code, TFL_OPCODE_BUILTIN, 0);
  op->builtin = builtin > deprecated ? builtin : deprecated;

  FbVector inputs, outputs;
  fb_vector(r, table, TFL_OP_INPUTS, 4, &inputs);
  fb_vector(r, table, TFL_OP_OUTPUTS, 4, &outputs);
  fb_table(r, table, TFL_OP_BUILTIN_OPTIONS, &op->options);
  if (r->error) return reader_failed(m, error, "operator", index);
  if (op->builtin == TFL_OP_CUSTOM) fb_string(r, &code, TFL_OPCODE_CUSTOM_CODE, &op->custom_code);
  if (r->error) return reader_failed(m, error, "operator", index);
  /* Counts beyond what the interpreter holds are kept and refused when the operator is planned,
   * so that the first operator that cannot run is the one named. */
  op->input_count = (int)inputs.length;
  op->output_count = (int)outputs.length;
  const uint32_t input_reads =
      inputs.length < TFL_MAX_OP_INPUTS ? inputs.length : TFL_MAX_OP_INPUTS;
  for (uint32_t i = 0; i < input_reads; ++i) {
    op->inputs[i] = fb_vector_i32(r, &inputs, i);
    if (check_tensor_index(m, op->inputs[i], 1, index, "input", error) != 0) return -1;
  }
  if (outputs.length == 0) return tfl_fail(error, index, "the operator has no output");
  op->outputs[0] = fb_vector_i32(r, &outputs, 0);
  if (check_tensor_index(m, op->outputs[0], 0, index, "output", error) != 0) return -1;
  return r->error ? reader_failed(m, error, "operator", index) : 0;
}

int tfl_model_load(TflModel* m, const void* bytes, uint32_t size, TflError* error) {
  error->operator_index = -1;
  error->message[0] = 0;
  fb_init(&m->reader, bytes, size);
  FbReader* r = &m->reader;
  FbTable root;
  if (!fb_root(r, TFL_FILE_IDENTIFIER, &root)) return reader_failed(m, error, 0, -1);
  const uint32_t version = fb_u32(r, &root, TFL_MODEL_VERSION, 0);
  if (!r->error && version != TFL_SCHEMA_VERSION) {
    return tfl_fail(error, -1, "schema version %u is not the supported %d", (unsigned)version,
                    TFL_SCHEMA_VERSION);
  }
  FbVector codes, subgraphs, buffers;
  fb_vector(r, &root, TFL_MODEL_OPERATOR_CODES, 4, &codes);
  fb_vector(r, &root, TFL_MODEL_SUBGRAPHS, 4, &subgraphs);
  fb_vector(r, &root, TFL_MODEL_BUFFERS, 4, &buffers);
  if (r->error) return reader_failed(m, error, 0, -1);
  if (subgraphs.length != 1) {
    return tfl_fail(error, -1,
                    "the model has %u subgraphs; only single-subgraph models (no "
                    "control flow) are supported",
                    (unsigned)subgraphs.length);
  }
  const FbTable graph = fb_vector_table(r, &subgraphs, 0);
  FbVector tensors, operators, inputs, outputs;
  fb_vector(r, &graph, TFL_SUBGRAPH_TENSORS, 4, &tensors);
  fb_vector(r, &graph, TFL_SUBGRAPH_OPERATORS, 4, &operators);
  fb_vector(r, &graph, TFL_SUBGRAPH_INPUTS, 4, &inputs);
  fb_vector(r, &graph, TFL_SUBGRAPH_OUTPUTS, 4, &outputs);
  if (r->error) return reader_failed(m, error, "subgraph", 0);
  if (tensors.length > TFL_MAX_TENSORS || operators.length > TFL_MAX_OPERATORS) {
    return tfl_fail(error, -1,
                    "%u tensors and %u operators: the interpreter holds at most %d "
                    "and %d",
                    (unsigned)tensors.length, (unsigned)operators.length, TFL_MAX_TENSORS,
                    TFL_MAX_OPERATORS);
  }
  if (operators.length == 0) return tfl_fail(error, -1, "the graph has no operators");
  m->tensor_count = tensors.length;
  m->operator_count = operators.length;
  for (uint32_t i = 0; i < tensors.length; ++i) {
    const TflTensor empty = {{0},    0,    0, 0, 0,  0,  0, 0,      0, {0, 0},
                             {0, 0}, 0.0f, 0, 0, -1, -1, 0, {0, 0}, 0};
    m->tensors[i] = empty;
    const FbTable t = fb_vector_table(r, &tensors, i);
    if (r->error) return reader_failed(m, error, "tensor", (int)i);
    if (load_tensor(m, &t, &buffers, (int)i, error) != 0) return -1;
  }
  for (uint32_t i = 0; i < operators.length; ++i) {
    const TflOperator empty = {0};
    m->operators[i] = empty;
    const FbTable op = fb_vector_table(r, &operators, i);
    if (r->error) return reader_failed(m, error, "operator", (int)i);
    if (load_operator(m, &op, &codes, (int)i, error) != 0) return -1;
  }
  if (inputs.length == 0 || inputs.length > TFL_MAX_GRAPH_INPUTS || outputs.length == 0 ||
      outputs.length > TFL_MAX_GRAPH_OUTPUTS) {
    return tfl_fail(error, -1,
                    "the graph has %u inputs and %u outputs (supported: 1-%d inputs, "
                    "1-%d outputs)",
                    (unsigned)inputs.length, (unsigned)outputs.length, TFL_MAX_GRAPH_INPUTS,
                    TFL_MAX_GRAPH_OUTPUTS);
  }
  m->input_count = (int)inputs.length;
  for (int i = 0; i < m->input_count; ++i) {
    m->inputs[i] = fb_vector_i32(r, &inputs, (uint32_t)i);
    if (check_tensor_index(m, m->inputs[i], 0, -1, "graph input", error) != 0) return -1;
  }
  m->output_count = (int)outputs.length;
  for (int i = 0; i < m->output_count; ++i) {
    m->outputs[i] = fb_vector_i32(r, &outputs, (uint32_t)i);
    if (check_tensor_index(m, m->outputs[i], 0, -1, "graph output", error) != 0) return -1;
  }
  m->output = m->outputs[0];
  return r->error ? reader_failed(m, error, "subgraph", 0) : 0;
}
