// The hardware contracts (accsim/hw/) are the one place their numbers are written. Code that
// includes them cannot drift from them. This test covers the rest: the config schema (JSON), the
// mnv2 RTL (Verilog) and the CPU model's perf-counter CSRs (models/cpu, which does not include
// the contract yet). Each of these must answer the same numbers. The static_asserts check that
// each map is consistent with itself.
#include <catch2/catch.hpp>
#include <cstddef>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "accsim/hw/cfu_isa.h"
#include "accsim/hw/mnv2_cfu_isa.h"
#include "accsim/hw/perf_csr.h"
#include "accsim/hw/sim_control_regs.h"
#include "accsim/hw/tflite_delegate.h"
#include "accsim/hw/vta_regs.h"
#include "architecture_checks.h"
#include "csr_file.h"

// Every register inside its block, and the ARG window clear of the registers after it.
static_assert(ACCSIM_SIMCTL_PLACEMENT + 4 <= ACCSIM_SIMCTL_BLOCK_SIZE, "sim-control map overflows");
static_assert(ACCSIM_SIMCTL_ARG(ACCSIM_SIMCTL_MAX_ARGS) <= ACCSIM_SIMCTL_MODEL_ADDR,
              "ARG registers overlap MODEL_ADDR");
static_assert(ACCSIM_SIMCTL_DEFAULT_BASE % ACCSIM_SIMCTL_BLOCK_SIZE == 0, "misaligned base");
static_assert(VTA_REG_DEPTHS + 4 <= VTA_REG_BLOCK_SIZE, "VTA map overflows");
static_assert(VTA_DEFAULT_BASE % VTA_REG_BLOCK_SIZE == 0, "misaligned VTA base");
static_assert(VTA_DEPTHS_LOG_ACC_SHIFT + 8 <= 32 && VTA_SHAPE_LOG_BLOCK_SHIFT + 4 <= 32,
              "VTA SHAPE/DEPTHS fields exceed 32 bits");
// function_id is the 10-bit cmd_payload_function_id of cfu.v.
static_assert(CFU_FUNCTION_ID(7u, 127u) == 0x3FFu, "function_id is {funct7, funct3}");
static_assert(CFU_FUNCT7(CFU_FUNCTION_ID(5u, MNV2_GET_CONFIG)) == MNV2_GET_CONFIG, "funct7");
static_assert(CFU_FUNCT3(CFU_FUNCTION_ID(5u, MNV2_GET_CONFIG)) == 5u, "funct3");

// accsim copies the firmware's placement record out of simulated memory: the 64-bit host must
// lay it out as the 32-bit target does (32-bit words then bytes, no pointer, no padding).
static_assert(offsetof(TflPlacementRecord, supported) == 8 &&
                  offsetof(TflPlacementRecord, override_backend) == 12 &&
                  offsetof(TflPlacementRecord, kernel) == 16 &&
                  offsetof(TflPlacementRecord, reason) == 16 + TFL_PLACEMENT_KERNEL_BYTES &&
                  offsetof(TflPlacementRecord, tensor) ==
                      16 + TFL_PLACEMENT_KERNEL_BYTES + TFL_PLACEMENT_REASON_BYTES &&
                  sizeof(TflPlacementRecord) == 16 + TFL_PLACEMENT_KERNEL_BYTES +
                                                    TFL_PLACEMENT_REASON_BYTES +
                                                    8 * TFL_PLACEMENT_TENSORS + 20,
              "TflPlacementRecord differs between the target and the host");

