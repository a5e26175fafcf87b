// The six stages of the 1x1 convolution (accsim_kernels/conv1x1.h), compiled natively, against
// an independent model of tflite-int8.md, bit-exactly. Stages 3-6 run on the simulator's mnv2
// CFU model through host_cfu_shim, with CFU configurations from mnv2_first's sizes down to
// stores so small that every layer needs several batches and the output FIFO fills up.
#include "accsim_kernels/conv1x1.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "host_cfu_shim.h"
#include "mnv2_layers.h"
#include "tflite_model.h"

namespace {

using accsim::cfu::Mnv2Config;

// One layer's data, in 32-bit words as the CFU stages require (4-byte alignment).
struct Layer {
  int pixels = 1, in_c = 8, out_c = 8;
  int32_t input_offset = 0, output_offset = 0, act_min = -128, act_max = 127;
  std::vector<uint32_t> input, filter, output;
  std::vector<int32_t> bias, multiplier, shift;

  const int8_t* input_bytes() const { return reinterpret_cast<const int8_t*>(input.data()); }
  const int8_t* filter_bytes() const { return reinterpret_cast<const int8_t*>(filter.data()); }
  int8_t* output_bytes() { return reinterpret_cast<int8_t*>(output.data()); }

  Conv1x1Params params() {
    Conv1x1Params p{};
    // Pixels as one row: the kernels only see height * width.
    p.height = 1;
    p.width = pixels;
    p.in_c = in_c;
    p.out_c = out_c;
    p.input_offset = input_offset;
    p.output_offset = output_offset;
    p.act_min = act_min;
    p.act_max = act_max;
    p.output_multiplier = multiplier.data();
    p.output_shift = shift.data();
    p.bias = bias.data();
    p.filter = filter_bytes();
    p.input = input_bytes();
    p.output = output_bytes();
    return p;
  }
};

template <typename T>
T Pick(std::mt19937& rng, std::initializer_list<T> values) {
  std::uniform_int_distribution<size_t> d(0, values.size() - 1);
  return *(values.begin() + d(rng));
}

int32_t Uniform(std::mt19937& rng, int64_t lo, int64_t hi) {
  return static_cast<int32_t>(std::uniform_int_distribution<int64_t>(lo, hi)(rng));
}

// Random data with realistic quantisation most of the time and the edge values of
// tflite-int8.md and of the CFU's setter ranges some of the time.
Layer RandomLayer(std::mt19937& rng, int pixels, int in_c, int out_c) {
  Layer l;
  l.pixels = pixels;
  l.in_c = in_c;
  l.out_c = out_c;
  const bool edges = Uniform(rng, 0, 3) == 0;
  l.input_offset = edges ? Pick<int32_t>(rng, {-256, 255, -128, 128, 0}) : Uniform(rng, -128, 128);
  l.output_offset = edges ? Pick<int32_t>(rng, {-128, 127, 0}) : Uniform(rng, -128, 127);
  if (Uniform(rng, 0, 1)) {
    l.act_min = Uniform(rng, -128, 127);
    l.act_max = Uniform(rng, l.act_min, 127);
  }
  l.input.resize(static_cast<size_t>(pixels) * in_c / 4);
  l.filter.resize(static_cast<size_t>(out_c) * in_c / 4);
  for (auto& w : l.input) w = static_cast<uint32_t>(rng());
  for (auto& w : l.filter) w = static_cast<uint32_t>(rng());
  for (int c = 0; c < out_c; ++c) {
    const bool edge = edges && Uniform(rng, 0, 2) == 0;
    constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
    constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
    l.multiplier.push_back(edge ? Pick<int32_t>(rng, {kMin, kMax, 0, 1, -1, 1 << 30})
                                : Uniform(rng, 1 << 30, kMax));
    l.shift.push_back(edge ? Pick<int32_t>(rng, {-31, 31, 0, 1, -1}) : Uniform(rng, -12, 2));
    l.bias.push_back(edge ? Pick<int32_t>(rng, {-(1 << 24), 1 << 24, 0})
                          : Uniform(rng, -(1 << 20), 1 << 20));
  }
  return l;
}

// Straight from the spec, one output at a time, with an int64 accumulator.
std::vector<int8_t> Model(const Layer& l) {
  std::vector<int8_t> out(static_cast<size_t>(l.pixels) * l.out_c);
  for (int p = 0; p < l.pixels; ++p) {
    for (int oc = 0; oc < l.out_c; ++oc) {
      int64_t acc = 0;
      for (int ic = 0; ic < l.in_c; ++ic) {
        const int in = l.input_bytes()[static_cast<size_t>(p) * l.in_c + ic];
        const int f = l.filter_bytes()[static_cast<size_t>(oc) * l.in_c + ic];
        acc += static_cast<int64_t>(in + l.input_offset) * f;
      }
      acc += l.bias[oc];
      REQUIRE(acc >= std::numeric_limits<int32_t>::min());
      REQUIRE(acc <= std::numeric_limits<int32_t>::max());
      int32_t v = accsim_test::ModelMultiplyByQuantizedMultiplier(static_cast<int32_t>(acc),
                                                                  l.multiplier[oc], l.shift[oc]);
      // The output offset is added modulo 2^32, as the CFU's adder does (the C++ reference's
      // int32 add is undefined there); only the edge multipliers and shifts get that far out.
      v = static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(l.output_offset));
      v = std::min(std::max(v, l.act_min), l.act_max);
      out[static_cast<size_t>(p) * l.out_c + oc] = static_cast<int8_t>(v);
    }
  }
  return out;
}

