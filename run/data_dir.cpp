#include "data_dir.h"

namespace fs = std::filesystem;

namespace accsim {

namespace {
fs::path find_data_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return fs::path(ACCSIM_DATA_SUBDIR);  // no /proc: relative to the working directory
  for (fs::path dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    const fs::path candidate = dir / ACCSIM_DATA_SUBDIR;
    if (fs::is_directory(candidate, ec)) return candidate;
    if (dir == dir.root_path()) break;
  }
  return exe.parent_path().parent_path() / ACCSIM_DATA_SUBDIR;
}
}  // namespace

const fs::path& data_dir() {
  static const fs::path dir = find_data_dir();
  return dir;
}

fs::path data_path(const std::string& relative) {
  std::error_code ec;
  const fs::path path = fs::weakly_canonical(data_dir() / relative, ec);
  return ec ? data_dir() / relative : path;
}

}  // namespace accsim
