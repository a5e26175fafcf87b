#!/usr/bin/env python3
"""The energy model on energy_probe, a firmware whose regions' action counts are known by
construction (100 multiplies, 50 divides, 200 ALU instructions), on vexriscv_arty with the
45 nm table (docs/energy.md):
  - each region's CPU energy is exactly its instructions x cpu.instruction plus its multiplies or
    divides x their energies (the table-weighted sum);
  - every action's energy is its count x the table's energy (caches and SRAMs scaled by the
    square root of their size), the components add up to the total, dynamic + leakage = total;
  - doubling an entry (--set energy.overrides.cpu.instruction) doubles its share and moves the
    total by exactly that share;
  - leakage is power x simulated time, per run and per region;
  - --energy-export accelergy writes the same counts; two runs give identical stats.

usage: check_energy.py ACCSIM CONFIG TABLE OUT_DIR
"""
import json
import math
import os
import re
import subprocess
import sys

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def close(a, b, rel=1e-9, abs_=1e-6):
    return abs(a - b) <= max(abs_, rel * max(abs(a), abs(b)))


def run(accsim, config, out, *extra):
    subprocess.run([accsim, "run", "-q", config, "--firmware", "energy_probe", "--out", out,
                    *extra], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "stats.json")) as f:
        stats = json.load(f)
    with open(os.path.join(out, "config.json")) as f:
        cfg = json.load(f)
    return stats, cfg


def fj(pj):
    """The model rounds every energy per action to 1 fJ once."""
    return round(pj * 1000) / 1000


def price(table, cls, action, size):
    c = table["classes"][cls]
    pj = c["actions"][action]["pj"]
    if "scale" in c and size:
        pj *= math.sqrt(size / c["scale"]["reference_bytes"])
    return fj(pj)


def component_class(cfg, component):
    """(table class, size) of a component of vexriscv_arty."""
    if component == "cpu":
        return "cpu", 0
    if component in ("icache", "dcache"):
        return "cache", cfg["caches"][component]["size"]
    if component == "l2":
        return "cache", cfg["memories"]["main_ram"]["l2"]["size"]
    if component == "bus":
        return "bus", 0
    memory = cfg["memories"][component]
    if memory.get("kind") == "dram":
        return "dram", 0
    # behind an L2 a memory's actions carry no size (l2_actions.cpp)
    return "sram", 0 if "l2" in memory else memory["size"]


def check_table_weighted(stats, cfg, table, label):
    actions = {}
    for name, count in stats.items():
        if not name.startswith("actions."):
            continue
        parts = name.split(".")
        component, action = parts[1], parts[2]  # bus: actions.bus.byte.<initiator>
        actions[(component, action)] = actions.get((component, action), 0) + count
    check(actions, f"{label}: no actions.* statistics")
    components = {}
    for (component, action), count in sorted(actions.items()):
        cls, size = component_class(cfg, component)
        expected = count * price(table, cls, action, size)
        got = stats[f"energy.{component}.{action}_pj"]
        check(close(got, expected), f"{label}: energy.{component}.{action}_pj = {got}, "
                                    f"count {count} x table = {expected}")
        components[component] = components.get(component, 0) + got
    total = 0
    for component, dynamic in components.items():
        check(close(stats[f"energy.{component}.dynamic_pj"], dynamic),
              f"{label}: energy.{component}.dynamic_pj != the sum of its actions")
        total += stats[f"energy.{component}.total_pj"]
    check(close(stats["energy.total_pj"], total), f"{label}: components do not add up to the total")
    check(close(stats["energy.total_pj"], stats["energy.dynamic_pj"] + stats["energy.leakage_pj"]),
          f"{label}: dynamic + leakage != total")


