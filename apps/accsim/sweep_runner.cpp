#include "sweep_runner.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <map>

#include "sweep_point_dir.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void on_signal(int) { g_interrupted = 1; }

}  // namespace

// Handlers without SA_RESTART, so waitpid() and sleeps return on a signal.
InterruptGuard::InterruptGuard() {
  g_interrupted = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &m_int);
  sigaction(SIGTERM, &action, &m_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &m_int, nullptr);
  sigaction(SIGTERM, &m_term, nullptr);
}

bool InterruptGuard::interrupted() { return g_interrupted != 0; }

namespace {

pid_t start_point(const SweepPoint& point, const RunnerOptions& options) {
  const fs::path dir = options.out / point.name;
  begin_point(dir, point);
  std::vector<std::string> args = {options.accsim.string(), "run"};
  if (options.quiet_runs) args.push_back("-q");
  args.insert(args.end(), point.args.begin(), point.args.end());
  args.push_back("--out");
  args.push_back(dir.string());
  // One log for both streams: accsim's own messages (spdlog) go to stdout, and a failure's
  // reason is then the log's last lines.
  const std::string log = (dir / "run.log").string();
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::fflush(nullptr);
  const pid_t sweep_pid = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    // The point dies with its sweep, even a SIGKILLed one (which cannot pass anything on).
    // SIGTERM: the run still writes its outputs, unmarked, so a re-run starts it again. If the
    // sweep died before prctl(), the child was already reparented: give up at once.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != sweep_pid) _exit(128 + SIGTERM);
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) _exit(126);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
    execv(argv[0], argv.data());
    std::fprintf(stderr, "%s: cannot run %s: %s\n", options.tag.c_str(), argv[0],
                 std::strerror(errno));
    _exit(127);
  }
  return pid;
}

// waitpid(-1) that calls the heartbeat every heartbeat_seconds meanwhile (polling a few times a
// second; plain blocking without one). Returns -1 with errno EINTR on a signal, as waitpid,
// until the signal was `forwarded` to the points; then it waits for them without a heartbeat.
pid_t wait_for_child(int* status, const RunnerOptions& options, bool forwarded) {
  if (!options.heartbeat || options.heartbeat_seconds <= 0 || forwarded) {
    return waitpid(-1, status, 0);
  }
  using Clock = std::chrono::steady_clock;
  auto last = Clock::now();
  while (true) {
    const pid_t pid = waitpid(-1, status, WNOHANG);
    if (pid != 0) return pid;
    if (g_interrupted) {
      errno = EINTR;
      return -1;
    }
    struct timespec pause {
      0, 200'000'000
    };
    nanosleep(&pause, nullptr);
    if (std::chrono::duration<double>(Clock::now() - last).count() >= options.heartbeat_seconds) {
      options.heartbeat();
      last = Clock::now();
    }
  }
}

}  // namespace

std::string seconds_text(double s) {
  char buf[32];
  if (s < 60) {
    std::snprintf(buf, sizeof buf, "%.1f s", s);
  } else {
    const long t = static_cast<long>(s + 0.5);
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  }
  return buf;
}

fs::path self_executable() { return fs::read_symlink("/proc/self/exe"); }

RunnerSummary run_points(const std::vector<const SweepPoint*>& points,
                         const RunnerOptions& options) {
  using Clock = std::chrono::steady_clock;
  InterruptGuard guard;
  RunnerSummary summary;
  struct Running {
    const SweepPoint* point;
    Clock::time_point start;
  };
  std::map<pid_t, Running> running;
  size_t next = 0, finished = 0;
  bool forwarded = false;
  const auto start = Clock::now();

  while (true) {
    while (!g_interrupted && next < points.size() && running.size() < options.jobs) {
      const SweepPoint* point = points[next++];
      running[start_point(*point, options)] = {point, Clock::now()};
    }
    if (running.empty()) break;
    int status = 0;
    const pid_t pid = wait_for_child(&status, options, forwarded);
    if (pid < 0) {
      if (errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + strerror(errno));
      if (g_interrupted && !forwarded) {
        for (const auto& [child, r] : running) kill(child, SIGINT);
        forwarded = true;
      }
      continue;
    }
    auto it = running.find(pid);
    if (it == running.end()) continue;
    const SweepPoint& point = *it->second.point;
    const double took = std::chrono::duration<double>(Clock::now() - it->second.start).count();
    running.erase(it);
    if (g_interrupted) continue;  // cut short: no marker, a re-run starts it again

    const fs::path dir = options.out / point.name;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    ++finished;
    const size_t done = options.already_done + finished;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const double eta = elapsed / double(finished) * double(points.size() - finished);
    std::error_code ec;
    if (code == 0 && fs::exists(dir / "stats.json", ec)) {
      mark_done(dir);
      ++summary.ok;
      if (!options.quiet) {
        std::fprintf(stderr, "%s: [%zu/%zu] ok     %s (%s)%s\n", options.tag.c_str(), done,
                     options.total, point.name.c_str(), seconds_text(took).c_str(),
                     finished < points.size() && options.show_eta
                         ? (", ETA " + seconds_text(eta)).c_str()
                         : "");
      }
    } else {
      const auto tail = tail_lines(dir / "run.log", 20);
      mark_failed(dir, code == 0 ? 1 : code, tail);
      ++summary.failed;
      std::fprintf(stderr, "%s: [%zu/%zu] FAILED %s (exit %d): %s\n", options.tag.c_str(), done,
                   options.total, point.name.c_str(), code,
                   tail.empty() ? "no message" : tail.back().c_str());
    }
  }
  summary.interrupted = g_interrupted != 0;
  return summary;
}

}  // namespace accsim::cli
