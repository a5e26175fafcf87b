// The mnv2 CFU's cycle timing (docs/cfu.md): accept and response cycles of each instruction,
// background computation after MACC_RUN, and back-pressure from the input store and the FIFO.
// Defaults: MACC pipeline depth M = 2, post-processor P = 4, so a word enters the FIFO
// M + 1 (accumulator) + P + 1 (packer) = 8 cycles after its last feed.
#include <catch2/catch.hpp>

#include "mnv2_driver.h"

using namespace accsim_test;

namespace {
// A driver with a 3-word-deep, `channels`-channel batch loaded and `pixels` pixels stored.
Mnv2Driver loaded(uint32_t in_words, uint32_t channels, int pixels, Mnv2Config c = {}) {
  std::mt19937 rng(7);
  Mnv2Driver d(c);
  const Layer l = Layer::random(rng, in_words, channels);
  l.load(d);
  for (int p = 0; p < pixels; ++p) Layer::store_pixel(d, l.random_pixel(rng));
  return d;
}
}  // namespace

TEST_CASE("setters and stores answer the cycle after they are accepted", "[cfu][timing]") {
  Mnv2Driver d;
  d.op(MNV2_SET_INPUT_DEPTH_WORDS, 2);
  CHECK(d.last.accept_cycle == d.issued);
  CHECK(d.last.response_cycle == d.issued + 1);
  d.op(MNV2_GET_CONFIG, 0);
  CHECK(d.last.response_cycle == d.issued + 1);
  CHECK(d.cfu.instruction(MNV2_SET_INPUT_DEPTH_WORDS).cpu_wait_cycles == 0);
}

TEST_CASE("blocking compute instructions answer after the pipeline", "[cfu][timing]") {
  Mnv2Driver d = loaded(3, 8, 1);
  d.op(MNV2_MACC4_RUN_1, 0, MNV2_RAW);  // 3 feeds + M + accumulator
  CHECK(d.last.response_cycle - d.last.accept_cycle == 3 + 2 + 1);
  d.op(MNV2_MACC4_RUN_1, 0, MNV2_POST_PROCESSED);  // + P
  CHECK(d.last.response_cycle - d.last.accept_cycle == 3 + 2 + 1 + 4);
  d.op(MNV2_POST_PROCESS, 0);
  CHECK(d.last.response_cycle - d.last.accept_cycle == 4);
  d.op(MNV2_MACC4_RUN_1, 0, MNV2_RAW);  // channels 0..3 done: RUN_4 takes 4..7
  d.op(MNV2_MACC4_RUN_4);               // 12 feeds + the 8-cycle word latency
  CHECK(d.last.response_cycle - d.last.accept_cycle == 12 + 8);
  // The CPU's wait is everything beyond the instruction's own cycle.
  CHECK(d.cfu.instruction(MNV2_MACC4_RUN_4).cpu_wait_cycles == 12 + 8 - 1);
}

TEST_CASE("8 lanes halve the feed cycles", "[cfu][timing]") {
  Mnv2Config c;
  c.macc_lanes = 8;
  Mnv2Driver d = loaded(6, 8, 1, c);
  d.op(MNV2_MACC4_RUN_4);
  CHECK(d.last.response_cycle - d.last.accept_cycle == 4 * 3 + 8);
}

TEST_CASE("MACC_RUN returns at once; GET_OUTPUT waits only for its word", "[cfu][timing]") {
  Mnv2Driver d = loaded(3, 8, 1);
  d.op(MNV2_MACC_RUN);
  const uint64_t a = d.last.accept_cycle;
  CHECK(d.last.response_cycle == a + 1);
  d.op(MNV2_GET_OUTPUT);  // word 0: feeds a+1 .. a+12, in the FIFO 8 cycles after the last
  CHECK(d.issued == a + 1);
  CHECK(d.last.response_cycle == a + 12 + 8);
  d.op(MNV2_GET_OUTPUT);  // word 1: last feed a+24
  CHECK(d.last.response_cycle == a + 24 + 8);
  CHECK(d.cfu.instruction(MNV2_GET_OUTPUT).cpu_wait_cycles ==
        (a + 20 - (a + 2)) + (a + 32 - (a + 21)));
}

TEST_CASE("the CFU computes in the background while the CPU does other work", "[cfu][timing]") {
  Mnv2Driver d = loaded(3, 8, 1);
  d.op(MNV2_MACC_RUN);
  d.idle(100);  // the CPU loads the next pixel, stores outputs, ...
  d.op(MNV2_GET_OUTPUT);
  CHECK(d.last.response_cycle == d.issued + 1);
  d.op(MNV2_GET_OUTPUT);
  CHECK(d.last.response_cycle == d.issued + 1);
  CHECK(d.cfu.instruction(MNV2_GET_OUTPUT).cpu_wait_cycles == 0);
  CHECK(d.cfu.busy_cycles() == 24);
}

TEST_CASE("STORE_INPUT_VALUE stalls while both input buffers are full", "[cfu][timing]") {
  Mnv2Driver d = loaded(2, 4, 2);
  d.op(MNV2_MACC_RUN);  // reads pixel 0: feeds a+1 .. a+8, buffer free from a+9
  const uint64_t a = d.last.accept_cycle;
  d.op(MNV2_STORE_INPUT_VALUE, 1);
  CHECK(d.issued == a + 1);
  CHECK(d.last.accept_cycle == a + 9);
  CHECK(d.last.response_cycle == a + 10);
  CHECK(d.cfu.input_write_stall_cycles() == 8);
}

TEST_CASE("a MACC_RUN issued during a run waits for the sequencer", "[cfu][timing]") {
  Mnv2Driver d = loaded(2, 4, 2);
  d.op(MNV2_MACC_RUN);
  const uint64_t a = d.last.accept_cycle;
  d.op(MNV2_MACC_RUN);
  CHECK(d.last.accept_cycle == a + 9);
  d.op(MNV2_GET_OUTPUT);
  CHECK(d.last.response_cycle == a + 8 + 8);
  d.op(MNV2_GET_OUTPUT);
  CHECK(d.last.response_cycle == a + 9 + 8 + 8);
}

TEST_CASE("the FIFO gate stops the pipeline and the peak is reported", "[cfu][timing]") {
  Mnv2Config c;
  c.fifo_words = 6;
  c.fifo_gate_words = 4;
  Mnv2Driver d = loaded(1, 40, 1, c);  // 10 words of 4 cycles each
  d.op(MNV2_MACC_RUN);
  d.idle(1000);
  for (int w = 0; w < 10; ++w) d.op(MNV2_GET_OUTPUT);
  // Words 0..3 enter at a+12, +16, +20, +24; at a+24 the gate closes with word 4 fed and
  // word 5 three steps in; word 4 enters at a+28: a peak of 5 words.
  CHECK(d.cfu.fifo_peak(d.cycle) == 5);
  CHECK(d.cfu.gate_stall_cycles() > 900);
  CHECK(d.cfu.busy_cycles() == 40);
}

TEST_CASE("waiting on a run that a full FIFO has stopped is a deadlock error", "[cfu][timing]") {
  Mnv2Config c;
  c.fifo_words = 4;
  c.fifo_gate_words = 2;
  Mnv2Driver d = loaded(1, 16, 2, c);
  d.op(MNV2_MACC_RUN);
  const CfuResult r = d.try_op(MNV2_MACC_RUN);
  CHECK(r.status == CfuResult::Status::kError);
  CHECK(r.error.find("full output FIFO") != std::string::npos);
}
