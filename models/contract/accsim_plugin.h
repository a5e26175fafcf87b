// The accsim plug-in API: bus devices in a shared library built outside accsim, placed by a
// config's "devices" entry of kind "plugin". docs/plugins.md walks through writing one;
// examples/plugins/scratchpad is a complete one.
//
// The library defines one function with C linkage, found by this name:
//
//   extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin() {
//     static const accsim::plugin::ComponentSpec components[] = {
//         {"scratchpad", "an MMIO scratchpad", check_params, build}};
//     static const accsim::plugin::Library library = accsim::plugin::library(components);
//     return &library;
//   }
//
// A component is the contract of component.h seen from a device:
//  - check(params) parses the entry's "params" object (free-form in the config): that parse is
//    the validation. It throws config::ValueError with a key relative to params ("lanes",
//    "table[2]", or "" for params itself); accsim reports it at devices[i].params.<key>. It runs
//    at `accsim validate` and before every run.
//  - build(device, soc) makes the device: its sc_modules (named device.name, so that SystemC's
//    messages name the device), its MMIO target socket bound with soc.connect_target(socket,
//    "regs", device.base, device.size) (inside [base, base + size)), optionally a DMA initiator
//    socket with soc.connect_initiator(socket, "dma"). It returns the soc::Component that
//    reports its statistics and timeline activity.
//  - Names are relative to the device: accsim puts the device's name in front of statistics
//    ("reads" -> "<name>.reads" in stats.json), region counters ("<name>_<counter>"), timeline
//    counters and track groups, and socket names (bus.target.<name>.regs).
//  - Errors at run time end the run with one line naming the device, exit code 1: an exception
//    out of b_transport, a TLM error response (or a response left incomplete) to an access, or
//    soc.status().fail(message, cycle). An exception out of the device's own SystemC process
//    ends the run naming the process.
//
// The library links none of accsim: what these headers declare (Stats, RunStatus, the config
// helpers), SystemC/TLM and spdlog come from the accsim executable that loads it (it exports
// its symbols), so there is one SystemC kernel and one log. A library is loaded once per
// process and never unloaded.
//
// Versions. The name accsim_plugin and Library's first three members never change, so any
// accsim can say what a library was built against before it touches anything else:
//  - abi: kAbi of the headers the library was compiled with. kAbi is bumped whenever anything a
//    plug-in compiles against changes incompatibly: this file, component.h, soc_builder.h and
//    the run/ and jsonconfig/ headers they include (the ctest plugins/abi_headers keeps a hash
//    of them and fails when they change without a decision). accsim loads only its own ABI.
//  - accsim_version: the accsim version of those headers; named, beside accsim's own, when
//    the ABI differs ("built against accsim 0.1.0 (plug-in ABI 1); this accsim is ...").
//  - dependencies: the versions of the other libraries whose types cross the boundary
//    (nlohmann-json's, SystemC's, libstdc++'s string ABI); they must equal accsim's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <systemc>

#include "accsim_version.h"
#include "component.h"
#include "soc_builder.h"
#include "stats.h"

#define ACCSIM_PLUGIN_EXPORT __attribute__((visibility("default")))
#define ACCSIM_PLUGIN_STRINGIFY_(x) #x
#define ACCSIM_PLUGIN_STRINGIFY(x) ACCSIM_PLUGIN_STRINGIFY_(x)
#define ACCSIM_PLUGIN_NLOHMANN_JSON_VERSION                                             \
  ACCSIM_PLUGIN_STRINGIFY(NLOHMANN_JSON_VERSION_MAJOR)                                  \
  "." ACCSIM_PLUGIN_STRINGIFY(NLOHMANN_JSON_VERSION_MINOR) "." ACCSIM_PLUGIN_STRINGIFY( \
      NLOHMANN_JSON_VERSION_PATCH)
#ifdef _GLIBCXX_USE_CXX11_ABI
#define ACCSIM_PLUGIN_STRING_ABI ACCSIM_PLUGIN_STRINGIFY(_GLIBCXX_USE_CXX11_ABI)
#else
#define ACCSIM_PLUGIN_STRING_ABI "none"
#endif

namespace accsim::plugin {

// The plug-in ABI number (see "Versions" above).
inline constexpr int kAbi = 3;

inline constexpr const char* kDependencies =
    "nlohmann-json " ACCSIM_PLUGIN_NLOHMANN_JSON_VERSION ", SystemC " SC_VERSION
    ", libstdc++ cxx11 string ABI " ACCSIM_PLUGIN_STRING_ABI;

// What a component is built with: the device's entry in the config.
struct Device {
  std::string name;  // "scratch": what accsim puts in front of everything the device names
  uint64_t base;     // its bus range [base, base + size)
  uint64_t size;
  const nlohmann::json& params;  // its "params", already accepted by check
};

struct ComponentSpec {
  const char* name;         // the config's "component"
  const char* description;  // one line, for listings and messages
  // Throws config::ValueError with a key relative to params.
  void (*check)(const nlohmann::json& params);
  std::unique_ptr<soc::Component> (*build)(const Device& device, soc::SocBuilder& soc);
};

struct Library {
  // The first three members never change (see "Versions").
  int abi;
  const char* accsim_version;
  const char* dependencies;
  const ComponentSpec* components;
  std::size_t component_count;
};

// The Library of `components`, stamped with the versions of the headers it is compiled with.
template <std::size_t N>
constexpr Library library(const ComponentSpec (&components)[N]) {
  return Library{kAbi, kVersion, kDependencies, components, N};
}

}  // namespace accsim::plugin

// The one function a plug-in library defines (C linkage, default visibility).
extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin();
