#include "accsim_kernels/tfl_lstm.h"

#include "accsim_kernels/tfl_int16.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

void tfl_lstm_fc_scale(float input_scale, float weight_scale, TflLstmScale* scale) {
  const float gate_input_scale = 0.00024414062; /* 2^-12: Q3.12, the activations' input */
  /* GetQuantizedConvolutionMultipler: the scale product in float, then double. */
  tfl_quantize_multiplier((double)(input_scale * weight_scale) / (double)gate_input_scale,
                          &scale->multiplier, &scale->shift);
}

void tfl_lstm_mul_scale(float input1_scale, float input2_scale, float output_scale,
                        TflLstmScale* scale) {
  tfl_quantize_multiplier((double)input1_scale * (double)input2_scale / (double)output_scale,
                          &scale->multiplier, &scale->shift);
}

float tfl_lstm_gate_output_scale(void) { return 0.00003051757; }

static int32_t clamp16(int32_t v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }

/* out[s] = clamp16(MBQM(sum_d w[s, d] * (x[d] + offset) + bias[s])), int32 accumulation. */
static void fc_int16(const TflLstmScale* scale, int32_t input_offset, int depth, int units,
                     const int8_t* x, const int8_t* w, const int32_t* bias, int16_t* out) {
  for (int s = 0; s < units; ++s) {
    const int8_t* row = w + s * depth;
    int32_t acc = 0;
    for (int d = 0; d < depth; ++d) acc += row[d] * (x[d] + input_offset);
    if (bias) acc += bias[s];
    out[s] =
        (int16_t)clamp16(multiply_by_quantized_multiplier(acc, scale->multiplier, scale->shift));
  }
}

/* gate = activation(FC(x) + FC(hidden)): sigmoid, or tanh for the cell gate. */
static void gate(const TflLstmParams* p, const TflLstmGate* g, int is_cell, const int8_t* x,
                 const int8_t* h, int16_t* out, int16_t* buffer) {
  const int n = p->state_dim;
  fc_int16(&g->input_scale, -p->input_zero_point, p->input_dim, n, x, g->input_weights, g->bias,
           out);
  fc_int16(&g->recurrent_scale, -p->hidden_zero_point, n, n, h, g->recurrent_weights, 0, buffer);
  for (int i = 0; i < n; ++i) out[i] = (int16_t)clamp16(out[i] + buffer[i]);
  if (is_cell) {
    /* TFLM's Tanh with cell_state_scale_power -12: left shift 0, multiplier 3 << 0. */
    tfl_tanh_int16(0, 0, n, out, out);
  } else {
    tfl_logistic_int16(0, 0, n, out, out);
  }
}

static void step(const TflLstmParams* p, const int8_t* x, int8_t* h, int16_t* c, int16_t* scratch,
                 int8_t* y) {
  const int n = p->state_dim;
  int16_t* b0 = scratch;
  int16_t* b1 = scratch + n;
  int16_t* b2 = scratch + 2 * n;
  int16_t* b3 = scratch + 3 * n;
  gate(p, &p->gates[TFL_LSTM_FORGET], 0, x, h, b0, b3);
  gate(p, &p->gates[TFL_LSTM_INPUT], 0, x, h, b1, b3);
  gate(p, &p->gates[TFL_LSTM_CELL], 1, x, h, b2, b3);
  /* cell = forget * cell + input * cell_gate */
  for (int i = 0; i < n; ++i) {
    const int32_t kept = multiply_by_quantized_multiplier(
        b0[i] * c[i], p->forget_cell_mul.multiplier, p->forget_cell_mul.shift);
    const int32_t added = multiply_by_quantized_multiplier(b1[i] * b2[i], p->input_mul.multiplier,
                                                           p->input_mul.shift);
    int32_t v = clamp16(clamp16(kept) + clamp16(added));
    if (p->quantized_cell_clip > 0) {
      if (v > p->quantized_cell_clip) v = p->quantized_cell_clip;
      if (v < -p->quantized_cell_clip) v = -p->quantized_cell_clip;
    }
    c[i] = (int16_t)v;
  }
  gate(p, &p->gates[TFL_LSTM_OUTPUT], 0, x, h, b1, b3);
  /* hidden = tanh(cell) * output gate, int8 at the hidden state's scale and zero point. */
  int32_t shift = (15 + p->cell_state_scale_power) - 3;
  int32_t multiplier = 0;
  if (shift < 0) {
    shift = -shift;
    multiplier = 3;
  }
  tfl_tanh_int16(multiplier, shift, n, c, b0);
  for (int i = 0; i < n; ++i) {
    int32_t v = multiply_by_quantized_multiplier(b0[i] * b1[i], p->output_mul.multiplier,
                                                 p->output_mul.shift) +
                p->hidden_zero_point;
    if (v < -128) v = -128;
    if (v > 127) v = 127;
    h[i] = (int8_t)v;
    y[i] = (int8_t)v;
  }
}

void tfl_lstm_int8(const TflLstmParams* p, const int8_t* input, int8_t* hidden, int16_t* cell,
                   int16_t* scratch, int8_t* output) {
  /* Batches are independent, so batch-major and time-major runs differ only in where a step's
   * rows live. */
  for (int b = 0; b < p->batches; ++b) {
    for (int t = 0; t < p->time_steps; ++t) {
      const int row = p->time_major ? t * p->batches + b : b * p->time_steps + t;
      step(p, input + row * p->input_dim, hidden + b * p->state_dim, cell + b * p->state_dim,
           scratch, output + row * p->state_dim);
    }
  }
}
