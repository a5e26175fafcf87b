// CfuBusToCfuIf: cmd_ready in the CFU's accept cycle, rsp_valid from its response cycle until
// the CPU takes it; a custom-0 without a CFU stops the run.
#include "cfu_bus_to_cfu_if.h"

#include <catch2/catch.hpp>

using accsim::cpu::CfuIf;
using accsim::cpu::NoCfu;
using accsim::cpu::rtl::CfuBusPins;
using accsim::cpu::rtl::CfuBusToCfuIf;

namespace {
// Accepts 2 cycles after issue, answers 3 cycles after that with in0 + in1.
struct SlowAdder : CfuIf {
  Result execute(uint16_t, uint32_t a, uint32_t b, uint64_t issue) override {
    Result r;
    r.value = a + b;
    r.accept_cycle = issue + 2;
    r.response_cycle = issue + 5;
    return r;
  }
};
}  // namespace

TEST_CASE("the CFU bus follows the CFU's accept and response cycles") {
  SlowAdder cfu;
  CfuBusToCfuIf bus(cfu);
  CfuBusPins pins;
  pins.rsp_ready = true;
  uint64_t accepted = 0, answered = 0;
  uint32_t value = 0;
  bool issued = false;
  for (uint64_t c = 0; c < 20; ++c) {
    bus.drive(c, pins);
    pins.cmd_valid = c >= 3 && !issued;
    pins.inputs_0 = 40;
    pins.inputs_1 = 2;
    bus.sample(c, pins);
    if (pins.cmd_valid && pins.cmd_ready) {
      accepted = c;
      issued = true;
    }
    if (pins.rsp_valid && pins.rsp_ready) {
      answered = c;
      value = pins.outputs_0;
    }
    bus.clocked(c, pins);
  }
  CHECK(accepted == 5);
  CHECK(answered == 8);
  CHECK(value == 42);
  CHECK(bus.commands() == 1);
  CHECK(bus.failure().empty());
}

TEST_CASE("a custom-0 instruction without a CFU fails with a message") {
  NoCfu none;
  CfuBusToCfuIf bus(none);
  CfuBusPins pins;
  pins.cmd_valid = true;
  pins.function_id = 3;
  bus.drive(0, pins);
  bus.sample(0, pins);
  CHECK_THAT(bus.failure(),
             Catch::StartsWith("custom-0 instruction (function_id 3) on the CPU's CFU bus: ") &&
                 Catch::Contains("no cfu section"));
}
