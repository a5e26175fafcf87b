// One sweep at a time per sweep directory: DIR/sweep.lock, held with flock() while a sweep runs,
// names its holder (pid and host) for the message a second sweep prints. The kernel drops the
// lock when its holder dies, however it dies, so the file a SIGKILLed sweep leaves behind is
// taken over (stale_holder() says whose it was) instead of blocking the directory for ever.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace accsim::cli {

// Another live process holds the lock (what() names it), or the lock file cannot be written.
class SweepLockError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class SweepLock {
 public:
  static constexpr const char* kFileName = "sweep.lock";

  // Takes the lock of `dir` (an existing directory); throws SweepLockError if it is held.
  explicit SweepLock(const std::filesystem::path& dir);
  ~SweepLock();  // removes the file, then releases the lock
  SweepLock(const SweepLock&) = delete;
  SweepLock& operator=(const SweepLock&) = delete;

  // "pid N on host H" of a lock file found unlocked (its sweep died without removing it);
  // empty when there was none.
  const std::string& stale_holder() const { return m_stale_holder; }
  const std::filesystem::path& path() const { return m_path; }

 private:
  std::filesystem::path m_path;
  int m_fd = -1;
  std::string m_stale_holder;
};

}  // namespace accsim::cli
