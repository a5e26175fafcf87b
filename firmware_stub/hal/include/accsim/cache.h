/* Cache maintenance with LiteX's names, for coherence with DMA-capable accelerators:
 * flush_cpu_dcache() is VexRiscv's data-cache flush instruction (0x0000500F: write back dirty
 * lines, invalidate all), flush_cpu_icache() is fence.i. */
#ifndef ACCSIM_CACHE_H
#define ACCSIM_CACHE_H

static inline void flush_cpu_dcache(void) { __asm__ volatile(".word 0x0000500F" ::: "memory"); }
static inline void flush_cpu_icache(void) { __asm__ volatile("fence.i" ::: "memory"); }

#endif
