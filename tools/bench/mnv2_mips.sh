#!/usr/bin/env bash
# Simulated MIPS of the mnv2 1x1 convolution workload (all 34 MobileNetV2 layers) on
# configs/mnv2_cfu.json at kernel stage 1 (CPU only, TFLM reference) and stage 6 (streaming CFU
# model): each of RUNS runs (default 3), then the median per stage. Stage 6 shows what the CFU
# model's background work costs the host.
#   tools/bench/mnv2_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
runs=${1:-3}
shift || true
for stage in 1 6; do
  bench_accsim "stage$stage" "$runs" "$bench_root/configs/mnv2_cfu.json" \
    --set "firmware_args=[$stage,0,34]" "$@"
done
