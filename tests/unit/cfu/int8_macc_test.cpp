// The CFU's host MACs (int8_macc.h) against a sum in 64 bits taken modulo 2^32: the vector path
// (four words at a time), its scalar tail and the scalar path for offsets it cannot take.
#include "int8_macc.h"

#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <vector>

using accsim::cfu::mac_words4;
using accsim::cfu::mac_words4_scalar;

namespace {

uint32_t reference(const std::vector<uint32_t>& input, const uint32_t* filter, int32_t offset) {
  int64_t sum = 0;
  for (size_t w = 0; w < input.size(); ++w) {
    for (int k = 0; k < 4; ++k) {
      const int64_t x = static_cast<int8_t>(input[w] >> (8 * k));
      const int64_t f = static_cast<int8_t>(filter[w] >> (8 * k));
      sum += (x + offset) * f;
    }
  }
  return static_cast<uint32_t>(sum);
}

// Every channel's sum by both paths and the reference; `words` fills input and filters.
void check(uint32_t depth, int32_t offset, const std::function<uint32_t()>& words) {
  std::vector<uint32_t> input(depth), filters(4 * depth);
  for (uint32_t& w : input) w = words();
  for (uint32_t& w : filters) w = words();
  const auto fast = mac_words4(input.data(), filters.data(), depth, offset);
  const auto scalar = mac_words4_scalar(input.data(), filters.data(), depth, offset);
  for (uint32_t c = 0; c < 4; ++c) {
    INFO("depth " << depth << ", offset " << offset << ", channel " << c);
    const uint32_t expected = reference(input, filters.data() + c * depth, offset);
    CHECK(fast[c] == expected);
    CHECK(scalar[c] == expected);
  }
}

}  // namespace

TEST_CASE("mac_words4 equals the 64-bit sum for random words, depths and offsets") {
  std::mt19937 rng(2026);
  const auto random_word = [&] { return static_cast<uint32_t>(rng()); };
  // 16-bit edges of the vector path (lane + offset must fit), past them (scalar path), and the
  // offsets int8 models use.
  const int32_t offsets[] = {0, 1, -1, 127, 128, -128, 32640, -32640, 32641, -32641, 1 << 20};
  for (const int32_t offset : offsets) {
    for (uint32_t depth = 0; depth <= 21; ++depth) check(depth, offset, random_word);
    check(80, offset, random_word);  // MobileNetV2's deepest 1x1 input (320 channels)
  }
}

TEST_CASE("mac_words4 at the extremes of every lane") {
  // All lanes -128 or 127, with the offsets that put the widened inputs at the ends of 16 bits.
  for (const uint32_t word : {0x80808080u, 0x7F7F7F7Fu, 0x807F807Fu}) {
    for (const int32_t offset : {32640, -32640}) {
      check(9, offset, [word] { return word; });
    }
  }
}

TEST_CASE("mac_words4 wraps as the 32-bit accumulator does") {
  // 4096 words of (127 + 32640) x 127 per lane: 2^31 and more, so the sum wraps.
  check(4096, 32640, [] { return 0x7F7F7F7Fu; });
}
