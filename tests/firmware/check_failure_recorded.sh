#!/usr/bin/env bash
# check_failure_recorded.sh ACCSIM OUT_DIR
# A failed run records accsim's real exit code and why it failed in stats.json, and
# `accsim report` shows them (a cycle limit used to read "failed (exit code 0)").
set -uo pipefail
accsim=$1
out=$2
fail() { echo "FAIL: $*"; exit 1; }
# stat_is DIR KEY EXPECTED: stats.json of DIR has KEY == EXPECTED (as JSON text).
stat_is() {
  python3 - "$1/stats.json" "$2" "$3" <<'PY' || fail "$1/stats.json: $2 is not $3"
import json, sys
stats = json.load(open(sys.argv[1]))
value = stats.get(sys.argv[2])
print(f"{sys.argv[2]} = {json.dumps(value)}")
sys.exit(0 if value == json.loads(sys.argv[3]) else 1)
PY
}
rm -rf "$out"
"$accsim" run -q --firmware fault_infinite_loop --max-cycles 200000 --out "$out/limit" >/dev/null 2>&1
[[ $? -eq 1 ]] || fail "cycle-limit run: exit code is not 1"
stat_is "$out/limit" run.exit_code 1
stat_is "$out/limit" run.firmware_exit_code null  # absent: the firmware did not exit
grep -q '"run.failure": "cycle limit 200000 reached' "$out/limit/stats.json" ||
  fail "no run.failure naming the cycle limit"
report=$("$accsim" report "$out/limit")
grep -q "failed (exit code 1)" <<<"$report" || fail "report: $(head -1 <<<"$report")"

"$accsim" run -q --firmware fault_exit_code --out "$out/code3" >/dev/null 2>&1
stat_is "$out/code3" run.exit_code 1
stat_is "$out/code3" run.firmware_exit_code 3
grep -q '"run.failure": "firmware exited with code 3 at cycle' "$out/code3/stats.json" ||
  fail "no run.failure naming the firmware's exit code"

"$accsim" run -q --firmware hello --out "$out/ok" >/dev/null 2>&1 || fail "hello failed"
stat_is "$out/ok" run.exit_code 0
grep -q '"run.failure"' "$out/ok/stats.json" && fail "run.failure on a successful run"
echo "failures recorded"
