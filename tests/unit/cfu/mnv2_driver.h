// Drives the mnv2 CFU model the way the CPU does: each command issues at the cycle the previous
// one let the CPU go on (max(accept + 1, response)), plus any idle cycles a test inserts; and
// builds random layers with their expected outputs from the independent TFLite model.
#pragma once

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "accsim/hw/cfu_isa.h"
#include "accsim/hw/mnv2_cfu_isa.h"
#include "mnv2_cfu.h"
#include "tflite_model.h"

namespace accsim_test {

using accsim::cfu::Mnv2Cfu;
using accsim::cfu::Mnv2Config;
using CfuResult = accsim::cpu::CfuIf::Result;

struct Mnv2Driver {
  explicit Mnv2Driver(const Mnv2Config& config = {}) : cfu(config) {}

  // Issues a command; returns its result (any status) without failing the test.
  CfuResult try_op(unsigned funct7, uint32_t in0 = 0, unsigned funct3 = 0) {
    issued = cycle;
    last = cfu.execute(static_cast<uint16_t>(CFU_FUNCTION_ID(funct3, funct7)), in0, 0, cycle);
    if (last.status == CfuResult::Status::kOk) {
      cycle = std::max(last.accept_cycle + 1, last.response_cycle);
    }
    return last;
  }
  // Issues a command that must succeed; returns rd.
  uint32_t op(unsigned funct7, uint32_t in0 = 0, unsigned funct3 = 0) {
    const CfuResult r = try_op(funct7, in0, funct3);
    INFO("funct7 " << funct7 << " at cycle " << issued << ": " << r.error);
    REQUIRE(r.status == CfuResult::Status::kOk);
    return r.value;
  }
  void idle(uint64_t cycles) { cycle += cycles; }

  Mnv2Cfu cfu;
  uint64_t cycle = 100;  // the CPU's cycle: the next command issues here
  uint64_t issued = 0;   // issue cycle of the last command
  CfuResult last;
};

// One 1x1-conv batch: in_words input words per pixel, `channels` output channels.
struct Layer {
  uint32_t in_words = 0;
  uint32_t channels = 0;
  int32_t input_offset = 0;
  int32_t output_offset = 0;
  int32_t act_min = -128;
  int32_t act_max = 127;
  std::vector<uint32_t> filter;  // channels x in_words
  std::vector<int32_t> multiplier, shift, bias;

  static Layer random(std::mt19937& rng, uint32_t in_words, uint32_t channels) {
    Layer l;
    l.in_words = in_words;
    l.channels = channels;
    l.input_offset = std::uniform_int_distribution<int32_t>(-128, 127)(rng);
    l.output_offset = std::uniform_int_distribution<int32_t>(-128, 127)(rng);
    for (uint32_t i = 0; i < channels * in_words; ++i) l.filter.push_back(rng());
    for (uint32_t c = 0; c < channels; ++c) {
      l.multiplier.push_back(std::uniform_int_distribution<int32_t>(1 << 30, 0x7FFFFFFF)(rng));
      l.shift.push_back(std::uniform_int_distribution<int32_t>(-11, 1)(rng));
      l.bias.push_back(std::uniform_int_distribution<int32_t>(-5000, 5000)(rng));
    }
    return l;
  }

  int32_t acc(const std::vector<uint32_t>& pixel, uint32_t c) const {
    int64_t sum = 0;
    for (uint32_t w = 0; w < in_words; ++w) {
      for (int b = 0; b < 4; ++b) {
        sum += (static_cast<int8_t>(pixel[w] >> (8 * b)) + input_offset) *
               static_cast<int8_t>(filter[c * in_words + w] >> (8 * b));
      }
    }
    return static_cast<int32_t>(sum);
  }
  int8_t output(const std::vector<uint32_t>& pixel, uint32_t c) const {
    int64_t v =
        ModelMultiplyByQuantizedMultiplier(acc(pixel, c) + bias[c], multiplier[c], shift[c]);
    v = std::clamp<int64_t>(v + output_offset, act_min, act_max);
    return static_cast<int8_t>(v);
  }
  uint32_t word(const std::vector<uint32_t>& pixel, uint32_t first) const {
    uint32_t w = 0;
    for (uint32_t i = 0; i < 4; ++i) w |= uint32_t{uint8_t(output(pixel, first + i))} << (8 * i);
    return w;
  }

  // The per-batch setup the firmware does: scalars, parameters, filters.
  void load(Mnv2Driver& d) const {
    d.op(MNV2_SET_INPUT_DEPTH_WORDS, in_words);
    d.op(MNV2_SET_OUTPUT_DEPTH, channels);
    d.op(MNV2_SET_INPUT_OFFSET, static_cast<uint32_t>(input_offset));
    d.op(MNV2_SET_OUTPUT_OFFSET, static_cast<uint32_t>(output_offset));
    d.op(MNV2_SET_ACTIVATION_MIN, static_cast<uint32_t>(act_min));
    d.op(MNV2_SET_ACTIVATION_MAX, static_cast<uint32_t>(act_max));
    d.op(MNV2_SET_OUTPUT_BATCH_SIZE, channels);
    for (uint32_t c = 0; c < channels; ++c) {
      d.op(MNV2_STORE_OUTPUT_MULTIPLIER, static_cast<uint32_t>(multiplier[c]));
      d.op(MNV2_STORE_OUTPUT_SHIFT, static_cast<uint32_t>(shift[c]));
      d.op(MNV2_STORE_OUTPUT_BIAS, static_cast<uint32_t>(bias[c]));
    }
    for (uint32_t w : filter) d.op(MNV2_STORE_FILTER_VALUE, w);
  }
  std::vector<uint32_t> random_pixel(std::mt19937& rng) const {
    std::vector<uint32_t> p(in_words);
    for (auto& w : p) w = rng();
    return p;
  }
  static void store_pixel(Mnv2Driver& d, const std::vector<uint32_t>& pixel) {
    for (uint32_t w : pixel) d.op(MNV2_STORE_INPUT_VALUE, w);
  }
};

}  // namespace accsim_test
