#!/usr/bin/env bash
# The same mnv2 workload with the CFU as the C++ model, as the Verilated RTL (idle cycles
# skipped: lazy clocking, docs/rtl.md) and as the RTL evaluated every cycle
# (ACCSIM_CFU_CLOCK_EVERY_CYCLE=1): each of RUNS runs (default 3), the medians, and the ratios.
# The RTL's cost grows with the cycles it is busy; evaluated every cycle, with all the run's.
#   tools/bench/cfu_rtl_speed.sh [RUNS] [FIRMWARE_ARGS] [extra accsim run args...]
#   default FIRMWARE_ARGS: [6,0,34] (stage 6, all 34 layers)
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
runs=${1:-3}
args=${2:-[6,0,34]}
shift 2 || shift $#
config=$bench_root/configs/mnv2_cfu.json
bench_accsim model "$runs" "$config" --set "firmware_args=$args" --set cfu.impl=model "$@"
model=$BENCH_SECONDS
bench_accsim rtl "$runs" "$config" --set "firmware_args=$args" --set cfu.impl=rtl "$@"
rtl=$BENCH_SECONDS
ACCSIM_CFU_CLOCK_EVERY_CYCLE=1 bench_accsim rtl_every_cycle "$runs" "$config" \
  --set "firmware_args=$args" --set cfu.impl=rtl "$@"
every=$BENCH_SECONDS
awk -v m="$model" -v r="$rtl" -v e="$every" 'BEGIN {
  printf "RTL co-simulation costs %.1fx the model; evaluated every cycle %.1fx (lazy clocking saves %.1fx)\n",
         r / m, e / m, e / r }'
