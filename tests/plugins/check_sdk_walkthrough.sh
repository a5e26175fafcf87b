#!/usr/bin/env bash
# check_sdk_walkthrough.sh SOURCE_DIR BUILD_DIR: runs every ```sh block of docs/plugins.md, in
# order, in one shell, as a reader would: from the accsim checkout, with HOME a fresh temporary
# folder (so the SDK prefix and the copied example are outside the tree), build/default
# standing for BUILD_DIR. Then checks what the walk-through promises: the installed accsim ran
# the plug-in built against the installed SDK, and its statistics are under its device's name;
# the matvec example ran as a plug-in and as Verilog with the same lines and cycles.
set -euo pipefail
src=$1 build=$2
doc=$src/docs/plugins.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_sdk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/home"
script=$tmp/walkthrough.sh
awk '/^```sh$/ {on = 1; next} /^```$/ {on = 0} on' "$doc" | sed "s|build/default|$build|g" >"$script"
[[ -s $script ]] || { echo "FAIL: $doc has no sh blocks"; exit 1; }

# Not part of the walk-through: the reader's build reuses accsim's compiler cache if there is
# one (paths relative to the temporary folder, so every run of the test hits it).
cache_dir=${CCACHE_DIR:-$(ccache -k cache_dir 2>/dev/null || true)}
if [[ -n $cache_dir ]]; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_DIR=$cache_dir CCACHE_BASEDIR=$tmp
  export CCACHE_NOHASHDIR=1
fi

cd "$src"
if ! HOME=$tmp/home bash -euo pipefail "$script" >"$tmp/log" 2>&1; then
  echo "FAIL: the walk-through's commands failed"
  echo "--- commands:"; cat "$script"; echo "--- output:"; cat "$tmp/log"
  exit 1
fi
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
