#!/usr/bin/env python3
"""Runs the convolution algorithm suite (firmware_stub/apps/conv_suite: direct, im2col + GEMM,
indirect GEMM) on every layer of its table and every config, and writes the results CSV and the
Markdown tables of docs/conv-suite.md (between its conv_suite:begin/end markers). Builds nothing:
it runs an existing accsim and the conv_suite firmware.

  tools/conv_suite.py [--accsim PATH] [--firmware NAME|PATH] [--configs A.json,B.json]
                      [--window-kmacs N | --full] [--layers REGEX] [--set KEY=VALUE]... [-j N]
                      [--csv FILE] [--doc FILE | --no-doc] [--out DIR]

Per (layer, config): one run per algorithm plus a setup-only baseline run. Cycles,
instructions, D$/I$ misses and stall cycles come from the algorithm's region statistics (exact).
accsim has no per-region 3C split or DRAM byte counts, so those are the whole run's values minus
the baseline run's: every run does the same setup on the same addresses before the region, so
the difference is the region plus a few printed lines. The script fails if the algorithms'
output checksums differ.
"""
import argparse
import concurrent.futures
import csv
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALGOS = {1: "direct", 2: "im2col", 3: "indirect"}
BEGIN, END = "<!-- conv_suite:begin -->", "<!-- conv_suite:end -->"
DIFF_STATS = {
    "dcache_compulsory": "cache.dcache.misses.compulsory",
    "dcache_capacity": "cache.dcache.misses.capacity",
    "dcache_conflict": "cache.dcache.misses.conflict",
    "dram_bytes_read": "mem.main_ram.bytes_read",
    "dram_bytes_written": "mem.main_ram.bytes_written",
    "dbus_bytes": "bus.initiator.cpu.dbus.bytes",
}


def key_values(line):
    return dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)


def accsim_run(args, config, fw_args, out):
    cmd = [args.accsim, "run", "-q", config, "--firmware", args.firmware, "--out", out,
           "--set", "firmware_args=[" + ",".join(str(a) for a in fw_args) + "]",
           "--set", "caches.dcache.classify_misses=true"]
    for extra in args.set:
        cmd += ["--set", extra]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stdout}{done.stderr}")
    return done.stdout


def list_layers(args):
    config = os.path.join(ROOT, "configs", "vexriscv_arty.json")
    text = accsim_run(args, config, [-1], os.path.join(args.out, "list"))
    return [key_values(l) for l in text.splitlines() if l.startswith("layer: ")]


def one_run(args, config, layer, algo):
    name = os.path.splitext(os.path.basename(config))[0]
    out = os.path.join(args.out, f"{name}-{layer['name']}-{algo}")
    text = accsim_run(args, config, [layer["index"], algo, args.window_kmacs, args.mc, args.nc],
                      out)
    lines = {l.split(":", 1)[0]: key_values(l) for l in text.splitlines()
             if l.split(":", 1)[0] in ("conv_suite", "memory", "result")}
    with open(os.path.join(out, "stats.json")) as f:
        stats = json.load(f)
    return {"lines": lines, "stats": stats}


