/* UNIDIRECTIONAL_SEQUENCE_LSTM, fully integer 8x8->16 (int8 input, hidden state and output; int8
 * weights; int32 biases; int16 cell state), as current TFLite Micro's lstm_eval.h/.cc evaluate
 * the standard LSTM (no CIFG, peephole, projection or layer norm: TFLM refuses those). Per
 * step: each gate is FC(input) + FC(hidden) in int16 at scale 2^-12 (saturating add), then the
 * int16 LUT sigmoid (the cell gate: tanh); cell = forget * cell + input * cell_gate (int16
 * multiplies, saturating add, optional clip); hidden = tanh(cell) * output gate (int8). */
#ifndef ACCSIM_KERNELS_TFL_LSTM_H
#define ACCSIM_KERNELS_TFL_LSTM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One requantisation of an integer FC or elementwise multiply. */
typedef struct {
  int32_t multiplier;
  int shift;
} TflLstmScale;

enum { TFL_LSTM_FORGET, TFL_LSTM_INPUT, TFL_LSTM_CELL, TFL_LSTM_OUTPUT, TFL_LSTM_GATES };

typedef struct {
  const int8_t* input_weights;     /* [state, input_dim] */
  const int8_t* recurrent_weights; /* [state, state] */
  const int32_t* bias;             /* [state] (on the input FC) */
  TflLstmScale input_scale, recurrent_scale;
} TflLstmGate;

typedef struct {
  int batches, time_steps, input_dim, state_dim, time_major;
  int32_t input_zero_point, hidden_zero_point;
  TflLstmGate gates[TFL_LSTM_GATES];
  TflLstmScale forget_cell_mul, input_mul, output_mul;
  int32_t cell_state_scale_power; /* cell scale = 2^power */
  int16_t quantized_cell_clip;    /* 0: no clipping */
} TflLstmParams;

/* CreateGateParams' FC scale: float(input_scale * weight_scale) / 2^-12 in double (as
 * GetQuantizedConvolutionMultipler). */
void tfl_lstm_fc_scale(float input_scale, float weight_scale, TflLstmScale* scale);
/* CreateInterGateMulParams: double(in1) * double(in2) / double(out). */
void tfl_lstm_mul_scale(float input1_scale, float input2_scale, float output_scale,
                        TflLstmScale* scale);
/* The gates' output scale as TFLM writes it: the float nearest 0.00003051757 (not exactly 2^-15).
 */
float tfl_lstm_gate_output_scale(void);

/* input [batch, time, input_dim] (time_major: [time, batch, input_dim]); hidden (int8) and cell
 * (int16) states [batch, state] updated in place; output like input with state_dim; scratch:
 * 4 * batches * state_dim int16. */
void tfl_lstm_int8(const TflLstmParams* p, const int8_t* input, int8_t* hidden, int16_t* cell,
                   int16_t* scratch, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
