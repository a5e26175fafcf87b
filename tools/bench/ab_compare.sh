#!/usr/bin/env bash
# Which of two accsim binaries simulates faster: alternates single runs of each (A, B, A, B, ...)
# RUNS times and prints every run and the medians of simulated MIPS (from host.json) and the
# ratio B/A. Alternating is what makes the comparison fair on a shared host, whose speed drifts
# by several percent over minutes: a drift then slows both binaries alike, where RUNS runs of
# one binary and then RUNS of the other would put it on one side. Take RUNS of 9 or more: two
# runs of one binary differ by a few percent. A benchmark, not a test.
#   tools/bench/ab_compare.sh RUNS BINARY_A BINARY_B ACCSIM_RUN_ARGS...
# e.g. tools/bench/ab_compare.sh 11 /tmp/before/accsim build/default/apps/accsim/accsim \
#        configs/mnv2_cfu.json --set 'firmware_args=[6,0,34]'
# Both binaries and their results must agree: a run whose cpu.instructions or cpu.cycles differ
# from the first run's fails the comparison (two builds of different behaviour are no A/B);
# AB_SAME_INSTRUCTIONS=1 checks cpu.instructions only, for a change of the timing model, whose
# cycles differ by design while the work simulated stays the same.
# A binary finds its firmware beside itself (--firmware NAME): copy a second build next to
# build/default/apps/accsim/accsim, or pass the ELF's path.
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
if (($# < 4)); then
  awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
  exit 2
fi
runs=$1 binary_a=$2 binary_b=$3
shift 3
for b in "$binary_a" "$binary_b"; do
  [[ -x $b ]] || { echo "ab_compare: $b is not an executable" >&2; exit 2; }
done

mips_a=() mips_b=() expected=""
for ((i = 1; i <= runs; ++i)); do
  for side in A B; do
    binary=$binary_a
    [[ $side == B ]] && binary=$binary_b
    out=$BENCH_TMP/out
    rm -rf "$out"
    if ! "$binary" run -q --out "$out" "$@" >"$BENCH_TMP/log" 2>&1; then
      echo "ab_compare: $binary run $* failed:" >&2
      tail -5 "$BENCH_TMP/log" >&2
      exit 1
    fi
    read -r m result < <(python3 - "$out" "${AB_SAME_INSTRUCTIONS:-0}" <<'PY'
import json, sys
h = json.load(open(sys.argv[1] + "/host.json"))
s = json.load(open(sys.argv[1] + "/stats.json"))
cycles = "" if sys.argv[2] == "1" else f"/{s['cpu.cycles']}"
print(f"{h['simulated_mips']:.1f} {s['cpu.instructions']}{cycles}")
PY
    )
    if [[ -z $expected ]]; then
      expected=$result
    elif [[ $result != "$expected" ]]; then
      echo "ab_compare: $binary gave instructions/cycles $result, the first run $expected" >&2
      exit 1
    fi
    echo "run $i $side: $m simulated MIPS"
    if [[ $side == A ]]; then mips_a+=("$m"); else mips_b+=("$m"); fi
  done
done
a=$(median "${mips_a[@]}")
b=$(median "${mips_b[@]}")
echo "A $binary_a: median $a simulated MIPS ($runs runs)"
echo "B $binary_b: median $b simulated MIPS ($runs runs)"
python3 -c "print(f'B/A: {$b / $a:.3f}')"
