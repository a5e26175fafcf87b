/* UNIDIRECTIONAL_SEQUENCE_LSTM, fully integer 8x8->16 as current TFLite Micro runs it
 * (unidirectional_sequence_lstm.cc, lstm_eval.cc): the standard LSTM only - TFLM refuses CIFG,
 * peephole, projection and layer-norm variants, and so does accsim. int8 input, hidden state and
 * output, int8 weights (per tensor), int32 gate biases, int16 cell state with a power-of-two scale,
 * tanh cell activation (accsim_kernels/tfl_lstm.h). The model's intermediate tensors (often shape
 * [0]) are not read. */
#include <string.h>

#include "accsim_kernels/tfl_lstm.h"
#include "op_util.h"

enum {
  kInput = 0,
  kInputWeights = 1,     /* input_to_{input, forget, cell, output}: 1-4 */
  kRecurrentWeights = 5, /* recurrent_to_{input, forget, cell, output}: 5-8 */
  kBiases = 12,          /* {input, forget, cell, output} gate bias: 12-15 */
  kHiddenState = 18,
  kCellState = 19,
  kInputCount = 24,
  kActivationTanh = 4, /* ActivationFunctionType TANH */
};

/* The input/recurrent/bias slot of each of our gates (TFL_LSTM_FORGET, INPUT, CELL, OUTPUT). */
static const int kSlot[TFL_LSTM_GATES] = {1, 0, 2, 3};

static int power_of_two(float scale, int32_t* power) {
  uint32_t bits;
  memcpy(&bits, &scale, sizeof bits);
  const int exponent = (int)((bits >> 23) & 0xFF);
  if ((bits & 0x807FFFFFu) != 0 || exponent == 0 || exponent == 0xFF) return -1;
  *power = exponent - 127;
  return 0;
}

static int check_weights(TflModel* m, int index, int slot, int rows, int cols, TflError* error) {
  const TflTensor* w = op_input(m, index, slot);
  if (!w)
    return tfl_fail(error, index, "input %d (gate weights) is absent (CIFG is not supported)",
                    slot);
  if (w->type != TFL_TYPE_INT8 || !w->data || !w->quantized || w->rank != 2 || w->dims[0] != rows ||
      w->dims[1] != cols) {
    return tfl_fail(error, index, "input %d must be constant quantised int8 weights %dx%d", slot,
                    rows, cols);
  }
  return 0;
}

