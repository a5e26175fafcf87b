// The C DepthwiseConv2D kernels (reference and seed 000's chunked order) against an
// independent C++ model of tflite-int8.md, bit-exactly, over seeded random layers.
#include "accsim_kernels/depthwise.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tflite_model.h"

namespace {

const int kChannelCounts[] = {1, 3, 8, 33, 64, 70};
const int kChunkSizes[] = {1, 8, DEPTHWISE_DEFAULT_K, 64};

struct Layer {
  int in_h = 7, in_w = 5, in_c = 8, dm = 1;
  int k_h = 3, k_w = 3, stride_h = 1, stride_w = 1;
  bool same = true;
  int32_t input_offset = 0, output_offset = 0, act_min = -128, act_max = 127;
  bool with_bias = true;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias, multiplier, shift;
  int out_c() const { return in_c * dm; }
};

// TFLite's ComputePaddingHeightWidth for dilation 1, written in its own form (padding from the
// total, clamped at 0, for both SAME and VALID).
void ModelGeometry(const Layer& l, int* out_h, int* out_w, int* pad_top, int* pad_left) {
  auto out_size = [&](int in, int k, int stride) {
    return l.same ? (in + stride - 1) / stride : (in - k + stride) / stride;
  };
  auto pad = [](int in, int k, int stride, int out) {
    const int total = (out - 1) * stride + k - in;
    return total > 0 ? total / 2 : 0;
  };
  *out_h = out_size(l.in_h, l.k_h, l.stride_h);
  *out_w = out_size(l.in_w, l.k_w, l.stride_w);
  *pad_top = pad(l.in_h, l.k_h, l.stride_h, *out_h);
  *pad_left = pad(l.in_w, l.k_w, l.stride_w, *out_w);
}

// One output element at a time, straight from the spec's formula.
std::vector<int8_t> ModelDepthwise(const Layer& l) {
  int out_h, out_w, pad_top, pad_left;
  ModelGeometry(l, &out_h, &out_w, &pad_top, &pad_left);
  const int out_c = l.out_c();
  std::vector<int8_t> out(static_cast<size_t>(out_h) * out_w * out_c);
  for (int y = 0; y < out_h; ++y) {
    for (int x = 0; x < out_w; ++x) {
      for (int oc = 0; oc < out_c; ++oc) {
        const int ic = oc / l.dm;
        int64_t acc = 0;  // int64 so an overflow in the kernels' int32 would show as a mismatch
        for (int ky = 0; ky < l.k_h; ++ky) {
          for (int kx = 0; kx < l.k_w; ++kx) {
            const int iy = y * l.stride_h - pad_top + ky;
            const int ix = x * l.stride_w - pad_left + kx;
            if (iy < 0 || iy >= l.in_h || ix < 0 || ix >= l.in_w) continue;
            const int in = l.input[(static_cast<size_t>(iy) * l.in_w + ix) * l.in_c + ic];
            const int f = l.filter[(static_cast<size_t>(ky) * l.k_w + kx) * out_c + oc];
            acc += static_cast<int64_t>(in + l.input_offset) * f;
          }
        }
        if (l.with_bias) acc += l.bias[oc];
        REQUIRE(acc >= INT32_MIN);
        REQUIRE(acc <= INT32_MAX);
        int32_t v = accsim_test::ModelMultiplyByQuantizedMultiplier(static_cast<int32_t>(acc),
                                                                    l.multiplier[oc], l.shift[oc]);
        v += l.output_offset;
        v = std::min(std::max(v, l.act_min), l.act_max);
        out[(static_cast<size_t>(y) * out_w + x) * out_c + oc] = static_cast<int8_t>(v);
      }
    }
  }
  return out;
}

// Realistic quantized data: symmetric int8 weights, small zero points, per-channel multipliers
// from real scales that map the accumulator spread onto most of the int8 range.
void FillRandom(Layer* l, uint32_t seed) {
  std::mt19937 gen(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); };
  l->input.resize(static_cast<size_t>(l->in_h) * l->in_w * l->in_c);
  l->filter.resize(static_cast<size_t>(l->k_h) * l->k_w * l->out_c());
  for (auto& v : l->input) v = static_cast<int8_t>(uniform(-128, 127));
  for (auto& v : l->filter) v = static_cast<int8_t>(uniform(-127, 127));
  l->input_offset = uniform(-40, 40);
  l->output_offset = uniform(-20, 20);
  l->bias.resize(l->out_c());
  l->multiplier.resize(l->out_c());
  l->shift.resize(l->out_c());
  const double taps_scale = 3.0 / std::sqrt(static_cast<double>(l->k_h * l->k_w));
  for (int oc = 0; oc < l->out_c(); ++oc) {
    l->bias[oc] = uniform(-5000, 5000);
    const double real = std::uniform_real_distribution<double>(2e-3, 6e-3)(gen) * taps_scale;
    accsim_test::ModelQuantizeMultiplier(real, &l->multiplier[oc], &l->shift[oc]);
  }
}