namespace {

const nlohmann::json& schema_property(std::initializer_list<const char*> path) {
  // The assembled schema: the core file plus every component's fragment (vta.schema.json).
  static const nlohmann::json& schema = accsim::soc::architecture_schema().root();
  const nlohmann::json* node = &schema;
  for (const char* key : path) node = &node->at("properties").at(key);
  return *node;
}

uint64_t schema_address_default(std::initializer_list<const char*> path) {
  return std::stoull(schema_property(path).at("default").get<std::string>(), nullptr, 0);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the schema's sim_control and vta keys match the register maps", "[hw]") {
  CHECK(schema_address_default({"sim_control", "base"}) == ACCSIM_SIMCTL_DEFAULT_BASE);
  CHECK(schema_property({"sim_control", "base"}).at("alignment") == ACCSIM_SIMCTL_BLOCK_SIZE);
  CHECK(schema_property({"firmware_args"}).at("max_items") == ACCSIM_SIMCTL_MAX_ARGS);
  CHECK(schema_address_default({"vta", "base"}) == VTA_DEFAULT_BASE);
  CHECK(schema_property({"vta", "base"}).at("alignment") == VTA_REG_BLOCK_SIZE);
}

TEST_CASE("the CPU model's perf counters sit at the contract's CSR numbers", "[hw]") {
  for (int n = 0; n < ACCSIM_PERF_COUNTERS; ++n) {
    INFO("counter " << n);
    accsim::cpu::CsrFile csrs;
    REQUIRE(csrs.write(ACCSIM_PERF_CSR_ENABLE(n), 1, 100, 0));
    REQUIRE(csrs.write(ACCSIM_PERF_CSR_ENABLE(n), 0, 130, 0));
    uint32_t value = 0;
    REQUIRE(csrs.read(ACCSIM_PERF_CSR_VALUE(n), 200, 0, value));
    CHECK(value == 30);
    if (n + 1 < ACCSIM_PERF_COUNTERS) {
      REQUIRE(csrs.read(ACCSIM_PERF_CSR_VALUE(n + 1), 200, 0, value));
      CHECK(value == 0);
    }
  }
  // No ninth counter.
  accsim::cpu::CsrFile csrs;
  uint32_t value = 0;
  CHECK_FALSE(csrs.read(ACCSIM_PERF_CSR_VALUE(ACCSIM_PERF_COUNTERS), 0, 0, value));
}

// Verilog cannot include the C header, so Cfu.v spells each opcode as a localparam with the
// header's name less MNV2_ and GET_CONFIG's items as a case: both are read back here.
TEST_CASE("the mnv2 RTL decodes the opcodes and config items of mnv2_cfu_isa.h", "[hw]") {
  const std::map<std::string, unsigned> header = {
      {"SET_INPUT_DEPTH_WORDS", MNV2_SET_INPUT_DEPTH_WORDS},
      {"SET_OUTPUT_DEPTH", MNV2_SET_OUTPUT_DEPTH},
      {"SET_INPUT_OFFSET", MNV2_SET_INPUT_OFFSET},
      {"SET_OUTPUT_OFFSET", MNV2_SET_OUTPUT_OFFSET},
      {"SET_ACTIVATION_MIN", MNV2_SET_ACTIVATION_MIN},
      {"SET_ACTIVATION_MAX", MNV2_SET_ACTIVATION_MAX},
      {"SET_OUTPUT_BATCH_SIZE", MNV2_SET_OUTPUT_BATCH_SIZE},
      {"STORE_OUTPUT_MULTIPLIER", MNV2_STORE_OUTPUT_MULTIPLIER},
      {"STORE_OUTPUT_SHIFT", MNV2_STORE_OUTPUT_SHIFT},
      {"STORE_OUTPUT_BIAS", MNV2_STORE_OUTPUT_BIAS},
      {"STORE_FILTER_VALUE", MNV2_STORE_FILTER_VALUE},
      {"STORE_INPUT_VALUE", MNV2_STORE_INPUT_VALUE},
      {"MACC_RUN", MNV2_MACC_RUN},
      {"GET_OUTPUT", MNV2_GET_OUTPUT},
      {"MARK_INPUT_READ_FINISHED", MNV2_MARK_INPUT_READ_FINISHED},
      {"POST_PROCESS", MNV2_POST_PROCESS},
      {"MACC4_RUN_1", MNV2_MACC4_RUN_1},
      {"MACC4_RUN_4", MNV2_MACC4_RUN_4},
      {"GET_CONFIG", MNV2_GET_CONFIG},
  };
  const std::string rtl = read_text(ACCSIM_SOURCE_DIR "/rtl/cfu/mnv2/Cfu.v");

  std::map<std::string, unsigned> opcodes;
  const std::regex opcode(R"(localparam\s*\[6:0\]\s*(\w+)\s*=\s*7'd(\d+)\s*;)");
  for (std::sregex_iterator it(rtl.begin(), rtl.end(), opcode), end; it != end; ++it) {
    opcodes[(*it)[1]] = static_cast<unsigned>(std::stoul((*it)[2]));
  }
  // SET_OUTPUT_DEPTH only sizes the layer for the firmware: the RTL accepts it without state
  // (Cfu.v says so) and so has no localparam for it. Every other opcode must be there.
  for (const auto& [name, value] : header) {
    INFO("MNV2_" << name);
    if (name == "SET_OUTPUT_DEPTH") {
      CHECK(opcodes.count(name) == 0);
      CHECK(rtl.find("SET_OUTPUT_DEPTH (" + std::to_string(value) + ")") != std::string::npos);
      continue;
    }
    REQUIRE(opcodes.count(name) == 1);
    CHECK(opcodes.at(name) == value);
  }
  CHECK(opcodes.size() == header.size() - 1);

  const std::map<std::string, unsigned> items = {
      {"FILTER_WORDS", MNV2_CONFIG_FILTER_WORDS}, {"PARAM_ENTRIES", MNV2_CONFIG_PARAM_ENTRIES},
      {"INPUT_WORDS", MNV2_CONFIG_INPUT_WORDS},   {"MACC_LANES", MNV2_CONFIG_MACC_LANES},
      {"FIFO_WORDS", MNV2_CONFIG_FIFO_WORDS},
  };
  REQUIRE(items.size() == MNV2_CONFIG_ITEMS);
  std::map<std::string, unsigned> rtl_items;
  const std::regex item(R"(32'd(\d+)\s*:\s*config_value\s*=\s*CONFIG_(\w+)\s*;)");
  for (std::sregex_iterator it(rtl.begin(), rtl.end(), item), end; it != end; ++it) {
    rtl_items[(*it)[2]] = static_cast<unsigned>(std::stoul((*it)[1]));
  }
  CHECK(rtl_items == items);
}
