#!/usr/bin/python3
"""What a model run leaves behind, on a generated network: per-operator statistics with names in
graph order, each with the summary's stall breakdown (cycles = instructions + stalls, per
operator; operators' stalls within region.invoke's within the run's), shown by accsim report
(--csv: per operator; text: per op type), one timeline slice per operator, and byte-identical
stats.json / output.bin across two identical runs.

usage: check_model_outputs.py ACCSIM DESCRIPTION.json OUT_DIR"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "..", "tools", "tflite", "tflite_tool.py")
sys.path.insert(0, os.path.dirname(TOOL))

import tflite_reader  # noqa: E402

# The summary's stall kinds (cpu.stall.<kind>), in its order.
STALL_KINDS = ["branch", "load_use", "mul_div", "shift", "fetch", "data", "cfu", "csr", "trap"]
STALLS = [f"{kind}_stall_cycles" for kind in STALL_KINDS]
FIELDS = ["cycles", "instructions", "icache_misses", "dcache_misses", "icache_stall_cycles",
          "dcache_stall_cycles", "macs", "kernel", "output_shape"] + STALLS


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check_stalls(stats, ops):
    # Every cycle is an instruction's issue or one stall kind's, in a region as in the run.
    for prefix in ops + ["region.invoke"]:
        accounted = stats[f"{prefix}.instructions"] + sum(stats[f"{prefix}.{f}"] for f in STALLS)
        if accounted != stats[f"{prefix}.cycles"]:
            fail(f"{prefix}: instructions + stalls = {accounted}, cycles = "
                 f"{stats[prefix + '.cycles']}")
    # The operators run one after another inside invoke, inside the run.
    for kind, field in zip(STALL_KINDS, STALLS):
        over_ops = sum(stats[f"{prefix}.{field}"] for prefix in ops)
        invoke = stats[f"region.invoke.{field}"]
        total = stats[f"cpu.stall.{kind}"]
        if not over_ops <= invoke <= total:
            fail(f"{field}: operators {over_ops}, invoke {invoke}, run {total}")
    # The CPU model's multiplies and divides are all in the kernels: nothing between operators.
    if sum(stats[f"{prefix}.mul_div_stall_cycles"] for prefix in ops) != \
            stats["region.invoke.mul_div_stall_cycles"]:
        fail("mul_div stalls of invoke outside its operators")


def check_report(accsim, run_dir):
    csv = subprocess.run([accsim, "report", "--csv", run_dir], check=True, capture_output=True,
                         text=True).stdout.splitlines()
    header = csv[0].split(",")
    missing = [f for f in STALLS if f not in header]
    if missing:
        fail(f"accsim report --csv: no per-operator columns {missing}")
    text = subprocess.run([accsim, "report", run_dir], check=True, capture_output=True,
                          text=True).stdout
    if not re.search(r"Stalls by op type.*\n +op +cycles +issue +" + " +".join(STALL_KINDS), text):
        fail("accsim report: no stall breakdown by op type")


def main(argv):
    accsim, description, out_dir = argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    model_path = os.path.join(out_dir, "net.tflite")
    subprocess.run([sys.executable, TOOL, "make", description, model_path], check=True,
                   stdout=subprocess.DEVNULL)
    model = tflite_reader.read_model(model_path)
    runs = []
    for name, traces in (("a", ["--trace", "timeline"]), ("b", [])):
        run_dir = os.path.join(out_dir, name)
        subprocess.run([accsim, "run", "-q", "--model", model_path, "--out", run_dir] + traces,
                       check=True, stdout=subprocess.DEVNULL)
        runs.append(run_dir)
    for f in ("stats.json", "output.bin"):
        with open(os.path.join(runs[0], f), "rb") as a, open(os.path.join(runs[1], f), "rb") as b:
            if a.read() != b.read():
                fail(f"{f} differs between identical runs (one with --trace timeline)")
    stats = json.load(open(os.path.join(runs[0], "stats.json")))
    ops = sorted({m.group(1) for k in stats for m in [re.match(r"(op\.\d{3}\.[a-z0-9_]+)\.", k)] if m})
    if len(ops) != len(model.operators):
        fail(f"{len(ops)} operators in stats.json, the model has {len(model.operators)}")
    for i, (prefix, op) in enumerate(zip(ops, model.operators)):
        expected = f"op.{i:03d}.{op.opcode}"
        if prefix != expected:
            fail(f"operator {i} reported as {prefix}, expected {expected}")
        missing = [f for f in FIELDS if f"{prefix}.{f}" not in stats]
        if missing:
            fail(f"{prefix}: missing {missing}")
    if stats["model.operators"] != len(model.operators):
        fail("model.operators is wrong")
    check_stalls(stats, ops)
    check_report(accsim, runs[0])
    timeline = json.load(open(os.path.join(runs[0], "timeline.json")))
    events = timeline["traceEvents"] if isinstance(timeline, dict) else timeline
    slices = [e["name"] for e in events if e.get("ph") == "X" and e["name"].startswith("op.")]
    if slices != ops:
        fail(f"timeline op slices {slices[:5]}... do not match the operators")
    print(f"PASS: {len(ops)} operators with statistics and timeline slices; identical reruns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
