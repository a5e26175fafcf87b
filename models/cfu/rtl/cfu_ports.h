// CFU-Playground's CFU interface as the transactor (verilated_cfu.h) drives it: the ports a
// user's cfu.v must have, checked against what Verilator made of its top module before the
// wrapper is compiled, so a misnamed port is reported by name, not as a C++ compile error in
// generated code.
#pragma once

#include <string>
#include <vector>

#include "runtime_verilator.h"

namespace accsim::cfu {

// The interface's port names, in CFU-Playground's order: "clk, reset, cmd_valid, ...".
std::string cfu_port_names();

// One line per problem, empty if the top fits: every interface port missing, of the wrong
// direction or width; every input the interface does not have (nothing would drive it); and,
// when a port is missing, every other port the top has (a misnamed port is both). Outputs the
// interface does not have are left unconnected, as in CFU-Playground's SoC.
std::vector<std::string> cfu_port_problems(const std::string& top,
                                           const std::vector<rtl::VerilatedPort>& ports);

}  // namespace accsim::cfu
