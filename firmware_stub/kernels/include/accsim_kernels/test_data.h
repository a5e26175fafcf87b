/* Seeded, platform-independent test data (xorshift32), identical on host and firmware. */
#ifndef ACCSIM_KERNELS_TEST_DATA_H
#define ACCSIM_KERNELS_TEST_DATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t state;
} Rng;

void rng_seed(Rng* rng, uint32_t seed);
uint32_t rng_next(Rng* rng);
void fill_int8(Rng* rng, int8_t* data, size_t count);
/* Uniform in [lo, hi]. */
int32_t rng_range(Rng* rng, int32_t lo, int32_t hi);
/* FNV-1a over bytes: the checksum apps print and host tests recompute. */
uint32_t fnv1a(const void* data, size_t length);

#ifdef __cplusplus
}
#endif

#endif
