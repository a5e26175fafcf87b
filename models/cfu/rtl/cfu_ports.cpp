#include "cfu_ports.h"

#include <algorithm>

namespace accsim::cfu {

namespace {

struct CfuPort {
  const char* name;
  bool input;
  unsigned width;
  const char* role;
};

// CFU-Playground's Cfu module; verilated_cfu.h assigns and reads these members by name.
constexpr CfuPort kPorts[] = {
    {"clk", true, 1, "the clock"},
    {"reset", true, 1, "the reset"},
    {"cmd_valid", true, 1, "the command's valid"},
    {"cmd_ready", false, 1, "the command's ready"},
    {"cmd_payload_function_id", true, 10, "the function id {funct7, funct3}"},
    {"cmd_payload_inputs_0", true, 32, "the first operand rs1"},
    {"cmd_payload_inputs_1", true, 32, "the second operand rs2"},
    {"rsp_valid", false, 1, "the response's valid"},
    {"rsp_ready", true, 1, "the response's ready"},
    {"rsp_payload_outputs_0", false, 32, "the result rd"},
};

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string shape(bool input, unsigned width) {
  return std::string(input ? "an input" : "an output") + " of " + std::to_string(width) + " bit" +
         (width == 1 ? "" : "s");
}

const CfuPort* interface_port(const std::string& name) {
  for (const CfuPort& p : kPorts) {
    if (name == p.name) return &p;
  }
  return nullptr;
}

}  // namespace

std::string cfu_port_names() {
  std::string names;
  for (const CfuPort& p : kPorts) names += std::string(names.empty() ? "" : ", ") + p.name;
  return names;
}

std::vector<std::string> cfu_port_problems(const std::string& top,
                                           const std::vector<rtl::VerilatedPort>& ports) {
  std::vector<std::string> problems;
  const std::string module = "top module " + quoted(top);
  bool missing = false;
  for (const CfuPort& want : kPorts) {
    const auto has = std::find_if(ports.begin(), ports.end(),
                                  [&](const rtl::VerilatedPort& p) { return p.name == want.name; });
    if (has == ports.end()) {
      missing = true;
      problems.push_back(module + " has no port " + quoted(want.name) + " (" + want.role + ", " +
                         shape(want.input, want.width) + ")");
    } else if (has->input != want.input || has->output == want.input || has->width != want.width) {
      const std::string is = has->input && has->output
                                 ? "an inout of " + std::to_string(has->width) + " bits"
                                 : shape(has->input, has->width);
      problems.push_back("port " + quoted(want.name) + " of " + module + " is " + is + "; " +
                         want.role + " must be " + shape(want.input, want.width));
    }
  }
  for (const rtl::VerilatedPort& p : ports) {
    if (interface_port(p.name) != nullptr || (!p.input && !missing)) continue;
    problems.push_back(module + " has " + (p.input ? "input " : "output ") + quoted(p.name) +
                       ", which is not one of CFU-Playground's ports" +
                       (p.input ? " (nothing would drive it)" : "") + ": " + cfu_port_names());
  }
  return problems;
}

}  // namespace accsim::cfu
