// The sweep directory's lock: held, it refuses a second holder naming the first; released or
// left behind by a holder that died, it is taken (the latter noted as stale).
#include "sweep_lock.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

using namespace accsim::cli;
namespace fs = std::filesystem;

namespace {
fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("accsim_sweep_lock_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}
}  // namespace

TEST_CASE("a held sweep lock refuses a second sweep, naming the holder") {
  const fs::path dir = fresh_dir("held");
  {
    SweepLock first(dir);
    CHECK(first.stale_holder().empty());
    CHECK_THROWS_WITH(SweepLock(dir),
                      Catch::StartsWith(dir.string() +
                                        ": another accsim sweep is running in this directory "
                                        "(pid " +
                                        std::to_string(::getpid()) + " on host ") &&
                          Catch::EndsWith("; wait for it or stop it"));
  }
  CHECK_FALSE(fs::exists(dir / SweepLock::kFileName));
  SweepLock again(dir);  // released with its holder
  CHECK(again.stale_holder().empty());
  fs::remove_all(dir);
}

TEST_CASE("a lock file nobody holds is taken over and reported stale") {
  const fs::path dir = fresh_dir("stale");
  std::ofstream(dir / SweepLock::kFileName) << "pid 4242 on host gone\n";
  {
    SweepLock lock(dir);
    CHECK(lock.stale_holder() == "pid 4242 on host gone");
  }
  fs::remove_all(dir);
}
