#!/usr/bin/env bash
# check_firmware_walkthrough.sh SOURCE_DIR BUILD_DIR: runs every ```sh block of
# docs/firmware.md as a reader would (run_doc_commands.sh: in order, from the checkout, HOME a
# fresh temporary folder, build/default standing for BUILD_DIR). Then checks what the
# walk-through promises: the example firmware, built out of tree with the installed SDK only,
# ran on the installed accsim against the installed CFU Verilog and computed the right dot
# product on both the CPU and the CFU.
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_fwsdk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bash "$src/tests/sdk/run_doc_commands.sh" "$src/docs/firmware.md" "$src" "$build" "$tmp"
fail() { echo "FAIL: $*"; echo "--- output:"; cat "$tmp/log"; exit 1; }
home=$tmp/home
# The example's vectors: a[i] = int8(7i - 100), b[i] = int8(50 - 3i), i < 256.
want=$(python3 -c '
s8 = lambda v: (v + 128) % 256 - 128
print(sum(s8(7 * i - 100) * s8(50 - 3 * i) for i in range(256)))')
grep -Eq "^cfu_dot: 256 int8 pairs: CPU $want in [0-9]+ cycles, CFU $want in [0-9]+ cycles: equal$" \
  "$tmp/log" || fail "no cfu_dot line with the dot product $want on both the CPU and the CFU"
sdk_rtl=$home/accsim-sdk/share/accsim/rtl/cfu/simd_mac/cfu.v
grep -qF "verilating $sdk_rtl into $home/.cache/accsim/cfu" "$tmp/log" ||
  fail "the installed accsim did not verilate the installed cfu.v into the reader's cache"
python3 - "$home" "$sdk_rtl" <<'PY' || fail "config.json of the run is not as promised"
import json, sys
home, sdk_rtl = sys.argv[1:]
config = json.load(open(f"{home}/cfu_dot/out/config.json"))
assert config["firmware"] == f"{home}/cfu_dot/build/cfu_dot.elf", config["firmware"]
assert config["cfu"]["rtl"]["sources"] == [sdk_rtl], config["cfu"]["rtl"]["sources"]
PY
# The kernel walk-through: the user kernel on the 1x1 convolutions, the CPU's output (score
# 226 = 113 - -113) with the Verilog CFU, its C++ model and verify, model and Verilog in the same
# cycles, and the report's per-operator speedups.
k=$home/simd_conv
[[ $(grep -c '^output (1x2 int8): -113 (0.0586) 113 (0.9414)$' "$tmp/log") == 4 ]] ||
  fail "the four pdti8 runs did not all print the CPU's output -113 113"
for run in rtl model verify; do
  cmp -s "$k/cpu/output.bin" "$k/$run/output.bin" || fail "$run: output.bin differs from the CPU's"
done
grep -Eq "^placement: op 002 conv_2d +1x48x48x16 +-> simd_conv \(registered kernel\) +supported: cpu, simd_conv$" \
  "$tmp/log" || fail "no placement line putting op 2 on simd_conv"
grep -Eq "^  002 +conv_2d +cpu → simd_conv +[0-9]+ +[0-9]+ +1\.[0-9][0-9]( |$)" "$tmp/log" ||
  fail "the report does not show op 2 as cpu → simd_conv with a speedup above 1"
python3 - "$k" "$home/accsim-sdk/share/accsim/rtl/cfu/simd_mac/cfu.v" <<'PY' || fail "rtl and model runs differ"
import json, sys
k, sdk_rtl = sys.argv[1:]
rtl, model = (json.load(open(f"{k}/{run}/stats.json")) for run in ("rtl", "model"))
assert json.load(open(f"{k}/rtl/config.json"))["cfu"]["rtl"]["sources"] == [sdk_rtl]
assert rtl["cfu.impl"] != model["cfu.impl"], (rtl["cfu.impl"], model["cfu.impl"])
cycles = [key for key in rtl if key.endswith(".cycles") and key.startswith(("op.", "cpu.", "region."))]
assert len(cycles) > 31
different = [key for key in cycles if rtl[key] != model.get(key)]
assert not different, different[:5]
assert rtl["run.end_cycle"] == model["run.end_cycle"]
users = [key for key in rtl if key.endswith(".backend") and rtl[key] == "simd_conv"]
assert len(users) == 14, len(users)
PY
echo "the walk-through of docs/firmware.md works"
