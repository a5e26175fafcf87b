#!/usr/bin/env bash
# Prints the simulation speed of the mnv2 1x1 convolution workload (all 34 MobileNetV2 layers)
# for kernel stage 1 (CPU only, TFLM reference) and stage 6 (streaming CFU), on
# configs/mnv2_cfu.json: host seconds and simulated MIPS per run, over N runs (default 3), plus
# the median per stage. Stage 6 shows what the CFU model's background work costs the host.
# A benchmark, not a test: figures depend on the host.
#   tools/bench/mnv2_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
accsim=${ACCSIM:-$root/build/default/apps/accsim/accsim}
runs=${1:-3}
shift || true
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for stage in 1 6; do
  mips=()
  for ((i = 1; i <= runs; ++i)); do
    "$accsim" run -q --out "$out" "$root/configs/mnv2_cfu.json" \
      --set "firmware_args=[$stage,0,34]" "$@" >/dev/null
    read -r m s insns cycles < <(python3 - "$out" <<'PY'
import json, sys
h = json.load(open(sys.argv[1] + "/host.json"))
j = json.load(open(sys.argv[1] + "/stats.json"))
print(f"{h['simulated_mips']:.1f} {h['host_seconds']:.3f} {j['cpu.instructions']} {j['cpu.cycles']}")
PY
    )
    echo "stage $stage run $i: $insns instructions, $cycles cycles in $s s = $m simulated MIPS"
    mips+=("$m")
  done
  median=$(printf '%s\n' "${mips[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "stage $stage median: $median simulated MIPS (mnv2_conv1x1, $(basename "$accsim") $*)"
done
