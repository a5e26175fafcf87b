// The C++ wrapper of a VexRiscv Verilog with CFU-Playground's port set, written for the ports
// its top module really has: it maps them to VexRiscvPins (verilated_vexriscv.h) and exports
//   extern "C" accsim::cpu::rtl::VexRiscvModel* accsim_make_vexriscv(const char* name,
//                                                                     bool trace);
// Ports the CPU needs and the top lacks (or has with another direction or width) are refused
// here, one line each naming the expected port, instead of surfacing as C++ compile errors.
#pragma once

#include <string>
#include <vector>

#include "runtime_verilator.h"

namespace accsim::cpu::rtl {

constexpr const char* kVexRiscvFactory = "accsim_make_vexriscv";
constexpr const char* kVexRiscvTop = "VexRiscv";  // the module SpinalHDL's generator writes

// The problems with `ports` (one line each, empty when the top has every port the CPU needs).
std::vector<std::string> vexriscv_port_problems(
    const std::vector<accsim::rtl::VerilatedPort>& ports);

// Where the Verilated model keeps a signal of the VexRiscv top: the header to include and the
// expression reading it from the model `t` (empty when the design has none).
struct SignalAccess {
  std::string header;
  std::string expression;
  bool found() const { return !expression.empty(); }
};
// Looks in the Verilated code in `obj_dir` for `signal` (e.g. "CsrPlugin_minstret"): the top
// inlined into the root (t.rootp->VexRiscv__DOT__<signal>) or kept as a module of its own
// (t.rootp->VexRiscv->__PVT__<signal>).
SignalAccess find_signal(const std::string& prefix, const std::string& obj_dir,
                         const std::string& signal);

// The internal signals the wrapper reads: minstret, and the retiring instruction (writeBack
// firing, its pc and word).
struct VexRiscvInternals {
  SignalAccess instret, retire_firing, retire_pc, retire_instruction;
};
VexRiscvInternals find_internals(const std::string& prefix, const std::string& obj_dir);

// The wrapper's source for the Verilated class `prefix`. Throws std::runtime_error with the
// problems' lines when a port is missing.
std::string vexriscv_wrapper_source(const std::string& prefix,
                                    const std::vector<accsim::rtl::VerilatedPort>& ports,
                                    const VexRiscvInternals& internals);

}  // namespace accsim::cpu::rtl
