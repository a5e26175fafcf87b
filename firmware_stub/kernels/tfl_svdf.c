#include "accsim_kernels/tfl_svdf.h"

#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

void tfl_svdf_prepare(float input_scale, float feature_scale, float state_scale, float time_scale,
                      float output_scale, TflSvdfParams* params) {
  const float scale_1 = input_scale * feature_scale / state_scale;
  const float scale_2 = state_scale * time_scale / output_scale;
  tfl_quantize_multiplier((double)scale_1, &params->scale_1_multiplier, &params->scale_1_shift);
  tfl_quantize_multiplier((double)scale_2, &params->scale_2_multiplier, &params->scale_2_shift);
}

/* The body for both state types: STATE is int16_t or int8_t, LO/HI its range. */
#define SVDF_BODY(STATE, LO, HI)                                                            \
  const int n_filter = p->filters, n_memory = p->memory, n_input = p->input_size;           \
  const int state_size = p->batches * n_filter * n_memory;                                  \
  for (int i = 0; i + 1 < state_size; ++i) state[i] = state[i + 1];                         \
  for (int b = 0; b < p->batches; ++b) {                                                    \
    STATE* result = state + b * n_filter * n_memory + (n_memory - 1);                       \
    const int8_t* w = feature_weights;                                                      \
    for (int r = 0; r < n_filter; ++r) {                                                    \
      const int8_t* x = input + b * n_input;                                                \
      int32_t dot = 0;                                                                      \
      for (int c = 0; c < n_input; ++c) dot += *w++ * (x[c] - p->input_zero_point);         \
      dot = multiply_by_quantized_multiplier(dot, p->scale_1_multiplier, p->scale_1_shift); \
      dot += p->state_zero_point;                                                           \
      if (dot < (LO)) dot = (LO);                                                           \
      if (dot > (HI)) dot = (HI);                                                           \
      *result = (STATE)dot;                                                                 \
      result += n_memory;                                                                   \
    }                                                                                       \
  }                                                                                         \
  for (int b = 0; b < p->batches; ++b) {                                                    \
    int32_t* s = scratch + b * n_filter;                                                    \
    const STATE* t = time_weights;                                                          \
    const STATE* m = state + b * n_memory * n_filter;                                       \
    for (int i = 0; i < n_filter; ++i) {                                                    \
      int32_t sum = 0;                                                                      \
      for (int j = 0; j < n_memory; ++j) sum += *t++ * (*m++ - p->state_zero_point);        \
      s[i] = sum;                                                                           \
    }                                                                                       \
  }                                                                                         \
  for (int b = 0; b < p->batches; ++b) {                                                    \
    int32_t* out = scratch_out + b * p->units;                                              \
    const int32_t* s = scratch + b * n_filter;                                              \
    for (int u = 0; u < p->units; ++u) {                                                    \
      int32_t sum = bias ? bias[u] : 0;                                                     \
      for (int j = 0; j < p->rank; ++j) sum += *s++;                                        \
      out[u] = sum;                                                                         \
    }                                                                                       \
  }                                                                                         \
  for (int i = 0; i < p->batches * p->units; ++i) {                                         \
    int32_t v = multiply_by_quantized_multiplier(scratch_out[i], p->scale_2_multiplier,     \
                                                 p->scale_2_shift) +                        \
                p->output_zero_point;                                                       \
    if (v < -128) v = -128;                                                                 \
    if (v > 127) v = 127;                                                                   \
    output[i] = (int8_t)v;                                                                  \
  }

void tfl_svdf_int16_state(const TflSvdfParams* p, const int8_t* input,
                          const int8_t* feature_weights, const int16_t* time_weights,
                          const int32_t* bias, int16_t* state, int32_t* scratch,
                          int32_t* scratch_out, int8_t* output) {
  SVDF_BODY(int16_t, -32768, 32767)
}

void tfl_svdf_int8_state(const TflSvdfParams* p, const int8_t* input, const int8_t* feature_weights,
                         const int8_t* time_weights, const int32_t* bias, int8_t* state,
                         int32_t* scratch, int32_t* scratch_out, int8_t* output) {
  SVDF_BODY(int8_t, -128, 127)
}

void tfl_svdf_float(const TflSvdfParams* p, int activation, const float* input,
                    const float* feature_weights, const float* time_weights, const float* bias,
                    float* state, float* scratch, float* output) {
  const int n_filter = p->filters, n_memory = p->memory, n_input = p->input_size;
  const int state_size = p->batches * n_filter * n_memory;
  for (int i = 0; i + 1 < state_size; ++i) state[i] = state[i + 1];
  for (int b = 0; b < p->batches; ++b) {
    float* result = state + b * n_filter * n_memory + (n_memory - 1);
    const float* w = feature_weights;
    for (int r = 0; r < n_filter; ++r) {
      const float* x = input + b * n_input;
      float dot = 0.0f;
      for (int c = 0; c < n_input; ++c) dot += *w++ * x[c];
      *result = dot;
      result += n_memory;
    }
  }
  for (int b = 0; b < p->batches; ++b) {
    float* s = scratch + b * n_filter;
    const float* t = time_weights;
    const float* m = state + b * n_memory * n_filter;
    for (int i = 0; i < n_filter; ++i) {
      float sum = 0.0f;
      for (int j = 0; j < n_memory; ++j) sum += *t++ * *m++;
      s[i] = sum;
    }
  }
  for (int b = 0; b < p->batches; ++b) {
    float* out = output + b * p->units;
    const float* s = scratch + b * n_filter;
    for (int u = 0; u < p->units; ++u) {
      float sum = bias ? bias[u] : 0.0f;
      for (int j = 0; j < p->rank; ++j) sum += *s++;
      /* ActivationValFloat with TfLiteMax/TfLiteMin = std::max/std::min: max(a, b) is
       * (a < b) ? b : a, min(a, b) is (b < a) ? b : a (so ReLU(-0) is +0 and ReLU(NaN) 0). */
      if (activation == TFL_FUSED_RELU) {
        sum = 0.0f < sum ? sum : 0.0f;
      } else if (activation == TFL_FUSED_RELU_N1_TO_1) {
        const float upper = 1.0f < sum ? 1.0f : sum;
        sum = -1.0f < upper ? upper : -1.0f;
      } else if (activation == TFL_FUSED_RELU6) {
        const float upper = 6.0f < sum ? 6.0f : sum;
        sum = 0.0f < upper ? upper : 0.0f;
      }
      out[u] = sum;
    }
  }
}