def main(accsim, config, table_file, out):
    with open(table_file) as f:
        table = json.load(f)
    instruction = fj(table["classes"]["cpu"]["actions"]["instruction"]["pj"])
    per_kind = {"mul100": ("multiply", 100), "div50": ("divide", 50), "alu200": (None, 200)}

    stats, cfg = run(accsim, config, os.path.join(out, "base"))
    check(stats.get("run.firmware_exit_code") == 0, "energy_probe did not exit 0")
    # By construction: the region's CPU energy is its instructions' plus its multiplies' or
    # divides' (every other CPU action is priced 0 by the 45 nm table).
    for region, (kind, count) in per_kind.items():
        p = f"region.{region}."
        insns = stats[p + "instructions"]
        check(insns >= count, f"{region}: {insns} instructions, fewer than its {count} by construction")
        expected = insns * instruction
        if kind:
            expected += count * fj(table["classes"]["cpu"]["actions"][kind]["pj"])
        check(close(stats[p + "energy_cpu_pj"], expected),
              f"{region}: energy_cpu_pj {stats[p + 'energy_cpu_pj']}, expected {expected} "
              f"({insns} instructions, {count} {kind or 'alu'})")
        parts = sum(v for k, v in stats.items()
                    if k.startswith(p + "energy_") and k.endswith("_pj")
                    and k not in (p + "energy_pj", p + "energy_dynamic_pj", p + "energy_leakage_pj"))
        check(close(stats[p + "energy_pj"], parts), f"{region}: components != energy_pj")
    check_table_weighted(stats, cfg, table, "base")
    regions = sum(stats[f"region.{r}.energy_pj"] for r in per_kind)
    check(regions < stats["energy.total_pj"], "regions' energy is not below the run's")

    # Doubling an entry doubles its share and moves the total by exactly that much.
    doubled, _ = run(accsim, config, os.path.join(out, "doubled"), "--set",
                     f"energy.overrides.cpu.instruction={2 * instruction}")
    share = stats["energy.cpu.instruction_pj"]
    check(close(doubled["energy.cpu.instruction_pj"], 2 * share),
          f"doubled cpu.instruction: {doubled['energy.cpu.instruction_pj']} != 2 x {share}")
    check(close(doubled["energy.total_pj"] - stats["energy.total_pj"], share),
          "doubling cpu.instruction did not move the total by its share")
    check(close(doubled["energy.icache.hit_pj"], stats["energy.icache.hit_pj"]),
          "doubling cpu.instruction changed another action's energy")

    # Leakage = power x simulated time: 2 mW on the CPU, per run and per region.
    leaky, leaky_cfg = run(accsim, config, os.path.join(out, "leaky"), "--set",
                           "energy.overrides.cpu.leakage_mw=2")
    period_ps = 1e6 / leaky_cfg["clock"]["frequency_mhz"]
    cycles = leaky["cpu.cycles"]
    check(close(leaky["energy.cpu.leakage_pj"], 2 * cycles * period_ps / 1000),
          f"cpu leakage {leaky['energy.cpu.leakage_pj']} pJ, expected 2 mW x {cycles} cycles")
    for region in per_kind:
        p = f"region.{region}."
        check(close(leaky[p + "energy_leakage_pj"], 2 * leaky[p + "cycles"] * period_ps / 1000),
              f"{region}: leakage is not 2 mW x its cycles")
    check(close(leaky["energy.total_pj"] - stats["energy.total_pj"], leaky["energy.leakage_pj"]),
          "adding leakage changed the dynamic energy")

    # The export carries the same counts; a second identical run gives identical stats.
    again, _ = run(accsim, config, os.path.join(out, "again"), "--energy-export", "accelergy")
    check(again == stats, "two runs of the same inputs gave different stats")
    with open(os.path.join(out, "again", "accelergy_action_counts.yaml")) as f:
        text = f.read()
    # Parsed line by line: no YAML library is needed for the shape we write.
    current, action, exported = None, None, {}
    for line in text.splitlines():
        m = re.match(r'\s*- name: "accsim\.(.+)"', line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r'\s*- name: "(.+)"', line)
        if m:
            action = m.group(1)
            continue
        m = re.match(r"\s*counts: (\d+)", line)
        if m:
            exported[(current, action)] = int(m.group(1))
    check(exported.get(("cpu", "multiply")) == stats["actions.cpu.multiply"],
          "the export's cpu multiply count differs from actions.cpu.multiply")
    check(exported.get(("cpu", "instruction")) == stats["actions.cpu.instruction"],
          "the export's instruction count differs from actions.cpu.instruction")
    check(os.path.exists(os.path.join(out, "again", "accelergy_ert.yaml")), "no accelergy_ert.yaml")

    for failure in failures:
        print("FAIL: " + failure)
    if not failures:
        print(f"PASS: energy_probe regions priced by construction; {len(stats)} stats, total "
              f"{stats['energy.total_pj']:.1f} pJ = its components; doubling, leakage, export, "
              "determinism")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
