#!/usr/bin/env bash
# check_cycle_limit.sh ACCSIM OUT_DIR
# The cycle limit's message names the cycle the run stopped at, and it is the run's end cycle
# (the instruction that crosses the limit completes, so it may lie a few cycles past it).
set -uo pipefail
accsim=$1 out=$2
rm -rf "$out"
output=$("$accsim" run -q --firmware fault_infinite_loop --max-cycles 200001 --out "$out" 2>&1)
fail() { echo "FAIL: $*"; echo "$output"; exit 1; }
stopped=$(grep -oE "cycle limit 200001 reached: stopped at cycle [0-9]+" <<<"$output" | grep -oE "[0-9]+$")
[[ -n $stopped ]] || fail "the message does not name the cycle the run stopped at"
python3 - "$out/stats.json" "$stopped" <<'PY' || fail "stats disagree with the message"
import json, sys
stats = json.load(open(sys.argv[1]))
stopped = int(sys.argv[2])
assert stats["run.end_cycle"] == stopped, (stats["run.end_cycle"], stopped)
assert stats["cpu.cycles"] == stopped, (stats["cpu.cycles"], stopped)
assert 200001 <= stopped < 200001 + 100, stopped
PY
echo "stopped at cycle $stopped"
