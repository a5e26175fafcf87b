#!/usr/bin/env bash
# Prints, for the same mnv2 workload, the host seconds and simulated cycles per second with the
# CFU as the C++ model and as the Verilated RTL, and their ratio. The RTL is clocked every CPU
# cycle, so its cost grows with the run's cycles, not with the CFU's work. A benchmark, not a
# test: figures depend on the host.
#   tools/bench/cfu_rtl_speed.sh [FIRMWARE_ARGS] [extra accsim run args...]
#   default FIRMWARE_ARGS: [6,26,4] (stage 6, layers 41..45)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
accsim=${ACCSIM:-$root/build/default/apps/accsim/accsim}
args=${1:-[6,26,4]}
shift || true
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A seconds
for impl in model rtl; do
  "$accsim" run -q --out "$out/$impl" "$root/configs/mnv2_cfu.json" \
    --set "firmware_args=$args" --set cfu.impl=$impl "$@" >/dev/null
  read -r s mhz cycles < <(python3 -c "
import json
h = json.load(open('$out/$impl/host.json')); s = json.load(open('$out/$impl/stats.json'))
print(f\"{h['host_seconds']:.3f} {h['simulated_mhz']:.2f} {s['cpu.cycles']}\")")
  seconds[$impl]=$s
  echo "$impl: $cycles cycles in $s s = $mhz M simulated cycles/s"
done
python3 -c "print(f\"model is {${seconds[rtl]} / ${seconds[model]}:.1f}x faster than RTL co-simulation\")"
