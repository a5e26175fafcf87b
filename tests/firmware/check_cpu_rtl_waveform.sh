#!/usr/bin/env bash
# check_cpu_rtl_waveform.sh ACCSIM CONFIG VERILOG OUT_DIR
# --trace fst with cpu.impl=rtl writes the CPU's waveform, cpu.fst, listed in the manifest,
# byte-identical between two runs, and changes no statistic. Skips (77) without the Verilog.
set -u
accsim=$1
config=$2
verilog=$3
out=$4
if [[ ! -f $verilog ]]; then
  echo "SKIP: $verilog is absent (VexRiscv test data, ../shared/rtl/vexriscv/)"
  exit 77
fi
run() {
  "$accsim" run -q --out "$out/$1" "$config" --set cpu.impl=rtl --set "cpu.verilog=$verilog" \
    "${@:2}" >"$out/$1.txt" 2>&1 || { cat "$out/$1.txt"; echo "FAIL: run $1 failed"; exit 1; }
}
mkdir -p "$out"
run plain
run traced --trace fst --trace-window 0:3000
run again --trace fst --trace-window 0:3000
[[ -s $out/traced/cpu.fst ]] || { echo "FAIL: no cpu.fst"; exit 1; }
grep -q '"cpu.fst"' "$out/traced/manifest.json" || { echo "FAIL: cpu.fst not in the manifest"; exit 1; }
cmp "$out/traced/cpu.fst" "$out/again/cpu.fst" || { echo "FAIL: two runs' waveforms differ"; exit 1; }
cmp "$out/plain/stats.json" "$out/traced/stats.json" ||
  { echo "FAIL: the waveform changed the statistics"; exit 1; }
echo "ok: cpu.fst $(stat -c %s "$out/traced/cpu.fst") bytes, identical runs, same statistics"
