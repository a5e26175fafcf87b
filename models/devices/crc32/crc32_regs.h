/* The CRC-32 engine's MMIO register block: the one register map, included by the simulator's
 * model (crc32_module.cpp) and by firmware (as "crc32/crc32_regs.h"). 32-bit registers,
 * offsets from the device's base (config key devices[N].base):
 *
 *   0x00 ID         R  CRC32_ID_VALUE ("CRC3"): firmware can check what sits at the base
 *   0x04 CONTROL    W  bit 0 RESTART: start a new CRC (state 0xFFFFFFFF, BYTES 0)
 *                   R  bit 0 BUSY: the engine is still folding bytes fed earlier
 *   0x08 DATA       W  feed four bytes: bits 7:0 first, then 15:8, 23:16, 31:24 (the order of a
 *                      little-endian word in memory, so a buffer is fed word by word)
 *   0x0C DATA_BYTE  W  feed one byte: bits 7:0 (the rest are ignored)
 *   0x10 RESULT     R  CRC-32 of the bytes fed since RESTART, final XOR applied
 *   0x14 BYTES      R  bytes fed since RESTART
 *
 * The CRC is IEEE 802.3's (zlib's crc32, Ethernet's FCS): reflected, polynomial 0xEDB88320,
 * initial value 0xFFFFFFFF, result XORed with 0xFFFFFFFF; "123456789" gives CRC32_CHECK_VALUE.
 *
 * Flow control, no polling needed: the engine folds one feed at a time. A write to DATA,
 * DATA_BYTE or CONTROL and a read of RESULT are held on the bus until the engine has finished
 * the bytes fed before (BUSY only tells firmware that overlapping work is possible).
 *
 * Accesses are 32-bit and word aligned. Any other width, an offset not listed, a write to a
 * read-only register or a read of a write-only one answers a bus error, which the CPU takes as
 * an access fault naming the address. */
#ifndef ACCSIM_CRC32_REGS_H
#define ACCSIM_CRC32_REGS_H

#define CRC32_REG_ID 0x00u
#define CRC32_REG_CONTROL 0x04u
#define CRC32_REG_DATA 0x08u
#define CRC32_REG_DATA_BYTE 0x0Cu
#define CRC32_REG_RESULT 0x10u
#define CRC32_REG_BYTES 0x14u
/* The bytes the block decodes on the bus (the config's base is aligned to it). */
#define CRC32_REG_BLOCK_SIZE 0x100u

#define CRC32_CONTROL_RESTART 0x1u
#define CRC32_CONTROL_BUSY 0x1u

#define CRC32_ID_VALUE 0x43524333u /* "CRC3" */

/* The algorithm's constants, for firmware that checks the device against software. */
#define CRC32_POLYNOMIAL 0xEDB88320u /* reflected 0x04C11DB7 */
#define CRC32_INITIAL 0xFFFFFFFFu
#define CRC32_FINAL_XOR 0xFFFFFFFFu
#define CRC32_CHECK_VALUE 0xCBF43926u /* CRC-32 of the ASCII bytes "123456789" */

#endif
