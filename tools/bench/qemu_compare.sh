#!/usr/bin/env bash
# accsim beside QEMU's functional JIT on the same kernels, as whole processes: the compute app
# and mnv2_conv1x1 at stage 1 (all 34 layers) on accsim, and their user-mode twins
# (tools/bench/qemu/build.sh: same kernel sources, compiler, flags and linker script) on
# qemu-riscv32 (Debian package qemu-user). Both must print the same checksums. Each of RUNS
# runs (default 3), the medians, and how much faster QEMU is, by the processes' CPU seconds
# (steady on a shared machine) and by wall time. QEMU models no timing at all.
#   tools/bench/qemu_compare.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
runs=${1:-3}
command -v qemu-riscv32 >/dev/null || { echo "qemu_compare: no qemu-riscv32 (scripts/setup.sh)" >&2; exit 2; }
bash "$bench_root/tools/bench/qemu/build.sh" "$BENCH_TMP/twins"

# compare NAME TWIN_ARGS ACCSIM_ARGS...: checksums of both, then the medians.
compare() {
  local name=$1 twin=$2
  shift 2
  bench_accsim "accsim_$name" "$runs" "$@"
  local accsim_wall=$BENCH_WALL accsim_cpu=$BENCH_CPU insns=$BENCH_INSTRUCTIONS
  local log=$BENCH_TMP/accsim_$name.log
  # shellcheck disable=SC2086  # TWIN_ARGS is a word list
  bench_process "qemu_$name" "$runs" qemu-riscv32 $twin
  grep -o 'checksum 0x[0-9a-f]*' "$log" >"$BENCH_TMP/a"
  grep -o 'checksum 0x[0-9a-f]*' "$BENCH_TMP/qemu_$name.out" >"$BENCH_TMP/b"
  if ! cmp -s "$BENCH_TMP/a" "$BENCH_TMP/b" || [[ ! -s $BENCH_TMP/a ]]; then
    echo "qemu_compare: $name: the twins print different checksums" >&2
    return 1
  fi
  awk -v n="$name" -v a="$accsim_cpu" -v q="$BENCH_CPU" -v aw="$accsim_wall" -v qw="$BENCH_WALL" \
    -v i="$insns" 'BEGIN {
    printf "%s, %d instructions: CPU seconds accsim %.3f, qemu-riscv32 %.3f (%.0f vs %.0f MIPS): QEMU %.1fx faster (%.1fx by wall time)\n",
           n, i, a, q, i / a / 1e6, i / q / 1e6, a / q, aw / qw }'
}
compare compute "$BENCH_TMP/twins/compute_user.elf" --firmware compute
compare mnv2_stage1 "$BENCH_TMP/twins/mnv2_user.elf 1" "$bench_root/configs/mnv2_cfu.json" \
  --set "firmware_args=[1,0,34]"
