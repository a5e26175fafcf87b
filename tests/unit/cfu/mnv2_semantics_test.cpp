// What each mnv2 instruction computes, and how misuse is reported (never wrapped silently).
#include <catch2/catch.hpp>

#include "mnv2_driver.h"

using namespace accsim_test;
using Status = CfuResult::Status;

TEST_CASE("MACC_RUN streams every channel of the batch, packed 4 per word", "[cfu][mnv2]") {
  std::mt19937 rng(1);
  for (uint32_t in_words : {1u, 2u, 7u, 24u}) {
    for (uint32_t channels : {4u, 8u, 36u}) {
      Mnv2Driver d;
      const Layer l = Layer::random(rng, in_words, channels);
      l.load(d);
      for (int pixel = 0; pixel < 3; ++pixel) {
        const auto p = l.random_pixel(rng);
        Layer::store_pixel(d, p);
        d.op(MNV2_MACC_RUN);
        for (uint32_t w = 0; w < channels / 4; ++w) {
          INFO("in_words " << in_words << " channels " << channels << " word " << w);
          CHECK(d.op(MNV2_GET_OUTPUT) == l.word(p, 4 * w));
        }
      }
      CHECK(d.cfu.macs() == 3ull * channels * in_words * 4);
    }
  }
}

TEST_CASE("MACC4_RUN_1, POST_PROCESS and MACC4_RUN_4 walk the batch circularly", "[cfu][mnv2]") {
  std::mt19937 rng(2);
  Mnv2Driver d;
  const Layer l = Layer::random(rng, 5, 8);
  l.load(d);
  const auto p = l.random_pixel(rng);
  Layer::store_pixel(d, p);
  for (int round = 0; round < 2; ++round) {  // the second round wraps both read pointers
    for (uint32_t c = 0; c < 8; ++c) {
      const int32_t acc = static_cast<int32_t>(d.op(MNV2_MACC4_RUN_1, 0, MNV2_RAW));
      CHECK(acc == l.acc(p, c));
      CHECK(static_cast<int32_t>(d.op(MNV2_POST_PROCESS, static_cast<uint32_t>(acc))) ==
            l.output(p, c));
    }
  }
  for (uint32_t c = 0; c < 8; ++c) {
    CHECK(static_cast<int32_t>(d.op(MNV2_MACC4_RUN_1, 0, MNV2_POST_PROCESSED)) == l.output(p, c));
  }
  CHECK(d.op(MNV2_MACC4_RUN_4) == l.word(p, 0));
  CHECK(d.op(MNV2_MACC4_RUN_4) == l.word(p, 4));
  d.op(MNV2_MARK_INPUT_READ_FINISHED);
  CHECK(d.try_op(MNV2_MACC4_RUN_4).status == Status::kError);
  CHECK(d.last.error.find("no complete pixel") != std::string::npos);
}

TEST_CASE("GET_CONFIG reports the configured sizes", "[cfu][mnv2]") {
  Mnv2Config c;
  c.filter_bank_words = 1024;
  c.macc_lanes = 8;
  Mnv2Driver d(c);
  CHECK(d.op(MNV2_GET_CONFIG, MNV2_CONFIG_FILTER_WORDS) == 4096);
  CHECK(d.op(MNV2_GET_CONFIG, MNV2_CONFIG_PARAM_ENTRIES) == 512);
  CHECK(d.op(MNV2_GET_CONFIG, MNV2_CONFIG_INPUT_WORDS) == 1024);
  CHECK(d.op(MNV2_GET_CONFIG, MNV2_CONFIG_MACC_LANES) == 8);
  CHECK(d.op(MNV2_GET_CONFIG, MNV2_CONFIG_FIFO_WORDS) == 512);
  CHECK(d.try_op(MNV2_GET_CONFIG, MNV2_CONFIG_ITEMS).status == Status::kError);
}

TEST_CASE("8 lanes give the same outputs as 4", "[cfu][mnv2]") {
  std::mt19937 rng(3);
  const Layer l = Layer::random(rng, 7, 12);  // odd depth: the last step is half full
  const auto p = l.random_pixel(rng);
  Mnv2Config wide;
  wide.macc_lanes = 8;
  for (const Mnv2Config& c : {Mnv2Config{}, wide}) {
    Mnv2Driver d(c);
    l.load(d);
    Layer::store_pixel(d, p);
    d.op(MNV2_MACC_RUN);
    for (uint32_t w = 0; w < 3; ++w) CHECK(d.op(MNV2_GET_OUTPUT) == l.word(p, 4 * w));
  }
}

TEST_CASE("unknown function ids are illegal instructions", "[cfu][mnv2]") {
  Mnv2Driver d;
  CHECK(d.try_op(0).status == Status::kIllegalInstruction);
  CHECK(d.try_op(127).status == Status::kIllegalInstruction);
  CHECK(d.try_op(MNV2_MACC_RUN, 0, 1).status == Status::kIllegalInstruction);  // funct3 != 0
  CHECK(d.try_op(MNV2_MACC4_RUN_1, 0, 2).status == Status::kIllegalInstruction);
}

namespace {
void expect_error(Mnv2Driver& d, unsigned funct7, uint32_t value, const std::string& text) {
  const CfuResult r = d.try_op(funct7, value);
  INFO("error: " << r.error);
  CHECK(r.status == Status::kError);
  CHECK(r.error.find(text) != std::string::npos);
}
}  // namespace

