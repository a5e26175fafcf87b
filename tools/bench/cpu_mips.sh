#!/usr/bin/env bash
# Simulated MIPS of the compute app (int8 3x3 convolution, ~13 M instructions) on the default
# architecture with the full timing model: each of RUNS runs (default 5), then the median.
#   tools/bench/cpu_mips.sh [RUNS] [extra accsim run args...]
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
runs=${1:-5}
shift || true
bench_accsim compute "$runs" --firmware compute "$@"
