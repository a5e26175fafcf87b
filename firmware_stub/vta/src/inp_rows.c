/* int8 vectors as INP rows (inp_rows.h). */
#include "inp_rows.h"

#include "accsim_vta/vta_device.h"

/* Rows are read in place when aligned: the VTA DMA reads main RAM directly. */
const int8_t* vta_inp_rows(const int8_t* x, uint32_t length, uint32_t block, int8_t* staged,
                           int8_t* tail) {
  const uint32_t full = length / block * block;
  const int8_t* rows = x;
  if ((uintptr_t)x % block != 0) {
    for (uint32_t i = 0; i < full; ++i) staged[i] = x[i];
    rows = staged;
  }
  for (uint32_t i = 0; i < block; ++i) tail[i] = full + i < length ? x[full + i] : 0;
  return rows;
}

void vta_load_inp_rows(vta_prog_t* p, uint32_t sram, const int8_t* rows, const int8_t* tail,
                       uint32_t first, uint32_t n, uint32_t full_rows, int* error) {
  /* Rows [first, first + n): full rows from `rows`, the partial last row from `tail`. */
  const uint32_t direct = first + n <= full_rows ? n : full_rows - first;
  if (direct > 0) {
    vta_load_1d(p, VTA_MEM_INP, sram, vta_dram_index(p->dev, VTA_MEM_INP, rows, error) + first,
                direct);
  }
  if (direct < n) {
    vta_load_1d(p, VTA_MEM_INP, sram + direct, vta_dram_index(p->dev, VTA_MEM_INP, tail, error), 1);
  }
}
