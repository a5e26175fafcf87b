#include "sweep_jobs.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "sweep_point_dir.h"

namespace fs = std::filesystem;

namespace accsim::cli {

std::string shell_quote(const std::string& text) {
  bool plain = !text.empty();
  for (const char c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string("/._-+=:,@%").find(c) == std::string::npos) {
      plain = false;
    }
  }
  if (plain) return text;
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string job_line(const fs::path& accsim, const fs::path& spec_file, const fs::path& out,
                     size_t index) {
  return shell_quote(accsim.string()) + " sweep " + shell_quote(spec_file.string()) + " --out " +
         shell_quote(out.string()) + " --point " + std::to_string(index) + " -q";
}

JobFiles emit_jobs(const SweepSpec& spec, const fs::path& spec_file, const fs::path& out,
                   const fs::path& accsim, const fs::path& jobs_file, const std::string& setup) {
  std::string jobs;
  for (size_t i = 0; i < spec.points.size(); ++i) {
    jobs += job_line(accsim, spec_file, out, i) + "\n";
  }
  const fs::path sbatch = jobs_file.string() + ".sbatch";
  const std::string script =
      "#!/bin/bash\n"
      "# Slurm array for the sweep " +
      spec.file.string() +
      ": task i runs line i+1 of\n"
      "# " +
      jobs_file.string() +
      " (one point). When all are done:\n"
      "#   " +
      shell_quote(accsim.string()) + " sweep --collect " + shell_quote(out.string()) +
      "\n"
      "#SBATCH --job-name=accsim-" +
      spec.name +
      "\n"
      "#SBATCH --array=0-" +
      std::to_string(spec.points.size() - 1) +
      "\n"
      "#SBATCH --ntasks=1\n"
      "#SBATCH --cpus-per-task=1\n"
      "#SBATCH --output=" +
      out.string() +
      "/slurm-%A_%a.log\n"
      "# Slurm caps array task ids below MaxArraySize (default 1001): larger sweeps are\n"
      "# submitted in chunks, `sbatch --array=0-999 THIS 1000` running points 1000 to 1999\n"
      "# (the optional argument is added to the task id; accsim sweep --slurm does this).\n" +
      // Before `set -u`: module systems' shell functions often read unset variables.
      (setup.empty() ? std::string()
                     : "# --slurm-setup: the environment of the run\n" + setup +
                           (setup.back() == '\n' ? "" : "\n") + "# end of --slurm-setup\n") +
      "set -euo pipefail\n"
      "offset=${1:-0}\n"
      "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + offset + 1))p\" " +
      shell_quote(jobs_file.string()) +
      ")\n"
      "exec bash -c \"$line\"\n";
  write_file_atomic(jobs_file, jobs);
  write_file_atomic(sbatch, script);
  fs::permissions(sbatch, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
  return {jobs_file, sbatch};
}

std::string read_slurm_setup(const fs::path& file) {
  std::error_code ec;
  if (fs::is_directory(file, ec)) {
    throw std::runtime_error(file.string() + ": a directory, not a file of shell lines");
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw std::runtime_error(file.string() + ": cannot read: " + std::strerror(errno));
  return text.str();
}

std::string node_local_prefix(const fs::path& dir) {
  const fs::path normal = dir.lexically_normal();
  for (const char* local : {"/tmp", "/var/tmp", "/dev/shm"}) {
    const fs::path prefix(local);
    if (std::mismatch(prefix.begin(), prefix.end(), normal.begin(), normal.end()).first ==
        prefix.end()) {
      return local;
    }
  }
  return "";
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : text) {
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

std::string array_ranges(const std::vector<size_t>& task_ids) {
  std::string text;
  for (size_t i = 0; i < task_ids.size();) {
    size_t last = i;
    while (last + 1 < task_ids.size() && task_ids[last + 1] == task_ids[last] + 1) ++last;
    if (!text.empty()) text += ',';
    text += std::to_string(task_ids[i]);
    if (last > i) text += '-' + std::to_string(task_ids[last]);
    i = last + 1;
  }
  return text;
}

std::vector<ArrayChunk> split_into_arrays(const std::vector<size_t>& points,
                                          size_t max_array_size) {
  std::vector<ArrayChunk> chunks;
  const size_t span = std::max<size_t>(1, max_array_size);
  for (const size_t point : points) {
    const size_t offset = point / span * span;
    if (chunks.empty() || chunks.back().offset != offset) chunks.push_back({offset, {}});
    chunks.back().task_ids.push_back(point - offset);
  }
  return chunks;
}

}  // namespace accsim::cli
