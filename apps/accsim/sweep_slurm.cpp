#include "sweep_slurm.h"

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "exit_codes.h"
#include "sweep_jobs.h"
#include "sweep_point_dir.h"
#include "sweep_runner.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

constexpr size_t kDefaultMaxArraySize = 1001;  // Slurm's default MaxArraySize
// The point directories are cheap to look at (two stats a point; a second apart, one more
// per thousand points waited for, up to ten, to spare a shared file system); squeue asks the
// controller, which busy clusters ask users not to poll often.
constexpr long kMarkerPollSeconds = 1, kMaxMarkerPollSeconds = 10;
constexpr auto kQueuePollInterval = std::chrono::seconds(5);
constexpr auto kQuietWaitNotice = std::chrono::seconds(60);
constexpr int kQueueFailuresBeforeGivingUp = 24;  // two minutes of squeue errors

struct CommandOutput {
  int exit_code = 0;
  std::string text;  // stdout and stderr together
};

// Runs a program (looked up in PATH) without a shell, capturing its output. Signals to us
// do not cut the capture short: the sbatch answer names the job we would have to cancel.
CommandOutput capture(const std::vector<std::string>& args) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error(std::string("pipe: ") + strerror(errno));
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + strerror(errno));
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  close(pipe_fds[1]);
  CommandOutput out;
  char buf[4096];
  while (true) {
    const ssize_t n = read(pipe_fds[0], buf, sizeof buf);
    if (n > 0) {
      out.text.append(buf, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return out;
}

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line, last;
  while (std::getline(in, line)) {
    if (!line.empty()) last = line;
  }
  return last.empty() ? "no message" : last;
}

bool in_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (!dir.empty() && access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// The cluster's MaxArraySize from `scontrol show config`; Slurm's default when unreadable.
size_t max_array_size() {
  if (!in_path("scontrol")) return kDefaultMaxArraySize;
  const auto config = capture({"scontrol", "show", "config"});
  std::istringstream in(config.text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("MaxArraySize", 0) != 0) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) break;
    const size_t size = std::strtoul(line.c_str() + eq + 1, nullptr, 10);
    return size > 0 ? size : kDefaultMaxArraySize;
  }
  return kDefaultMaxArraySize;
}

// A point's place in the submitted arrays, for naming its Slurm log.
struct TaskRef {
  std::string job_id;
  size_t task_id = 0;
};

class SlurmSweep {
 public:
  SlurmSweep(const SweepSpec& spec, const std::vector<const SweepPoint*>& points,
             const SlurmSweepOptions& options)
      : m_spec(spec), m_points(points), m_options(options) {}

  SlurmSweepOutcome run() {
    InterruptGuard guard;
    const JobFiles files = emit_jobs(m_spec, m_options.spec_file, m_options.out, m_options.accsim,
                                     m_options.out / "slurm-jobs.txt", m_options.setup);
    // Stale markers would read as this submission's results before its tasks start.
    for (const SweepPoint* point : m_points) begin_point(m_options.out / point->name, *point);
    if (const int code = submit(files.sbatch); code != kExitOk) return {code, {}};
    if (InterruptGuard::interrupted()) return cancel();
    return follow();
  }

 private:
  int submit(const fs::path& script) {
    std::vector<size_t> indices;
    for (const SweepPoint* point : m_points) indices.push_back(point->index);
    const size_t limit = max_array_size();
    for (const ArrayChunk& chunk : split_into_arrays(indices, limit)) {
      if (InterruptGuard::interrupted()) break;
      std::vector<std::string> args = {"sbatch", "--parsable",
                                       "--array=" + array_ranges(chunk.task_ids)};
      for (const auto& word : split_words(m_options.sbatch_args)) args.push_back(word);
      args.push_back(script.string());
      args.push_back(std::to_string(chunk.offset));
      const CommandOutput out = capture(args);
      const std::string job_id = last_line(out.text).substr(0, last_line(out.text).find(';'));
      if (out.exit_code != 0 || job_id.empty() ||
          job_id.find_first_not_of("0123456789") != std::string::npos) {
        std::fprintf(stderr, "sweep: sbatch failed (exit %d): %s%s\n", out.exit_code,
                     last_line(out.text).c_str(),
                     m_job_ids.empty() ? ""
                     : scancel()       ? "; cancelled the jobs submitted before it"
                                       : "; could not cancel the jobs submitted before it");
        return kExitSimulationFailure;
      }
      m_job_ids.push_back(job_id);
      for (const size_t task : chunk.task_ids) m_tasks[chunk.offset + task] = {job_id, task};
      if (!m_options.quiet) {
        std::fprintf(stderr, "sweep: submitted Slurm job %s: %zu point(s) (array %s%s)\n",
                     job_id.c_str(), chunk.task_ids.size(), array_ranges(chunk.task_ids).c_str(),
                     chunk.offset ? (", points from " + std::to_string(chunk.offset)).c_str() : "");
      }
    }
    if (!m_options.quiet) {
      std::fprintf(stderr, "sweep: following %s (Ctrl-C cancels; logs %s/slurm-*.log)\n",
                   m_job_ids.size() == 1 ? "it" : "them", m_options.out.c_str());
    }
    return kExitOk;
  }