std::string FirstMismatch(const std::vector<int8_t>& expected, const std::vector<int8_t>& got) {
  if (expected.size() != got.size()) return "size differs";
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] != got[i]) {
      std::ostringstream s;
      s << "element " << i << ": expected " << int{expected[i]} << " got " << int{got[i]};
      return s.str();
    }
  }
  return "";
}

DepthwiseParams MakeParams(const Layer& l) {
  DepthwiseParams p{};
  p.in_h = l.in_h;
  p.in_w = l.in_w;
  p.in_c = l.in_c;
  p.depth_multiplier = l.dm;
  p.k_h = l.k_h;
  p.k_w = l.k_w;
  p.stride_h = l.stride_h;
  p.stride_w = l.stride_w;
  p.input_offset = l.input_offset;
  p.output_offset = l.output_offset;
  p.act_min = l.act_min;
  p.act_max = l.act_max;
  p.output_multiplier = l.multiplier.data();
  p.output_shift = l.shift.data();
  depthwise_set_geometry(&p, l.same ? 1 : 0);
  return p;
}

constexpr int8_t kUnwritten = 0x5A;
constexpr int32_t kAccGuard = 0x7E57AB1E;
constexpr size_t kGuard = 16;

// True when the kGuard bytes on each side of the output are still unwritten.
bool GuardsIntact(const std::vector<int8_t>& buffer) {
  for (size_t i = 0; i < kGuard; ++i) {
    if (buffer[i] != kUnwritten || buffer[buffer.size() - 1 - i] != kUnwritten) return false;
  }
  return true;
}

// Runs the C reference kernel and the optimized kernel for every K and requires all of them to
// equal the model; also checks neither writes outside the output or K-entry accumulator block.
// Returns the model output for extra checks.
std::vector<int8_t> CheckLayer(const Layer& l) {
  const std::vector<int8_t> expected = ModelDepthwise(l);
  const DepthwiseParams p = MakeParams(l);
  const int32_t* bias = l.with_bias ? l.bias.data() : nullptr;
  INFO("layer " << l.in_h << "x" << l.in_w << "x" << l.in_c << " dm " << l.dm << " kernel " << l.k_h
                << "x" << l.k_w << " stride " << l.stride_h << "x" << l.stride_w
                << (l.same ? " SAME" : " VALID"));

  std::vector<int8_t> buffer(expected.size() + 2 * kGuard, kUnwritten);
  int8_t* out = buffer.data() + kGuard;
  depthwise_int8_reference(&p, l.input.data(), l.filter.data(), bias, out);
  REQUIRE(FirstMismatch(expected, std::vector<int8_t>(out, out + expected.size())) == "");
  REQUIRE(GuardsIntact(buffer));

  for (int k : kChunkSizes) {
    INFO("K = " << k);
    std::fill(buffer.begin(), buffer.end(), kUnwritten);
    std::vector<int32_t> acc(static_cast<size_t>(k) + kGuard, kAccGuard);
    depthwise_int8_optimized(&p, l.input.data(), l.filter.data(), bias, out, acc.data(), k);
    REQUIRE(FirstMismatch(expected, std::vector<int8_t>(out, out + expected.size())) == "");
    REQUIRE(GuardsIntact(buffer));
    for (size_t i = k; i < acc.size(); ++i) REQUIRE(acc[i] == kAccGuard);
  }
  return expected;
}

