#!/usr/bin/env bash
# check_cfu_never_answers.sh ACCSIM CONFIG OUT
# A CFU that never answers: the run must end with exit 1 at the cycle the CPU gave up (issue
# cycle + the 10,000,000-cycle timeout + the issue cycle itself), and the summary, the RTL
# CFU's clocked cycles and the error line must all name that same cycle. The figures are
# compared with each other, not with constants, so a firmware layout change cannot break it.
set -u
accsim=$1 config=$2 out=$3
output=$("$accsim" run --out "$out" "$config" 2>&1)
code=$?
fail() { echo "FAIL: $1"; echo "--- output:"; echo "$output"; exit 1; }
[[ $code -eq 1 ]] || fail "exit code $code, expected 1"
issued=$(grep -oE 'issued at cycle [0-9]+' <<<"$output" | grep -oE '[0-9]+$')
[[ -n $issued ]] || fail "no 'issued at cycle N' in the error"
gave_up=$((issued + 10000001))
grep -Eq "^ +cycles +$gave_up\$" <<<"$output" || fail "summary cycles are not $gave_up"
grep -Eq "CPU waited 10000000 cycles, $gave_up cycles clocked" <<<"$output" ||
  fail "the RTL CFU was not clocked to cycle $gave_up"
grep -Eq "did not answer .*within 10000000 cycles.*cycle $gave_up\$" <<<"$output" ||
  fail "the error does not name cycle $gave_up"
echo "ok: gave up at cycle $gave_up (issued at $issued)"
