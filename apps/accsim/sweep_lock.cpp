#include "sweep_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

// The holder line a lock file holds ("pid N on host H"), empty if none.
std::string read_holder(int fd) {
  char text[256];
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  if (n <= 0) return "";
  std::string holder(text, static_cast<size_t>(n));
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == '\r')) holder.pop_back();
  return holder;
}

// The host matters on a shared file system, where the holder may run on another machine.
std::string holder_line() {
  char host[HOST_NAME_MAX + 1] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "?");
  return "pid " + std::to_string(::getpid()) + " on host " + host;
}

bool same_file(int fd, const fs::path& path) {
  struct stat locked {};
  struct stat named {};
  return ::fstat(fd, &locked) == 0 && ::stat(path.c_str(), &named) == 0 &&
         locked.st_dev == named.st_dev && locked.st_ino == named.st_ino;
}

}  // namespace

SweepLock::SweepLock(const fs::path& dir) : m_path(dir / kFileName) {
  // A few attempts: the previous holder may remove the file between our open() and flock(),
  // and then the lock we got is on a file nobody else will open.
  for (int attempt = 0; attempt < 10 && m_fd < 0; ++attempt) {
    // O_CLOEXEC: the points' `accsim run` children must not keep the lock.
    const int fd = ::open(m_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      throw SweepLockError("cannot create the lock file " + m_path.string() + ": " +
                           std::strerror(errno));
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = read_holder(fd);
      ::close(fd);
      if (error == EWOULDBLOCK) {
        throw SweepLockError(dir.string() +
                             ": another accsim sweep is running in this directory (" +
                             (holder.empty() ? std::string("holder not yet recorded") : holder) +
                             ", lock file " + m_path.string() + "); wait for it or stop it");
      }
      throw SweepLockError("cannot lock " + m_path.string() + ": " + std::strerror(error));
    }
    if (same_file(fd, m_path)) {
      m_fd = fd;
    } else {
      ::close(fd);
    }
  }
  if (m_fd < 0) throw SweepLockError("cannot lock " + m_path.string() + ": it keeps changing");
  m_stale_holder = read_holder(m_fd);
  const std::string line = holder_line() + "\n";
  if (::ftruncate(m_fd, 0) != 0 ||
      ::pwrite(m_fd, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size())) {
    const std::string reason = std::strerror(errno);
    ::unlink(m_path.c_str());
    ::close(m_fd);
    throw SweepLockError("cannot write the lock file " + m_path.string() + ": " + reason);
  }
}

SweepLock::~SweepLock() {
  // Removed while still locked, so no other sweep can lock the file and then lose it to us.
  ::unlink(m_path.c_str());
  ::close(m_fd);
}

}  // namespace accsim::cli
