#!/usr/bin/env bash
# check_kernel_registry.sh SOURCE_DIR BUILD_DIR: the kernel registry from the installed SDK
# (docs/firmware.md, "Your own kernels in a TFLite model"). accsim is installed into a fresh
# prefix; the walk-through's kernel (examples/firmware/simd_conv, as installed) and a wrong
# variant of it (tests/sdk/kernels) are built out of tree against it, linked with
# accsim::tflite_runner, and run on pdti8 with the person input on the simd_mac CFU's C++ model:
#  - runtime.verify catches the wrong kernel, naming the operator, the element and both values;
#  - a kernel that refuses leaves the operator on the CPU with its reason on the placement line;
#  - runtime.delegate by the kernel's name, and a runtime.placement override back to the cpu;
#  - a name the firmware did not register, and one that is not a name, are refused.
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_kernels.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [[ -f $tmp/log ]] && { echo "--- output:"; cat "$tmp/log"; }; exit 1; }
prefix=$tmp/sdk
cmake --install "$build" --prefix "$prefix" >/dev/null
cp -r "$src/tests/sdk/kernels" "$tmp/app"
example=$prefix/share/accsim/examples/firmware/simd_conv
{
  cmake -S "$tmp/app" -B "$tmp/app/build" -DEXAMPLE="$example" \
    -DCMAKE_TOOLCHAIN_FILE="$prefix/share/accsim/firmware-sdk/riscv32-accsim.cmake" &&
    cmake --build "$tmp/app/build" -j2
} >"$tmp/log" 2>&1 || fail "the kernels do not build against the installed SDK"
models=$src/../shared/models
model=(--model "$models/pdti8.tflite" --input "$models/inputs/pdti8_person.bin")
soc=(simd_mac_cfu --set cfu.kind=simd_mac --set cfu.impl=model)
run() { # run NAME EXPECTED_EXIT ARGS...: accsim run into $tmp/NAME, output in $tmp/log
  local name=$1 want=$2
  shift 2
  set +e
  "$prefix/bin/accsim" run "$@" --out "$tmp/$name" >"$tmp/log" 2>&1
  local code=$?
  set -e
  [[ $code == "$want" ]] || fail "$name: exit code $code, expected $want"
}
expect() { grep -Eq -- "$1" "$tmp/log" || fail "no line matching: $1"; }

# runtime.verify: the wrong kernel is caught at the element it flipped (operator 4's output is
# 1x24x24x32, so element 1000 is [0,1,7,8]), with both values.
run wrong_verify 1 "${soc[@]}" --firmware "$tmp/app/build/simd_conv_wrong.elf" "${model[@]}" \
  --verify
! grep -q "still open" "$tmp/log" || fail "verify left a region open"
expect "^tflite_runner: verify: operator 4 \(CONV_2D\) on simd_conv_wrong \(simd_conv_wrong\): output element 1000 \[0,1,7,8\] is -?[0-9]+, the cpu reference gives -?[0-9]+$"
got=$(sed -nE 's/.* is (-?[0-9]+), the cpu reference gives (-?[0-9]+)$/\1 \2/p' "$tmp/log")
read -r a b <<<"$got"
(( (a ^ b) == 1 )) || fail "the values $a and $b do not differ in the flipped bit only"
# Without verify the same firmware runs to its end: only verify saw it.
run wrong 0 "${soc[@]}" --firmware "$tmp/app/build/simd_conv_wrong.elf" "${model[@]}"
! grep -q "verify" "$tmp/log" || fail "verify ran without runtime.verify"
# A kernel that refuses: its reason on the line, the operator on the CPU.
expect "^placement: op 001 depthwise_conv_2d +1x48x48x8 +-> cpu \(depthwise_k32\) +supported: cpu +picky_dw: refuses on purpose$"
# The right kernel passes verify (every one of its 14 operators checked against the CPU's).
run right_verify 0 "${soc[@]}" --firmware "$tmp/app/build/simd_conv.elf" "${model[@]}" \
  --set runtime.verify=true
expect "^output \(1x2 int8\): -113 \(0.0586\) 113 \(0.9414\)$"

# runtime.delegate by name, and an override back to the cpu for operator 2.
run named 0 "${soc[@]}" --firmware "$tmp/app/build/simd_conv.elf" "${model[@]}" \
  --set runtime.delegate=simd_conv --set 'runtime.placement=[{"op": 2, "backend": "cpu"}]'
expect "^placement: op 002 conv_2d +1x48x48x16 +-> cpu \(gemm_1x1\) \[override\] +supported: cpu, user$"
expect "^placement: op 004 conv_2d +1x24x24x32 +-> simd_conv \(registered kernel\) +supported: cpu, simd_conv$"
expect "^output \(1x2 int8\): -113 \(0.0586\) 113 \(0.9414\)$"
python3 - "$tmp/named/stats.json" <<'PY' || fail "stats.json of the named run"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["op.002.conv_2d.backend"] == "cpu" and s["op.002.conv_2d.placement_override"] == "cpu"
assert s["op.004.conv_2d.backend"] == "simd_conv" and s["op.004.conv_2d.kernel"] == "simd_conv"
assert s["model.operators_on_user"] == 13, s["model.operators_on_user"]
assert s["model.operators_supported_by_user"] == 14
PY
# The cpu delegate: the kernel supports 14 operators but is not asked for any.
run cpu_delegate 0 "${soc[@]}" --firmware "$tmp/app/build/simd_conv.elf" "${model[@]}" \
  --set runtime.delegate=cpu
expect "^placement: all 31 operators on the cpu \(no kernel of the firmware took one\)$"

# Names nobody registered: the firmware refuses them; a name that cannot be one, accsim.
run unknown 1 "${soc[@]}" --firmware "$tmp/app/build/simd_conv.elf" "${model[@]}" \
  --set runtime.delegate=simd_cnv
expect "^tflite_runner: place: runtime.delegate names kernel \"simd_cnv\", which the firmware did not register \(registered: simd_conv\)$"
set +e
"$prefix/bin/accsim" run "${soc[@]}" --firmware "$tmp/app/build/simd_conv.elf" "${model[@]}" \
  --set 'runtime.placement=[{"op": 3, "backend": "Simd-Conv"}]' --out "$tmp/bad" >"$tmp/log" 2>&1
code=$?
set -e
(( code != 0 )) || fail "a bad kernel name ran"
expect "runtime.placement\[0\].backend is \"Simd-Conv\": neither cpu, cfu, vta nor the name of a kernel"
echo "kernel registry: verify, delegation by name and refusals work against the installed SDK"
