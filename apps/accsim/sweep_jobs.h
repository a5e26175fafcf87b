// `accsim sweep --emit-jobs FILE`: one self-contained shell command per point (absolute paths,
// `accsim sweep SPEC --out DIR --point N -q`, which writes the point's markers), runnable by
// GNU parallel locally or across hosts, and FILE.sbatch, a Slurm array running line
// $SLURM_ARRAY_TASK_ID+1 of FILE (plus the script's optional first argument, an offset for
// sweeps larger than the cluster's MaxArraySize). `accsim sweep --collect DIR` then writes
// results.csv.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

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

// `setup`: shell lines (--slurm-setup FILE's text: `module load`, exports) that the .sbatch
// script runs before the point's command; empty for none.
JobFiles emit_jobs(const SweepSpec& spec, const std::filesystem::path& spec_file,
                   const std::filesystem::path& out, const std::filesystem::path& accsim,
                   const std::filesystem::path& jobs_file, const std::string& setup = "");

// The text of --slurm-setup FILE; throws std::runtime_error naming FILE when it cannot be read.
std::string read_slurm_setup(const std::filesystem::path& file);

// The node-local file system `dir` is on ("/tmp", "/var/tmp", "/dev/shm"), which other nodes
// of a cluster do not see; empty when it is on none of them. `dir` is absolute.
std::string node_local_prefix(const std::filesystem::path& dir);

// `text` split into words as a POSIX shell would for simple quoting: whitespace separates,
// '...' and "..." group (no escapes or expansions). For --slurm-args.
std::vector<std::string> split_words(const std::string& text);

// Slurm's --array syntax for sorted task ids, runs folded into ranges: {0,1,2,5} -> "0-2,5".
std::string array_ranges(const std::vector<size_t>& task_ids);

// One sbatch submission of the emitted script: points offset + task_ids[i].
struct ArrayChunk {
  size_t offset = 0;
  std::vector<size_t> task_ids;
};

// Sorted point indices as job arrays whose task ids stay below max_array_size (Slurm's
// MaxArraySize): points [k*max, (k+1)*max) go in one chunk with offset k*max.
std::vector<ArrayChunk> split_into_arrays(const std::vector<size_t>& points, size_t max_array_size);

}  // namespace accsim::cli
