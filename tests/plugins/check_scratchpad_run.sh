#!/usr/bin/env bash
# check_scratchpad_run.sh ACCSIM CONFIG OUT: runs the example plug-in with mmio_poke and checks
# that the firmware's 16 writes and 16 reads are the device's statistics, under its name.
set -euo pipefail
accsim=$1 config=$2 out=$3
output=$("$accsim" run -q "$config" --out "$out" 2>&1) || { echo "$output"; exit 1; }
grep -q "mmio_poke: 16 words at 0xf0030000, 0 mismatches" <<<"$output" || { echo "$output"; exit 1; }
python3 - "$out/stats.json" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
expected = {"dev.reads": 16, "dev.writes": 16, "bus.target.dev.regs.transactions": 32}
wrong = {k: stats.get(k) for k, v in expected.items() if stats.get(k) != v}
if wrong:
    sys.exit(f"unexpected statistics: {wrong}")
PY