static int check(TflModel* m, int index, TflError* error) {
  const TflOperator* op = op_at(m, index);
  if (op->input_count != kInputCount) {
    return tfl_fail(error, index, "has %d inputs; expected 24", op->input_count);
  }
  const TflTensor* in = op_input(m, index, kInput);
  const TflTensor* hidden = op_input(m, index, kHiddenState);
  const TflTensor* cell = op_input(m, index, kCellState);
  const TflTensor* out = op_output(m, index);
  if (!in || in->type != TFL_TYPE_INT8) {
    return tfl_fail(error, index, "input is %s; the integer LSTM (int8) is supported",
                    in ? tfl_type_name(in->type) : "absent");
  }
  for (int i = 9; i < kInputCount; ++i) {
    if ((i >= 9 && i <= 11) || i == 16 || i == 17 || i >= 20) {
      if (op_input(m, index, i)) {
        return tfl_fail(error, index,
                        "input %d is present: peephole, projection and layer-norm LSTMs are not "
                        "supported (nor by TFLite Micro)",
                        i);
      }
    }
  }
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_rank(in, 3, "input", index, error) ||
      op_require_rank(out, 3, "output", index, error)) {
    return -1;
  }
  if (!hidden || !cell || !hidden->is_variable || !cell->is_variable || hidden->data ||
      cell->data) {
    return tfl_fail(error, index, "the hidden and cell states must be variable tensors");
  }
  if (op_require_int8(m, index, hidden, "hidden state", error) ||
      op_require_int16(cell, "cell state", 1, index, error)) {
    return -1;
  }
  int32_t power;
  if (power_of_two(cell->scale, &power) != 0) {
    return tfl_fail(error, index, "cell state scale is not a power of two");
  }
  FbReader* r = &m->reader;
  const FbTable* o = &m->operators[index].options;
  if (fb_i8(r, o, TFL_LSTM_ACTIVATION, 0) != kActivationTanh) {
    return tfl_fail(error, index, "cell activation %d is not TANH",
                    fb_i8(r, o, TFL_LSTM_ACTIVATION, 0));
  }
  const int time_major = fb_u8(r, o, TFL_LSTM_TIME_MAJOR, 0) != 0;
  const int batches = time_major ? in->dims[1] : in->dims[0];
  const int input_dim = in->dims[2];
  const int state_dim = hidden->dims[hidden->rank - 1];
  if (hidden->elements != (uint32_t)(batches * state_dim) ||
      cell->elements != (uint32_t)(batches * state_dim)) {
    return tfl_fail(error, index, "states must hold %d x %d elements", batches, state_dim);
  }
  if (out->dims[0] != in->dims[0] || out->dims[1] != in->dims[1] || out->dims[2] != state_dim) {
    return tfl_fail(error, index, "output shape does not match the input's steps and %d units",
                    state_dim);
  }
  for (int g = 0; g < 4; ++g) {
    if (check_weights(m, index, kInputWeights + g, state_dim, input_dim, error) ||
        check_weights(m, index, kRecurrentWeights + g, state_dim, state_dim, error)) {
      return -1;
    }
    const TflTensor* bias = op_input(m, index, kBiases + g);
    if (!bias || bias->type != TFL_TYPE_INT32 || !bias->data ||
        bias->elements != (uint32_t)state_dim) {
      return tfl_fail(error, index, "input %d must be a constant int32 gate bias of %d",
                      kBiases + g, state_dim);
    }
  }
  TflOperator* opw = op_at(m, index);
  opw->macs = (uint64_t)in->dims[0] * (uint64_t)in->dims[1] * 4u * (uint64_t)state_dim *
              (uint64_t)(input_dim + state_dim);
  opw->scratch_bytes = 4u * (uint32_t)state_dim * 2u;
  opw->kernel = "reference_8x8_16";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  TflLstmParams* p = (TflLstmParams*)tfl_state_alloc(rt, sizeof(TflLstmParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  const TflTensor* in = op_input(m, index, kInput);
  const TflTensor* hidden = op_input(m, index, kHiddenState);
  const TflTensor* cell = op_input(m, index, kCellState);
  FbReader* r = &m->reader;
  const FbTable* o = &m->operators[index].options;
  p->time_major = fb_u8(r, o, TFL_LSTM_TIME_MAJOR, 0) != 0;
  p->batches = p->time_major ? in->dims[1] : in->dims[0];
  p->time_steps = p->time_major ? in->dims[0] : in->dims[1];
  p->input_dim = in->dims[2];
  p->state_dim = hidden->dims[hidden->rank - 1];
  p->input_zero_point = in->zero_point;
  p->hidden_zero_point = hidden->zero_point;
  for (int g = 0; g < TFL_LSTM_GATES; ++g) {
    const int slot = kSlot[g];
    const TflTensor* wi = op_input(m, index, kInputWeights + slot);
    const TflTensor* wr = op_input(m, index, kRecurrentWeights + slot);
    TflLstmGate* gate = &p->gates[g];
    gate->input_weights = (const int8_t*)wi->data;
    gate->recurrent_weights = (const int8_t*)wr->data;
    gate->bias = (const int32_t*)op_input(m, index, kBiases + slot)->data;
    tfl_lstm_fc_scale(in->scale, wi->scale, &gate->input_scale);
    tfl_lstm_fc_scale(hidden->scale, wr->scale, &gate->recurrent_scale);
  }
  const float gate_scale = tfl_lstm_gate_output_scale();
  tfl_lstm_mul_scale(gate_scale, cell->scale, cell->scale, &p->forget_cell_mul);
  tfl_lstm_mul_scale(gate_scale, gate_scale, cell->scale, &p->input_mul);
  tfl_lstm_mul_scale(gate_scale, gate_scale, hidden->scale, &p->output_mul);
  power_of_two(cell->scale, &p->cell_state_scale_power);
  const float cell_clip = fb_f32(r, o, TFL_LSTM_CELL_CLIP, 0.0f);
  p->quantized_cell_clip = 0;
  if (cell_clip > 0.0f) {
    double q = (double)cell_clip / (double)cell->scale;
    if (q < -32768.0) q = -32768.0;
    if (q > 32767.0) q = 32767.0;
    p->quantized_cell_clip = (int16_t)q;
  }
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflLstmParams* p = (const TflLstmParams*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  tfl_lstm_int8(p, (const int8_t*)tfl_tensor_data(rt, op->inputs[kInput]),
                (int8_t*)tfl_tensor_data(rt, op->inputs[kHiddenState]),
                (int16_t*)tfl_tensor_data(rt, op->inputs[kCellState]),
                (int16_t*)(rt->arena + op->scratch_offset),
                (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_unidirectional_sequence_lstm_kernel = {
    TFL_OP_UNIDIRECTIONAL_SEQUENCE_LSTM, "unidirectional_sequence_lstm", check, prepare, eval};
