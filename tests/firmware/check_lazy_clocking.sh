#!/usr/bin/env bash
# check_lazy_clocking.sh ACCSIM SOURCE_DIR OUT_DIR
# Lazy clocking of Verilated CFUs (models/cfu/rtl/verilated_cfu.h) changes no result: each run
# below, with the CFU's settled cycles skipped and with ACCSIM_CFU_CLOCK_EVERY_CYCLE=1, writes
# the same files (all but host.json) and prints the same output, exit code included. Covers the
# built-in mnv2 RTL (stage 6, the streaming kernel), a user's cfu.v (simd_mac), a CFU that never
# answers (skipped to the cycle the CPU gives up) and tests/data/cfu_idle_traps.v (a timer
# behind stable outputs; $random draws, which must turn skipping off).
set -uo pipefail
accsim=$1 src=$2 out=$3
rm -rf "$out"
failed=0
# same NAME ARGS...: runs ARGS both ways and compares.
same() {
  local name=$1
  shift
  local mode
  for mode in lazy every_cycle; do
    local every=0
    [[ $mode == every_cycle ]] && every=1
    ACCSIM_CFU_CLOCK_EVERY_CYCLE=$every "$accsim" run --out "$out/$name/$mode" "$@" \
      >"$out/$name/$mode.out" 2>&1
    echo "exit $?" >>"$out/$name/$mode.out"
    # The host-timed lines, the output folder and a first build's note differ by design.
    sed -i -E -e '/^  host  |progress: |verilating |evaluated every cycle/d' \
      -e "s|$out/$name/$mode|OUT|g" "$out/$name/$mode.out"
    rm -f "$out/$name/$mode/host.json"
  done
  if diff -r "$out/$name/lazy" "$out/$name/every_cycle" >"$out/$name/diff" &&
    diff "$out/$name/lazy.out" "$out/$name/every_cycle.out" >>"$out/$name/diff"; then
    echo "ok: $name ($(tail -1 "$out/$name/lazy.out"))"
  else
    echo "FAIL: $name: lazy clocking changed the results:"
    head -20 "$out/$name/diff"
    failed=1
  fi
}
mkdir -p "$out"/{mnv2_stage6,simd_mac,never_answers,idle_timer,idle_random}
same mnv2_stage6 "$src/configs/mnv2_cfu.json" --set cfu.impl=rtl --set 'firmware_args=[6,26,4]'
same simd_mac "$src/configs/simd_mac_cfu.json"
same never_answers "$src/tests/data/user_cfu_never_answers.json"
same idle_timer "$src/tests/data/user_cfu_idle_timer.json"
same idle_random "$src/tests/data/user_cfu_idle_random.json"
exit $failed
