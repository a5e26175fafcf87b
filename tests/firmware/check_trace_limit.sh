#!/usr/bin/env bash
# check_trace_limit.sh ACCSIM OUT_DIR [RTL_CONFIG]
# --trace-limit caps console.log (lines) and, given an architecture with a Verilated CFU, the
# waveform cfu.fst (cycles: it equals the waveform of --trace-window 0:N), with a warning
# naming each capped file.
set -uo pipefail
accsim=$1 out=$2 rtl_config=${3:-}
rm -rf "$out"
fail() { echo "FAIL: $*"; echo "--- output:"; echo "$output"; exit 1; }
output=$("$accsim" run -q --firmware hello --trace console --trace-limit 2 --out "$out/console" 2>&1)
[[ $(wc -l <"$out/console/console.log") -eq 2 ]] || fail "console.log has $(wc -l <"$out/console/console.log") lines, expected 2"
grep -Eq "console.log: truncated after 2 lines" <<<"$output" || fail "no warning for console.log"
grep -q "Hello from accsim" <<<"$output" || fail "the console on stdout was cut"
[[ -z $rtl_config ]] && { echo "console.log capped"; exit 0; }
rtl=(run -q "$rtl_config" --set cfu.impl=rtl --set firmware_args=[6,26,1] --trace fst)
output=$("$accsim" "${rtl[@]}" --trace-limit 3000 --out "$out/limited" 2>&1)
grep -Eq "cfu.fst: truncated after 3000 cycles" <<<"$output" || fail "no warning for cfu.fst"
"$accsim" "${rtl[@]}" --trace-window 0:3000 --out "$out/window" >/dev/null 2>&1 ||
  fail "the windowed run failed"
cmp -s "$out/limited/cfu.fst" "$out/window/cfu.fst" ||
  fail "cfu.fst with --trace-limit 3000 differs from --trace-window 0:3000 ($(stat -c %s "$out/limited/cfu.fst") vs $(stat -c %s "$out/window/cfu.fst") bytes)"
echo "console.log and cfu.fst capped"
