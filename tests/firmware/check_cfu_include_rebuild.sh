#!/usr/bin/env bash
# check_cfu_include_rebuild.sh ACCSIM SOURCE_DIR OUT_DIR
# A user CFU whose behaviour comes from an `include'd file: editing that file must rebuild the
# CFU (the cache key covers every file Verilator read), not re-run the old hardware.
set -uo pipefail
accsim=$1 src=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out"
mkdir -p "$out/design"
export ACCSIM_CFU_CACHE=$out/cache
# simd_mac's CFU with an offset, from offset.vh, added to every MAC result.
sed -e "1i \`include \"$out/design/offset.vh\"" \
    -e 's/rsp_payload_outputs_0 <= acc + dot;/rsp_payload_outputs_0 <= acc + dot + `MAC_OFFSET;/' \
    "$src/rtl/cfu/simd_mac/cfu.v" >"$out/design/cfu.v"
grep -q MAC_OFFSET "$out/design/cfu.v" || fail "could not derive the test CFU"
cat >"$out/design/cfu.json" <<JSON
{"extends": "$src/configs/vexriscv_arty.json", "name": "include_cfu", "firmware": "simd_mac_test",
 "cfu": {"kind": "verilog", "impl": "rtl", "rtl": {"sources": ["cfu.v"], "top": "Cfu"}}}
JSON
# run_with OFFSET EXPECTED_EXIT: sets the offset in the included file and runs the firmware.
run_with() {
  echo "\`define MAC_OFFSET 32'd$1" >"$out/design/offset.vh"
  "$accsim" run -q "$out/design/cfu.json" --out "$out/run$1" >"$out/run$1.log" 2>&1
  local code=$?
  grep -E "simd_mac: |error" "$out/run$1.log" | head -2
  [[ $code -eq $2 ]] || fail "MAC_OFFSET $1: exit code $code, expected $2 (the old hardware ran?)"
}
run_with 0 0   # the real MAC: simd_mac_test passes
run_with 1 1   # off by one: the firmware's checks fail
run_with 0 0   # back again (the first build, from the cache)
echo "editing an included file rebuilds the CFU"
