#!/usr/bin/env bash
# Builds the QEMU user-mode twins of two firmware workloads into OUT_DIR: compute_user.elf (the
# compute app's int8 3x3 convolution) and mnv2_user.elf (mnv2_conv1x1's 34 layers, CPU stages).
# Same compiler, flags, linker script and kernel sources as firmware_stub; only the harness
# differs: Linux system calls for console and exit instead of sim-control registers, no cycle
# or perf counters (machine-mode CSRs). Each prints the checksums its firmware twin prints.
#   tools/bench/qemu/build.sh OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fw=$here/../../../firmware_stub
out=$1
mkdir -p "$out/obj"
cc=riscv64-unknown-elf-gcc
# firmware_stub's flags (firmware_stub/riscv32-accsim.cmake,
# firmware_stub/accsim_firmwareConfig.cmake).
cflags=(-march=rv32im -mabi=ilp32 -misa-spec=2.2 --specs=picolibc.specs -O2 -g -Wall -Wextra
        -ffunction-sections -fdata-sections -std=gnu11 -I"$fw/kernels/include" -I"$fw/hal/include")
ldflags=(-nostartfiles -Wl,--no-warn-rwx-segments -T"$fw/link/vexriscv_arty.ld" -Wl,--gc-sections)

# The kernels library, as firmware_stub/kernels/CMakeLists.txt builds it (its copy and fill
# loops kept loops where it says so), with the perf hooks compiled out.
objects=()
for src in "$fw"/kernels/*.c; do
  name=$(basename "$src" .c)
  extra=()
  case $name in
    depthwise | conv_direct | conv_gemm_weights | conv_im2col | conv_indirect | tfl_*)
      extra=(-fno-tree-loop-distribute-patterns) ;;
  esac
  "$cc" "${cflags[@]}" "${extra[@]}" -include "$here/no_perf_hooks.h" -c "$src" \
    -o "$out/obj/$name.o"
  objects+=("$out/obj/$name.o")
done
rm -f "$out/libkernels.a"
riscv64-unknown-elf-ar rcs "$out/libkernels.a" "${objects[@]}"

harness=("$here/crt0_linux.S" "$here/linux_hal.c")
"$cc" "${cflags[@]}" -I"$fw/apps/compute" "${ldflags[@]}" -o "$out/compute_user.elf" \
  "${harness[@]}" "$here/compute_main.c" "$fw/apps/compute/compute_workload.c" "$out/libkernels.a"
"$cc" "${cflags[@]}" -I"$fw/apps/mnv2" "${ldflags[@]}" -o "$out/mnv2_user.elf" \
  "${harness[@]}" "$here/mnv2_main.c" "$fw/apps/mnv2/mnv2_layers.c" "$fw/apps/mnv2/mnv2_golden.c" \
  "$out/libkernels.a"
