// Where accsim finds what it reads at run time besides the user's files: the shipped configs,
// the built firmware, the Verilog it verilates on demand and the headers that Verilog's wrapper
// is compiled against. All of it lives in one folder, share/accsim:
//   <prefix>/share/accsim   an installed accsim (cmake/Install.cmake copies it there)
//   <build>/share/accsim    a build tree (links into the source and build trees, made when
//                           configuring; cmake/Install.cmake again, beside each install rule)
// It is the first share/accsim in the running executable's folder or above it, so no path of
// either tree is compiled in: an installed accsim works wherever its prefix is moved, and the
// build and source trees may be gone.
#pragma once

#include <filesystem>
#include <string>

namespace accsim {

// The data folder. Without one (an executable copied away from its tree), where it would be
// beside the executable (<bin>/../share/accsim), so messages name where files were looked for.
const std::filesystem::path& data_dir();

// data_dir() / relative with links resolved: in a build tree, the source or build tree's path.
std::filesystem::path data_path(const std::string& relative);

}  // namespace accsim
