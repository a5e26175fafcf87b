#!/usr/bin/env bash
# check_plugin_run.sh ACCSIM CONFIG OUT "NAME=VALUE;...": runs CONFIG (a plug-in device "dev"
# with the mmio_poke firmware writing and reading back 16 words) and checks the firmware saw
# its words back and each statistic has its value.
set -euo pipefail
accsim=$1 config=$2 out=$3 expected=$4
output=$("$accsim" run -q "$config" --out "$out" 2>&1) || { echo "$output"; exit 1; }
grep -q "mmio_poke: 16 words at 0xf0030000, 0 mismatches" <<<"$output" || { echo "$output"; exit 1; }
python3 - "$out/stats.json" "$expected" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
expected = dict(item.split("=") for item in sys.argv[2].split(";"))
wrong = {k: stats.get(k) for k, v in expected.items() if stats.get(k) != int(v)}
if wrong:
    sys.exit(f"unexpected statistics (expected {expected}): {wrong}")
PY
