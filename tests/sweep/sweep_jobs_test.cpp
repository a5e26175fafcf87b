// Slurm submission arithmetic: --array range text and the split of large sweeps into arrays
// whose task ids stay below the cluster's MaxArraySize; the job script's --slurm-setup lines;
// node-local sweep directories.
#include "sweep_jobs.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

using namespace accsim::cli;
namespace fs = std::filesystem;

TEST_CASE("array ranges fold consecutive task ids") {
  CHECK(array_ranges({}) == "");
  CHECK(array_ranges({3}) == "3");
  CHECK(array_ranges({0, 1, 2, 3}) == "0-3");
  CHECK(array_ranges({0, 1, 2, 5, 7, 8}) == "0-2,5,7-8");
}

TEST_CASE("points within MaxArraySize go in one array without offset") {
  const auto chunks = split_into_arrays({1, 4, 5}, 1001);
  REQUIRE(chunks.size() == 1);
  CHECK(chunks[0].offset == 0);
  CHECK(chunks[0].task_ids == std::vector<size_t>{1, 4, 5});
}

TEST_CASE("points past MaxArraySize are split into offset arrays") {
  const auto chunks = split_into_arrays({0, 2, 3, 4, 9}, 3);
  REQUIRE(chunks.size() == 3);
  CHECK(chunks[0].offset == 0);
  CHECK(chunks[0].task_ids == std::vector<size_t>{0, 2});
  CHECK(chunks[1].offset == 3);
  CHECK(chunks[1].task_ids == std::vector<size_t>{0, 1});
  CHECK(chunks[2].offset == 9);
  CHECK(chunks[2].task_ids == std::vector<size_t>{0});
}

TEST_CASE("extra sbatch options are split as a shell splits simple quoting") {
  CHECK(split_words("") == std::vector<std::string>{});
  CHECK(split_words("  -p  debug --time=10 ") ==
        std::vector<std::string>{"-p", "debug", "--time=10"});
  CHECK(split_words("--comment='two words' -A \"\"") ==
        std::vector<std::string>{"--comment=two words", "-A", ""});
}

TEST_CASE("setup lines go into the job script before set -u and the point's command") {
  const fs::path dir =
      fs::temp_directory_path() / ("accsim_jobs_setup_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto spec = parse_sweep_spec(
      nlohmann::ordered_json::parse(R"({"base": "b", "points": [{"k.a": 1}, {"k.a": 2}]})"),
      "s.json");
  const auto files = emit_jobs(spec, "/s.json", dir, "/bin/accsim", dir / "jobs.txt",
                               "module load gcc\nexport LD_LIBRARY_PATH=/x");
  std::ifstream in(files.sbatch);
  const std::string script((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t setup = script.find(
      "# --slurm-setup: the environment of the run\nmodule load gcc\n"
      "export LD_LIBRARY_PATH=/x\n# end of --slurm-setup\n");
  REQUIRE(setup != std::string::npos);
  CHECK(setup > script.rfind("#SBATCH"));
  CHECK(setup < script.find("set -euo pipefail"));
  CHECK(script.find("--slurm-setup") < script.find("exec bash"));
  fs::remove_all(dir);
}

TEST_CASE("sweep directories on node-local file systems are recognised") {
  CHECK(node_local_prefix("/tmp") == "/tmp");
  CHECK(node_local_prefix("/tmp/sweeps/s") == "/tmp");
  CHECK(node_local_prefix("/var/tmp/s") == "/var/tmp");
  CHECK(node_local_prefix("/dev/shm/s") == "/dev/shm");
  CHECK(node_local_prefix("/tmpfs/s").empty());
  CHECK(node_local_prefix("/home/me/tmp/s").empty());
  CHECK(node_local_prefix("/home/../tmp/s") == "/tmp");
}
