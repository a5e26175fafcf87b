#!/usr/bin/env bash
# check_slurm.sh ACCSIM SPEC OUT_DIR: sweeps on a real Slurm. Starts a private single-node
# cluster on this machine (slurm_cluster.sh: munged, slurmctld, slurmd, all files in a
# temporary directory, free loopback ports; MaxArraySize=3 so the 4-point spec needs two
# arrays), then checks that
#   - `accsim sweep --slurm` submits, follows and collects the same results.csv as -j 2, and
#     names the failing point; every task runs the --slurm-setup lines before its point;
#   - run again after a point lost its result, it re-submits only the unfinished points;
#   - the raw path (--emit-jobs, sbatch --wait of the script in two chunks, --collect) agrees;
#   - sbatch's refusal is passed on; tasks that leave no result are named with their logs;
#   - Ctrl-C cancels the submitted job and exits 130.
# Exits 77 (skipped) where the daemons cannot be started: not root, or Slurm not installed.
# Every daemon is stopped on exit, also on failure or timeout; every wait is bounded.
set -uo pipefail
accsim=$1 spec=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=slurm_cluster.sh
source "$here/slurm_cluster.sh"
fail() {
  echo "FAIL: $*"
  exit 1
}

reason=$(slurm_can_run)
if [[ -n $reason ]]; then
  echo "SKIP: cannot start a Slurm cluster here: $reason"
  exit 77
fi

