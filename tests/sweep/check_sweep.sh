#!/usr/bin/env bash
# check_sweep.sh MODE ACCSIM SPEC OUT_DIR: end-to-end checks of `accsim sweep` / `accsim report`
# on a spec of 8 tiny points (tests/sweep/data/hello_sweep.json) of which 2 fail on purpose.
#   determinism  -j 1 and -j 2 write byte-identical results.csv; failures are recorded
#   resume       a sweep interrupted midway resumes without re-running finished points
#   parallel     --emit-jobs run by GNU parallel, then --collect: the same results.csv
#   report       report on one and two runs (text, CSV, plot); stats.txt agrees with stats.json
#   lock         (SPEC of points that spin until stopped, tests/sweep/data/hang_sweep.json) a
#                second sweep on a running sweep's directory is refused naming the first; a
#                SIGKILLed sweep takes its points with it; its stale lock is taken over
set -uo pipefail
mode=$1 accsim=$2 spec=$3 out=$4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"

# Runs a sweep, expecting exit 1 (the two failing points) and all 8 points accounted for.
sweep_expect_failures() {
  local dir=$1 log=$2
  shift 2
  "$accsim" sweep "$spec" --out "$dir" "$@" 2>"$log"
  local code=$?
  [[ $code -eq 1 ]] || { cat "$log"; fail "sweep exited $code, expected 1 (2 failing points)"; }
  [[ $(grep -c ',ok,' "$dir/results.csv") -eq 6 ]] || fail "expected 6 ok rows in $dir/results.csv"
  [[ $(grep -c ',failed:1,' "$dir/results.csv") -eq 2 ]] || fail "expected 2 failed:1 rows"
}

case $mode in
determinism)
  sweep_expect_failures "$out/j1" "$out/j1.log" -j 1
  sweep_expect_failures "$out/j2" "$out/j2.log" -j 2 --plot "$out/j2.svg"
  cmp "$out/j1/results.csv" "$out/j2/results.csv" || fail "results.csv differs between -j 1 and -j 2"
  grep -q 'sweep: \[8/8\]' "$out/j1.log" || fail "no done/total progress line"
  grep -q 'ETA' "$out/j1.log" || fail "no ETA in the progress lines"
  grep -q 'FAILED 006_limited' "$out/j1.log" || fail "the failing point was not reported"
  failed=$(ls -d "$out"/j1/006_limited*)
  grep -q '"exit_code": 1' "$failed/failed" || fail "no exit code in $failed/failed"
  grep -q 'cycle limit 5000' "$failed/failed" || fail "no log tail in $failed/failed"
  [[ ! -e $failed/done ]] || fail "a failed point has a done marker"
  for d in "$out"/j1/00[0-5]_*; do
    for f in done point.json config.json stats.json stats.txt host.json; do
      [[ -f $d/$f ]] || fail "$d/$f missing"
    done
  done
  if command -v gnuplot >/dev/null; then
    grep -q '<svg' "$out/j2.svg" || fail "sweep --plot wrote no SVG"
  fi
  head -3 "$out/j1/results.csv"
  echo "identical results.csv for -j 1 and -j 2; 6 ok, 2 failed and recorded"
  ;;
