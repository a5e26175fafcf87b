#!/usr/bin/env python3
"""Runs the same firmware on the C++ CPU model and on the CPU's Verilog (cpu.impl=rtl) and
fails unless both exit alike, print the same console output (cycle counts aside: the lines that
print cycles or counters have their decimal numbers masked) and write the same output.bin.
Prints both cycle counts and the RTL's simulated MHz.

  compare_cpu_model_rtl.py ACCSIM OUT_DIR VERILOG [--known FILE] -- ACCSIM_RUN_ARGS...

--known FILE lists checks ("FAIL <name>:" lines of a self-checking app) that fail on the RTL
and not on the model, one name a line: hardware facts the model does not have yet. Each must
fail on the RTL only, and no other check may differ.
Skips (exit 77) when VERILOG is absent: the VexRiscv files are test data outside the tree."""
import json
import os
import re
import subprocess
import sys

CYCLE_LINE = re.compile(r"cycle|minstret|^\s*\d+\s+\|")
DECIMAL = re.compile(r"(?<![0-9a-fA-Fx])\d+")
FAIL = re.compile(r"^FAIL ([^:]+(?:: [^:]+)?): got")


def run(accsim, out, args):
    p = subprocess.run([accsim, "run", "-q", "--out", out] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def console(text):
    """The console lines, cycle-dependent numbers (and the columns they fill) masked; accsim's
    warnings left out (the RTL's differ: bus errors it ignores)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("accsim: warning:"):
            continue
        if CYCLE_LINE.search(line):
            line = " ".join(DECIMAL.sub("N", line).split())
        lines.append(line)
    return lines


def main():
    argv = sys.argv[1:]
    split = argv.index("--")
    head, run_args = argv[:split], argv[split + 1:]
    accsim, out, verilog = head[:3]
    known = []
    if "--known" in head:
        with open(head[head.index("--known") + 1]) as f:
            known = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    if not os.path.exists(verilog):
        print(f"SKIP: {verilog} is absent (VexRiscv test data, ../shared/rtl/vexriscv/)")
        return 77
    rtl_args = run_args + ["--set", "cpu.impl=rtl", "--set", f"cpu.verilog={verilog}"]
    m_code, m_out, m_err = run(accsim, os.path.join(out, "model"), run_args)
    r_code, r_out, r_err = run(accsim, os.path.join(out, "rtl"), rtl_args)
    bad = []
    if m_code != r_code:
        bad.append(f"exit codes differ: model {m_code}, rtl {r_code}\n{m_err}{r_err}")
    m_lines, r_lines = console(m_out), console(r_out)
    m_fails = {FAIL.match(l).group(1) for l in m_lines if FAIL.match(l)}
    r_fails = {FAIL.match(l).group(1) for l in r_lines if FAIL.match(l)}
    for name in known:
        if name not in r_fails or name in m_fails:
            bad.append(f"known difference no longer one (fails on the RTL only?): {name}")
    if known:
        # Checks compared by name (their values may follow from a known difference: a trap
        # count), the known ones left out, the count of failures masked.
        summary = re.compile(r"checks, \d+ failed")
        def keep(lines):
            return [FAIL.match(l).group(1) if FAIL.match(l) else summary.sub("checks, N failed", l)
                    for l in lines if not (FAIL.match(l) and FAIL.match(l).group(1) in known)]
        m_lines, r_lines = keep(m_lines), keep(r_lines)
    if m_lines != r_lines:
        bad.append("console output differs:\n--- model\n" + "\n".join(m_lines) + "\n--- rtl\n" +
                   "\n".join(r_lines))
    outputs = [os.path.join(out, side, "output.bin") for side in ("model", "rtl")]
    if any(os.path.exists(p) for p in outputs):
        data = [open(p, "rb").read() if os.path.exists(p) else None for p in outputs]
        if data[0] != data[1]:
            bad.append("output.bin differs")
    stats = [json.load(open(os.path.join(out, side, "stats.json"))) for side in ("model", "rtl")]
    host = json.load(open(os.path.join(out, "rtl", "host.json")))
    mc, rc = stats[0].get("cpu.cycles", 0), stats[1].get("cpu.cycles", 0)
    print(f"cycles: model {mc}, rtl {rc} ({100.0 * (mc - rc) / rc if rc else 0:+.2f}% model vs rtl); "
          f"instructions: model {stats[0].get('cpu.instructions')}, "
          f"rtl {stats[1].get('cpu.instructions')}; rtl at {host['simulated_mhz']:.2f} simulated MHz")
    for b in bad:
        print("FAIL:", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
