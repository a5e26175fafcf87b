#!/usr/bin/env bash
# Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan) and runs every fuzz target for
# SECONDS (default 60), starting from its committed corpus, tests/fuzz/<target>/. Prints each
# target's executions per second and coverage (libFuzzer's cov: edges, ft: features) and exits
# non-zero if any target finds a crash, sanitizer report, leak, timeout or out-of-memory; the
# reproducer is left in build/fuzz/findings/<target>/.
#
# usage: tests/fuzz/run_fuzzers.sh [SECONDS] [TARGET...]   (targets: config elf vta tflite)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(config elf vta tflite)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

build=build/fuzz
status=0
summary=()
for target in "${targets[@]}"; do
  # New inputs go to a scratch corpus so a run never edits the committed one.
  work=$build/corpus/$target
  findings=$build/findings/$target
  log=$build/fuzz_$target.log
  mkdir -p "$work" "$findings"
  echo "=== fuzz_$target: ${seconds} s"
  # A dictionary (config: the schema's keys and enum values) lets mutations splice whole words.
  dict=()
  [[ -f tests/fuzz/$target.dict ]] && dict=(-dict="tests/fuzz/$target.dict")
  set +e
  # -timeout: an input running longer than 10 s is a hang. -malloc_limit_mb: no input needs
  # more than a few MiB, so a size field that makes the code allocate hundreds is a finding.
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=512 "${dict[@]}" \
    -print_final_stats=1 -artifact_prefix="$findings/" "$work" "tests/fuzz/$target" >"$log" 2>&1
  rc=$?
  set -e
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\) .*/\1/p' <<<"$last")
  corpus=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  line=$(printf '%-7s %9s execs %7s exec/s  cov %5s  ft %6s  corpus %5s' \
                "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}")
  if [[ $rc -ne 0 ]]; then
    line+="  FINDING (exit $rc), see $log and $findings/"
    grep -E '^==[0-9]+==ERROR|runtime error|SUMMARY' "$log" | head -5 || true
    status=1
  fi
  echo "$line"
  summary+=("$line")
done

echo "=== fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
exit $status
