#!/usr/bin/env bash
# check_determinism.sh ACCSIM OUT_DIR [WITH_RTL (1, default, or 0)]
# Two runs of the same inputs must write byte-identical outputs, all but host.json (host seconds
# and simulation speed): the README promises it. Covers a CPU run with every trace and an RTL
# CFU co-simulation with its FST waveform (whose header would otherwise carry the date).
set -euo pipefail
accsim=$1 out=$2 with_rtl=${3:-1}
rm -rf "$out"

compare_runs() {  # NAME ARGS...: runs twice, compares every file but host.json
  local name=$1
  shift
  "$accsim" run -q "$@" --out "$out/$name.a" >/dev/null
  "$accsim" run -q "$@" --out "$out/$name.b" >/dev/null
  local files
  files=$(cd "$out/$name.a" && ls | grep -vx host.json)
  for f in $files; do
    cmp "$out/$name.a/$f" "$out/$name.b/$f" ||
      { echo "FAIL: $name: $f differs between identical runs"; exit 1; }
  done
  echo "identical ($name):" $files
}

compare_runs hello --firmware hello --trace console,cache-misses,mem,timeline,insn
[[ $with_rtl == 1 ]] || exit 0  # a build without the Verilated models (the asan preset)
compare_runs rtl_fst mnv2_cfu --set cfu.impl=rtl --set 'firmware_args=[6,26,1]' --trace fst
