// The output FIFO's occupancy cursor and ring buffer against a plain list of words counted
// afresh at every question: random pushes, pops and occupancy questions at cycles that mostly
// move forward but also step back (timeline samples behind the sequencer), through ring growth.
#include "output_fifo.h"

#include <catch2/catch.hpp>
#include <deque>
#include <random>

using accsim::cfu::OutputFifo;

namespace {

uint32_t count_entered(const std::deque<OutputFifo::Word>& words, uint64_t cycle) {
  uint32_t n = 0;
  for (const auto& w : words) n += w.ready <= cycle;
  return n;
}

}  // namespace

TEST_CASE("OutputFifo occupancy matches a recount for any order of questions", "[cfu][fifo]") {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    // Up to ~100 words held, so the ring grows several times past its 16 starting slots.
    const uint32_t max_held = 1 + rng() % 100;
    OutputFifo fifo;
    std::deque<OutputFifo::Word> words;
    uint64_t last_ready = rng() % 3;  // a word can be ready at cycle 0
    uint64_t now = 0;
    uint32_t peak = 0;
    for (int op = 0; op < 5000; ++op) {
      INFO("seed " << seed << " op " << op);
      const uint32_t what = rng() % 8;
      if (what < 3 && words.size() < max_held) {
        last_ready += rng() % 4;  // equal ready cycles happen too
        fifo.push(op, last_ready);
        words.push_back({static_cast<uint32_t>(op), last_ready});
      } else if (what < 5 && !words.empty()) {
        // Pops come at or after the front word's cycle, like GET_OUTPUT's response.
        const uint64_t cycle = std::max(now, words.front().ready) + rng() % 3;
        peak = std::max(peak, count_entered(words, cycle));
        REQUIRE(fifo.front().value == words.front().value);
        fifo.pop(cycle);
        words.pop_front();
        now = cycle;
      } else {
        // Mostly forward, sometimes back by up to 40 cycles.
        const uint64_t back = rng() % 4 == 0 ? rng() % 40 : 0;
        const uint64_t cycle = (now > back ? now - back : 0) + rng() % 6;
        REQUIRE(fifo.occupancy(cycle) == count_entered(words, cycle));
        if (back == 0) now = cycle;
      }
      REQUIRE(fifo.size() == words.size());
      REQUIRE(fifo.empty() == words.empty());
    }
    CHECK(fifo.peak(now) == std::max(peak, count_entered(words, now)));
  }
}
