#!/usr/bin/env bash
# Host seconds and simulated MIPS of whole TFLite networks on the CPU (the tflite_runner
# interpreter on configs/vexriscv_arty.json): person detection (pdti8) and MobileNetV2 0.35
# (mnv2) from $ACCSIM_MODELS (default ../shared/models beside the source tree; docs/models.md):
# each of RUNS runs (default 3), then the medians.
#   tools/bench/model_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
models=${ACCSIM_MODELS:-$bench_root/../shared/models}
runs=${1:-3}
shift || true
if [[ ! -f $models/pdti8.tflite ]]; then
  echo "model_mips: $models has no pdti8.tflite (set ACCSIM_MODELS)" >&2
  exit 2
fi
bench_accsim pdti8 "$runs" --model "$models/pdti8.tflite" \
  --input "$models/inputs/pdti8_person.bin" "$@"
bench_accsim mnv2 "$runs" --model "$models/mnv2_160_035.tflite" \
  --input "$models/inputs/mnv2_input_00001_7425.bin" "$@"
