/* The mnv2 CFU's instruction set: seed 001's mnv2_first accelerator (CFU-Playground) plus the
 * instructions of its earlier design stages. One header for both sides: the firmware HAL
 * (accsim/mnv2_cfu.h) and the simulator's C++ model (models/cfu/) include it, so their opcode
 * numbers cannot drift apart; the RTL (rtl/cfu/mnv2/Cfu.v) cannot include C, so tests/unit/hw
 * checks its opcodes against these. docs/cfu.md documents semantics, timing and errors.
 *
 * Every instruction is custom-0 R-type, function_id = {funct7, funct3} (accsim/hw/cfu_isa.h);
 * funct3 = 0 unless noted. Setters and store pushes take their value in rs1.
 * Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_MNV2_CFU_ISA_H
#define ACCSIM_HW_MNV2_CFU_ISA_H

/* --- The final design (funct7 numbers as in mnv2_first) --------------------------------- */
#define MNV2_SET_INPUT_DEPTH_WORDS 10 /* input depth / 4; restarts the input store */
#define MNV2_SET_OUTPUT_DEPTH 11      /* total output channels of the layer */
#define MNV2_SET_INPUT_OFFSET 12      /* added to every int8 input, 9-bit signed */
#define MNV2_SET_OUTPUT_OFFSET 13     /* output zero point, [-128, 127] */
#define MNV2_SET_ACTIVATION_MIN 14    /* [-128, 127] */
#define MNV2_SET_ACTIVATION_MAX 15    /* [-128, 127] */
#define MNV2_SET_OUTPUT_BATCH_SIZE 20 /* channels per batch; restarts param and filter stores */
#define MNV2_STORE_OUTPUT_MULTIPLIER 21
#define MNV2_STORE_OUTPUT_SHIFT 22 /* [-31, 31] */
#define MNV2_STORE_OUTPUT_BIAS 23
#define MNV2_STORE_FILTER_VALUE 24 /* one word = 4 int8 filter values, round-robin over banks */
#define MNV2_STORE_INPUT_VALUE 25  /* one word = 4 int8 inputs; stalls while not writable */
#define MNV2_MACC_RUN 33           /* start computing the batch for the input pixel (returns 0) */
#define MNV2_GET_OUTPUT 34         /* pop one word (4 packed int8 outputs); waits for it */
#define MNV2_MARK_INPUT_READ_FINISHED 112 /* release the input pixel being read */

/* --- Earlier stages of seed 001 (accsim's numbers) --------------------------------------- */
#define MNV2_POST_PROCESS 40 /* rs1 = accumulator of the next channel -> int8 output */
/* One channel: accumulate the input pixel against the next channel's filter words.
 * funct3 = MNV2_RAW: returns the int32 accumulator; MNV2_POST_PROCESSED: returns the int8
 * output (post-processing fused, seed 001's "connect post processing to accumulator"). */
#define MNV2_MACC4_RUN_1 41
#define MNV2_RAW 0
#define MNV2_POST_PROCESSED 1
#define MNV2_MACC4_RUN_4 42 /* four channels, post-processed, packed into one word */

/* --- Configuration query (accsim): rs1 selects the item, the answer is in rd ------------- */
#define MNV2_GET_CONFIG 120
#define MNV2_CONFIG_FILTER_WORDS 0  /* filter store capacity in words (all banks) */
#define MNV2_CONFIG_PARAM_ENTRIES 1 /* entries of each per-channel parameter store */
#define MNV2_CONFIG_INPUT_WORDS 2   /* words of one input buffer (max input depth / 4) */
#define MNV2_CONFIG_MACC_LANES 3    /* multiply-accumulates per cycle */
#define MNV2_CONFIG_FIFO_WORDS 4    /* output FIFO capacity in words */
#define MNV2_CONFIG_ITEMS 5

#endif
