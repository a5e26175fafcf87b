// A user's Verilog verilated at run time: the first use of a design runs Verilator and the C++
// compiler into a shared library kept in a cache directory, later uses load it from there with
// dlopen. A user's CFU (models/cfu/rtl/runtime_cfu.cpp) and a Verilog bus device
// (models/devices/verilog/) are both built this way; each supplies only its wrapper, the small
// C++ file that puts the Verilated model behind one of accsim's interfaces.
//
// The wrapper is compiled against the headers in accsim's data folder, share/accsim/runtime
// (run/data_dir.h; cmake/Install.cmake puts them there), so an installed accsim needs neither
// its source nor its build tree.
//
// The cache key covers everything the library depends on: accsim's side (this build, every
// header in share/accsim/runtime, the wrapper's inputs), the Verilator that runs, the top, the
// parameters, and every file Verilator read (the sources and all they `include), taken from
// Verilator's dependency output of the previous build.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace accsim::rtl {

// A port of a Verilated top module, as the model's header declares it.
struct VerilatedPort {
  std::string name;
  bool input = false;
  bool output = false;
  unsigned width = 0;  // bits
};

// The ports a Verilated model's header declares (`VL_IN8(&clk,0,0);`, `VL_OUT(&dat,31,0);`, ...).
std::vector<VerilatedPort> parse_verilated_ports(const std::string& header);

struct RuntimeBuild {
  // What errors are reported at: "cfu.rtl", "devices[1] (dma)".
  std::string what;
  std::vector<std::string> sources;  // absolute paths
  std::string top;
  std::map<std::string, int64_t> parameters;  // Verilog parameter overrides (-G)
  std::string cache_dir;
  // Verilator's --prefix: the model's class. With unique_prefix, the design key is appended, so
  // that libraries of different designs loaded into one process never share a class name.
  std::string prefix;
  bool unique_prefix = false;
  // Whatever else the library depends on: the wrapper's version and inputs.
  std::string key;
  std::string compile_step = "compiling the Verilated model";  // names the C++ step in errors
  // The wrapper's source, given the model's class name, its top's ports and the directory of
  // the Verilated code (to inspect what the design contains): it includes "<prefix>.h" and
  // defines the factory the caller looks up. Throws std::runtime_error with one line per
  // reason, e.g. each port the interface needs that the top module lacks.
  std::function<std::string(const std::string& prefix, const std::vector<VerilatedPort>& ports,
                            const std::string& obj_dir)>
      wrapper;
};

// Where built libraries are kept: $<env_var> if set, else $XDG_CACHE_HOME/accsim/<subdir>, else
// ~/.cache/accsim/<subdir>.
std::string runtime_cache_dir(const char* env_var, const std::string& subdir);

// Whether this accsim can verilate at run time (it has Verilator's runtime linked in).
bool runtime_verilator_supported();

// Builds `build` (or finds it in the cache), loads it and returns the address of its `symbol`.
// `note` hears about a build (the first one of a design takes seconds). Throws
// std::runtime_error with a one-line reason ("<what>: verilator failed (log): <first error>").
void* load_runtime_build(const RuntimeBuild& build, const char* symbol,
                         const std::function<void(const std::string&)>& note);

}  // namespace accsim::rtl
