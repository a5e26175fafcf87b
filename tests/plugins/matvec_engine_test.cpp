// The matvec example engine's C++ model (examples/plugins/matvec/matvec_engine.h) on its own:
// its requantisation against accsim's TFLite arithmetic (the mnv2 CFU's post-processor), its
// results and cycles on a memory with a fixed latency, and what it refuses.
#include "matvec_engine.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <map>
#include <random>
#include <vector>

#include "matvec_regs.h"
#include "post_process.h"

namespace {

// Memory behind a bus that answers every word `latency` cycles after it is presented (the
// presenting cycle counts), and errors outside [0, size).
class FixedLatencyMemory : public matvec::DmaPort {
 public:
  FixedLatencyMemory(size_t size, uint64_t latency) : bytes(size, 0), m_latency(latency) {}

  matvec::DmaResult read(uint32_t address, uint64_t cycle) override {
    matvec::DmaResult r{address + 4 <= bytes.size(), 0, cycle + m_latency - 1};
    if (r.ok) std::memcpy(&r.data, &bytes[address], 4);
    ++accesses;
    return r;
  }
  matvec::DmaResult write(uint32_t address, uint32_t data, uint8_t sel, uint64_t cycle) override {
    matvec::DmaResult r{address + 4 <= bytes.size(), 0, cycle + m_latency - 1};
    for (unsigned lane = 0; lane < 4 && r.ok; ++lane) {
      if (sel & (1u << lane)) bytes[address + lane] = static_cast<uint8_t>(data >> (8 * lane));
    }
    ++accesses;
    return r;
  }

  std::vector<uint8_t> bytes;
  uint64_t accesses = 0;

 private:
  uint64_t m_latency;
};

struct Job {
  uint32_t rows, cols;
  int32_t x_offset = 3, y_offset = -5, mult = 1500000000, shift = -7, act_min = -128, act_max = 127;
};

constexpr uint32_t kW = 0x1000, kX = 0x100, kB = 0x400, kY = 0x800;

// Writes a job's registers (one access per cycle from `cycle`) and returns the next cycle.
uint64_t program(matvec::MatvecEngine& engine, const Job& j, uint64_t cycle) {
  const std::map<uint32_t, uint32_t> values = {{MATVEC_W_ADDR, kW},
                                               {MATVEC_X_ADDR, kX},
                                               {MATVEC_B_ADDR, kB},
                                               {MATVEC_Y_ADDR, kY},
                                               {MATVEC_ROWS, j.rows},
                                               {MATVEC_COLS, j.cols},
                                               {MATVEC_X_OFFSET, uint32_t(j.x_offset)},
                                               {MATVEC_Y_OFFSET, uint32_t(j.y_offset)},
                                               {MATVEC_MULT, uint32_t(j.mult)},
                                               {MATVEC_SHIFT, uint32_t(j.shift)},
                                               {MATVEC_ACT_MIN, uint32_t(j.act_min)},
                                               {MATVEC_ACT_MAX, uint32_t(j.act_max)}};
  for (const auto& [offset, value] : values) {
    cycle = engine.access(offset, true, value, 0xF, cycle).last_cycle + 1;
  }
  return cycle;
}

uint32_t read(matvec::MatvecEngine& engine, uint32_t offset, uint64_t cycle) {
  return engine.access(offset, false, 0, 0xF, cycle).data;
}

int8_t reference(const FixedLatencyMemory& m, const Job& j, uint32_t row) {
  int32_t acc;
  std::memcpy(&acc, &m.bytes[kB + 4 * row], 4);
  for (uint32_t c = 0; c < j.cols; ++c) {
    const int32_t w = static_cast<int8_t>(m.bytes[kW + row * j.cols + c]);
    const int32_t x = static_cast<int8_t>(m.bytes[kX + c]);
    acc = static_cast<int32_t>(uint32_t(acc) + uint32_t(w * (x + j.x_offset)));
  }
  return accsim::cfu::post_process(acc, 0, j.mult, j.shift, {j.y_offset, j.act_min, j.act_max});
}

}  // namespace

TEST_CASE("matvec requantises as TFLite does for every int32 accumulator") {
  std::mt19937 random(7);
  std::vector<int32_t> edges = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX};
  for (int i = 0; i < 200000; ++i) {
    const int32_t acc = i < 36 ? edges[i % 6] : static_cast<int32_t>(random());
    const int32_t mult = i < 36 ? edges[i / 6] : static_cast<int32_t>(random());
    const int32_t shift = static_cast<int32_t>(random() % 63) - 31;
    const int32_t offset = static_cast<int32_t>(random() % 256) - 128;
    int32_t lo = static_cast<int32_t>(random() % 256) - 128;
    int32_t hi = static_cast<int32_t>(random() % 256) - 128;
    if (lo > hi) std::swap(lo, hi);
    INFO("acc " << acc << " mult " << mult << " shift " << shift);
    REQUIRE(matvec::MatvecEngine::requantize(acc, mult, shift, offset, lo, hi) ==
            accsim::cfu::post_process(acc, 0, mult, shift, {offset, lo, hi}));
  }
}

