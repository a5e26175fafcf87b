#!/usr/bin/env bash
# check_installed_tree.sh SOURCE_DIR BUILD_DIR: an installed accsim needs neither its source
# tree nor its build tree, even to verilate Verilog at run time.
#   - It is installed to a temporary prefix that is then moved: it must find its data folder
#     relative to itself (run/data_dir.h).
#   - Its executable names no path of either tree in what it loads (strings -d: its data, not
#     its debug information).
#   - With both trees hidden (an empty folder mounted over each in a private mount namespace,
#     where unshare is allowed), it verilates with fresh caches and runs a Verilog Wishbone
#     device (wishbone_copy), a user CFU (simd_mac_cfu) and the mnv2 CFU's RTL at sizes other
#     than the built-in model's, each from the installed configs and Verilog.
set -euo pipefail
src=$(realpath "$1") build=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_installed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "$build" --prefix "$tmp/installed" >/dev/null
mv "$tmp/installed" "$tmp/moved"
accsim=$tmp/moved/bin/accsim
if strings -d "$accsim" | grep -F -e "$src" -e "$build"; then
  fail "the installed accsim names the trees it was built in (above)"
fi

# The runs, with fresh caches and no directory overrides from the environment.
mnv2="--firmware cfu_playground_test --set cfu.impl=rtl --set cfu.macc_lanes=8"
runs=(
  "run wishbone_copy --out runs/wishbone"
  "run simd_mac_cfu --out runs/cfu"
  "run mnv2_cfu $mnv2 --set firmware_args=[1,8] --out runs/mnv2"
)
script="set -eu; cd '$tmp'"
for args in "${runs[@]}"; do script+="; '$accsim' $args"; done
env=(env -u ACCSIM_CONFIG_DIR -u ACCSIM_FIRMWARE_DIR -u XDG_CACHE_HOME HOME="$tmp/home"
     ACCSIM_CFU_CACHE="$tmp/cache/cfu" ACCSIM_RTL_CACHE="$tmp/cache/verilog")

# Hide the trees: an empty tmpfs over each (the build tree may lie inside the source tree).
hide="mount -t tmpfs none '$src'"
[[ $build == "$src"/* ]] || hide+=" && mount -t tmpfs none '$build'"
hide+=" && [ ! -e '$src/CMakeLists.txt' ]"
if [[ $tmp == "$src"/* || $tmp == "$build"/* ]]; then
  echo "note: the temporary folder is inside a tree, so the trees stay visible"
  "${env[@]}" bash -c "$script" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "a run failed"; }
elif unshare -rm true 2>/dev/null; then
  "${env[@]}" unshare -rm bash -c "$hide && $script" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; fail "a run failed with the source and build trees hidden"; }
else
  echo "note: unshare is not allowed here, so the trees stay visible"
  "${env[@]}" bash -c "$script" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "a run failed"; }
fi
cat "$tmp/log"
for line in "wb_copy: PASS" "simd_mac: PASS" "cfu_playground_test: 2 checks, 0 failed: PASS" \
  "verilating $tmp/moved/share/accsim/rtl/wishbone/wb_copy.v into $tmp/cache/verilog" \
  "verilating $tmp/moved/share/accsim/rtl/cfu/simd_mac/cfu.v into $tmp/cache/cfu" \
  "verilating $tmp/moved/share/accsim/rtl/cfu/mnv2/"; do
  grep -qF "$line" "$tmp/log" || fail "no \"$line\" in the output"
done
echo "the installed accsim works without its source and build trees"
