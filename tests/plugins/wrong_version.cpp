// A library built against another accsim (WRONG_ABI) or other libraries (WRONG_DEPENDENCIES):
// accsim must refuse it naming both sides, reading only the members that never change.
#include "accsim_plugin.h"

extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin() {
#ifdef WRONG_ABI
  static const accsim::plugin::Library library{accsim::plugin::kAbi + 1, "9.9.9",
                                               accsim::plugin::kDependencies, nullptr, 0};
#else
  static const accsim::plugin::Library library{accsim::plugin::kAbi, accsim::kVersion,
                                               "nlohmann-json 2.0.0", nullptr, 0};
#endif
  return &library;
}