TEST_CASE("matvec computes a job's outputs, one bus word at a time, in the cycles it names") {
  for (const uint64_t latency : {1, 3}) {
    for (const auto& [rows, cols] :
         std::vector<std::pair<uint32_t, uint32_t>>{{1, 4}, {3, 12}, {4, 8}, {9, 36}}) {
      FixedLatencyMemory memory(0x4000, latency);
      std::mt19937 random(rows * 100 + cols);
      for (auto& b : memory.bytes) b = static_cast<uint8_t>(random());
      for (uint32_t r = 0; r < rows; ++r) {  // biases of moderate size
        const int32_t bias = static_cast<int32_t>(random() % 80001) - 40000;
        std::memcpy(&memory.bytes[kB + 4 * r], &bias, 4);
      }
      const std::vector<uint8_t> before = memory.bytes;
      matvec::MatvecEngine engine(256, memory);
      const Job job{rows, cols};
      const uint64_t start = program(engine, job, 10);
      engine.access(MATVEC_CTRL, true, MATVEC_START, 0xF, start);
      // x, then per row its bias and weights, then the outputs four at a time; each access
      // `latency` cycles back to back, plus the requantise cycle of each row.
      const uint64_t accesses = cols / 4 + rows * (1 + cols / 4) + (rows + 3) / 4;
      const uint64_t done = start + accesses * latency + rows;
      INFO(rows << "x" << cols << ", latency " << latency);
      CHECK(read(engine, MATVEC_CTRL, done) == MATVEC_BUSY);  // its last answer is in `done`
      CHECK(read(engine, MATVEC_CTRL, done + 1) == MATVEC_DONE);
      CHECK(read(engine, MATVEC_CYCLES, done + 3) == done - start);
      CHECK(memory.accesses == accesses);
      for (uint32_t r = 0; r < rows; ++r) {
        CHECK(static_cast<int8_t>(memory.bytes[kY + r]) == reference(memory, job, r));
      }
      for (uint32_t r = rows; r < (rows + 3) / 4 * 4; ++r) {
        CHECK(memory.bytes[kY + r] == before[kY + r]);  // lanes the last store did not select
      }
      CHECK(engine.counters().macs == uint64_t{rows} * cols);
    }
  }
}

TEST_CASE("matvec answers a bad setting or a DMA bus error with DONE and ERROR") {
  FixedLatencyMemory memory(0x4000, 2);
  matvec::MatvecEngine engine(64, memory);
  const auto refused = [&](Job job, uint32_t offset = 0, uint32_t value = 0) {
    uint64_t cycle = program(engine, job, 1000 * (engine.counters().jobs + 1));
    if (offset != 0) cycle = engine.access(offset, true, value, 0xF, cycle).last_cycle + 1;
    engine.access(MATVEC_CTRL, true, MATVEC_START, 0xF, cycle);
    return read(engine, MATVEC_CTRL, cycle + 100) == (MATVEC_DONE | MATVEC_ERROR);
  };
  CHECK(refused({4, 6}));
  CHECK(refused({4, 68}));  // over max_cols
  CHECK(refused({0, 8}));
  CHECK(refused({4, 8}, MATVEC_W_ADDR, kW + 2));
  CHECK(refused({4, 8}, MATVEC_SHIFT, 32));
  Job inverted{4, 8};
  inverted.act_min = 10;
  inverted.act_max = 9;
  CHECK(refused(inverted));
  CHECK(refused({4, 8}, MATVEC_ACT_MIN, uint32_t(-129)));
  CHECK(memory.accesses == 0);
  CHECK(refused({4, 8}, MATVEC_B_ADDR, 0x10000));  // outside the memory: a bus error
  CHECK(memory.accesses == 8 / 4 + 1);             // x, then the failed bias read
  CHECK(engine.counters().errors == 8);
}

TEST_CASE("matvec keeps a job's settings and ignores a start while busy") {
  FixedLatencyMemory memory(0x4000, 2);
  matvec::MatvecEngine engine(256, memory);
  const uint64_t start = program(engine, {8, 16}, 0);
  engine.access(MATVEC_CTRL, true, MATVEC_START, 0xF, start);
  engine.access(MATVEC_ROWS, true, 1, 0xF, start + 2);
  engine.access(MATVEC_CTRL, true, MATVEC_START, 0xF, start + 4);
  CHECK(read(engine, MATVEC_CTRL, start + 6) == MATVEC_BUSY);
  CHECK(read(engine, MATVEC_ROWS, start + 8) == 1);
  read(engine, MATVEC_CTRL, start + 10000);
  CHECK(engine.counters().jobs == 1);
  CHECK(engine.counters().macs == 8 * 16);
}

TEST_CASE("matvec answers other offsets, and writes to read-only registers, with a bus error") {
  FixedLatencyMemory memory(0x100, 1);
  matvec::MatvecEngine engine(256, memory);
  CHECK(engine.access(MATVEC_ID, false, 0, 0xF, 0).data == MATVEC_ID_VALUE);
  CHECK_FALSE(engine.access(MATVEC_ID, true, 0, 0xF, 2).ok);
  CHECK_FALSE(engine.access(MATVEC_CYCLES, true, 0, 0xF, 4).ok);
  CHECK_FALSE(engine.access(MATVEC_CYCLES + 4, false, 0, 0xF, 6).ok);
  CHECK(engine.access(MATVEC_CTRL, false, 0, 0xF, 8).data == 0);  // before any job
  engine.access(MATVEC_X_OFFSET, true, 0x11223344, 0xF, 10);
  engine.access(MATVEC_X_OFFSET, true, 0xAB00, 0x2, 12);
  CHECK(engine.access(MATVEC_X_OFFSET, false, 0, 0xF, 14).data == 0x1122AB44);
  CHECK(engine.access(MATVEC_X_OFFSET, false, 0, 0xF, 14).last_cycle == 15);
}
