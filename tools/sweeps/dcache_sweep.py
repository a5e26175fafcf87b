#!/usr/bin/env python3
"""Seed 000's what-if: runs the person-detection depthwise layers with the reference and the
optimized (channel-first, K-channel accumulator) kernels over a grid of D$ sizes and line
sizes, and prints Markdown tables of cycles and D$ misses (with the 3C split).

  tools/sweeps/dcache_sweep.py [--accsim PATH] [--sizes 1K,2K,4K,8K,16K] [--lines 16,32,64]
                               [--out DIR] [--per-layer]
Runs are independent accsim processes, two at a time.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VARIANTS = ["reference", "optimized"]


def run(accsim, out, variant, size, line):
    path = os.path.join(out, f"{variant}-{size}-{line}")
    cmd = [accsim, "run", "-q", "--firmware", f"person_dw_{variant}", "--out", path,
           "--set", f"caches.dcache.size={size}", "--set", f"caches.dcache.line_bytes={line}",
           "--set", "caches.dcache.classify_misses=true"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stdout}{done.stderr}")
    with open(os.path.join(path, "stats.json")) as f:
        return json.load(f)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--accsim", default=os.path.join(ROOT, "build/default/apps/accsim/accsim"))
    p.add_argument("--sizes", default="1K,2K,4K,8K,16K")
    p.add_argument("--lines", default="16,32,64")
    p.add_argument("--out", default="traces/dcache_sweep")
    p.add_argument("--per-layer", action="store_true", help="also print the 4 KiB/32 B layers")
    args = p.parse_args()
    sizes = args.sizes.split(",")
    lines = [int(x) for x in args.lines.split(",")]
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for size in sizes:
            for line in lines:
                for v in VARIANTS:
                    jobs[(v, size, line)] = pool.submit(run, args.accsim, args.out, v, size, line)
    stats = {k: f.result() for k, f in jobs.items()}

    def dw_cycles(s):
        return sum(v for k, v in s.items() if k.startswith("region.dw") and k.endswith(".cycles"))

    def dw(s, name):
        return sum(v for k, v in s.items()
                   if k.startswith("region.dw") and k.endswith("." + name))

    print("| D$ size | line | reference cycles | optimized cycles | speedup | reference D$ read"
          " misses (compulsory/capacity/conflict) | optimized D$ read misses | reference D$"
          " write misses | optimized D$ write misses |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in sizes:
        for line in lines:
            r, o = stats[("reference", size, line)], stats[("optimized", size, line)]
            rc, oc = dw_cycles(r), dw_cycles(o)

            def misses(s):
                p = "cache.dcache.misses.read"
                return (f"{s[p]:,} ({s[p + '.compulsory']:,}/{s[p + '.capacity']:,}/"
                        f"{s[p + '.conflict']:,})")
            w = "cache.dcache.misses.write"
            print(f"| {size} | {line} B | {rc:,} | {oc:,} | {rc / oc:.3f}x | {misses(r)} |"
                  f" {misses(o)} | {r[w]:,} | {o[w]:,} |")

    if args.per_layer and ("reference", "4K", 32) in stats:
        r, o = stats[("reference", "4K", 32)], stats[("optimized", "4K", 32)]
        layers = sorted({k.split(".")[1] for k in r if k.startswith("region.dw")},
                        key=lambda n: int(n[2:]))
        print()
        print("| layer | reference cycles | optimized cycles | speedup | reference D$ misses |"
              " optimized D$ misses |")
        print("|---|---|---|---|---|---|")
        for n in layers:
            rc, oc = r[f"region.{n}.cycles"], o[f"region.{n}.cycles"]
            print(f"| {n} | {rc:,} | {oc:,} | {rc / oc:.3f}x | {r[f'region.{n}.dcache_misses']:,} |"
                  f" {o[f'region.{n}.dcache_misses']:,} |")


if __name__ == "__main__":
    main()