def row_for(config, layer, algo, run, base):
    s, info, mem, res = run["stats"], run["lines"]["conv_suite"], run["lines"]["memory"], \
        run["lines"]["result"]
    name = ALGOS[algo]

    def region(region_name, stat):
        return s.get(f"region.{region_name}.{stat}", 0)

    extra = {"direct": 0, "im2col": int(mem["im2col_buffer_bytes"]),
             "indirect": int(mem["indirection_bytes"]) + int(mem["zero_row_bytes"])}[name]
    packed = {"direct": 0, "im2col": int(mem["im2col_weight_bytes"]),
              "indirect": int(mem["indirect_weight_bytes"])}[name]
    if name != "direct":
        packed += int(mem["folded_bias_bytes"])
    setup = {"direct": 0,
             "im2col": region("fold_bias", "cycles") + region("pack_im2col", "cycles"),
             "indirect": region("fold_bias", "cycles") + region("pack_indirect", "cycles") +
             region("indirect_init", "cycles")}[name]
    macs = int(info["macs"])
    row = {
        "config": config, "net": layer["net"], "layer": layer["name"], "kernel": layer["k"],
        "stride": layer["stride"], "padding": layer["padding"], "input": layer["in"],
        "out_c": layer["out_c"], "full_output": info["full_out"], "window": info["window"],
        "macs": macs, "algorithm": name, "cycles": region(name, "cycles"),
        "cycles_per_mac": f"{region(name, 'cycles') / macs:.3f}",
        "instructions": region(name, "instructions"),
        "im2col_transform_cycles": region("im2col_transform", "cycles") if name == "im2col" else 0,
        "dcache_misses": region(name, "dcache_misses"),
        "dcache_stall_cycles": region(name, "dcache_stall_cycles"),
        "icache_misses": region(name, "icache_misses"),
    }
    for column, stat in DIFF_STATS.items():
        row[column] = s.get(stat, 0) - base["stats"].get(stat, 0)
    row["dram_bytes"] = row["dram_bytes_read"] + row["dram_bytes_written"]
    row.update({"extra_bytes": extra, "packed_weight_bytes": packed, "setup_cycles": setup,
                "checksum": res["checksum"]})
    return row


def category(row):
    if row["kernel"] != "1":
        return "kernel > 1x1"
    return "1x1 stride 2" if row["stride"] == "2" else "1x1 stride 1"


def gain(im2col_cycles, indirect_cycles):
    """Seed 003's measure: how much faster indirect is than im2col + GEMM, in percent."""
    return (im2col_cycles / indirect_cycles - 1) * 100


def human(n):
    n = int(n)
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(n) >= size:
            return f"{n / size:.{1 if n < 10 * size else 0}f}{unit}"
    return str(n)


