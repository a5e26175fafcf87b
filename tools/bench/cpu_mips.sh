#!/usr/bin/env bash
# Prints the simulated MIPS of the compute benchmark (int8 3x3 conv, ~12.9 M instructions)
# on the default architecture with the full timing model, over N runs (default 5), plus the
# median. A benchmark, not a test: figures depend on the host.
#   tools/bench/cpu_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
accsim=${ACCSIM:-$root/build/default/apps/accsim/accsim}
runs=${1:-5}
shift || true
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mips=()
for ((i = 1; i <= runs; ++i)); do
  "$accsim" run -q --firmware compute --out "$out" "$@" >/dev/null
  m=$(python3 -c "import json;h=json.load(open('$out/host.json'));print(f\"{h['simulated_mips']:.1f}\")")
  s=$(python3 -c "import json;h=json.load(open('$out/host.json'));print(f\"{h['host_seconds']:.3f}\")")
  insns=$(python3 -c "import json;print(json.load(open('$out/stats.json'))['cpu.instructions'])")
  echo "run $i: $insns instructions in $s s = $m simulated MIPS"
  mips+=("$m")
done
median=$(printf '%s\n' "${mips[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "median: $median simulated MIPS (compute app, $(basename "$accsim") $*)"