resume)
  # Interrupt after the first finished point; retry if the sweep was too quick to catch.
  for attempt in 1 2 3 4 5; do
    rm -rf "$out/s"
    "$accsim" sweep "$spec" --out "$out/s" -j 1 2>"$out/first.log" &
    pid=$!
    for _ in $(seq 1 2000); do
      compgen -G "$out/s/*/done" >/dev/null && break
      sleep 0.005
    done
    kill -INT "$pid"
    wait "$pid"
    code=$?
    [[ $code -eq 130 ]] && break
  done
  [[ $code -eq 130 ]] || fail "could not interrupt the sweep midway (exit $code)"
  grep -q 'interrupted with [0-9]* of 8 points done' "$out/first.log" || fail "no interrupted line"
  done_before=$(ls "$out"/s/*/done | wc -l)
  [[ $done_before -ge 1 && $done_before -lt 6 ]] || fail "$done_before points done before resume"
  # Date the finished points' outputs in the past: a re-run must leave them alone.
  for marker in "$out"/s/*/done; do touch -d '2000-01-01' "$(dirname "$marker")/stats.json"; done
  sweep_expect_failures "$out/s" "$out/second.log" -j 2
  grep -q "$done_before already done" "$out/second.log" || fail "resume did not skip finished points"
  old=$(find "$out/s" -name stats.json ! -newermt '2001-01-01' | wc -l)
  [[ $old -eq $done_before ]] || fail "finished points were re-run ($old of $done_before kept)"
  echo "interrupted with $done_before of 8 done; the re-run skipped them and finished the rest"
  ;;
parallel)
  command -v parallel >/dev/null ||
    fail "GNU parallel is not installed (Debian package parallel; scripts/setup.sh installs it)"
  sweep_expect_failures "$out/local" "$out/local.log" -j 2
  "$accsim" sweep "$spec" --out "$out/jobs" --emit-jobs "$out/jobs.txt" ||
    fail "--emit-jobs failed"
  [[ $(wc -l <"$out/jobs.txt") -eq 8 ]] || fail "expected 8 job lines"
  grep -q -- '--point 7 -q$' "$out/jobs.txt" || fail "job lines do not run single points"
  grep -q '^#SBATCH --array=0-7$' "$out/jobs.txt.sbatch" || fail "no Slurm array in the sbatch file"
  parallel --will-cite -j 2 <"$out/jobs.txt" >"$out/parallel.log" 2>&1
  [[ $? -eq 2 ]] || { cat "$out/parallel.log"; fail "GNU parallel: expected 2 failed jobs"; }
  "$accsim" sweep --collect "$out/jobs" 2>"$out/collect.log"
  [[ $? -eq 1 ]] || fail "--collect should exit 1 when points failed"
  cmp "$out/local/results.csv" "$out/jobs/results.csv" ||
    fail "--collect after GNU parallel differs from the local sweep's results.csv"
  # The Slurm script runs line SLURM_ARRAY_TASK_ID+1: re-run point 0 through it.
  rm "$out"/jobs/000_*/done
  SLURM_ARRAY_TASK_ID=0 bash "$out/jobs.txt.sbatch" || fail "the sbatch script failed for task 0"
  [[ -f $(echo "$out"/jobs/000_*)/done ]] || fail "the sbatch script did not finish point 0"
  "$accsim" sweep "$spec" --collect --out "$out/jobs" -q
  cmp "$out/local/results.csv" "$out/jobs/results.csv" || fail "--collect with the spec differs"
  echo "GNU parallel ran the emitted jobs; --collect reproduced results.csv byte for byte"
  ;;
report)
  "$accsim" sweep "$spec" --out "$out/s" -j 2 -q 2>/dev/null
  a=$(echo "$out"/s/000_*) b=$(echo "$out"/s/004_*)
  # stats.txt lists every stats.json value (same text) and nothing else: the host figures are in
  # host.json only, so stats.txt is as reproducible as stats.json.
  python3 - "$a" <<'PY' || fail "stats.txt and stats.json disagree"
import json, re, sys
d = sys.argv[1]
stats = json.load(open(d + "/stats.json"))
text = {}
for line in open(d + "/stats.txt"):
    m = re.match(r"(\S+)\s+(.*?)\s+# (.*)$", line.rstrip("\n"))
    assert m, "not name value # description: " + line
    text[m.group(1)] = m.group(2)
for k, v in stats.items():
    want = v if isinstance(v, str) else ("%.6f" % v if isinstance(v, float) else str(v))
    assert text.get(k) == want, f"{k}: stats.json {want!r}, stats.txt {text.get(k)!r}"
extra = set(text) - set(stats)
assert not extra, extra
print(f"stats.txt agrees with stats.json on {len(stats)} values, and has no others")
PY
  bash "$(dirname "$0")/../cli/expect.sh" 0 \
    "run .*000_.*: config vexriscv_arty, firmware hello.elf, exited \\(exit code 0\\);;CPI;;Functions \\(top 15 of [0-9]+ by cycles;;main" \
    "$accsim" report "$a" || fail "report on one run"
  bash "$(dirname "$0")/../cli/expect.sh" 0 \
    "#1 = .*000_;;Totals:;;cpu.cycles +[0-9]+ +[0-9]+ +[0-9.]+;;Configuration differences;;Other statistics that differ \\([0-9]+ of [0-9]+;;cache.dcache.size|cpu.[a-z_.]+ +[0-9]+ +[0-9]+ +[-+][0-9]+ +[0-9.]+" \
    "$accsim" report "$a" "$b" || fail "report comparing two runs"
  # --explain: what the D$ size moved (its misses) and where the time goes; the two failed
  # points still make the exit code 1.
  bash "$(dirname "$0")/../cli/expect.sh" 1 \
    "caches.dcache.size takes 3 values in 2 group\\(s\\);;cache.dcache.misses.read +[0-9]+ → [0-9]+;;Where the time goes \\(000_;;dcache: [0-9]+ accesses" \
    "$accsim" sweep --collect "$out/s" --explain caches.dcache.size -q || fail "sweep --explain"
  bash "$(dirname "$0")/../cli/expect.sh" 2 "--explain nope: not a swept key" \
    "$accsim" sweep --collect "$out/s" --explain nope -q || fail "sweep --explain of no key"
  "$accsim" report --csv "$a" "$b" >"$out/compare.csv" || fail "report --csv"
  head -1 "$out/compare.csv" | grep -q "^stat,000_[^,]*,004_[^,]*,delta:004_[^,]*,ratio:004_" ||
    fail "report --csv header: $(head -1 "$out/compare.csv")"
  grep -q '^cpu.cycles,[0-9]*,[0-9]*,[-+][0-9]*,[0-9.]*$' "$out/compare.csv" || fail "no cpu.cycles row"
  "$accsim" report --csv "$a" >"$out/one.csv" || fail "report --csv on one run"
  head -1 "$out/one.csv" | grep -q '^stat,value$' || fail "one-run --csv header"
  "$accsim" report "$a" "$b" --plot "$out/report.svg" >/dev/null 2>"$out/plot.log"
  if command -v gnuplot >/dev/null; then
    grep -q '<svg' "$out/report.svg" || { cat "$out/plot.log"; fail "report --plot wrote no SVG"; }
  else
    grep -q 'no plot: gnuplot is not installed' "$out/plot.log" || fail "missing gnuplot not said"
  fi
  echo "report: one run, two runs, CSV and plot"
  ;;
