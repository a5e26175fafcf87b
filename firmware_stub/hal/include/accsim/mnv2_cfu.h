/* One static inline wrapper per mnv2 CFU instruction (opcodes in accsim/hw/mnv2_cfu_isa.h,
 * semantics in docs/cfu.md). Each compiles to a single custom-0 instruction on RISC-V, so the
 * kernels can call them in their inner loops; on the host they reach accsim_host_cfu(). */
#ifndef ACCSIM_MNV2_CFU_H
#define ACCSIM_MNV2_CFU_H

#include <stdint.h>

#include "accsim/cfu.h"
#include "accsim/hw/mnv2_cfu_isa.h"

/* --- Per-layer scalars ------------------------------------------------------------------ */
static inline void cfu_mnv2_set_input_depth_words(uint32_t words) {
  cfu_op0(MNV2_SET_INPUT_DEPTH_WORDS, words, 0);
}
static inline void cfu_mnv2_set_output_depth(uint32_t channels) {
  cfu_op0(MNV2_SET_OUTPUT_DEPTH, channels, 0);
}
static inline void cfu_mnv2_set_input_offset(int32_t offset) {
  cfu_op0(MNV2_SET_INPUT_OFFSET, offset, 0);
}
static inline void cfu_mnv2_set_output_offset(int32_t offset) {
  cfu_op0(MNV2_SET_OUTPUT_OFFSET, offset, 0);
}
static inline void cfu_mnv2_set_activation_min(int32_t value) {
  cfu_op0(MNV2_SET_ACTIVATION_MIN, value, 0);
}
static inline void cfu_mnv2_set_activation_max(int32_t value) {
  cfu_op0(MNV2_SET_ACTIVATION_MAX, value, 0);
}

/* --- Per-batch stores ------------------------------------------------------------------- */
static inline void cfu_mnv2_set_output_batch_size(uint32_t channels) {
  cfu_op0(MNV2_SET_OUTPUT_BATCH_SIZE, channels, 0);
}
static inline void cfu_mnv2_store_output_multiplier(int32_t multiplier) {
  cfu_op0(MNV2_STORE_OUTPUT_MULTIPLIER, multiplier, 0);
}
static inline void cfu_mnv2_store_output_shift(int32_t shift) {
  cfu_op0(MNV2_STORE_OUTPUT_SHIFT, shift, 0);
}
static inline void cfu_mnv2_store_output_bias(int32_t bias) {
  cfu_op0(MNV2_STORE_OUTPUT_BIAS, bias, 0);
}
static inline void cfu_mnv2_store_filter_value(uint32_t four_filter_values) {
  cfu_op0(MNV2_STORE_FILTER_VALUE, four_filter_values, 0);
}

/* --- Per pixel -------------------------------------------------------------------------- */
static inline void cfu_mnv2_store_input_value(uint32_t four_inputs) {
  cfu_op0(MNV2_STORE_INPUT_VALUE, four_inputs, 0);
}
static inline void cfu_mnv2_mark_input_read_finished(void) {
  cfu_op0(MNV2_MARK_INPUT_READ_FINISHED, 0, 0);
}

/* --- Compute ---------------------------------------------------------------------------- */
/* Post-processes `acc` with the next channel's bias, multiplier and shift: sign-extended int8. */
static inline int32_t cfu_mnv2_post_process(int32_t acc) {
  return (int32_t)cfu_op0(MNV2_POST_PROCESS, acc, 0);
}
/* The next channel's raw int32 accumulator over the oldest complete input pixel. */
static inline int32_t cfu_mnv2_macc4_run_1_raw(void) {
  return (int32_t)cfu_op(MNV2_RAW, MNV2_MACC4_RUN_1, 0, 0);
}
/* The next channel, accumulated and post-processed: sign-extended int8. */
static inline int32_t cfu_mnv2_macc4_run_1(void) {
  return (int32_t)cfu_op(MNV2_POST_PROCESSED, MNV2_MACC4_RUN_1, 0, 0);
}
/* The next four channels, post-processed and packed little-endian (byte 0 = lowest channel). */
static inline uint32_t cfu_mnv2_macc4_run_4(void) { return cfu_op0(MNV2_MACC4_RUN_4, 0, 0); }
/* Starts the whole batch for the oldest complete pixel; results arrive via get_output. */
static inline void cfu_mnv2_macc_run(void) { cfu_op0(MNV2_MACC_RUN, 0, 0); }
static inline uint32_t cfu_mnv2_get_output(void) { return cfu_op0(MNV2_GET_OUTPUT, 0, 0); }

/* --- Configuration ---------------------------------------------------------------------- */
/* item = MNV2_CONFIG_*: the store sizes of the simulated CFU, so one ELF fits any config. */
static inline uint32_t cfu_mnv2_get_config(uint32_t item) {
  return cfu_op0(MNV2_GET_CONFIG, item, 0);
}

#endif
