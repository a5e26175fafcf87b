# shellcheck shell=bash disable=SC2034  # sourced: sets BENCH_* for the caller
# Shared by the tools/bench scripts (source it): repeated runs and their medians, printed the
# same way by every benchmark. A benchmark, not a test: figures depend on the host.
#   bench_accsim LABEL RUNS ACCSIM_RUN_ARGS...
#       runs `accsim run -q ARGS` RUNS times; prints one line per run and the medians; sets
#       BENCH_SECONDS (accsim's own host seconds: the simulation, without loading), BENCH_MIPS
#       (instructions over those), BENCH_WALL and BENCH_CPU (wall and CPU seconds of the whole
#       process), BENCH_INSTRUCTIONS, BENCH_CYCLES and BENCH_OUT (the last run's output
#       directory, kept until the script exits).
#   bench_process LABEL RUNS COMMAND...
#       runs COMMAND RUNS times (output to $BENCH_TMP/LABEL.out); prints the medians; sets
#       BENCH_WALL and BENCH_CPU.
# CPU seconds (user + system) hardly move when other jobs share the machine; wall seconds do.
#   median VALUES...  prints the median (the lower middle one of an even count).
# ACCSIM (default build/default/apps/accsim/accsim) names the simulator.

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ACCSIM=${ACCSIM:-$bench_root/build/default/apps/accsim/accsim}
BENCH_TMP=$(mktemp -d)
trap 'rm -rf "$BENCH_TMP"' EXIT

median() {
  printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

# bench_time COMMAND...: runs COMMAND (its output to the caller's stdout and stderr) and leaves
# "WALL CPU" seconds of it in $BENCH_TMP/time; fails as COMMAND does.
bench_time() {
  python3 - "$BENCH_TMP/time" "$@" <<'PY'
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[2:])
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write(f"{wall:.4f} {usage.ru_utime + usage.ru_stime:.4f}\n")
sys.exit(code)
PY
}

bench_accsim() {
  local label=$1 runs=$2
  shift 2
  local seconds=() walls=() cpus=() mips=() i s w c m insns cycles
  BENCH_OUT=$BENCH_TMP/$label
  for ((i = 1; i <= runs; ++i)); do
    rm -rf "$BENCH_OUT"
    if ! bench_time "$ACCSIM" run -q --out "$BENCH_OUT" "$@" >"$BENCH_TMP/$label.log" 2>&1; then
      echo "$label: accsim run $* failed:" >&2
      tail -5 "$BENCH_TMP/$label.log" >&2
      return 1
    fi
    read -r w c <"$BENCH_TMP/time"
    read -r s m insns cycles < <(python3 - "$BENCH_OUT" <<'PY'
import json, sys
h = json.load(open(sys.argv[1] + "/host.json"))
j = json.load(open(sys.argv[1] + "/stats.json"))
print(f"{h['host_seconds']:.3f} {h['simulated_mips']:.1f} {j['cpu.instructions']} {j['cpu.cycles']}")
PY
    )
    echo "$label run $i: $insns instructions, $cycles cycles in $s s = $m simulated MIPS" \
      "(process: $w s wall, $c s CPU)"
    seconds+=("$s") walls+=("$w") cpus+=("$c") mips+=("$m")
  done
  BENCH_SECONDS=$(median "${seconds[@]}")
  BENCH_WALL=$(median "${walls[@]}")
  BENCH_CPU=$(median "${cpus[@]}")
  BENCH_MIPS=$(median "${mips[@]}")
  BENCH_INSTRUCTIONS=$insns
  BENCH_CYCLES=$cycles
  echo "$label median: $BENCH_SECONDS s, $BENCH_MIPS simulated MIPS (process: $BENCH_WALL s" \
    "wall, $BENCH_CPU s CPU), $insns instructions, $cycles cycles ($runs runs)"
}

bench_process() {
  local label=$1 runs=$2
  shift 2
  local walls=() cpus=() i w c
  for ((i = 1; i <= runs; ++i)); do
    if ! bench_time "$@" >"$BENCH_TMP/$label.out" 2>&1; then
      echo "$label: $* failed:" >&2
      tail -5 "$BENCH_TMP/$label.out" >&2
      return 1
    fi
    read -r w c <"$BENCH_TMP/time"
    echo "$label run $i: $w s wall, $c s CPU"
    walls+=("$w") cpus+=("$c")
  done
  BENCH_WALL=$(median "${walls[@]}")
  BENCH_CPU=$(median "${cpus[@]}")
  echo "$label median: $BENCH_WALL s wall, $BENCH_CPU s CPU ($runs runs)"
}
