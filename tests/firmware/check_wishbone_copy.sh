#!/usr/bin/env bash
# check_wishbone_copy.sh ACCSIM CONFIG OUT_DIR
# The wb_copy example (rtl/wishbone/wb_copy.v, configs/wishbone_copy.json) under wb_copy_test:
#   - the firmware passes, and the device's statistics are under its name;
#   - clocking "always" (every cycle) gives the same statistics as the idle-aware default, the
#     device's own clocked/idle cycle counts aside: skipping idle cycles changes nothing;
#   - --trace fst writes <out>/wb_copy.fst, listed in the manifest, and changes no statistic.
set -uo pipefail
accsim=$1 config=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out"
run() {  # run NAME ARGS...: a run into $out/NAME that must pass
  local name=$1
  shift
  "$accsim" run -q "$config" --out "$out/$name" "$@" >"$out/$name.log" 2>&1 ||
    { cat "$out/$name.log"; fail "$name: exit code $?"; }
  grep -q "wb_copy: PASS" "$out/$name.log" || { cat "$out/$name.log"; fail "$name: no PASS"; }
}
mkdir -p "$out"
run idle_aware
run always --set devices.0.clocking=always
run traced --trace fst
python3 - "$out" <<'PY' || fail "statistics"
import json, sys
out = sys.argv[1]
def stats(name):
    s = json.load(open(f"{out}/{name}/stats.json"))
    return {k: v for k, v in s.items() if not k.startswith("wb_copy.rtl.")}, s
lazy, lazy_all = stats("idle_aware")
always, always_all = stats("always")
traced, _ = stats("traced")
want = {"wb_copy.master.reads": 256, "wb_copy.master.writes": 256, "wb_copy.master.bytes": 2048,
        "wb_copy.master.errors": 0, "wb_copy.slave.errors": 0, "wb_copy.slave.timeouts": 0,
        "bus.initiator.wb_copy.master.transactions": 512}
for key, value in want.items():
    if lazy.get(key) != value:
        sys.exit(f"{key} = {lazy.get(key)}, expected {value}")
print("idle-aware: clocked", lazy_all["wb_copy.rtl.cycles_clocked"], "idle",
      lazy_all["wb_copy.rtl.cycles_idle"], "of", lazy_all["cpu.cycles"], "cycles")
if always_all["wb_copy.rtl.cycles_idle"] != 0:
    sys.exit("clocking always skipped cycles")
for name, other in (("always", always), ("traced", traced)):
    diff = sorted(k for k in set(lazy) | set(other) if lazy.get(k) != other.get(k))
    if diff:
        sys.exit(f"{name} differs from idle_aware in {diff[:5]}")
manifest = json.load(open(f"{out}/traced/manifest.json"))["files"]
if "wb_copy.fst" not in manifest:
    sys.exit(f"manifest {manifest} lacks wb_copy.fst")
PY
fst=$out/traced/wb_copy.fst
[[ -s $fst && $(head -c 1 "$fst" | od -An -tu1) -eq 0 ]] || fail "no FST waveform at $fst"
echo "wb_copy: same results clocked always and idle-aware, traced or not"
