#!/usr/bin/env bash
# check_wishbone_walkthrough.sh ACCSIM SOURCE_DIR OUT_DIR
# docs/wishbone.md's walk-through as a newcomer follows it, in a folder of its own: its Verilog
# (my_reg.v), its config (my_soc.json) and its firmware (my_firmware.c) taken from the page,
# the firmware built as docs/firmware.md says (the firmware SDK's accsim_add_firmware, here
# from the tree), then the page's run command, which must print what the page says.
set -uo pipefail
accsim=$1 src=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
# OUT_DIR is emptied first: never a checkout (arguments given in another order).
[[ $# -eq 3 && ! -e $out/.git && ! -e $out/CMakePresets.json ]] ||
  fail "usage: check_wishbone_walkthrough.sh ACCSIM SOURCE_DIR OUT_DIR (an output folder)"
rm -rf "$out"
mkdir -p "$out"
# The first ```verilog, ```json and ```c blocks of the page.
python3 - "$src/docs/wishbone.md" "$out" <<'PY' || fail "cannot take the walk-through's files from docs/wishbone.md"
import re, sys
text = open(sys.argv[1]).read()
for lang, name in (("verilog", "my_reg.v"), ("json", "my_soc.json"), ("c", "my_firmware.c")):
    m = re.search(r"```" + lang + r"\n(.*?)```", text, re.S)
    if not m:
        sys.exit(f"no ```{lang} block")
    open(f"{sys.argv[2]}/{name}", "w").write(m.group(1))
PY
cd "$out" || fail "no $out"
verilator --lint-only -Wall my_reg.v || fail "my_reg.v is not lint clean"
cat >CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(my_firmware C ASM)
find_package(accsim_firmware CONFIG REQUIRED)
accsim_add_firmware(my_firmware my_firmware.c)
CMAKE
{ cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE="$src/firmware_stub/riscv32-accsim.cmake" &&
  cmake --build build && cp build/my_firmware.elf .; } >build.log 2>&1 ||
  { cat build.log; fail "my_firmware.c does not build"; }
"$accsim" run my_soc.json --firmware my_firmware.elf --out runs/mine >run.log 2>&1
code=$?
cat run.log
[[ $code -eq 0 ]] || fail "exit code $code"
grep -q "read back 0x1234ab78" run.log || fail "no \"read back 0x1234ab78\""
grep -q "^myreg.slave.writes  *2 " runs/mine/stats.txt || fail "myreg.slave.writes is not 2"
echo "the walk-through of docs/wishbone.md works"
