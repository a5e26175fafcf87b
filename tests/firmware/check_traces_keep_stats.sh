#!/usr/bin/env bash
# check_traces_keep_stats.sh ACCSIM OUT_DIR [WITH_RTL]
# Tracing observes a run and must not change it: with each trace kind (and all at once)
# stats.json is byte-identical to the untraced run's. Covers the CPU and caches (hello), the
# VTA's timeline hooks (vta_add) and, with WITH_RTL=1, a Verilated CFU's waveform (simd_mac).
set -uo pipefail
accsim=$1
out=$2
with_rtl=${3:-0}
failed=0
rm -rf "$out"
# same_stats NAME TRACES ARGS...: runs ARGS untraced and with --trace TRACES, compares stats.json.
same_stats() {
  local name=$1 traces=$2
  shift 2
  if [[ ! -f $out/$name/plain/stats.json ]]; then
    "$accsim" run -q --out "$out/$name/plain" "$@" >/dev/null 2>&1
  fi
  local traced=$out/$name/${traces//,/+}
  "$accsim" run -q --trace "$traces" --out "$traced" "$@" >/dev/null 2>&1
  if cmp -s "$out/$name/plain/stats.json" "$traced/stats.json"; then
    echo "ok: $name --trace $traces"
  else
    echo "FAIL: $name --trace $traces changes stats.json:"
    diff "$out/$name/plain/stats.json" "$traced/stats.json" | head -20
    failed=1
  fi
}
for t in console cache-misses mem timeline insn console,cache-misses,mem,timeline,insn; do
  same_stats hello "$t" --firmware hello
done
for t in timeline mem; do
  same_stats vta_add "$t" vta
done
if [[ $with_rtl == 1 ]]; then
  for t in fst timeline fst,mem,timeline,insn; do
    same_stats simd_mac "$t" simd_mac_cfu
  done
fi
exit $failed
