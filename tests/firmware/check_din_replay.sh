#!/usr/bin/env bash
# check_din_replay.sh ACCSIM REPLAY_PY OUT_DIR FIRMWARE ISIZE ILINE IWAYS DSIZE DLINE DWAYS
# Runs FIRMWARE with the given I$/D$ geometries and a din trace, replays the trace through
# tools/dinero_replay.py (an independent cache model) and requires the same miss counts.
set -euo pipefail
accsim=$1 replay=$2 out=$3 fw=$4
"$accsim" run -q --firmware "$fw" --out "$out" --trace mem \
  --set caches.icache.size=$5 --set caches.icache.line_bytes=$6 --set caches.icache.ways=$7 \
  --set caches.dcache.size=$8 --set caches.dcache.line_bytes=$9 --set caches.dcache.ways=${10} \
  >/dev/null
python3 "$replay" "$out/mem.din" --isize $5 --iline $6 --iways $7 --dsize $8 --dline $9 \
  --dways ${10} --uncached 0x80000000:0x80000000 >"$out/replay.json"
python3 - "$out/stats.json" "$out/replay.json" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
replay = json.load(open(sys.argv[2]))
pairs = [("cache.icache.misses.fetch", "icache.misses"),
         ("cache.icache.accesses.fetch", "icache.accesses"),
         ("cache.dcache.misses.read", "dcache.misses.read"),
         ("cache.dcache.misses.write", "dcache.misses.write"),
         ("cache.dcache.accesses.read", "dcache.accesses.read")]
bad = 0
for ours, theirs in pairs:
    a, b = stats.get(ours, 0), replay[theirs]
    print(f"{ours:32} accsim {a:>9}   replay {b:>9}   {'ok' if a == b else 'MISMATCH'}")
    bad += a != b
sys.exit(1 if bad else 0)
PY
