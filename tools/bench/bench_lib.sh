# shellcheck shell=bash disable=SC2034  # sourced: sets BENCH_* for the caller
# Shared by the tools/bench scripts (source it): repeated runs and their medians, printed the
# same way by every benchmark. A benchmark, not a test: figures depend on the host.
#   bench_accsim LABEL RUNS ACCSIM_RUN_ARGS...
#       runs `accsim run -q ARGS` RUNS times; prints one line per run and
#       "LABEL median: S s (W s wall), M simulated MIPS, I instructions, C cycles (N runs)";
#       sets BENCH_SECONDS (accsim's own host seconds: simulation, without loading), BENCH_WALL
#       (the whole process), BENCH_MIPS, BENCH_INSTRUCTIONS, BENCH_CYCLES, BENCH_OUT (the last
#       run's output directory, kept until the script exits).
#   bench_process LABEL RUNS COMMAND...
#       runs COMMAND RUNS times (stdout to $BENCH_TMP/LABEL.out); prints the median wall seconds;
#       sets BENCH_WALL.
#   median VALUES...  prints the median (the lower middle one of an even count).
# ACCSIM (default build/default/apps/accsim/accsim) names the simulator.

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ACCSIM=${ACCSIM:-$bench_root/build/default/apps/accsim/accsim}
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT

median() {
  printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

# Wall seconds since the epoch, with nanoseconds.
bench_now() { date +%s.%N; }

bench_accsim() {
  local label=$1 runs=$2
  shift 2
  local seconds=() walls=() mips=() i s w m insns cycles
  BENCH_OUT=$BENCH_TMP/$label
  for ((i = 1; i <= runs; ++i)); do
    rm -rf "$BENCH_OUT"
    local t0
    t0=$(bench_now)
    if ! "$ACCSIM" run -q --out "$BENCH_OUT" "$@" >"$BENCH_TMP/$label.log" 2>&1; then
      echo "$label: accsim run $* failed:" >&2
      tail -5 "$BENCH_TMP/$label.log" >&2
      return 1
    fi
    w=$(awk -v a="$t0" -v b="$(bench_now)" 'BEGIN {printf "%.3f", b - a}')
    read -r s m insns cycles < <(python3 - "$BENCH_OUT" <<'PY'
import json, sys
h = json.load(open(sys.argv[1] + "/host.json"))
j = json.load(open(sys.argv[1] + "/stats.json"))
print(f"{h['host_seconds']:.3f} {h['simulated_mips']:.1f} {j['cpu.instructions']} {j['cpu.cycles']}")
PY
    )
    echo "$label run $i: $insns instructions, $cycles cycles in $s s ($w s wall) = $m simulated MIPS"
    seconds+=("$s") walls+=("$w") mips+=("$m")
  done
  BENCH_SECONDS=$(median "${seconds[@]}")
  BENCH_WALL=$(median "${walls[@]}")
  BENCH_MIPS=$(median "${mips[@]}")
  BENCH_INSTRUCTIONS=$insns
  BENCH_CYCLES=$cycles
  echo "$label median: $BENCH_SECONDS s ($BENCH_WALL s wall), $BENCH_MIPS simulated MIPS," \
    "$insns instructions, $cycles cycles ($runs runs)"
}

bench_process() {
  local label=$1 runs=$2
  shift 2
  local walls=() i w t0
  for ((i = 1; i <= runs; ++i)); do
    t0=$(bench_now)
    if ! "$@" >"$BENCH_TMP/$label.out" 2>&1; then
      echo "$label: $* failed:" >&2
      tail -5 "$BENCH_TMP/$label.out" >&2
      return 1
    fi
    w=$(awk -v a="$t0" -v b="$(bench_now)" 'BEGIN {printf "%.3f", b - a}')
    echo "$label run $i: $w s wall"
    walls+=("$w")
  done
  BENCH_WALL=$(median "${walls[@]}")
  echo "$label median: $BENCH_WALL s wall ($runs runs)"
}