def markdown(rows, configs, args):
    by = {(r["config"], r["layer"], r["algorithm"]): r for r in rows}
    layers = list(dict.fromkeys(r["layer"] for r in rows))
    names = [os.path.splitext(os.path.basename(c))[0] for c in configs]
    out = []
    window = "full layers" if args.window_kmacs == 0 else \
        f"cropped windows of about {args.window_kmacs} kMACs (at least 8 output pixels)"
    sets = "".join(f" --set {x}" for x in args.set)
    out.append(f"Generated by `tools/conv_suite.py{sets}` ({window}; tiling mc={args.mc},"
               f" nc={args.nc}). Do not edit by hand.")
    out.append("")
    out.append("### Indirect vs im2col + GEMM by layer class (seed 003's measure: im2col cycles /"
               " indirect cycles - 1; positive = indirect faster)")
    out.append("")
    out.append("| config | class | layers | min | geomean | max | seed 003 |")
    out.append("|---|---|---:|---:|---:|---:|---|")
    seed = {"kernel > 1x1": "+2.7 .. +23.3%", "1x1 stride 2": "+0.5 .. +8.0%",
            "1x1 stride 1": "-1.9 .. -0.3%"}
    for name in names:
        for cls in ("kernel > 1x1", "1x1 stride 2", "1x1 stride 1"):
            ratios = [by[(name, l, "im2col")]["cycles"] / by[(name, l, "indirect")]["cycles"]
                      for l in layers if category(by[(name, l, "im2col")]) == cls]
            if not ratios:
                continue
            g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            out.append(f"| {name} | {cls} | {len(ratios)} | {(min(ratios) - 1) * 100:+.1f}% |"
                       f" {(g - 1) * 100:+.1f}% | {(max(ratios) - 1) * 100:+.1f}% | {seed[cls]} |")
    out.append("")
    for name in names:
        out.append(f"### {name}: cycles per layer")
        out.append("")
        out.append("| layer | k/s | C -> N | window | MACs | direct | im2col (transform) | indirect |"
                   " indirect vs im2col | D$ misses direct / im2col / indirect (3C of im2col;"
                   " indirect) | DRAM bytes im2col / indirect | im2col buffer | indirection |")
        out.append("|---|---|---|---|---:|---:|---:|---:|---:|---|---|---:|---:|")
        for l in layers:
            d, i, n = (by[(name, l, a)] for a in ("direct", "im2col", "indirect"))
            c_in = i["input"].split("x")[2]

            def c3(r):
                return (f"{human(r['dcache_compulsory'])}/{human(r['dcache_capacity'])}/"
                        f"{human(r['dcache_conflict'])}")
            transform = i["im2col_transform_cycles"] / i["cycles"] * 100
            out.append(
                f"| {l} | {i['kernel']}x{i['kernel']}/{i['stride']} | {c_in} -> {i['out_c']} |"
                f" {i['window']} | {human(i['macs'])} | {human(d['cycles'])} |"
                f" {human(i['cycles'])} ({transform:.0f}%) | {human(n['cycles'])} |"
                f" {gain(i['cycles'], n['cycles']):+.1f}% |"
                f" {human(d['dcache_misses'])} / {human(i['dcache_misses'])} /"
                f" {human(n['dcache_misses'])} ({c3(i)}; {c3(n)}) |"
                f" {human(i['dram_bytes'])} / {human(n['dram_bytes'])} |"
                f" {human(i['extra_bytes'])} | {human(n['extra_bytes'])} |")
        out.append("")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--accsim", default=os.path.join(ROOT, "build/default/apps/accsim/accsim"))
    p.add_argument("--firmware", default="conv_suite")
    p.add_argument("--configs", default="configs/vexriscv_arty.json,"
                   "configs/vexriscv_arty_bigcache.json")
    p.add_argument("--window-kmacs", type=int, default=4000,
                   help="cropped output window size in thousands of MACs (default 4000)")
    p.add_argument("--full", action="store_true", help="full-size layers (billions of cycles)")
    p.add_argument("--mc", type=int, default=4)
    p.add_argument("--nc", type=int, default=0)
    p.add_argument("--layers", default=r"^(?!test_)", help="regex on layer names")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="passed to every accsim run (what-ifs)")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--csv", default=os.path.join(ROOT, "docs/results/conv_suite.csv"))
    p.add_argument("--doc", default=os.path.join(ROOT, "docs/conv-suite.md"))
    p.add_argument("--no-doc", action="store_true")
    p.add_argument("--out", default=os.path.join(ROOT, "traces/conv_suite"))
    args = p.parse_args()
    if args.full:
        args.window_kmacs = 0
    configs = [c if os.path.isabs(c) else os.path.join(ROOT, c) for c in args.configs.split(",")]
    layers = [l for l in list_layers(args) if re.search(args.layers, l["name"])]
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for config in configs:
            for layer in layers:
                for algo in (0, 1, 2, 3):
                    jobs[(config, layer["name"], algo)] = pool.submit(one_run, args, config,
                                                                      layer, algo)
    rows = []
    for config in configs:
        name = os.path.splitext(os.path.basename(config))[0]
        for layer in layers:
            base = jobs[(config, layer["name"], 0)].result()
            got = [row_for(name, layer, a, jobs[(config, layer["name"], a)].result(), base)
                   for a in ALGOS]
            if len({r["checksum"] for r in got}) != 1:
                sys.exit(f"{name} {layer['name']}: the algorithms' outputs differ: "
                         f"{[(r['algorithm'], r['checksum']) for r in got]}")
            rows.extend(got)
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    with open(args.csv, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {args.csv} ({len(rows)} rows)")
    table = markdown(rows, configs, args)
    if args.no_doc:
        print(table)
        return
    with open(args.doc) as f:
        doc = f.read()
    if BEGIN not in doc or END not in doc:
        sys.exit(f"{args.doc}: no {BEGIN} ... {END} markers")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(args.doc, "w") as f:
        f.write(head + BEGIN + "\n" + table + "\n" + END + tail)
    print(f"updated {args.doc}")


if __name__ == "__main__":
    main()
