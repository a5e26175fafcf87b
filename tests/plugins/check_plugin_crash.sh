#!/usr/bin/env bash
# check_plugin_crash.sh ACCSIM OUT REGEX RUN_ARGS...: a plug-in that raises a fatal signal ends
# the run with exit code 1 and one line matching REGEX (naming the device and the access or
# process), and the run's outputs are written as for any failed run: stats.json (the device's
# statistics included, run.failure the same line) and manifest.json.
set -uo pipefail
accsim=$1 out=$2 regex=$3
shift 3
rm -rf "$out"
output=$("$accsim" run -q --out "$out" "$@" 2>&1)
code=$?
fail() { echo "FAIL: $*"; echo "--- output:"; echo "$output"; exit 1; }
[[ $code -eq 1 ]] || fail "exit code $code, expected 1"
[[ $(printf '%s' "$output" | grep -c '') -eq 1 ]] || fail "not exactly one line of output"
grep -Eq -- "$regex" <<<"$output" || fail "output does not match /$regex/"
[[ -f $out/manifest.json ]] || fail "no manifest.json"
python3 - "$out/stats.json" "$regex" <<'PY' || fail "stats.json is missing or wrong"
import json, re, sys
stats = json.load(open(sys.argv[1]))
assert stats["run.outcome"] == "failed", stats["run.outcome"]
assert re.search(sys.argv[2].lstrip("^").replace("accsim: error: ", ""), stats["run.failure"]), stats["run.failure"]
assert stats["dev.reported"] == 1
assert stats["cpu.instructions"] > 0
PY
echo "contained"
