/* int8 vectors as INP rows, shared by the ADD drivers (add.c, add_exact.c): the caller's
 * buffer read in place when it is 16-byte aligned, its partial last row staged. Internal to
 * accsim_vta. */
#ifndef ACCSIM_VTA_INP_ROWS_H
#define ACCSIM_VTA_INP_ROWS_H

#include <stdint.h>

#include "accsim_vta/vta_program.h"

/* An input in INP-row form: the caller's buffer when it is aligned to a row (the partial last
 * row, if any, copied to `tail`), else a staged copy. Returns the buffer holding full rows. */
const int8_t* vta_inp_rows(const int8_t* x, uint32_t length, uint32_t block, int8_t* staged,
                           int8_t* tail);

/* LOADs rows [first, first + n) to INP `sram`: full rows from `rows`, the partial last row
 * (index full_rows) from `tail`. */
void vta_load_inp_rows(vta_prog_t* p, uint32_t sram, const int8_t* rows, const int8_t* tail,
                       uint32_t first, uint32_t n, uint32_t full_rows, int* error);

#endif
