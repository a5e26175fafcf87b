#!/usr/bin/env bash
# compare_model_rtl.sh ACCSIM OUT_DIR [accsim run args...]
# Runs the same firmware with the CFU as the C++ model and as the Verilated RTL and fails
# unless both print the same console output and agree on every CPU, cache, region and
# per-CFU-instruction statistic (cycle counts included): the model is cycle-exact to the RTL.
set -euo pipefail
accsim=$1
out=$2
shift 2
mkdir -p "$out"
"$accsim" run -q --out "$out/model" "$@" --set cfu.impl=model >"$out/model.txt" 2>&1 || {
  cat "$out/model.txt"; echo "FAIL: the model run failed"; exit 1; }
"$accsim" run -q --out "$out/rtl" "$@" --set cfu.impl=rtl >"$out/rtl.txt" 2>&1 || {
  cat "$out/rtl.txt"; echo "FAIL: the RTL run failed"; exit 1; }
if ! diff -u "$out/model.txt" "$out/rtl.txt"; then
  echo "FAIL: the console output of the model and the RTL differ"
  exit 1
fi
python3 - "$out/model/stats.json" "$out/rtl/stats.json" <<'PY'
import json, sys
model, rtl = (json.load(open(p)) for p in sys.argv[1:3])
if rtl.get("cfu.impl") != "rtl" or not rtl.get("cfu.rtl.cycles_clocked"):
    sys.exit("FAIL: the rtl run did not co-simulate the Verilated CFU")
shared = [k for k in model
          if k.startswith(("cpu.", "cache.", "region.", "bus.", "cfu.insn."))
          or k in ("cfu.instructions", "cfu.cpu_wait_cycles", "run.end_cycle")]
# The model's per-region MACC counters have no RTL counterpart (the RTL run does not report them),
# nor has the CFU's energy (its MACs) and the totals that include it; every other component's
# energy per region must agree.
shared = [k for k in shared if not k.endswith((".cfu_busy_cycles", ".cfu_macs", ".energy_cfu_pj",
                                               ".energy_pj", ".energy_dynamic_pj"))]
bad = [k for k in shared if model.get(k) != rtl.get(k)]
for k in bad[:20]:
    print(f"FAIL: {k}: model {model.get(k)}, rtl {rtl.get(k)}")
if bad:
    sys.exit(1)
print(f"model and RTL agree on {len(shared)} statistics; cycles {model['cpu.cycles']}, "
      f"RTL clocked {rtl.get('cfu.rtl.cycles_clocked')} cycles")
PY
