#!/usr/bin/env python3
"""--trace timeline and --trace insn on real firmware: the timeline is valid Chrome Trace Event
JSON with the expected tracks and slices (VTA LOAD/STORE with their DRAM byte address in hex),
the cycle window, the region and operator windows and the event cap behave, a failed run still
leaves valid JSON, and the instruction trace stays inside its window.

usage: check_timeline.py ACCSIM CONFIG_DIR OUT_DIR
"""
import csv
import json
import os
import re
import subprocess
import sys

accsim, configs, out = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


def run(name, expect_code, *args):
    path = os.path.join(out, name)
    cmd = [accsim, "run", "-q", "--out", path, *args]
    done = subprocess.run(cmd, capture_output=True, text=True)
    check(done.returncode == expect_code,
          f"{name}: exit {done.returncode}, expected {expect_code}: {done.stderr.strip()}")
    return path, done


def load(path):
    with open(os.path.join(path, "timeline.json")) as f:
        return json.load(f)  # raises (test fails) if the JSON is invalid


def tracks(doc):
    names = {}
    for e in doc["traceEvents"]:
        if e["ph"] == "M" and e["name"] == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    return names


def slices(doc, track_name):
    names = tracks(doc)
    return [e for e in doc["traceEvents"]
            if e["ph"] == "X" and names.get((e["pid"], e["tid"])) == track_name]


vta = os.path.join(configs, "vta.json")
# A small CONV2D (3x3 stride 1 SAME, 2 threads, no CPU check) on the VTA: every kind of track.
path, _ = run("timeline_vta", 0, vta, "--firmware", "vta_conv2d", "--set",
              "firmware_args=[35,2,0,0]", "--trace", "timeline,insn")
doc = load(path)
other = doc["otherData"]
check(other["truncated"] is False, "full timeline reported truncated")
check(other["note"] == "run exited with code 0", f"note: {other.get('note')}")
names = set(tracks(doc).values())
for want in ["regions", "function", "cfu waits", "fetch", "load", "compute", "store",
             "dma load", "dma store"]:
    check(want in names, f"track {want!r} missing (have {sorted(names)})")
compute = slices(doc, "compute")
check(any(e["name"] == "GEMM" for e in compute), "no GEMM slice on the compute track")
check(any(e["name"].startswith("ALU") for e in compute), "no ALU slice on the compute track")
check(all("insn" in e.get("args", {}) for e in compute if not e["name"].startswith("wait")),
      "compute slices without their instruction")
check(any(e["name"] == "LOAD INP" for e in slices(doc, "load")), "no LOAD INP on the load track")
# LOAD/STORE name their DRAM place in hex: the field (elements) and the byte address, which
# is where the instruction's first DMA burst goes.
mem_slices = [e for track in ["load", "store"] for e in slices(doc, track)
              if e["name"].startswith(("LOAD", "STORE"))]
check(len(mem_slices) > 0, "no LOAD/STORE slices")
check(all(re.search(r" dram 0x[0-9a-f]+ ", e["args"]["insn"]) for e in mem_slices),
      "a LOAD/STORE disassembly without its dram field in hex: " +
      next((e["args"]["insn"] for e in mem_slices
            if not re.search(r" dram 0x[0-9a-f]+ ", e["args"]["insn"])), ""))
check(all(re.fullmatch(r"0x[0-9a-f]{8}", e["args"].get("dram_address", "")) for e in mem_slices),
      "a LOAD/STORE slice without a hex dram_address")
burst_addresses = {e["args"]["address"] for track in ["dma load", "dma store"]
                   for e in slices(doc, track)}
check(any(e["args"].get("dram_address") in burst_addresses for e in mem_slices),
      "no LOAD/STORE's dram_address is the address of a DMA burst")
