// The lazily evaluated sequencer (scheduled ahead, or stepped as far as the CPU's time) against
// a plain cycle-by-cycle simulation of the same rules, for random batches, FIFO sizes and
// times at which the CPU pops outputs.
#include <catch2/catch.hpp>
#include <limits>

#include "mnv2_driver.h"

using namespace accsim_test;

namespace {

constexpr uint64_t kUnset = std::numeric_limits<uint64_t>::max();

struct Naive {
  std::vector<uint64_t> responses;
  uint64_t stall_cycles = 0;
};

// One MACC_RUN of `words` words, `steps_per_word` feeds each, first feed at `first_feed`; the
// CPU issues GET_OUTPUT j no earlier than request[j] nor before the previous one answered.
Naive simulate(uint32_t words, uint64_t steps_per_word, uint64_t latency, uint32_t gate,
               uint64_t first_feed, const std::vector<uint64_t>& request) {
  Naive out;
  std::vector<uint64_t> ready(words, kUnset), popped(words, kUnset);
  uint64_t fed = 0;
  uint32_t next = 0;
  uint64_t issue = std::max(request[0], first_feed);
  for (uint64_t c = first_feed; next < words; ++c) {
    if (ready[next] != kUnset && c == std::max(issue + 1, ready[next])) {
      popped[next] = c;
      out.responses.push_back(c);
      if (++next < words) issue = std::max(request[next], c);
    }
    uint32_t occupancy = 0;
    for (uint32_t k = 0; k < words; ++k) occupancy += ready[k] <= c && popped[k] > c;
    if (fed < words * steps_per_word) {
      if (occupancy < gate) {
        ++fed;
        if (fed % steps_per_word == 0) ready[fed / steps_per_word - 1] = c + latency;
      } else {
        ++out.stall_cycles;
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the lazy sequencer matches a cycle-by-cycle simulation", "[cfu][sequencer]") {
  std::mt19937 rng(42);
  for (int trial = 0; trial < 300; ++trial) {
    Mnv2Config c;
    c.fifo_words = std::uniform_int_distribution<uint32_t>(4, 12)(rng);
    c.fifo_gate_words = c.fifo_words - 2;  // 2 = words in flight with the default depths
    const uint32_t in_words = std::uniform_int_distribution<uint32_t>(1, 3)(rng);
    const uint32_t words = std::uniform_int_distribution<uint32_t>(1, 40)(rng);
    const Layer l = Layer::random(rng, in_words, 4 * words);
    Mnv2Driver d(c);
    l.load(d);
    const auto pixel = l.random_pixel(rng);
    Layer::store_pixel(d, pixel);
    d.op(MNV2_MACC_RUN);
    const uint64_t first_feed = d.last.accept_cycle + 1;

    std::vector<uint64_t> request;
    uint64_t t = d.cycle;
    const int style = trial % 3;  // eager CPU, slow CPU, bursts after long pauses
    for (uint32_t w = 0; w < words; ++w) {
      const uint64_t gap = style == 0   ? std::uniform_int_distribution<uint64_t>(0, 2)(rng)
                           : style == 1 ? std::uniform_int_distribution<uint64_t>(0, 20)(rng)
                                        : (rng() % 8 == 0 ? 200 : 0);
      t += gap;
      request.push_back(t);
    }
    const Naive want =
        simulate(words, 4ull * in_words, c.word_latency(), c.fifo_gate_words, first_feed, request);
    std::vector<uint64_t> got;
    for (uint32_t w = 0; w < words; ++w) {
      d.cycle = std::max(d.cycle, request[w]);
      CHECK(d.op(MNV2_GET_OUTPUT) == l.word(pixel, 4 * w));
      got.push_back(d.last.response_cycle);
    }
    INFO("trial " << trial << ": fifo " << c.fifo_words << ", " << words << " words of "
                  << 4 * in_words << " steps");
    REQUIRE(got == want.responses);
    CHECK(d.cfu.gate_stall_cycles() == want.stall_cycles);
  }
}