// Fraction of outputs strictly inside the activation range: guards against test data that
// saturates everything and so would hide requantization bugs.
double InsideFraction(const std::vector<int8_t>& out, int32_t lo, int32_t hi) {
  size_t inside = 0;
  for (int8_t v : out) inside += (v > lo && v < hi) ? 1 : 0;
  return out.empty() ? 0.0 : static_cast<double>(inside) / static_cast<double>(out.size());
}

// Every channel count from the brief, on an odd-sized input with the given geometry.
void SweepChannels(int in_h, int in_w, int stride, bool same, int dm, uint32_t seed) {
  for (int c : kChannelCounts) {
    Layer l;
    l.in_h = in_h;
    l.in_w = in_w;
    l.in_c = c;
    l.dm = dm;
    l.stride_h = l.stride_w = stride;
    l.same = same;
    FillRandom(&l, seed + static_cast<uint32_t>(c));
    const std::vector<int8_t> out = CheckLayer(l);
    CHECK(InsideFraction(out, l.act_min, l.act_max) > 0.5);
  }
}

}  // namespace

namespace {

// Checks depthwise_set_geometry against the model for every input size, kernel and stride in
// the given ranges (width = height + width_extra, so the two dimensions differ).
void CheckGeometry(bool same, int in_min, int k_max, int width_extra) {
  for (int in = in_min; in <= 12; ++in) {
    for (int k = 1; k <= k_max; ++k) {
      for (int stride = 1; stride <= 3; ++stride) {
        Layer l;
        l.in_h = in;
        l.in_w = in + width_extra;
        l.k_h = k;
        l.k_w = k;
        l.stride_h = stride;
        l.stride_w = stride;
        l.same = same;
        int out_h, out_w, pad_top, pad_left;
        ModelGeometry(l, &out_h, &out_w, &pad_top, &pad_left);
        const DepthwiseParams p = MakeParams(l);
        INFO("in " << in << " k " << k << " stride " << stride);
        CHECK(p.out_h == out_h);
        CHECK(p.out_w == out_w);
        CHECK(p.pad_top == (same ? pad_top : 0));
        CHECK(p.pad_left == (same ? pad_left : 0));
      }
    }
  }
}

}  // namespace

TEST_CASE("depthwise geometry SAME matches TFLite padding") { CheckGeometry(true, 1, 5, 1); }

TEST_CASE("depthwise geometry VALID matches TFLite") { CheckGeometry(false, 3, 3, 2); }

TEST_CASE("depthwise geometry of the person detection layers") {
  // 48x48 stride 2 SAME: TFLite pads 0 on top/left and 1 on bottom/right.
  Layer l;
  l.in_h = l.in_w = 48;
  l.stride_h = l.stride_w = 2;
  const DepthwiseParams p = MakeParams(l);
  CHECK(p.out_h == 24);
  CHECK(p.out_w == 24);
  CHECK(p.pad_top == 0);
  CHECK(p.pad_left == 0);
  l.stride_h = l.stride_w = 1;
  const DepthwiseParams q = MakeParams(l);
  CHECK(q.out_h == 48);
  CHECK(q.pad_top == 1);
  CHECK(q.pad_left == 1);
}

TEST_CASE("depthwise stride 1 SAME depth multiplier 1") { SweepChannels(7, 5, 1, true, 1, 100); }
TEST_CASE("depthwise stride 2 SAME depth multiplier 1") { SweepChannels(9, 7, 2, true, 1, 200); }
TEST_CASE("depthwise stride 1 VALID depth multiplier 1") { SweepChannels(7, 5, 1, false, 1, 300); }
TEST_CASE("depthwise stride 2 VALID depth multiplier 1") { SweepChannels(9, 7, 2, false, 1, 400); }
TEST_CASE("depthwise stride 1 SAME depth multiplier 2") { SweepChannels(5, 7, 1, true, 2, 500); }
TEST_CASE("depthwise stride 2 SAME depth multiplier 2") { SweepChannels(7, 9, 2, true, 2, 600); }
TEST_CASE("depthwise stride 1 VALID depth multiplier 2") { SweepChannels(5, 7, 1, false, 2, 700); }
TEST_CASE("depthwise stride 2 VALID depth multiplier 2") { SweepChannels(7, 9, 2, false, 2, 800); }
TEST_CASE("depthwise even input stride 2 SAME pads bottom right only") {
  SweepChannels(8, 6, 2, true, 1, 850);
}