check(len(slices(doc, "function")) > 10, "too few function slices")
functions = {e["name"] for e in slices(doc, "function")}
check("main" in functions, f"main missing from the function track: {sorted(functions)[:10]}")
regions = [e["name"] for e in slices(doc, "regions")]
check(regions == ["3x3_s1_same_12x12x8_20"], f"regions: {regions}")
counters = {e["name"] for e in doc["traceEvents"] if e["ph"] == "C"}
for want in ["icache misses", "dcache misses", "vta dma bytes", "power cpu mW", "power vta mW",
             "power main_ram mW"]:
    check(want in counters, f"counter {want!r} missing (have {sorted(counters)})")
# The power track (docs/energy.md): mW per sampling interval, positive while the CPU runs.
cpu_power = [e["args"] for e in doc["traceEvents"] if e["ph"] == "C" and e["name"] == "power cpu mW"]
check(any(next(iter(a.values())) > 0 for a in cpu_power), "the cpu power track is all zero")
# Slices nest or follow one another on each VTA module track (one instruction at a time).
for track in ["load", "compute", "store"]:
    ends = sorted((e["ts"], e["ts"] + e["dur"]) for e in slices(doc, track))
    overlaps = sum(1 for a, b in zip(ends, ends[1:]) if b[0] < a[1] - 1e-9)
    check(overlaps == 0, f"{track}: {overlaps} overlapping instruction slices")
stats = json.load(open(os.path.join(path, "stats.json")))
check(len(slices(doc, "compute")) ==
      stats["vta.compute.instructions"] + sum(1 for e in slices(doc, "compute")
                                               if e["name"].startswith("wait")),
      "compute slices do not match vta.compute.instructions (+ waits)")

# The instruction trace covers every instruction of the run without a window.
with open(os.path.join(path, "insn.csv")) as f:
    rows = list(csv.DictReader(f))
check(len(rows) == stats["cpu.instructions"] + stats.get("cpu.traps", 0),
      f"insn.csv has {len(rows)} rows for {stats['cpu.instructions']} instructions")
check(all(int(a["cycle"]) < int(b["cycle"]) for a, b in zip(rows, rows[1:])),
      "insn.csv cycles do not increase")

# A window keeps only what overlaps it, clipped to it; the insn trace likewise.
lo, hi = 200000, 400000
path, _ = run("timeline_window", 0, vta, "--firmware", "vta_conv2d", "--set",
              "firmware_args=[35,2,0,0]", "--trace", "timeline,insn",
              "--trace-window", f"{lo}:{hi}")
doc = load(path)
mhz = doc["otherData"]["clock_mhz"]
events = [e for e in doc["traceEvents"] if e["ph"] in "XC"]
check(len(events) > 0, "window: no events")
check(all(lo / mhz - 1e-9 <= e["ts"] and e["ts"] + e.get("dur", 0) <= hi / mhz + 1e-9
          for e in events), "window: an event outside the window")
with open(os.path.join(path, "insn.csv")) as f:
    cycles = [int(r["cycle"]) for r in csv.DictReader(f)]
check(cycles and lo <= min(cycles) and max(cycles) < hi, "insn window not respected")

# A region window: the instruction trace holds exactly the unwindowed trace's rows inside the
# region's run, and every timeline event lies inside it.
def region_cycles(doc, name):
    mhz = doc["otherData"]["clock_mhz"]
    runs = [(round(e["ts"] * mhz), round((e["ts"] + e["dur"]) * mhz))
            for e in slices(doc, "regions") if e["name"] == name]
    check(len(runs) == 1, f"region {name}: {len(runs)} runs on the timeline, expected 1")
    return runs[0] if runs else (0, 0)


def insn_rows(path):
    file = os.path.join(path, "insn.csv")
    check(os.path.exists(file), f"{file} missing")
    if not os.path.exists(file):
        return []
    with open(file) as f:
        return list(csv.reader(f))[1:]


