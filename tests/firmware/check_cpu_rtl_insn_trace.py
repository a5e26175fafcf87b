#!/usr/bin/env python3
"""--trace insn on the CPU as RTL: one row per retiring instruction (hello: as many rows as
minstret counts over the whole run), and the same instruction stream as the C++ model's
(compute: over the first 300000 cycles of both runs, the shorter pc sequence is the start of
the longer one).

  check_cpu_rtl_insn_trace.py ACCSIM OUT_DIR VERILOG CONFIG
Skips (exit 77) when VERILOG is absent."""
import csv
import json
import os
import subprocess
import sys


def pcs(path):
    with open(path) as f:
        return [row["pc"] for row in csv.DictReader(f)]


def main():
    accsim, out, verilog, config = sys.argv[1:5]
    window = 300000
    if not os.path.exists(verilog):
        print(f"SKIP: {verilog} is absent (VexRiscv test data, ../shared/rtl/vexriscv/)")
        return 77
    rtl = ["--set", "cpu.impl=rtl", "--set", f"cpu.verilog={verilog}"]
    # compute stopped by the cycle limit soon after the window (exit code 1, outputs written).
    compute = [config, "--firmware", "compute", "--trace-window", f"0:{window}",
               "--max-cycles", str(window + 10000)]
    runs = {"whole": [config, "--firmware", "hello", "--trace-limit", "100000000"] + rtl,
            "rtl": compute + rtl,
            "model": compute}
    for name, args in runs.items():
        p = subprocess.run([accsim, "run", "-q", "--trace", "insn", "--out",
                            os.path.join(out, name)] + args, capture_output=True, text=True)
        if p.returncode != (0 if name == "whole" else 1):
            print(p.stdout + p.stderr)
            print(f"FAIL: the {name} run failed")
            return 1
    whole = pcs(os.path.join(out, "whole", "insn.csv"))
    instret = json.load(open(os.path.join(out, "whole", "stats.json")))["cpu.instructions"]
    bad = []
    if len(whole) != instret:
        bad.append(f"{len(whole)} rows, but minstret counts {instret}")
    model, rtl_pcs = pcs(os.path.join(out, "model", "insn.csv")), pcs(os.path.join(out, "rtl", "insn.csv"))
    common = min(len(model), len(rtl_pcs))
    if common < 1000 or model[:common] != rtl_pcs[:common]:
        first = next((i for i in range(common) if model[i] != rtl_pcs[i]), common)
        bad.append(f"the instruction streams differ at row {first} of {common}")
    for b in bad:
        print("FAIL:", b)
    if not bad:
        print(f"ok: {len(whole)} rows = minstret; the first {common} instructions are the model's")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
