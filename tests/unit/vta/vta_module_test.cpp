// The VTA sc_module on a real bus: programs fetched from DRAM by DMA run through the four
// concurrent modules with dependency tokens; double buffering overlaps load and compute;
// broken programs are diagnosed (deadlock, missing FINISH, launch while busy, bad opcode).
// Each TEST_CASE elaborates a platform, so ctest runs each in its own process.
#include "vta_module.h"

#include <tlm_utils/simple_initiator_socket.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <vector>

#include "accsim/hw/vta_regs.h"
#include "platform_fixture.h"
#include "stats.h"

using namespace accsim;
using namespace accsim::vta;

namespace {

constexpr uint64_t kVtaBase = VTA_DEFAULT_BASE;
constexpr uint64_t kDram = 0x40000000;
constexpr uint64_t kInsnAddr = kDram + 0x0000;
constexpr uint64_t kUopAddr = kDram + 0x8000;
constexpr uint64_t kInpAddr = kDram + 0x10000;
constexpr uint64_t kWgtAddr = kDram + 0x20000;
constexpr uint64_t kOutAddr = kDram + 0x40000;

struct Probe : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Probe> socket;
  explicit Probe(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
  tlm::tlm_response_status access(bool write, uint64_t addr, uint32_t& value) {
    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
    trans.set_data_length(4);
    trans.set_streaming_width(4);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans, delay);
    return trans.get_response_status();
  }
  void write(uint64_t offset, uint32_t value) {
    REQUIRE(access(true, kVtaBase + offset, value) == tlm::TLM_OK_RESPONSE);
  }
  uint32_t read(uint64_t offset) {
    uint32_t v = 0;
    REQUIRE(access(false, kVtaBase + offset, v) == tlm::TLM_OK_RESPONSE);
    return v;
  }
};

// A platform with 1 MiB of DRAM (latency 20, 32-bit bus) and a VTA of the default shape.
struct Rig {
  RunStatus status;
  Platform platform;
  VtaConfig config;
  VtaModule vta;
  Probe probe;
  vta_layout_t layout;

  explicit Rig(VtaConfig c = VtaConfig{})
      : platform(test::effective_config(test::two_memory_config()), status),
        config(c),
        vta("vta", config, platform.clock(), status, 0),
        probe("probe") {
    platform.connect_target(vta.control_side, "vta", kVtaBase, VTA_REG_BLOCK_SIZE);
    platform.connect_initiator(vta.dma_side, "vta.dma");
    platform.connect_initiator(probe.socket, "probe");
    layout = config.shape.layout();
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }

  void put(uint64_t address, const void* data, size_t bytes) {
    REQUIRE(platform.write_debug(address, static_cast<const uint8_t*>(data), bytes));
  }
  void get(uint64_t address, void* data, size_t bytes) {
    REQUIRE(platform.read_debug(address, static_cast<uint8_t*>(data), bytes));
  }

  // Loads the program, launches it and runs until done (true) or the run failed (false).
  bool run(const std::vector<vta_insn_t>& program, uint64_t limit_us = 10000) {
    std::vector<uint8_t> bytes(program.size() * 16);
    for (size_t i = 0; i < program.size(); ++i) {
      std::memcpy(&bytes[i * 16], &program[i].lo, 8);
      std::memcpy(&bytes[i * 16 + 8], &program[i].hi, 8);
    }
    put(kInsnAddr, bytes.data(), bytes.size());
    probe.write(VTA_REG_INSN_COUNT, static_cast<uint32_t>(program.size()));
    probe.write(VTA_REG_INSN_ADDR, static_cast<uint32_t>(kInsnAddr));
    probe.write(VTA_REG_CONTROL, VTA_CONTROL_START);
    for (uint64_t t = 0; t < limit_us && status.running(); ++t) {
      sc_core::sc_start(1, sc_core::SC_US);
      if (!status.running()) break;
      if (probe.read(VTA_REG_CONTROL) & VTA_CONTROL_DONE) return true;
    }
    UNSCOPED_INFO("the program did not finish: " << status.message());
    return false;
  }
};

