#!/usr/bin/env bash
# Runs mnv2_conv1x1 on all 34 MobileNetV2 1x1 layers once per kernel stage (seed 001's steps,
# 1..6) on configs/mnv2_cfu.json and prints a Markdown table of the kernel cycles, cycles per
# MAC and per output, and what each stage saved per output against the one before. Every run
# must pass its golden check. Extra arguments go to every `accsim run` (e.g. --set ...).
#   tools/mnv2_stages.sh [extra accsim run args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
accsim=${ACCSIM:-$root/build/default/apps/accsim/accsim}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=("" "TFLM reference" "C specialised for 1x1" "CFU post-processing"
       "MACC4_RUN_1 + POST_PROCESS" "MACC4_RUN_4" "streaming MACC_RUN")

header="| stage | kernel | kernel cycles | cycles/MAC | cycles/output |"
echo "$header saved vs previous (cycles/output) |"
echo "|---|---|---:|---:|---:|---:|"
previous=""
for stage in 1 2 3 4 5 6; do
  log=$out/stage$stage.log
  if ! "$accsim" run -q --out "$out/stage$stage" "$root/configs/mnv2_cfu.json" \
       --set "firmware_args=[$stage,0,34]" "$@" >"$log" 2>&1 ||
     ! grep -q "^golden: PASS (34 layers)" "$log"; then
    echo "stage $stage failed:" >&2
    cat "$log" >&2
    exit 1
  fi
  # "stage S: 34 layers, CYCLES kernel cycles, MACS MACs, OUTPUTS outputs, ..."
  pattern='^stage [0-9]+: [0-9]+ layers, ([0-9]+) kernel cycles, ([0-9]+) MACs, ([0-9]+) outputs.*'
  read -r cycles macs outputs < <(sed -nE "s/$pattern/\\1 \\2 \\3/p" "$log")
  awk -v s="$stage" -v name="${names[$stage]}" -v c="$cycles" -v m="$macs" -v o="$outputs" \
      -v prev="$previous" 'BEGIN {
    per_output = c / o
    saved = prev == "" ? "" : sprintf("%.1f", prev - per_output)
    printf "| %d | %s | %d | %.3f | %.1f | %s |\n", s, name, c, c / m, per_output, saved
  }'
  previous=$(awk -v c="$cycles" -v o="$outputs" 'BEGIN { printf "%.6f", c / o }')
done