def check_region_window(name, full_path, window_arg, *args):
    begin, end = region_cycles(load(full_path), name)
    path, done = run("window_" + window_arg.replace(":", "_"), 0, *args, "--trace",
                     "timeline,insn", "--trace-window", window_arg)
    want = [r for r in insn_rows(full_path) if begin <= int(r[0]) < end]
    got = insn_rows(path)
    check(len(want) > 0 and got == want,
          f"{window_arg}: insn.csv has {len(got)} rows, the region's {len(want)} expected")
    doc = load(path)
    mhz = doc["otherData"]["clock_mhz"]
    events = [e for e in doc["traceEvents"] if e["ph"] in "XC"]
    check(len(events) > 0 and all(begin / mhz - 1e-6 <= e["ts"] and
                                  e["ts"] + e.get("dur", 0) <= end / mhz + 1e-6 for e in events),
          f"{window_arg}: timeline events outside the region")
    check(doc["otherData"].get("window") == window_arg,
          f"{window_arg}: otherData.window is {doc['otherData'].get('window')!r}")
    check("never ran" not in done.stdout + done.stderr, f"{window_arg}: warned it never ran")


conv_args = (vta, "--firmware", "vta_conv2d", "--set", "firmware_args=[35,2,0,0]")
check_region_window("3x3_s1_same_12x12x8_20", os.path.join(out, "timeline_vta"),
                    "region:3x3_s1_same_12x12x8_20", *conv_args)
# An operator of a --model run: op:1 is the region op.001.<opname>.
model = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz", "tflite",
                     "seed_network_small_mixed.tflite")
model_args = ("--model", model)
full, _ = run("model_full", 0, *model_args, "--trace", "timeline,insn")
op1 = [e["name"] for e in slices(load(full), "regions") if e["name"].startswith("op.001.")]
check(len(op1) == 1, f"model: regions op.001.*: {op1}")
if op1:
    check_region_window(op1[0], full, "op:1", *model_args)
# A region that never runs: empty traces, and a warning naming it and the regions that ran.
path, done = run("window_never", 0, *conv_args, "--trace", "insn", "--trace-window",
                 "region:no_such_region")
check(len(insn_rows(path)) == 0, "a region that never ran: insn.csv is not empty")
check(re.search(r"warn.*--trace-window region:no_such_region: region \"no_such_region\" never "
                r"ran, so the traces are empty \(regions that ran: 3x3_s1_same_12x12x8_20\)",
                done.stdout + done.stderr),
      f"no warning for a region that never ran: {done.stdout + done.stderr}")

# The cap stops the file and says so.
path, _ = run("timeline_cap", 0, vta, "--firmware", "vta_conv2d", "--set",
              "firmware_args=[35,2,0,0]", "--trace", "timeline", "--trace-limit", "100")
doc = load(path)
check(doc["otherData"]["truncated"] is True, "cap: not reported truncated")
check(doc["otherData"]["events"] == 100, f"cap: {doc['otherData']['events']} events")
check(sum(1 for e in doc["traceEvents"] if e["ph"] != "M") == 100, "cap: wrong event count")

# A failed run (a VTA deadlock) still leaves valid JSON saying why.
path, _ = run("timeline_failed", 1, vta, "--firmware", "fault_vta_deadlock", "--trace",
              "timeline")
doc = load(path)
check("VTA deadlock" in doc["otherData"].get("note", ""), "failed run: no reason in the note")

# The mnv2 CFU (stage 6 on two layers): the CPU's waits for the CFU and its FIFO occupancy.
path, _ = run("timeline_cfu", 0, os.path.join(configs, "mnv2_cfu.json"), "--set",
              "firmware_args=[6,26,2]", "--trace", "timeline")
doc = load(path)
check(len(slices(doc, "cfu waits")) > 0, "cfu: no waits on the cfu track")
fifo = [e["args"]["cfu output fifo words"] for e in doc["traceEvents"]
        if e["ph"] == "C" and e["name"] == "cfu output fifo words"]
check(len(fifo) > 0 and max(fifo) > 0, "cfu: no output FIFO occupancy samples")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("timeline checks passed")