vta_deps_t deps(int pop_prev, int pop_next, int push_prev, int push_next) {
  return vta_deps_t{uint8_t(pop_prev), uint8_t(pop_next), uint8_t(push_prev), uint8_t(push_next)};
}

vta_insn_t mem(uint8_t opcode, uint8_t type, uint32_t sram, uint64_t dram_byte, uint32_t y,
               uint32_t x, uint32_t stride, vta_deps_t d, const VtaShape& shape) {
  vta_mem_insn_t m{};
  m.opcode = opcode;
  m.deps = d;
  m.memory_type = type;
  m.sram_base = sram;
  m.dram_base = static_cast<uint32_t>(dram_byte / shape.element_bytes(type));
  m.y_size = y;
  m.x_size = x;
  m.x_stride = stride;
  return vta_encode_mem(&m);
}

vta_insn_t gemm(const vta_layout_t& l, uint32_t iter_out, uint32_t iter_in, vta_deps_t d,
                uint32_t src_offset = 0, int reset = 0) {
  vta_compute_insn_t c;
  std::memset(&c, 0, sizeof c);
  c.opcode = VTA_OPCODE_GEMM;
  c.deps = d;
  c.reset_reg = uint8_t(reset);
  c.uop_bgn = src_offset == 0 ? 0 : 1;  // micro-op 1 reads the second input buffer
  c.uop_end = c.uop_bgn + 1;
  c.iter_out = iter_out;
  c.iter_in = iter_in;
  c.dst_factor_out = 1;
  c.src_factor_out = 1;
  return vta_encode_compute(&l, &c);
}

vta_insn_t finish(const vta_layout_t& l, vta_deps_t d) {
  vta_compute_insn_t c;
  std::memset(&c, 0, sizeof c);
  c.opcode = VTA_OPCODE_FINISH;
  c.deps = d;
  return vta_encode_compute(&l, &c);
}

}  // namespace

TEST_CASE("a token-ordered GEMM program computes inp x wgt and stores truncated results",
          "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  std::mt19937 rng(3);
  std::vector<int8_t> inp(4 * 16), wgt(256);
  for (auto& v : inp) v = static_cast<int8_t>(rng());
  for (auto& v : wgt) v = static_cast<int8_t>(rng());
  rig.put(kInpAddr, inp.data(), inp.size());
  rig.put(kWgtAddr, wgt.data(), wgt.size());
  const uint32_t uops[2] = {vta_encode_uop(&rig.layout, {0, 0, 0}), 0};
  rig.put(kUopAddr, uops, sizeof uops);
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_LOAD, VTA_MEM_UOP, 0, kUopAddr, 1, 1, 1, deps(0, 0, 0, 0), s),
      mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 0, kInpAddr, 1, 4, 4, deps(0, 0, 0, 0), s),
      mem(VTA_OPCODE_LOAD, VTA_MEM_WGT, 0, kWgtAddr, 1, 1, 1, deps(0, 0, 0, 1), s),
      gemm(rig.layout, 4, 1, deps(0, 0, 0, 0), 0, /*reset=*/1),
      gemm(rig.layout, 4, 1, deps(1, 0, 0, 1)),
      mem(VTA_OPCODE_STORE, VTA_MEM_OUT, 0, kOutAddr, 1, 4, 4, deps(1, 0, 1, 0), s),
      finish(rig.layout, deps(0, 1, 0, 0)),
  };
  REQUIRE(rig.run(program));
  std::vector<int8_t> out(4 * 16);
  rig.get(kOutAddr, out.data(), out.size());
  for (int i = 0; i < 4; ++i) {
    for (int o = 0; o < 16; ++o) {
      int32_t sum = 0;
      for (int k = 0; k < 16; ++k) sum += inp[i * 16 + k] * wgt[o * 16 + k];
      REQUIRE(out[i * 16 + o] == static_cast<int8_t>(sum));
    }
  }
  const uint32_t cycles = rig.probe.read(VTA_REG_CYCLES);
  CHECK(cycles > 0);
  CHECK(rig.probe.read(VTA_REG_ID) == VTA_ID_VALUE);
  CHECK(rig.probe.read(VTA_REG_SHAPE) == (4u << 4));
  CHECK(rig.probe.read(VTA_REG_DEPTHS) == (13u | 11u << 8 | 10u << 16 | 11u << 24));
  Stats stats;
  rig.vta.report(stats);
  CHECK(stats.get("vta.gemm_counter") == 4);
  CHECK(stats.get("vta.inp_load_nbytes") == 64);
  CHECK(stats.get("vta.wgt_load_nbytes") == 256);
  CHECK(stats.get("vta.uop_load_nbytes") == 4);
  CHECK(stats.get("vta.out_store_nbytes") == 64);
  CHECK(stats.get("vta.cycles") == cycles);
  CHECK(stats.get("vta.instructions") == 7);
  CHECK(stats.get("vta.tokens.l2c.pushed") == 1);
  // Instructions 16 B each, inputs, weights, uops and outputs all crossed the bus.
  CHECK(stats.get("vta.dma.read_bytes") == 7 * 16 + 64 + 256 + 4);
  CHECK(stats.get("vta.dma.write_bytes") == 64);
}

