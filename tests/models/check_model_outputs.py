#!/usr/bin/python3
"""What a model run leaves behind, on a generated network: per-operator statistics with names in
graph order, one timeline slice per operator, and byte-identical stats.json / output.bin across
two identical runs.

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

FIELDS = ["cycles", "instructions", "icache_misses", "dcache_misses", "icache_stall_cycles",
          "dcache_stall_cycles", "macs", "kernel", "output_shape"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


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
    timeline = json.load(open(os.path.join(runs[0], "timeline.json")))
    events = timeline["traceEvents"] if isinstance(timeline, dict) else timeline
    slices = [e["name"] for e in events if e.get("ph") == "X" and e["name"].startswith("op.")]
    if slices != ops:
        fail(f"timeline op slices {slices[:5]}... do not match the operators")
    print(f"PASS: {len(ops)} operators with statistics and timeline slices; identical reruns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
