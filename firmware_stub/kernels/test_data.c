#include "accsim_kernels/test_data.h"

void rng_seed(Rng* rng, uint32_t seed) { rng->state = seed ? seed : 0x9E3779B9u; }

uint32_t rng_next(Rng* rng) {
  uint32_t x = rng->state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  rng->state = x;
  return x;
}

void fill_int8(Rng* rng, int8_t* data, size_t count) {
  for (size_t i = 0; i < count; ++i) data[i] = (int8_t)(rng_next(rng) >> 24);
}

int32_t rng_range(Rng* rng, int32_t lo, int32_t hi) {
  const uint32_t span = (uint32_t)(hi - lo) + 1u;
  return span == 0 ? (int32_t)rng_next(rng) : lo + (int32_t)(rng_next(rng) % span);
}

void fill_channel_quantization(Rng* rng, int32_t* bias, int32_t* multiplier, int32_t* shift,
                               int channels) {
  for (int c = 0; c < channels; ++c) {
    bias[c] = rng_range(rng, -20000, 20000);
    multiplier[c] = rng_range(rng, 1 << 30, 0x7FFFFFFF);
    shift[c] = rng_range(rng, -10, -6);
  }
}

uint32_t fnv1a(const void* data, size_t length) {
  const uint8_t* bytes = (const uint8_t*)data;
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < length; ++i) {
    hash ^= bytes[i];
    hash *= 16777619u;
  }
  return hash;
}