// CFU configurations: mnv2_first's, one whose tiny stores force batches of 4-12 channels and
// an 8-word output FIFO whose gate closes mid-pixel, and one with 8 MACs per cycle.
std::vector<std::pair<std::string, Mnv2Config>> Configs() {
  Mnv2Config tight;
  tight.filter_bank_words = 16;  // 64 words: batch 4 at in_c 64
  tight.param_entries = 12;
  tight.input_words = 16;
  tight.fifo_words = 8;
  tight.fifo_gate_words = tight.fifo_words - accsim::cfu::mnv2_max_words_in_flight(tight);
  Mnv2Config wide;
  wide.macc_lanes = 8;
  return {{"default", Mnv2Config{}}, {"tight", tight}, {"8 lanes", wide}};
}

// Every shape of the matrix through `stage` on every CFU configuration.
void CheckStageOnMatrix(int stage) {
  for (const auto& [name, config] : Configs()) {
    std::mt19937 rng(1000u * static_cast<unsigned>(stage) + 7u);
    accsim_test::ResetHostCfu(config);
    int shapes = 0;
    for (int in_c = 8; in_c <= 64; in_c += 8) {
      for (int out_c = 8; out_c <= 96; out_c += 8) {
        for (int pixels = 1; pixels <= 5; ++pixels) {
          Layer l = RandomLayer(rng, pixels, in_c, out_c);
          const std::vector<int8_t> expected = Model(l);
          l.output.assign(static_cast<size_t>(pixels) * out_c / 4, 0xA5A5A5A5u);
          const Conv1x1Params p = l.params();
          INFO("config " << name << ", stage " << stage << ", " << pixels << " pixels, in_c "
                         << in_c << ", out_c " << out_c << ", input_offset " << l.input_offset
                         << ", output_offset " << l.output_offset << ", act [" << l.act_min << ", "
                         << l.act_max << "]");
          REQUIRE(conv1x1_run(stage, &p) == 0);
          const std::vector<int8_t> got(l.output_bytes(), l.output_bytes() + expected.size());
          REQUIRE(got == expected);
          ++shapes;
        }
      }
    }
    CHECK(shapes == 8 * 12 * 5);
  }
}

}  // namespace

