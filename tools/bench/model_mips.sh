#!/usr/bin/env bash
# Prints host seconds and simulated MIPS of whole TFLite networks on the CPU (the tflite_runner
# interpreter on configs/vexriscv_arty.json): person detection (pdti8) and MobileNetV2 0.35
# (mnv2) from $ACCSIM_MODELS (default ../shared/models; docs/models.md), over N runs each (default 3), plus the medians. A benchmark, not
# a test: figures depend on the host.
#   tools/bench/model_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
accsim=${ACCSIM:-$root/build/default/apps/accsim/accsim}
models=${ACCSIM_MODELS:-$root/../shared/models}
runs=${1:-3}
shift || true
if [[ ! -d $models ]]; then
  echo "model_mips: $models not found (set ACCSIM_MODELS to the folder with pdti8.tflite)" >&2
  exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for case in "pdti8 pdti8.tflite pdti8_person.bin" "mnv2 mnv2_160_035.tflite mnv2_input_00001_7425.bin"; do
  read -r name model input <<<"$case"
  seconds=()
  for ((i = 1; i <= runs; ++i)); do
    "$accsim" run -q --model "$models/$model" --input "$models/inputs/$input" --out "$out/$name" \
      "$@" >/dev/null
    read -r s m insns cycles < <(/usr/bin/python3 -c "
import json
h = json.load(open('$out/$name/host.json')); s = json.load(open('$out/$name/stats.json'))
print(f\"{h['host_seconds']:.3f} {h['simulated_mips']:.1f} {s['cpu.instructions']} {s['cpu.cycles']}\")")
    echo "$name run $i: $insns instructions, $cycles cycles in $s s = $m simulated MIPS"
    seconds+=("$s $m")
  done
  median=$(printf '%s\n' "${seconds[@]}" | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}')
  read -r ms mm <<<"$median"
  echo "$name median: $ms s host, $mm simulated MIPS"
done
