/* The matvec engine's register map: the one contract between the firmware that drives it, the
 * C++ plug-in (matvec_engine.h) and the Verilog (matvec.v, whose localparams a test ties to
 * these). docs/plugins.md, "A DMA engine both ways", describes the engine.
 *
 * One job computes y = requant(W x + b) for an int8 matrix W (ROWS x COLS, row-major), an int8
 * vector x (COLS) and int32 biases b (ROWS), with TFLite's int8 fully-connected arithmetic:
 *   acc[i] = b[i] + sum_j W[i][j] * (x[j] + X_OFFSET)        (int32, wrapping)
 *   y[i]   = clamp(MultiplyByQuantizedMultiplier(acc[i], MULT, SHIFT) + Y_OFFSET,
 *                  ACT_MIN, ACT_MAX)                        (int8)
 * The engine fetches x, b and W and stores y itself, over its bus master port (DMA), one word
 * per bus access. */
#ifndef MATVEC_REGS_H
#define MATVEC_REGS_H

/* Byte offsets from the device's base. Every register is a 32-bit word; any other offset, and
 * a write to a read-only register, is answered with a bus error. */
#define MATVEC_ID 0x00       /* read only: MATVEC_ID_VALUE */
#define MATVEC_CTRL 0x04     /* write MATVEC_START to start a job; read: MATVEC_BUSY/DONE/ERROR */
#define MATVEC_W_ADDR 0x08   /* byte address of W (word aligned) */
#define MATVEC_X_ADDR 0x0C   /* byte address of x (word aligned) */
#define MATVEC_B_ADDR 0x10   /* byte address of b (word aligned) */
#define MATVEC_Y_ADDR 0x14   /* byte address of y (word aligned) */
#define MATVEC_ROWS 0x18     /* >= 1 */
#define MATVEC_COLS 0x1C     /* a multiple of 4, 4 to the engine's max_cols */
#define MATVEC_X_OFFSET 0x20 /* int32, added to each x[j] (TFLite's input_offset) */
#define MATVEC_Y_OFFSET 0x24 /* int32, the output zero point */
#define MATVEC_MULT 0x28     /* int32 quantized multiplier */
#define MATVEC_SHIFT 0x2C    /* int32 shift, -31 to 31 (> 0: left) */
#define MATVEC_ACT_MIN 0x30  /* int32, -128 to 127 */
#define MATVEC_ACT_MAX 0x34  /* int32, ACT_MIN to 127 */
#define MATVEC_CYCLES 0x38   /* read only: cycles the last job took (while BUSY) */
#define MATVEC_REGISTERS 15  /* words 0 .. MATVEC_CYCLES / 4 */

#define MATVEC_ID_VALUE 0x4D560001u /* "MV", version 1 */

/* CTRL. A start while a job runs is ignored. A start with a bad setting (a COLS, SHIFT, ACT
 * range or address the engine cannot use) ends at once with DONE and ERROR; so does a job whose
 * DMA access is answered with a bus error. The registers may be rewritten while a job runs: the
 * job keeps the values it started with. */
#define MATVEC_START 1u
#define MATVEC_BUSY 1u
#define MATVEC_DONE 2u
#define MATVEC_ERROR 4u

#endif
