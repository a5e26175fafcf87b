#!/usr/bin/env bash
# check_sdk_walkthrough.sh SOURCE_DIR BUILD_DIR: runs every ```sh block of docs/plugins.md as a
# reader would (tests/sdk/run_doc_commands.sh: in order, from the checkout, HOME a fresh
# temporary folder, build/default standing for BUILD_DIR). Then checks what the walk-through
# promises: the installed accsim ran the plug-in built against the installed SDK, its statistics
# are under its device's name, and the matvec example ran as a plug-in and as Verilog with the
# same lines and cycles.
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_sdk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bash "$src/tests/sdk/run_doc_commands.sh" "$src/docs/plugins.md" "$src" "$build" "$tmp"
fail() { echo "FAIL: $*"; echo "--- output:"; cat "$tmp/log"; exit 1; }
grep -q "mmio_poke: 64 words at 0xf0030000, 0 mismatches" "$tmp/log" || fail "no mmio_poke line"
grep -q "^scratch.reads  *64 " "$tmp/log" || fail "the walk-through's grep shows no scratch.reads 64"
python3 - "$tmp/home" <<'PY' || fail "stats.json or config.json of the run are not as promised"
import json, sys
home = sys.argv[1]
stats = json.load(open(f"{home}/myacc/out/stats.json"))
config = json.load(open(f"{home}/myacc/out/config.json"))
assert stats["scratch.reads"] == 64 and stats["scratch.writes"] == 64, stats
# The installed accsim, with its installed firmware, loaded the library built out of tree.
assert config["firmware"] == f"{home}/accsim-sdk/share/accsim/firmware/mmio_poke.elf", config
assert config["devices"][0]["library"] == f"{home}/myacc/build/libscratchpad.so", config
PY
# Section 6: the matvec engine as a plug-in and as Verilog, the same lines and cycles.
grep -q "^matvec: 14 jobs, 0 failures$" "$tmp/home/matvec/plugin.txt" || fail "matvec_test failed"
cycles=$(grep -h "^cpu.cycles " "$tmp/home/matvec/plugin/stats.txt" "$tmp/home/matvec/rtl/stats.txt" |
  awk '{print $2}' | sort -u | wc -l)
[[ $cycles == 1 ]] || fail "the matvec plug-in and Verilog runs differ in cpu.cycles"
echo "the walk-through of docs/plugins.md works"
