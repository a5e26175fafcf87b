// `accsim sweep --emit-jobs FILE`: one self-contained shell command per point (absolute paths,
// `accsim sweep SPEC --out DIR --point N -q`, which writes the point's markers), runnable by
// GNU parallel locally or across hosts, and FILE.sbatch, a Slurm array running line
// $SLURM_ARRAY_TASK_ID+1 of FILE. `accsim sweep --collect DIR` then writes results.csv.
#pragma once

#include <filesystem>
#include <string>

#include "sweep_spec.h"

namespace accsim::cli {

// `text` quoted for a POSIX shell (single quotes; plain words left as they are).
std::string shell_quote(const std::string& text);

struct JobFiles {
  std::filesystem::path jobs, sbatch;
};

// The command line that runs point `index` (no trailing newline).
std::string job_line(const std::filesystem::path& accsim, const std::filesystem::path& spec_file,
                     const std::filesystem::path& out, size_t index);

JobFiles emit_jobs(const SweepSpec& spec, const std::filesystem::path& spec_file,
                   const std::filesystem::path& out, const std::filesystem::path& accsim,
                   const std::filesystem::path& jobs_file);

}  // namespace accsim::cli
