// Slurm submission arithmetic: --array range text and the split of large sweeps into arrays
// whose task ids stay below the cluster's MaxArraySize.
#include "sweep_jobs.h"

#include <catch2/catch.hpp>

using namespace accsim::cli;

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