  std::string job_list() const {
    std::string text;
    for (const auto& id : m_job_ids) text += (text.empty() ? "" : ",") + id;
    return text;
  }

  bool scancel() const {
    std::vector<std::string> args = {"scancel"};
    args.insert(args.end(), m_job_ids.begin(), m_job_ids.end());
    return capture(args).exit_code == 0;
  }

  SlurmSweepOutcome cancel() {
    if (m_job_ids.empty()) {
      std::fprintf(stderr, "sweep: interrupted before anything was submitted\n");
      return {kExitInterrupted, {}};
    }
    const bool cancelled = scancel();
    std::fprintf(stderr,
                 "sweep: interrupted with %zu of %zu points done; %s Slurm job %s; run the same "
                 "command again to resume\n",
                 m_options.already_done + m_finished, m_spec.points.size(),
                 cancelled ? "cancelled" : "could not cancel", job_list().c_str());
    return {kExitInterrupted, {}};
  }

  enum class QueueState { kActive, kEnded, kUnknown };

  // Our tasks still in the queue (pending, running, completing), one line each (-r).
  QueueState queue_state(std::string& summary) {
    const CommandOutput out = capture({"squeue", "-h", "-r", "-j", job_list(), "-o", "%T"});
    // Jobs the controller has already forgotten (MinJobAge) are "invalid" ids: ended.
    if (out.exit_code != 0) {
      return out.text.find("Invalid job id") != std::string::npos ? QueueState::kEnded
                                                                  : QueueState::kUnknown;
    }
    std::map<std::string, size_t> states;
    std::istringstream in(out.text);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty()) ++states[line];
    }
    summary.clear();
    for (const auto& [state, count] : states) {
      summary += (summary.empty() ? "" : ", ") + std::to_string(count) + " " + state;
    }
    return states.empty() ? QueueState::kEnded : QueueState::kActive;
  }

  // Prints a line for each point whose marker appeared since the last look.
  bool report_new_markers() {
    bool any = false;
    for (size_t i = 0; i < m_points.size(); ++i) {
      if (m_reported.count(i)) continue;
      const SweepPoint& point = *m_points[i];
      const fs::path dir = m_options.out / point.name;
      std::error_code ec;
      if (!fs::exists(dir / "done", ec) && !fs::exists(dir / "failed", ec)) continue;  // cheap
      const PointOutcome outcome = read_point(dir, point);
      if (outcome.kind == PointOutcome::Kind::kMissing) continue;
      m_reported.insert(i);
      ++m_finished;
      any = true;
      print_progress(point, outcome, dir);
    }
    if (any && m_first_batch == 0) {
      m_first_batch = m_finished;
      m_first_result = Clock::now();
    }
    return any;
  }

  void print_progress(const SweepPoint& point, const PointOutcome& outcome, const fs::path& dir) {
    const size_t done = m_options.already_done + m_finished;
    if (outcome.kind == PointOutcome::Kind::kFailed) {
      const auto tail = tail_lines(dir / "run.log", 1);
      std::fprintf(stderr, "sweep: [%zu/%zu] FAILED %s (exit %d): %s\n", done, m_spec.points.size(),
                   point.name.c_str(), outcome.exit_code,
                   tail.empty() ? "no message" : tail.back().c_str());
      return;
    }
    if (m_options.quiet) return;
    const double elapsed = seconds_since_start();
    const double eta = seconds_per_point() * double(m_points.size() - m_finished);
    std::fprintf(stderr, "sweep: [%zu/%zu] ok     %s (at %s%s)\n", done, m_spec.points.size(),
                 point.name.c_str(), seconds_text(elapsed).c_str(),
                 m_finished < m_points.size() ? (", ETA " + seconds_text(eta)).c_str() : "");
  }

  // From the pace of the results after the first batch of them (those seen at one look): the
  // time the jobs waited in the queue says nothing of how fast the rest will come.
  double seconds_per_point() const {
    if (m_first_batch == 0 || m_finished <= m_first_batch) {
      return seconds_since_start() / double(m_finished);
    }
    const double since_first = std::chrono::duration<double>(Clock::now() - m_first_result).count();
    return since_first / double(m_finished - m_first_batch);
  }

  double seconds_since_start() const {
    return std::chrono::duration<double>(Clock::now() - m_start).count();
  }

  SlurmSweepOutcome follow() {
    auto next_queue_poll = Clock::now() + kQueuePollInterval;
    auto last_news = Clock::now();
    int queue_failures = 0;
    while (m_reported.size() < m_points.size()) {
      if (InterruptGuard::interrupted()) return cancel();
      if (report_new_markers()) last_news = Clock::now();
      if (m_reported.size() == m_points.size()) break;
      if (Clock::now() >= next_queue_poll) {
        next_queue_poll = Clock::now() + kQueuePollInterval;
        std::string summary;
        const QueueState state = queue_state(summary);
        if (state == QueueState::kEnded) {
          report_new_markers();  // tasks that ended between the two looks
          break;
        }
        queue_failures = state == QueueState::kUnknown ? queue_failures + 1 : 0;
        if (queue_failures >= kQueueFailuresBeforeGivingUp) {
          std::fprintf(stderr,
                       "sweep: squeue keeps failing; stopped following Slurm job %s (it may "
                       "still run): collect later with accsim sweep --collect %s\n",
                       job_list().c_str(), m_options.out.c_str());
          return {kExitSimulationFailure, {}};
        }
        if (state == QueueState::kActive && !m_options.quiet &&
            Clock::now() - last_news >= kQuietWaitNotice) {
          std::fprintf(stderr, "sweep: [%zu/%zu] waiting: job %s: %s\n",
                       m_options.already_done + m_finished, m_spec.points.size(),
                       job_list().c_str(), summary.c_str());
          last_news = Clock::now();
        }
      }
      // nanosleep, unlike std::this_thread::sleep_for, returns at once on Ctrl-C.
      const long waited_for = long(m_points.size() - m_reported.size());
      const timespec pause{std::clamp(kMarkerPollSeconds + waited_for / 1000, kMarkerPollSeconds,
                                      kMaxMarkerPollSeconds),
                           0};
      nanosleep(&pause, nullptr);
    }
    return {kExitOk, unfinished()};
  }

  // "log DIR/slurm-JOB_TASK.log: its last line", the task's own account of why it stopped.
  std::string task_log_summary(size_t point_index) const {
    const TaskRef& task = m_tasks.at(point_index);
    const fs::path log =
        m_options.out / ("slurm-" + task.job_id + "_" + std::to_string(task.task_id) + ".log");
    const auto tail = tail_lines(log, 1);
    return "log " + log.string() + (tail.empty() ? "" : ": " + tail.back());
  }

  std::vector<std::string> unfinished() const {
    std::vector<std::string> names;
    for (const SweepPoint* point : m_points) {
      const PointOutcome outcome = read_point(m_options.out / point->name, *point);
      if (outcome.kind == PointOutcome::Kind::kOk) continue;
      if (outcome.kind == PointOutcome::Kind::kFailed) {
        names.push_back(point->name + " (failed, exit " + std::to_string(outcome.exit_code) + ")");
        continue;
      }
      names.push_back(point->name + " (no result; " + task_log_summary(point->index) + ")");
    }
    return names;
  }

  using Clock = std::chrono::steady_clock;
  const SweepSpec& m_spec;
  const std::vector<const SweepPoint*>& m_points;
  const SlurmSweepOptions& m_options;
  std::vector<std::string> m_job_ids;
  std::map<size_t, TaskRef> m_tasks;  // by point index
  std::set<size_t> m_reported;        // positions in m_points
  size_t m_finished = 0;
  Clock::time_point m_start = Clock::now();
  Clock::time_point m_first_result;
  size_t m_first_batch = 0;  // points seen at the first look that found any
};

}  // namespace

SlurmSweepOutcome run_sweep_on_slurm(const SweepSpec& spec,
                                     const std::vector<const SweepPoint*>& points,
                                     const SlurmSweepOptions& options) {
  if (!in_path("sbatch")) {
    std::fprintf(stderr,
                 "sbatch not found: --slurm needs Slurm's client commands in PATH (run on the "
                 "cluster's login node, or use -j N here)\n");
    return {kExitUsageError, {}};
  }
  if (!options.quiet) {
    std::fprintf(stderr, "sweep: %s: %zu points", spec.file.c_str(), spec.points.size());
    if (options.already_done) std::fprintf(stderr, ", %zu already done", options.already_done);
    std::fprintf(stderr, ", submitting %zu to Slurm into %s\n", points.size(), options.out.c_str());
  }
  if (points.empty()) return {kExitOk, {}};
  return SlurmSweep(spec, points, options).run();
}

}  // namespace accsim::cli
