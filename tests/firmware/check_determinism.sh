#!/usr/bin/env bash
# check_determinism.sh ACCSIM OUT_DIR
# Two runs of the same config and firmware must write byte-identical stats and config.
set -euo pipefail
"$1" run -q --firmware hello --trace console --out "$2/a" >/dev/null
"$1" run -q --firmware hello --trace console --out "$2/b" >/dev/null
for f in stats.json config.json console.log; do
  cmp "$2/a/$f" "$2/b/$f" || { echo "FAIL: $f differs between identical runs"; exit 1; }
done
# stats.txt also has host.* lines (host seconds, simulation rate), which vary by design.
cmp <(grep -v '^host\.' "$2/a/stats.txt") <(grep -v '^host\.' "$2/b/stats.txt") ||
  { echo "FAIL: stats.txt (without host.*) differs between identical runs"; exit 1; }
echo "identical: stats.json, stats.txt but host.*, config.json, console.log"