TEST_CASE("depthwise depth multiplier 3") {
  Layer l;
  l.in_h = 5;
  l.in_w = 5;
  l.in_c = 11;
  l.dm = 3;
  FillRandom(&l, 900);
  CheckLayer(l);
}

TEST_CASE("depthwise unequal strides") {
  for (int sh : {1, 2, 3}) {
    for (int sw : {1, 2, 3}) {
      Layer l;
      l.in_h = 9;
      l.in_w = 11;
      l.in_c = 33;
      l.stride_h = sh;
      l.stride_w = sw;
      FillRandom(&l, 1000 + static_cast<uint32_t>(sh * 10 + sw));
      CheckLayer(l);
    }
  }
}

TEST_CASE("depthwise non-square kernels") {
  const int kernels[][2] = {{1, 1}, {1, 3}, {3, 1}, {5, 5}, {2, 4}, {5, 3}};
  for (const auto& k : kernels) {
    for (bool same : {true, false}) {
      Layer l;
      l.in_h = 7;
      l.in_w = 9;
      l.in_c = 33;
      l.k_h = k[0];
      l.k_w = k[1];
      l.same = same;
      l.stride_h = l.stride_w = 2;
      FillRandom(&l, 1100 + static_cast<uint32_t>(k[0] * 10 + k[1]));
      CheckLayer(l);
    }
  }
}

TEST_CASE("depthwise input smaller than the kernel") {
  for (int in = 1; in <= 2; ++in) {
    for (int stride : {1, 2}) {
      Layer l;
      l.in_h = in;
      l.in_w = in;
      l.in_c = 70;
      l.stride_h = l.stride_w = stride;
      FillRandom(&l, 1200 + static_cast<uint32_t>(in * 10 + stride));
      CheckLayer(l);
    }
  }
}

TEST_CASE("depthwise one by one spatial with many channels") {
  Layer l;
  l.in_h = 1;
  l.in_w = 1;
  l.in_c = 129;
  l.k_h = l.k_w = 1;
  FillRandom(&l, 1300);
  CheckLayer(l);
}

TEST_CASE("depthwise narrow activation range") {
  const int32_t ranges[][2] = {{-20, 40}, {-128, 0}, {0, 127}, {-5, -5}, {-128, -127}};
  for (const auto& r : ranges) {
    Layer l;
    l.in_h = 7;
    l.in_w = 9;
    l.in_c = 33;
    l.act_min = r[0];
    l.act_max = r[1];
    FillRandom(&l, 1400 + static_cast<uint32_t>(r[0] + 200));
    const std::vector<int8_t> out = CheckLayer(l);
    for (int8_t v : out) {
      REQUIRE(v >= r[0]);
      REQUIRE(v <= r[1]);
    }
  }
}

TEST_CASE("depthwise relu6-like range hits both bounds") {
  Layer l;
  l.in_h = 9;
  l.in_w = 9;
  l.in_c = 64;
  FillRandom(&l, 1500);
  l.act_min = l.output_offset;  // real 0
  l.act_max = l.output_offset + 50;
  const std::vector<int8_t> out = CheckLayer(l);
  bool hit_min = false, hit_max = false;
  for (int8_t v : out) {
    hit_min = hit_min || v == l.act_min;
    hit_max = hit_max || v == l.act_max;
  }
  CHECK(hit_min);
  CHECK(hit_max);
}

TEST_CASE("depthwise every output shift from -31 to +4 on small data") {
  // Small inputs and weights keep |acc| low enough that even shift +4 leaves some outputs
  // unclamped; channel oc gets shift -31 + oc % 36, so 70 channels cover every shift twice.
  Layer l;
  l.in_h = 7;
  l.in_w = 5;
  l.in_c = 70;
  FillRandom(&l, 1600);
  std::mt19937 gen(1601);
  std::uniform_int_distribution<int> tiny(-2, 2);
  std::uniform_int_distribution<int32_t> q31(int32_t{1} << 30, INT32_MAX);
  for (auto& v : l.input) v = static_cast<int8_t>(tiny(gen));
  for (auto& v : l.filter) v = static_cast<int8_t>(tiny(gen));
  l.input_offset = 1;
  for (int oc = 0; oc < l.out_c(); ++oc) {
    l.shift[oc] = -31 + oc % 36;
    l.multiplier[oc] = q31(gen);
    l.bias[oc] = std::uniform_int_distribution<int>(-3, 3)(gen);
  }
  CheckLayer(l);
}