namespace {

// N chunks of (load INP chunk -> GEMM over it `passes` times -> store), with one buffer (each
// load waits until compute has finished with the previous chunk) or two alternating buffers
// ("virtual threads": the next load overlaps the current compute and store).
std::vector<vta_insn_t> chunked_program(const Rig& rig, int chunks, int threads, uint32_t elems,
                                        uint32_t passes) {
  const VtaShape& s = rig.config.shape;
  std::vector<vta_insn_t> p;
  p.push_back(mem(VTA_OPCODE_LOAD, VTA_MEM_UOP, 0, kUopAddr, 1, 2, 2, deps(0, 0, 0, 0), s));
  p.push_back(mem(VTA_OPCODE_LOAD, VTA_MEM_WGT, 0, kWgtAddr, 1, 1, 1, deps(0, 0, 0, 0), s));
  for (int k = 0; k < chunks; ++k) {
    const uint32_t buf = threads == 2 ? uint32_t(k % 2) * elems : 0;
    const bool wait_compute = k >= threads;            // compute done with this buffer
    const bool frees_for_load = k + threads < chunks;  // a later load waits for this compute
    p.push_back(mem(VTA_OPCODE_LOAD, VTA_MEM_INP, buf, kInpAddr + uint64_t(k) * elems * 16, 1,
                    elems, elems, deps(0, wait_compute, 0, 1), s));
    // Reset the accumulators of this buffer, then accumulate `passes` times.
    vta_compute_insn_t c;
    std::memset(&c, 0, sizeof c);
    c.opcode = VTA_OPCODE_GEMM;
    c.deps = deps(1, k >= threads, 0, 0);
    c.reset_reg = 1;
    c.uop_bgn = buf ? 1 : 0;
    c.uop_end = c.uop_bgn + 1;
    c.iter_out = elems;
    c.iter_in = 1;
    c.dst_factor_out = 1;
    c.src_factor_out = 1;
    p.push_back(vta_encode_compute(&rig.layout, &c));
    c.reset_reg = 0;
    c.deps = deps(0, 0, frees_for_load, 1);
    c.iter_in = passes;
    p.push_back(vta_encode_compute(&rig.layout, &c));
    p.push_back(mem(VTA_OPCODE_STORE, VTA_MEM_OUT, buf, kOutAddr + uint64_t(k) * elems * 16, 1,
                    elems, elems, deps(1, 0, 1, 0), s));
  }
  // The stores not yet waited for: one per thread; a sync no-op pops all but the last.
  for (int t = 1; t < threads; ++t) {
    p.push_back(mem(VTA_OPCODE_LOAD, VTA_MEM_UOP, 0, kUopAddr, 1, 0, 0, deps(0, 1, 0, 0), s));
  }
  p.push_back(finish(rig.layout, deps(0, 1, 0, 0)));
  return p;
}

uint32_t run_chunked(Rig& rig, int threads) {
  std::mt19937 rng(4);
  const int chunks = 6;
  const uint32_t elems = 64;
  std::vector<int8_t> inp(chunks * elems * 16), wgt(256);
  for (auto& v : inp) v = static_cast<int8_t>(rng());
  for (auto& v : wgt) v = static_cast<int8_t>(rng());
  rig.put(kInpAddr, inp.data(), inp.size());
  rig.put(kWgtAddr, wgt.data(), wgt.size());
  const uint32_t uops[2] = {vta_encode_uop(&rig.layout, {0, 0, 0}),
                            vta_encode_uop(&rig.layout, {elems, elems, 0})};
  rig.put(kUopAddr, uops, sizeof uops);
  std::vector<int8_t> out(inp.size(), 0);
  rig.put(kOutAddr, out.data(), out.size());
  REQUIRE(rig.run(chunked_program(rig, chunks, threads, elems, 16)));
  rig.get(kOutAddr, out.data(), out.size());
  for (size_t i = 0; i < inp.size() / 16; ++i) {
    for (int o = 0; o < 16; ++o) {
      int32_t sum = 0;
      for (int k = 0; k < 16; ++k) sum += inp[i * 16 + k] * wgt[o * 16 + k];
      REQUIRE(out[i * 16 + o] == static_cast<int8_t>(sum * 16));
    }
  }
  return rig.probe.read(VTA_REG_CYCLES);
}

}  // namespace

