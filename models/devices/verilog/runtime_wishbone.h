// A user's Verilog Wishbone device verilated on first use (models/rtl_runtime) with a wrapper
// written for its ports (wishbone_wrapper.h), loaded as a WishboneModel.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "wishbone_model.h"
#include "wishbone_wrapper.h"

namespace accsim::wishbone {

struct WishboneRtlSpec {
  std::string what;                  // errors are reported at it: "devices[0] (dma)"
  std::vector<std::string> sources;  // absolute paths
  std::string top;
  std::map<std::string, int64_t> parameters;
  WishbonePortNames ports;
  std::string cache_dir;
};

// Where devices are cached unless the spec says otherwise: $ACCSIM_RTL_CACHE, else
// ~/.cache/accsim/verilog.
std::string default_wishbone_cache_dir();

// Builds (or finds in the cache) and loads the device; `name` names its instance in the
// waveform, `trace` readies it for one. Throws std::runtime_error with one line.
std::unique_ptr<WishboneModel> load_wishbone_model(
    const WishboneRtlSpec& spec, const std::string& name, bool trace,
    const std::function<void(const std::string&)>& note);

}  // namespace accsim::wishbone
