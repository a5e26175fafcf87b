// The CRC-32 engine's plain C++ side: its CRC against a straightforward bitwise CRC-32 on
// seeded random buffers fed in random word/byte mixes, its timing (busy and stall cycles) and
// counters, and the config parse that validates a "devices" entry of kind crc32.
#include "crc32_engine.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "crc32_config.h"
#include "crc32_regs.h"
#include "jsonconfig/config.h"

using namespace accsim::crc32;

namespace {

// The definition, one bit at a time: what the engine's table-driven datapath must equal.
uint32_t reference_crc32(const std::vector<uint8_t>& data) {
  uint32_t crc = 0xFFFFFFFFu;
  for (uint8_t byte : data) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
  }
  return ~crc;
}

uint32_t word_at(const std::vector<uint8_t>& data, size_t i) {
  return uint32_t{data[i]} | uint32_t{data[i + 1]} << 8 | uint32_t{data[i + 2]} << 16 |
         uint32_t{data[i + 3]} << 24;
}

uint32_t result_of(Crc32Engine& engine, uint64_t cycle) {
  uint64_t stall = 0;
  return engine.result(cycle, stall);
}

nlohmann::json entry(nlohmann::json cycles_per_byte) {
  return {{"kind", "crc32"},
          {"name", "crc"},
          {"base", "0xf0020000"},
          {"cycles_per_byte", std::move(cycles_per_byte)}};
}

}  // namespace

TEST_CASE("the engine gives the standard check value and the empty CRC", "[crc32][engine]") {
  Crc32Engine engine(Crc32Timing{});
  CHECK(result_of(engine, 0) == 0u);
  const std::string check = "123456789";
  engine.feed_word(word_at({check.begin(), check.end()}, 0), 0);
  engine.feed_word(word_at({check.begin(), check.end()}, 4), 10);
  engine.feed_byte(static_cast<uint8_t>(check[8]), 20);
  CHECK(result_of(engine, 30) == CRC32_CHECK_VALUE);
  CHECK(engine.bytes_since_restart() == 9u);
}

TEST_CASE("the engine matches a bitwise CRC-32 on random buffers and feed mixes",
          "[crc32][engine]") {
  std::mt19937 rng(2026);
  Crc32Engine engine(Crc32Timing{});
  uint64_t cycle = 0, fed = 0;
  for (int round = 0; round < 200; ++round) {
    std::vector<uint8_t> data(std::uniform_int_distribution<size_t>(0, 700)(rng));
    for (auto& b : data) b = static_cast<uint8_t>(rng());
    engine.restart(cycle);
    size_t i = 0;
    while (i < data.size()) {
      // A word where four bytes remain and the coin says so, else a single byte.
      if (data.size() - i >= 4 && (rng() & 1u)) {
        cycle += engine.feed_word(word_at(data, i), cycle) + 3;
        i += 4;
      } else {
        cycle += engine.feed_byte(data[i], cycle) + 1;
        ++i;
      }
    }
    fed += data.size();
    INFO("round " << round << ", " << data.size() << " bytes");
    CHECK(engine.bytes_since_restart() == data.size());
    CHECK(result_of(engine, cycle) == reference_crc32(data));
  }
  CHECK(engine.counters().bytes == fed);
  CHECK(engine.counters().restarts == 200u);
  CHECK(engine.counters().bytes == engine.counters().words * 4 + engine.counters().byte_feeds);
}

TEST_CASE("a feed keeps the datapath busy and accesses that need it wait", "[crc32][timing]") {
  // Bit-serial: 8 cycles per byte, a word takes 32.
  Crc32Engine engine(Crc32Timing{32});
  CHECK(engine.feed_word(0x12345678u, 100) == 0);
  CHECK(engine.busy(131));
  CHECK_FALSE(engine.busy(132));
  // The next word arrives at 110 and waits 22 cycles; its 32 cycles end at 164.
  CHECK(engine.feed_word(0x9abcdef0u, 110) == 22);
  uint64_t stall = 0;
  engine.result(150, stall);
  CHECK(stall == 14);
  CHECK(engine.restart(200) == 0);
  CHECK(engine.counters().busy_cycles == 64);
  CHECK(engine.counters().stall_cycles == 36);
  CHECK(engine.counters().restarts == 1);
  CHECK(engine.counters().results == 1);
  CHECK(engine.bytes_since_restart() == 0);
}

TEST_CASE("a feed takes whole cycles, at least one", "[crc32][timing]") {
  CHECK(Crc32Timing{1}.cycles(4) == 1);   // 32-bit parallel: a word per cycle
  CHECK(Crc32Timing{1}.cycles(1) == 1);   // a lone byte still takes a cycle
  CHECK(Crc32Timing{4}.cycles(4) == 4);   // byte-parallel
  CHECK(Crc32Timing{2}.cycles(1) == 1);   // half a cycle per byte, rounded up
  CHECK(Crc32Timing{3}.cycles(4) == 3);   // 0.75 cycles per byte
  CHECK(Crc32Timing{32}.cycles(1) == 8);  // bit-serial
}

TEST_CASE("the config parse reads the entry and refuses rates the engine cannot count",
          "[crc32][config]") {
  const Crc32Config ok = crc32_config_from_json(entry(0.25), "devices[0]");
  CHECK(ok.name == "crc");
  CHECK(ok.base == 0xf0020000u);
  CHECK(ok.timing.quarter_cycles_per_byte == 1);
  CHECK(crc32_config_from_json(entry(8), "devices[0]").timing.quarter_cycles_per_byte == 32);
  try {
    crc32_config_from_json(entry(0.3), "devices[2]");
    FAIL("0.3 cycles per byte was accepted");
  } catch (const accsim::config::ValueError& e) {
    CHECK(e.key() == "devices[2].cycles_per_byte");
    CHECK_THAT(e.problem(), Catch::Contains("4 x cycles_per_byte must be whole"));
  }
}
