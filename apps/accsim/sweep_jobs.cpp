#include "sweep_jobs.h"

#include <cctype>

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
                   const fs::path& accsim, const fs::path& jobs_file) {
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
      "set -euo pipefail\n"
      "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" " +
      shell_quote(jobs_file.string()) +
      ")\n"
      "exec bash -c \"$line\"\n";
  write_file_atomic(jobs_file, jobs);
  write_file_atomic(sbatch, script);
  fs::permissions(sbatch, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
  return {jobs_file, sbatch};
}

}  // namespace accsim::cli
