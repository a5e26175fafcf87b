// The CPU's CfuPort reaching its CFU straight (set_direct_target, as the platform wires it)
// answers every command as the TLM socket path through CfuModule does: the same random layer,
// misuse and illegal instruction on two identical mnv2 models, one behind each path.
// This TEST_CASE elaborates SystemC modules, so it must stay the only one in test_cfu that does
// (ctest runs each TEST_CASE in its own process).
#include "cfu_port.h"

#include <catch2/catch.hpp>
#include <memory>

#include "cfu_module.h"
#include "mnv2_driver.h"

using namespace accsim_test;
using accsim::cfu::CfuModule;
using accsim::cfu::CfuPort;

namespace {

// Issues each command on both ports at the same cycle and checks the results agree.
struct TwoPaths {
  accsim::Clock clock{100.0};
  CfuModule socket_cfu{"socket_cfu", clock, std::make_unique<Mnv2Cfu>(Mnv2Config{})};
  CfuModule direct_cfu{"direct_cfu", clock, std::make_unique<Mnv2Cfu>(Mnv2Config{})};
  CfuPort socket_port{"socket_port"};
  CfuPort direct_port{"direct_port"};
  uint64_t cycle = 100;

  TwoPaths() {
    socket_port.to_cfu.bind(socket_cfu.cpu_side);
    direct_port.to_cfu.bind(direct_cfu.cpu_side);
    direct_port.set_direct_target(&direct_cfu.model());
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }
  CfuResult op(unsigned funct7, uint32_t in0 = 0, unsigned funct3 = 0) {
    const auto id = static_cast<uint16_t>(CFU_FUNCTION_ID(funct3, funct7));
    const CfuResult a = socket_port.execute(id, in0, 0, cycle);
    const CfuResult b = direct_port.execute(id, in0, 0, cycle);
    INFO("funct7 " << funct7 << " at cycle " << cycle);
    CHECK(static_cast<int>(a.status) == static_cast<int>(b.status));
    CHECK(a.value == b.value);
    CHECK(a.accept_cycle == b.accept_cycle);
    CHECK(a.response_cycle == b.response_cycle);
    CHECK(a.error == b.error);
    if (a.status == CfuResult::Status::kOk) {
      cycle = std::max(a.accept_cycle + 1, a.response_cycle);
    }
    return a;
  }
};

}  // namespace

TEST_CASE("CfuPort's direct path answers as the socket path does", "[cfu][port]") {
  TwoPaths t;
  std::mt19937 rng(7);
  const Layer l = Layer::random(rng, 5, 12);
  t.op(MNV2_SET_INPUT_DEPTH_WORDS, l.in_words);
  t.op(MNV2_SET_INPUT_OFFSET, static_cast<uint32_t>(l.input_offset));
  t.op(MNV2_SET_OUTPUT_OFFSET, static_cast<uint32_t>(l.output_offset));
  t.op(MNV2_SET_OUTPUT_BATCH_SIZE, l.channels);
  for (uint32_t c = 0; c < l.channels; ++c) {
    t.op(MNV2_STORE_OUTPUT_MULTIPLIER, static_cast<uint32_t>(l.multiplier[c]));
    t.op(MNV2_STORE_OUTPUT_SHIFT, static_cast<uint32_t>(l.shift[c]));
    t.op(MNV2_STORE_OUTPUT_BIAS, static_cast<uint32_t>(l.bias[c]));
  }
  for (uint32_t w : l.filter) t.op(MNV2_STORE_FILTER_VALUE, w);
  for (int pixel = 0; pixel < 3; ++pixel) {
    const auto p = l.random_pixel(rng);
    for (uint32_t w : p) t.op(MNV2_STORE_INPUT_VALUE, w);
    t.op(MNV2_MACC_RUN);
    for (uint32_t w = 0; w < l.channels / 4; ++w) {
      CHECK(t.op(MNV2_GET_OUTPUT).value == l.word(p, 4 * w));
    }
  }
  // Misuse and an unknown instruction come back the same way too.
  CHECK(t.op(MNV2_GET_OUTPUT).status == CfuResult::Status::kError);
  CHECK(t.op(127).status == CfuResult::Status::kIllegalInstruction);
}
