// Mutates a valid .tflite thousands of times (byte flips, boundary values, truncation, spliced
// ranges) and runs accsim's model check (the firmware interpreter's load + plan, compiled for the
// host) on each: every mutant must be accepted or refused with a message, never crash, read out of
// bounds (the asan preset runs this too) or hang.
//
// usage: model_mutation_fuzz MODEL.tflite MUTANTS SEED
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <vector>

#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/model.h"

namespace {

std::vector<uint8_t> mutate(const std::vector<uint8_t>& valid, std::mt19937& rng) {
  std::vector<uint8_t> bytes = valid;
  const auto position = [&] {
    return std::uniform_int_distribution<size_t>(0, bytes.size() - 1)(rng);
  };
  const int edits = std::uniform_int_distribution<int>(1, 8)(rng);
  static const uint8_t kSpecial[] = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x10, 0x04};
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
      case 0:
        bytes[position()] ^= uint8_t(1u << (rng() % 8));
        break;
      case 1:
        bytes[position()] = kSpecial[rng() % sizeof(kSpecial)];
        break;
      case 2: {  // a whole 32-bit word (offsets, lengths, indices) set to a boundary value
        const size_t at = position() & ~size_t{3};
        const uint32_t values[] = {0u,
                                   1u,
                                   0x7FFFFFFFu,
                                   0x80000000u,
                                   0xFFFFFFFFu,
                                   uint32_t(bytes.size()),
                                   uint32_t(bytes.size() - at)};
        const uint32_t v = values[rng() % 7];
        for (size_t i = 0; i < 4 && at + i < bytes.size(); ++i)
          bytes[at + i] = uint8_t(v >> (8 * i));
        break;
      }
      case 3:
        bytes.resize(position());
        break;    // truncation
      default: {  // copy one range over another (plausible but misplaced structure)
        const size_t from = position(), to = position();
        const size_t length = std::min<size_t>({64, bytes.size() - from, bytes.size() - to});
        std::copy_n(valid.begin() + from, length, bytes.begin() + to);
      }
    }
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s MODEL.tflite MUTANTS SEED\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::vector<uint8_t> valid((std::istreambuf_iterator<char>(in)), {});
  if (valid.empty()) {
    std::fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 2;
  }
  const long mutants = std::atol(argv[2]);
  std::mt19937 rng(static_cast<uint32_t>(std::atol(argv[3])));
  auto model = std::make_unique<TflModel>();
  long accepted = 0, refused = 0;
  double slowest = 0;
  for (long i = 0; i < mutants; ++i) {
    const std::vector<uint8_t> bytes = mutate(valid, rng);
    const auto start = std::chrono::steady_clock::now();
    TflError error;
    TflPlan plan;
    const bool ok =
        tfl_model_load(model.get(), bytes.data(), uint32_t(bytes.size()), &error) == 0 &&
        tfl_plan(model.get(), 16u << 20, &plan, &error) == 0;
    slowest = std::max(
        slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (ok) {
      ++accepted;
    } else if (error.message[0] == 0) {
      std::printf("FAIL mutant %ld: refused without a message\n", i);
      return 1;
    } else {
      ++refused;
    }
  }
  std::printf("%ld mutants: %ld accepted, %ld refused with a message; slowest check %.3f ms\n",
              mutants, accepted, refused, slowest * 1e3);
  if (slowest > 1.0) {
    std::printf("FAIL: a check took over a second (a hang in the making)\n");
    return 1;
  }
  return 0;
}