TEST_CASE("depthwise every output shift from -31 to +4 on realistic data") {
  Layer l;
  l.in_h = 5;
  l.in_w = 7;
  l.in_c = 72;
  l.dm = 1;
  FillRandom(&l, 1700);
  for (int oc = 0; oc < l.out_c(); ++oc) l.shift[oc] = -31 + oc % 36;
  CheckLayer(l);
}

TEST_CASE("depthwise left shift of a large accumulator wraps like TFLite") {
  // Bias up to 2^28 with shift +4 overflows the int32 x * 2^left; both sides must wrap alike.
  Layer l;
  l.in_h = 5;
  l.in_w = 5;
  l.in_c = 33;
  FillRandom(&l, 1800);
  std::mt19937 gen(1801);
  std::uniform_int_distribution<int32_t> big(-(1 << 28), 1 << 28);
  for (int oc = 0; oc < l.out_c(); ++oc) {
    l.bias[oc] = big(gen);
    l.shift[oc] = 1 + oc % 4;
  }
  CheckLayer(l);
}

TEST_CASE("depthwise without bias") {
  Layer l;
  l.in_h = 7;
  l.in_w = 7;
  l.in_c = 33;
  l.dm = 2;
  FillRandom(&l, 1900);
  l.with_bias = false;
  CheckLayer(l);
}

TEST_CASE("depthwise extreme zero points and values") {
  for (int32_t offset : {-127, 128}) {
    for (int8_t in_value : {int8_t{-128}, int8_t{127}}) {
      for (int8_t f_value : {int8_t{-128}, int8_t{127}}) {
        Layer l;
        l.in_h = 5;
        l.in_w = 5;
        l.in_c = 33;
        FillRandom(&l, 2000);
        l.input_offset = offset;
        std::fill(l.input.begin(), l.input.end(), in_value);
        std::fill(l.filter.begin(), l.filter.end(), f_value);
        CheckLayer(l);
      }
    }
  }
}

TEST_CASE("depthwise random extreme zero points") {
  Layer l;
  l.in_h = 9;
  l.in_w = 7;
  l.in_c = 70;
  l.dm = 2;
  FillRandom(&l, 2100);
  l.input_offset = 128;  // input zero point -128, as in many TFLite models
  l.output_offset = -128;
  CheckLayer(l);
}

TEST_CASE("depthwise person detection shapes") {
  // A few real layer shapes (workloads.md) to exercise the sizes the firmware runs.
  const int shapes[][4] = {{6, 6, 128, 1}, {6, 6, 128, 2}, {3, 3, 256, 1}, {12, 12, 64, 2}};
  for (const auto& s : shapes) {
    Layer l;
    l.in_h = s[0];
    l.in_w = s[1];
    l.in_c = s[2];
    l.stride_h = l.stride_w = s[3];
    FillRandom(&l, 2200 + static_cast<uint32_t>(s[2] + s[3]));
    const std::vector<int8_t> out = CheckLayer(l);
    CHECK(InsideFraction(out, l.act_min, l.act_max) > 0.5);
  }
}

TEST_CASE("depthwise optimized with K equal to and above the channel count") {
  Layer l;
  l.in_h = 5;
  l.in_w = 5;
  l.in_c = 33;
  FillRandom(&l, 2300);
  const std::vector<int8_t> expected = ModelDepthwise(l);
  const DepthwiseParams p = MakeParams(l);
  for (int k : {2, 3, 31, 33, 34, 1000}) {
    INFO("K = " << k);
    std::vector<int32_t> acc(static_cast<size_t>(k));
    std::vector<int8_t> out(expected.size());
    depthwise_int8_optimized(&p, l.input.data(), l.filter.data(), l.bias.data(), out.data(),
                             acc.data(), k);
    REQUIRE(FirstMismatch(expected, out) == "");
  }
}