TEST_CASE("two virtual threads hide load and store latency behind compute", "[vta][module]") {
  Rig rig;  // both programs run on one VTA, one launch after the other
  const uint32_t one = run_chunked(rig, 1);
  const uint32_t two = run_chunked(rig, 2);
  // Per chunk: 64 x 16 GEMM iterations = 1024 cycles; the 1 KiB load and store each take
  // 16 bursts of (20 + 15) cycles on the 32-bit DRAM = 560 cycles. One buffer serialises
  // them; two overlap the loads and stores of one chunk with the other's compute.
  INFO("one thread " << one << " cycles, two threads " << two);
  CHECK(one > 6 * (1024 + 560 + 560));
  CHECK(two < one * 3 / 4);
  CHECK(two > 6 * 1024);
  CHECK(rig.vta.launches() == 2);
}

TEST_CASE("a program whose tokens can never arrive is diagnosed as a deadlock", "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  // Compute pops a load->compute token, but the only load pushes nothing.
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 0, kInpAddr, 1, 1, 1, deps(0, 0, 0, 0), s),
      gemm(rig.layout, 1, 1, deps(1, 0, 0, 0)),
      finish(rig.layout, deps(0, 0, 0, 0)),
  };
  REQUIRE_FALSE(rig.run(program));
  const std::string& m = rig.status.message();
  CHECK_THAT(m, Catch::StartsWith("VTA deadlock"));
  CHECK_THAT(m, Catch::Contains("fetch dispatched all 3 instructions"));
  CHECK_THAT(m, Catch::Contains("load has no instruction left"));
  CHECK_THAT(m, Catch::Contains("compute instruction 1 `GEMM uop 0..1 iter 1x1") &&
                    Catch::Contains("pop_prev` waits for a token on l2c (load->compute), which is "
                                    "empty"));
  CHECK_THAT(m, Catch::Contains("store has no instruction left"));
}

TEST_CASE("a store waiting for results compute never announces is a deadlock", "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  const std::vector<vta_insn_t> program = {
      gemm(rig.layout, 1, 1, deps(0, 1, 0, 0), 0, 1),  // waits for s2c
      mem(VTA_OPCODE_STORE, VTA_MEM_OUT, 0, kOutAddr, 1, 1, 1, deps(1, 0, 1, 0), s),
      finish(rig.layout, deps(0, 0, 0, 0)),
  };
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(), Catch::Contains("s2c (store->compute), which is empty") &&
                                       Catch::Contains("c2s (compute->store), which is empty"));
}