TEST_CASE("conv1x1 stage 1 (TFLM reference) matches the model") { CheckStageOnMatrix(1); }
TEST_CASE("conv1x1 stage 2 (C specialised) matches the model") { CheckStageOnMatrix(2); }
TEST_CASE("conv1x1 stage 3 (CFU post-processing) matches the model") { CheckStageOnMatrix(3); }
TEST_CASE("conv1x1 stage 4 (MACC4_RUN_1) matches the model") { CheckStageOnMatrix(4); }
TEST_CASE("conv1x1 stage 5 (MACC4_RUN_4) matches the model") { CheckStageOnMatrix(5); }
TEST_CASE("conv1x1 stage 6 (streaming MACC_RUN) matches the model") { CheckStageOnMatrix(6); }

TEST_CASE("conv1x1 batch sizes reproduce seed 001's 66 batches and 24000 pixel loops") {
  // mnv2_first's stores: 2048 filter words, 512 parameter entries.
  int batches = 0, pixel_loops = 0;
  for (const Mnv2Layer& l : mnv2_layers) {
    const int batch = conv1x1_batch_size(l.in_c, l.out_c, 2048, 512);
    REQUIRE(batch > 0);
    REQUIRE(batch % 4 == 0);
    const int layer_batches = (l.out_c + batch - 1) / batch;
    batches += layer_batches;
    pixel_loops += layer_batches * l.height * l.width;
  }
  CHECK(batches == 66);
  CHECK(pixel_loops == 24000);
  CHECK(conv1x1_batch_size(112, 1280, 2048, 512) == 72);  // 8192 / 112 = 73, down to 72
  CHECK(conv1x1_batch_size(336, 56, 2048, 512) == 24);
  CHECK(conv1x1_batch_size(8, 1280, 2048, 512) == 512);  // the parameter stores limit
  CHECK(conv1x1_batch_size(64, 96, 32, 512) == 0);       // not even 4 channels fit
}

TEST_CASE("conv1x1 CFU stages refuse layers the CFU cannot run and leave the output alone") {
  accsim_test::ResetHostCfu();
  std::mt19937 rng(5);
  for (int stage = 3; stage <= CONV1X1_NUM_STAGES; ++stage) {
    INFO("stage " << stage);
    Layer odd_depth = RandomLayer(rng, 2, 12, 8);  // in_c not a multiple of 8
    odd_depth.output.assign(4, 0xA5A5A5A5u);
    Conv1x1Params p = odd_depth.params();
    CHECK(conv1x1_run(stage, &p) == -1);
    CHECK(odd_depth.output == std::vector<uint32_t>(4, 0xA5A5A5A5u));

    Layer too_deep = RandomLayer(rng, 1, 4104, 8);  // 1026 input words > 1024
    too_deep.output.assign(2, 0xA5A5A5A5u);
    p = too_deep.params();
    CHECK(conv1x1_run(stage, &p) == -1);
  }
  Layer l = RandomLayer(rng, 1, 8, 8);
  l.output.assign(2, 0);
  const Conv1x1Params p = l.params();
  CHECK(conv1x1_run(0, &p) == -1);
  CHECK(conv1x1_run(CONV1X1_NUM_STAGES + 1, &p) == -1);
}

TEST_CASE("conv1x1 all stages reproduce the golden checksums of the 34 MobileNetV2 layers") {
  for (int stage = 1; stage <= CONV1X1_NUM_STAGES; ++stage) {
    accsim_test::ResetHostCfu();
    for (int i = 0; i < MNV2_NUM_LAYERS; ++i) {
      INFO("stage " << stage << ", layer " << mnv2_layers[i].number);
      const Conv1x1Params p = mnv2_prepare_layer(i);
      REQUIRE(conv1x1_run(stage, &p) == 0);
      CHECK(mnv2_output_checksum(&p) == mnv2_golden_checksums[i]);
    }
  }
}
