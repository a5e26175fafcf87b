#!/usr/bin/env bash
# check_wishbone_walkthrough.sh ACCSIM RISCV_GCC SOURCE_DIR OUT_DIR
# docs/wishbone.md's walk-through as a newcomer follows it, in a folder of its own: its Verilog
# (my_reg.v), its config (my_soc.json) and its firmware (my_firmware.c) taken from the page,
# the firmware built with docs/firmware.md's compiler flags and the HAL, then the page's run
# command, which must print what the page says.
set -uo pipefail
accsim=$1 gcc=$2 src=$3 out=$4
fail() { echo "FAIL: $*"; exit 1; }
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
hal=$src/firmware_stub/hal
"$gcc" -march=rv32im -mabi=ilp32 -misa-spec=2.2 --specs=picolibc.specs -O2 -I"$hal/include" \
  -nostartfiles -Wl,--no-warn-rwx-segments -T"$src/firmware_stub/link/vexriscv_arty.ld" \
  my_firmware.c "$hal/src/crt0.S" "$hal/src/console.c" "$hal/src/exit.c" "$hal/src/perf.c" \
  -o my_firmware.elf || fail "my_firmware.c does not build"
"$accsim" run my_soc.json --firmware my_firmware.elf --out runs/mine >run.log 2>&1
code=$?
cat run.log
[[ $code -eq 0 ]] || fail "exit code $code"
grep -q "read back 0x1234ab78" run.log || fail "no \"read back 0x1234ab78\""
grep -q "^myreg.slave.writes  *2 " runs/mine/stats.txt || fail "myreg.slave.writes is not 2"
echo "the walk-through of docs/wishbone.md works"
