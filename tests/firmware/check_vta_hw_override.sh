#!/usr/bin/env bash
# check_vta_hw_override.sh ACCSIM CONFIG OUT_DIR
# CONFIG names an upstream vta_config.json (vta.hw_file, BLOCK 32). Its shape is what runs, and
# --set vta.hw.LOG_BLOCK=4 wins over the file (it used to be silently ignored while config.json
# recorded it). stats.json and config.json record the shape actually simulated.
set -uo pipefail
accsim=$1 config=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
# shape_is DIR LOG_BLOCK: the VTA of DIR's run printed, recorded and configured that LOG_BLOCK.
shape_is() {
  python3 - "$1" "$2" <<'PY' || fail "$1: the recorded shape is not LOG_BLOCK $2"
import json, sys
d, want = sys.argv[1], int(sys.argv[2])
stats = json.load(open(f"{d}/stats.json"))
vta = json.load(open(f"{d}/config.json"))["vta"]
print(f"stats vta.hw.LOG_BLOCK={stats.get('vta.hw.LOG_BLOCK')}, config.json "
      f"hw.LOG_BLOCK={vta['hw']['LOG_BLOCK']} hw_file={vta['hw_file']!r}")
sys.exit(0 if stats.get("vta.hw.LOG_BLOCK") == want and vta["hw"]["LOG_BLOCK"] == want
         and vta["hw_file"] == "" else 1)
PY
}
rm -rf "$out"
"$accsim" run -q "$config" --firmware vta_add --out "$out/file" >"$out.file.log" 2>&1 ||
  fail "run with the file's shape failed: $(tail -1 "$out.file.log")"
grep -q "BLOCK 32" "$out.file.log" || fail "the file's BLOCK 32 did not run"
shape_is "$out/file" 5
"$accsim" run -q "$config" --firmware vta_add --set vta.hw.LOG_BLOCK=4 --out "$out/set" \
  >"$out.set.log" 2>&1 || fail "run with --set failed: $(tail -1 "$out.set.log")"
grep -q "BLOCK 16" "$out.set.log" || fail "--set vta.hw.LOG_BLOCK=4 did not run BLOCK 16"
shape_is "$out/set" 4
# config.json re-runs the same shape from its own directory (the file is folded in).
"$accsim" run -q "$out/set/config.json" --out "$out/rerun" >/dev/null 2>&1 || fail "re-run failed"
cmp -s "$out/set/stats.json" "$out/rerun/stats.json" || fail "re-running config.json differs"
echo "the simulated VTA shape is recorded"
