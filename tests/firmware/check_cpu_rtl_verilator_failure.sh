#!/usr/bin/env bash
# check_cpu_rtl_verilator_failure.sh ACCSIM CONFIG OUT_DIR
# A cpu.verilog Verilator cannot read stops the run before simulation: exit 2, one line naming
# cpu.verilog, Verilator's first error and its log. The broken Verilog is written here, not kept
# in the tree (every Verilog in the tree is lint-clean).
set -u
accsim=$1
config=$2
out=$3
mkdir -p "$out"
cat >"$out/VexRiscv.v" <<'V'
module VexRiscv (input wire clk
V
output=$("$accsim" run -q --out "$out/run" "$config" --set cpu.impl=rtl \
  --set "cpu.verilog=$out/VexRiscv.v" --set caches.icache=null --set caches.dcache=null 2>&1)
code=$?
lines=$(printf '%s\n' "$output" | grep -c '')
if [[ $code -ne 2 || $lines -ne 1 ]] ||
   ! grep -Eq "^cpu.verilog: verilator failed \(.*verilator.log\): .*rror" <<<"$output"; then
  printf '%s\n' "$output"
  echo "FAIL: expected exit code 2 and one line naming cpu.verilog and Verilator's error (got $code)"
  exit 1
fi
echo "ok: $output"
