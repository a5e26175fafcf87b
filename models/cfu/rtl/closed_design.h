// Whether a Verilated design keeps all its state inside the model's symbol table, as lazy
// clocking needs (settle_probe.h): a design that calls $random, $display, $time, file I/O,
// $finish or DPI, or has SystemVerilog heap types (strings, queues, classes), may change or act
// outside it while its symbol table stands still, and must be clocked every cycle.
#pragma once

#include <string>

namespace accsim::cfu {

// What in the Verilated code in `obj_dir` (model prefix `prefix`, e.g. "Vuser_cfu") may keep
// state or have effects outside the symbol table: "" if nothing, else what (e.g.
// "$display/$write"). Conservative: it looks for Verilator's runtime calls for those system
// tasks and types anywhere in the design's classes, initial blocks included. Throws
// std::runtime_error if `obj_dir` cannot be read.
std::string state_outside_model(const std::string& obj_dir, const std::string& prefix);

}  // namespace accsim::cfu
