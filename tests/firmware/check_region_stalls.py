#!/usr/bin/env python3
"""The stall breakdown per firmware region, on mnv2_conv1x1 with the mnv2 CFU (one region per
layer, the CFU used only inside them): every region's cycles are its instructions plus its
stalls of each kind, no region's stalls exceed the run's, and the layers' CFU stalls add up to
the run's exactly.

usage: check_region_stalls.py ACCSIM CONFIG OUT_DIR
"""
import json
import os
import subprocess
import sys

# The summary's stall kinds (cpu.stall.<kind>), in its order.
KINDS = ["branch", "load_use", "mul_div", "shift", "fetch", "data", "cfu", "csr", "trap"]


def main(accsim, config, out):
    subprocess.run([accsim, "run", "-q", config, "--firmware", "mnv2_conv1x1", "--out", out],
                   check=True, stdout=subprocess.DEVNULL)
    stats = json.load(open(os.path.join(out, "stats.json")))
    regions = sorted({k.rsplit(".", 1)[0] for k in stats if k.startswith("region.")})
    failures = []
    if not regions:
        failures.append("no regions")
    for region in regions:
        stalls = {kind: stats.get(f"{region}.{kind}_stall_cycles") for kind in KINDS}
        missing = [kind for kind, value in stalls.items() if value is None]
        if missing:
            failures.append(f"{region}: no stall figures for {missing}")
            continue
        accounted = stats[f"{region}.instructions"] + sum(stalls.values())
        if accounted != stats[f"{region}.cycles"]:
            failures.append(f"{region}: instructions + stalls = {accounted}, "
                            f"cycles = {stats[region + '.cycles']}")
        failures += [f"{region}: {kind} stalls {v} > the run's {stats['cpu.stall.' + kind]}"
                     for kind, v in stalls.items() if v > stats["cpu.stall." + kind]]
    cfu = sum(stats.get(f"{region}.cfu_stall_cycles", 0) for region in regions)
    if cfu == 0 or cfu != stats["cpu.stall.cfu"]:
        failures.append(f"layers' CFU stalls {cfu}, the run's {stats['cpu.stall.cfu']}")
    for failure in failures:
        print("FAIL: " + failure)
    if not failures:
        print(f"PASS: {len(regions)} regions, each cycles = instructions + stalls; "
              f"CFU stalls all inside them ({cfu})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