TEST_CASE("a stream without FINISH is reported, not left busy", "[vta][module]") {
  Rig rig;
  const std::vector<vta_insn_t> program = {gemm(rig.layout, 1, 1, deps(0, 0, 0, 0), 0, 1)};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(), Catch::StartsWith("VTA program ended without FINISH: all 1 "
                                                     "instructions ran"));
}

TEST_CASE("launching while busy is an error", "[vta][module]") {
  Rig rig;
  const std::vector<vta_insn_t> program = {gemm(rig.layout, 1000, 10, deps(0, 0, 0, 0), 0, 1),
                                           finish(rig.layout, deps(0, 0, 0, 0))};
  std::vector<uint8_t> bytes(program.size() * 16);
  std::memcpy(bytes.data(), program.data(), bytes.size());
  rig.put(kInsnAddr, bytes.data(), bytes.size());
  rig.probe.write(VTA_REG_INSN_COUNT, 2);
  rig.probe.write(VTA_REG_INSN_ADDR, kInsnAddr);
  rig.probe.write(VTA_REG_CONTROL, 1);
  sc_core::sc_start(1, sc_core::SC_US);
  CHECK(rig.probe.read(VTA_REG_CONTROL) == VTA_CONTROL_BUSY);
  CHECK(rig.probe.read(VTA_REG_CYCLES) > 0);
  rig.probe.write(VTA_REG_CONTROL, 1);
  CHECK_THAT(rig.status.message(), Catch::Contains("still busy"));
}

TEST_CASE("bad instructions stop the run naming the instruction", "[vta][module]") {
  Rig rig;
  vta_insn_t bad_opcode{7, 0};
  std::vector<vta_insn_t> program = {gemm(rig.layout, 1, 1, deps(0, 0, 0, 0), 0, 1), bad_opcode};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(
      rig.status.message(),
      Catch::Contains("instruction 1 at 0x40000010 has opcode 7, which is not a VTA opcode"));
}

TEST_CASE("an SRAM index past the buffer stops the run with the instruction", "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 2040, kInpAddr, 1, 16, 16, deps(0, 0, 0, 0), s),
      finish(rig.layout, deps(0, 0, 0, 0))};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(),
             Catch::StartsWith("VTA error: load instruction 0 `LOAD INP sram 2040") &&
                 Catch::Contains("INP elements 2040..2055 are outside the buffer (depth 2048)"));
}

TEST_CASE("DMA to an unmapped address stops the run", "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_LOAD, VTA_MEM_WGT, 0, 0x20000000, 1, 1, 1, deps(0, 0, 0, 0), s),
      finish(rig.layout, deps(0, 0, 0, 0))};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(), Catch::Contains("DMA read of 64 bytes at 0x20000000 failed"));
}

TEST_CASE("a DMA write into a read-only range gives the memory's reason", "[vta][module]") {
  Rig rig;
  REQUIRE(rig.platform.add_read_only(kOutAddr, 0x1000, "the test range"));
  const VtaShape& s = rig.config.shape;
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_STORE, VTA_MEM_OUT, 0, kOutAddr, 1, 1, 1, deps(0, 0, 0, 0), s),
      finish(rig.layout, deps(0, 0, 0, 0))};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(), Catch::Contains("DMA write of 16 bytes at 0x40040000 failed") &&
                                       Catch::EndsWith(": the test range is read-only"));
}

TEST_CASE("a dependency flag the module has no neighbour for is an error", "[vta][module]") {
  Rig rig;
  const VtaShape& s = rig.config.shape;
  const std::vector<vta_insn_t> program = {
      mem(VTA_OPCODE_LOAD, VTA_MEM_INP, 0, kInpAddr, 1, 1, 1, deps(1, 0, 0, 0), s),
      finish(rig.layout, deps(0, 0, 0, 0))};
  REQUIRE_FALSE(rig.run(program));
  CHECK_THAT(rig.status.message(),
             Catch::Contains("pop_prev is set but the load module has no such neighbour"));
}
