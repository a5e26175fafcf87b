#!/usr/bin/env bash
# check_region_open_at_exit.sh ACCSIM OUT_DIR
# A firmware that exits with a region still open: the run warns naming the region, closes it at
# the exit and keeps its statistics.
set -uo pipefail
accsim=$1 out=$2
rm -rf "$out"
output=$("$accsim" run -q --firmware fault_region_open --out "$out" 2>&1)
code=$?
fail() { echo "FAIL: $*"; echo "$output"; exit 1; }
[[ $code -eq 0 ]] || fail "exit code $code, expected 0"
grep -Eq 'warning.*region "forgotten" was still open when the firmware exited: closed at cycle [0-9]+' \
  <<<"$output" || fail "no warning naming the region"
python3 - "$out/stats.json" <<'PY' || fail "no statistics of the region"
import json, sys
stats = json.load(open(sys.argv[1]))
assert stats["region.forgotten.entries"] == 1
assert 0 < stats["region.forgotten.cycles"] <= stats["run.end_cycle"]
PY
echo "region closed at exit"