TEST_CASE("out-of-range values are errors, not wrapped", "[cfu][mnv2][errors]") {
  Mnv2Driver d;
  expect_error(d, MNV2_SET_INPUT_DEPTH_WORDS, 0, "SET_INPUT_DEPTH_WORDS: input depth 0 words");
  expect_error(d, MNV2_SET_INPUT_DEPTH_WORDS, 1025, "cfu.input_store_words");
  expect_error(d, MNV2_SET_INPUT_OFFSET, 256, "9-bit");
  expect_error(d, MNV2_SET_INPUT_OFFSET, static_cast<uint32_t>(-257), "9-bit");
  d.op(MNV2_SET_INPUT_OFFSET, static_cast<uint32_t>(-256));
  expect_error(d, MNV2_SET_OUTPUT_OFFSET, 128, "output offset 128");
  expect_error(d, MNV2_SET_ACTIVATION_MIN, static_cast<uint32_t>(-129), "activation min");
  expect_error(d, MNV2_SET_ACTIVATION_MAX, 300, "activation max");
  expect_error(d, MNV2_SET_OUTPUT_BATCH_SIZE, 513, "cfu.param_store_entries");
  expect_error(d, MNV2_STORE_OUTPUT_SHIFT, 1, "no batch size set");
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 4);
  expect_error(d, MNV2_STORE_OUTPUT_SHIFT, 32, "shift 32");
}

TEST_CASE("store overflows and underflows are errors", "[cfu][mnv2][errors]") {
  Mnv2Driver d;
  expect_error(d, MNV2_STORE_INPUT_VALUE, 0, "no input depth set");
  d.op(MNV2_SET_INPUT_DEPTH_WORDS, 1);
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 4);
  for (int i = 0; i < 4; ++i) d.op(MNV2_STORE_OUTPUT_BIAS, 0);
  expect_error(d, MNV2_STORE_OUTPUT_BIAS, 0, "overflow");
  // Filter store: 2048 words by default.
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 512);
  for (int i = 0; i < 2048; ++i) d.op(MNV2_STORE_FILTER_VALUE, i);
  expect_error(d, MNV2_STORE_FILTER_VALUE, 0, "filter store is full");
  // Input store: two complete pixels, then nobody reads one.
  d.op(MNV2_STORE_INPUT_VALUE, 1);
  d.op(MNV2_STORE_INPUT_VALUE, 2);
  expect_error(d, MNV2_STORE_INPUT_VALUE, 3, "both input buffers");
  d.op(MNV2_MARK_INPUT_READ_FINISHED);
  d.op(MNV2_MARK_INPUT_READ_FINISHED);
  expect_error(d, MNV2_MARK_INPUT_READ_FINISHED, 0, "no complete pixel to release");
  expect_error(d, MNV2_GET_OUTPUT, 0, "underflow");
}

TEST_CASE("compute instructions check the stores first", "[cfu][mnv2][errors]") {
  std::mt19937 rng(4);
  Mnv2Driver d;
  expect_error(d, MNV2_MACC_RUN, 0, "no input depth set");
  d.op(MNV2_SET_INPUT_DEPTH_WORDS, 2);
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 4);
  d.op(MNV2_STORE_FILTER_VALUE, 1);
  expect_error(d, MNV2_MACC_RUN, 0, "filter store holds 1 words but a batch of 4 channels x 2");
  for (int i = 0; i < 7; ++i) d.op(MNV2_STORE_FILTER_VALUE, 1);
  expect_error(d, MNV2_MACC_RUN, 0, "only 0 of the batch's 4 output multipliers");
  for (int i = 0; i < 4; ++i) {
    d.op(MNV2_STORE_OUTPUT_MULTIPLIER, 1 << 30);
    d.op(MNV2_STORE_OUTPUT_SHIFT, 0);
    d.op(MNV2_STORE_OUTPUT_BIAS, 0);
  }
  d.op(MNV2_STORE_INPUT_VALUE, 5);
  expect_error(d, MNV2_MACC_RUN, 0, "no complete pixel (1 of 2 words");
  d.op(MNV2_STORE_INPUT_VALUE, 6);
  d.op(MNV2_MACC_RUN);
  // While the run computes, its inputs and parameters must not change.
  expect_error(d, MNV2_SET_OUTPUT_OFFSET, 0, "MACC_RUN is still");
  expect_error(d, MNV2_STORE_FILTER_VALUE, 0, "MACC_RUN is still");
  expect_error(d, MNV2_MARK_INPUT_READ_FINISHED, 0, "releases the pixel itself");
  d.op(MNV2_GET_OUTPUT);
  d.op(MNV2_SET_OUTPUT_OFFSET, 0);  // fine once the last output has left the pipeline
  // A batch that is not a multiple of 4 cannot be packed.
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 3);
  for (int i = 0; i < 6; ++i) d.op(MNV2_STORE_FILTER_VALUE, 1);
  for (int i = 0; i < 3; ++i) {
    d.op(MNV2_STORE_OUTPUT_MULTIPLIER, 1 << 30);
    d.op(MNV2_STORE_OUTPUT_SHIFT, 0);
    d.op(MNV2_STORE_OUTPUT_BIAS, 0);
  }
  expect_error(d, MNV2_MACC_RUN, 0, "not a multiple of 4");
}

TEST_CASE("a batch larger than the filter store is named with its config keys",
          "[cfu][mnv2][errors]") {
  Mnv2Config small;
  small.filter_bank_words = 4;  // 16 words
  Mnv2Driver d(small);
  d.op(MNV2_SET_INPUT_DEPTH_WORDS, 8);
  d.op(MNV2_SET_OUTPUT_BATCH_SIZE, 4);
  for (int i = 0; i < 16; ++i) d.op(MNV2_STORE_FILTER_VALUE, 0);
  expect_error(d, MNV2_MACC4_RUN_1, 0, "cfu.filter_banks x cfu.filter_bank_words");
}