rm -rf "$out" && mkdir -p "$out"
# Unix socket paths are limited to 108 bytes: keep the cluster out of the (deep) build tree.
cluster=$(mktemp -d /tmp/accsim-slurm.XXXXXX)
finish() {
  slurm_stop
  # Keep the daemons' logs beside the test's outputs, for a failure's post-mortem.
  cp "$cluster"/*.log "$cluster"/*.out "$cluster"/slurm.conf "$out/" 2>/dev/null
  rm -rf "$cluster"
}
trap finish EXIT
trap 'echo "FAIL: interrupted or out of time"; exit 1' INT TERM

start=$SECONDS
SLURM_MAX_ARRAY_SIZE=3
slurm_start "$cluster" || fail "could not start Slurm (logs in $out)"
echo "Slurm up in $((SECONDS - start)) s: $(sinfo -h -o '%P %D node(s) %c CPUs %t')"

# A sweep run, expecting exit 1 (the failing point) within a bounded time.
expect_exit() {
  local want=$1 log=$2
  shift 2
  timeout 120 "$@" 2>"$log"
  local code=$?
  [[ $code -eq $want ]] || { cat "$log"; fail "$* exited $code, expected $want"; }
}
same_results() {
  cmp "$out/local/results.csv" "$1/results.csv" || fail "$2: results.csv differs from -j 2's"
}

expect_exit 1 "$out/local.log" "$accsim" sweep "$spec" --out "$out/local" -j 2

# 1. accsim sweep --slurm: two arrays (MaxArraySize 3), progress, the failure named; the
# setup's lines run in every task (a `module load` stand-in: a function, under no `set -u`).
cat >"$out/setup.sh" <<'SETUP'
setup_env() { echo "accsim-test-setup: ${ACCSIM_TEST_UNSET_VARIABLE}ran"; }
setup_env
SETUP
expect_exit 1 "$out/slurm.log" "$accsim" sweep "$spec" --out "$out/slurm" --slurm \
  --slurm-args "--time=5 --job-name=accsim-test" --slurm-setup "$out/setup.sh"
cat "$out/slurm.log"
same_results "$out/slurm" "--slurm"
[[ $(grep -c 'submitted Slurm job [0-9]*: ' "$out/slurm.log") -eq 2 ]] ||
  fail "expected two submissions (points 0-2, then 3 past MaxArraySize 3)"
grep -q 'sweep: \[4/4\]' "$out/slurm.log" || fail "no done/total progress line"
grep -q 'ETA' "$out/slurm.log" || fail "no ETA in the progress lines"
grep -q 'without results on Slurm: 003_limited[^ ]* (failed, exit 1); the same command' \
  "$out/slurm.log" || fail "the failed point was not named with how to re-submit it"
ls "$out"/slurm/slurm-*_*.log >/dev/null 2>&1 || fail "no Slurm task logs in the sweep directory"
[[ $(grep -l '^accsim-test-setup: ran$' "$out"/slurm/slurm-*_*.log | wc -l) -eq 4 ]] ||
  fail "the --slurm-setup lines did not run in all 4 tasks"

# 2. Re-submission: a lost result (000) and the failed point go again, the others stay.
rm "$out"/slurm/000_*/done
for marker in "$out"/slurm/*/done; do touch -d '2000-01-01' "$(dirname "$marker")/stats.json"; done
expect_exit 1 "$out/resubmit.log" "$accsim" sweep "$spec" --out "$out/slurm" --slurm
grep -q '4 points, 2 already done, submitting 2 to Slurm' "$out/resubmit.log" ||
  { cat "$out/resubmit.log"; fail "the re-run did not submit only the 2 unfinished points"; }
old=$(find "$out/slurm" -name stats.json ! -newermt '2001-01-01' | wc -l)
[[ $old -eq 2 ]] || fail "finished points were re-run ($old of 2 kept)"
same_results "$out/slurm" "--slurm re-submission"

# 3. The raw path: --emit-jobs, the script submitted by hand in MaxArraySize chunks, --collect.
"$accsim" sweep "$spec" --out "$out/raw" --emit-jobs "$out/jobs.txt" -q || fail "--emit-jobs"
timeout 120 sbatch --wait --array=0-2 "$out/jobs.txt.sbatch" >"$out/sbatch1.log" 2>&1 &
first=$!
timeout 120 sbatch --wait --array=0 "$out/jobs.txt.sbatch" 3 >"$out/sbatch2.log" 2>&1
second=$?
wait "$first"
first=$?
[[ $first -eq 0 ]] || { cat "$out/sbatch1.log"; fail "sbatch --wait of points 0-2: exit $first"; }
# Point 3 fails on purpose: its task exits 1, which sbatch --wait passes on.
[[ $second -eq 1 ]] || { cat "$out/sbatch2.log"; fail "sbatch --wait of point 3: exit $second"; }
expect_exit 1 "$out/collect.log" "$accsim" sweep --collect "$out/raw"
same_results "$out/raw" "--emit-jobs + sbatch --wait + --collect"

# 4. sbatch refusing the job: its message, exit 1.
expect_exit 1 "$out/refused.log" "$accsim" sweep "$spec" --out "$out/refused" --slurm \
  --slurm-args "-p no_such_partition"
grep -q '^sweep: sbatch failed (exit 1): sbatch: error: .*[Pp]artition' "$out/refused.log" ||
  { cat "$out/refused.log"; fail "sbatch's refusal was not passed on"; }

# 5. Tasks that die before their point can record anything (here: no sed in PATH for the
#    script) are named with their Slurm log.
expect_exit 1 "$out/lost.log" "$accsim" sweep "$spec" --out "$out/lost" --slurm \
  --slurm-args "--export=ALL,PATH=/nonexistent"
grep -q '4 points: 0 ok, 0 failed, 4 missing' "$out/lost.log" &&
  grep -q "4 point(s) without results on Slurm: 000_size-1K (no result; log $out/lost/slurm-[0-9]*_0.log: .*sed: command not found)" \
    "$out/lost.log" || { cat "$out/lost.log"; fail "tasks without results were not named"; }

# 6. Ctrl-C while the job waits in the queue (--begin holds it): scancel, exit 130.
"$accsim" sweep "$spec" --out "$out/cancel" --slurm --slurm-args "--begin=now+600" \
  2>"$out/cancel.log" &
pid=$!
for _ in $(seq 1 100); do
  grep -q 'following it' "$out/cancel.log" && break
  sleep 0.1
done
job=$(grep -o 'submitted Slurm job [0-9]*' "$out/cancel.log" | head -1 | grep -o '[0-9]*$')
[[ -n $job ]] || { cat "$out/cancel.log"; fail "no job submitted"; }
kill -INT "$pid"
timeout 30 tail --pid="$pid" -f /dev/null
wait "$pid"
code=$?
[[ $code -eq 130 ]] || { cat "$out/cancel.log"; fail "Ctrl-C: exit $code, expected 130"; }
grep -q "interrupted with 0 of 4 points done; cancelled Slurm job $job" "$out/cancel.log" ||
  { cat "$out/cancel.log"; fail "no cancellation line"; }
slurm_wait_for 20 slurm_queue_empty "$job" ||
  fail "job $job still queued after Ctrl-C: $(squeue -h -j "$job")"

echo "Slurm: --slurm, re-submission and sbatch --wait + --collect gave -j 2's results.csv;" \
  "Ctrl-C cancelled the job ($((SECONDS - start)) s)"
