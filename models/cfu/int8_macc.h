// The mnv2 CFU's multiply-accumulate on the host: packed int8 input words, each lane plus the
// input offset, times packed int8 filter words, summed with the wrapping of the hardware's 32-bit
// adders (so every sum here is modulo 2^32). Plain functions, tested against each other.
#pragma once

#include <array>
#include <cstdint>

namespace accsim::cfu {

// The int8 in byte k of a word.
inline int32_t int8_lane(uint32_t word, int k) { return static_cast<int8_t>(word >> (8 * k)); }

// One input word's four lanes, each plus `input_offset`, times one filter word's, summed.
// Written out lane by lane: -O2 does not unroll a lane loop.
inline uint32_t mac_word(uint32_t in, uint32_t f, int32_t input_offset) {
  return static_cast<uint32_t>((int8_lane(in, 0) + input_offset) * int8_lane(f, 0)) +
         static_cast<uint32_t>((int8_lane(in, 1) + input_offset) * int8_lane(f, 1)) +
         static_cast<uint32_t>((int8_lane(in, 2) + input_offset) * int8_lane(f, 2)) +
         static_cast<uint32_t>((int8_lane(in, 3) + input_offset) * int8_lane(f, 3));
}

// For each of four filters of `depth` words stored one after another from `filters`, the sum of
// mac_word over the input's `depth` words: the four output channels of one packed word.
std::array<uint32_t, 4> mac_words4(const uint32_t* input, const uint32_t* filters, uint32_t depth,
                                   int32_t input_offset);

// mac_words4 one word at a time (no vector instructions): the reference the vector path is
// tested against, and the path for offsets the vector path cannot take.
std::array<uint32_t, 4> mac_words4_scalar(const uint32_t* input, const uint32_t* filters,
                                          uint32_t depth, int32_t input_offset);

}  // namespace accsim::cfu
