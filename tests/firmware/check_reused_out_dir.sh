#!/usr/bin/env bash
# check_reused_out_dir.sh ACCSIM OUT_DIR
# A reused output directory holds only the new run's files: a traced 1 KiB-D$ run's
# timeline.json must not stay beside a later untraced run's stats.json. Files that are not
# accsim's are left alone, and manifest.json lists what the run wrote.
set -uo pipefail
accsim=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out"
"$accsim" run -q --firmware hello --set caches.dcache.size=1K --trace timeline,console \
  --out "$out" >/dev/null 2>&1 || fail "first run failed"
[[ -f $out/timeline.json && -f $out/console.log ]] || fail "the first run wrote no traces"
echo "mine" >"$out/notes.txt"
"$accsim" run -q --firmware hello --out "$out" >/dev/null 2>&1 || fail "second run failed"
for stale in timeline.json console.log; do
  [[ -e $out/$stale ]] && fail "$stale of the earlier run is still there"
done
[[ $(cat "$out/notes.txt" 2>/dev/null) == mine ]] || fail "a file that is not accsim's was touched"
python3 - "$out/manifest.json" <<'PY' || fail "manifest.json does not list exactly this run's files"
import json, sys
files = json.load(open(sys.argv[1]))["files"]
print("manifest:", files)
sys.exit(0 if files == ["config.json", "stats.json", "stats.txt", "host.json"] else 1)
PY
echo "only this run's files"
