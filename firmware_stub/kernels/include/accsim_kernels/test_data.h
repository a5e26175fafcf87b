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
/* Per-output-channel requantisation data as the test workloads use it: bias in
 * [-20000, 20000], Q31 multipliers in [0.5, 1), shifts in [-10, -6] (outputs then span the int8
 * range with a share of clamped values). Draws bias, multiplier, shift per channel in order. */
void fill_channel_quantization(Rng* rng, int32_t* bias, int32_t* multiplier, int32_t* shift,
                               int channels);
/* FNV-1a over bytes: the checksum apps print and host tests recompute. */
uint32_t fnv1a(const void* data, size_t length);

#ifdef __cplusplus
}
#endif

#endif