lock)
  expect=$(dirname "$0")/../cli/expect.sh
  pids=()
  trap 'kill -KILL "${pids[@]}" 2>/dev/null' EXIT  # nothing of this test outlives it
  # The `accsim run` children of sweep $1 once both points run (-j 2); empty if they never do.
  points_of() {
    local found=()
    for _ in $(seq 1 500); do
      mapfile -t found < <(pgrep -P "$1")
      [[ ${#found[@]} -eq 2 ]] && break
      sleep 0.02
    done
    [[ ${#found[@]} -eq 2 ]] && echo "${found[@]}"
  }
  # Processes of $@ still alive (a zombie is not: it has ended, unreaped).
  alive() {
    for p in "$@"; do
      state=$(awk '/^State:/ {print $2}' "/proc/$p/status" 2>/dev/null)
      [[ -n $state && $state != Z ]] && echo "$p"
    done
  }
  "$accsim" sweep "$spec" --out "$out/s" -j 2 2>"$out/first.log" &
  first=$!
  pids+=("$first")
  read -r -a children <<<"$(points_of "$first")"
  pids+=("${children[@]}")
  [[ ${#children[@]} -eq 2 ]] || { cat "$out/first.log"; fail "the sweep did not start its points"; }
  # timeout: without the lock the second sweep would spin too (its points end on its SIGINT).
  bash "$expect" --one-line 2 \
    "^sweep: $out/s: another accsim sweep is running in this directory \\(pid $first on host [^,]+, lock file $out/s/sweep.lock\\); wait for it or stop it$" \
    timeout -s INT 10 "$accsim" sweep "$spec" --out "$out/s" -j 2 ||
    fail "a second sweep on the same directory was not refused"
  # SIGKILL cannot be passed on by the sweep; its points must still end with it.
  kill -KILL "$first"
  wait "$first" 2>/dev/null
  for _ in $(seq 1 250); do
    [[ -z $(alive "${children[@]}") ]] && break
    sleep 0.02
  done
  left=$(alive "${children[@]}")
  [[ -z $left ]] || fail "points of the SIGKILLed sweep still run 5 s later (pids $left)"
  [[ -f $out/s/sweep.lock ]] || fail "the killed sweep left no lock file (test premise)"
  # The lock left behind is stale: the next sweep takes it over, says so, and runs.
  "$accsim" sweep "$spec" --out "$out/s" -j 2 2>"$out/second.log" &
  second=$!
  pids+=("$second")
  read -r -a children <<<"$(points_of "$second")"
  pids+=("${children[@]}")
  [[ ${#children[@]} -eq 2 ]] || { cat "$out/second.log"; fail "the stale lock blocked the sweep"; }
  kill -INT "$second"
  wait "$second"
  code=$?
  [[ $code -eq 130 ]] || { cat "$out/second.log"; fail "the second sweep exited $code, not 130"; }
  grep -q "^sweep: note: taking over $out/s/sweep.lock of a sweep that did not end (pid $first on host " \
    "$out/second.log" || { cat "$out/second.log"; fail "no note about the stale lock"; }
  [[ ! -e $out/s/sweep.lock ]] || fail "the sweep did not remove its lock file"
  echo "second sweep refused; a SIGKILLed sweep's points died with it; its stale lock was taken over"
  ;;
*) fail "unknown mode $mode" ;;
esac
