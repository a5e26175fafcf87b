#!/usr/bin/env python3
"""The network study of docs/networks.md: person detection (pdti8) and MobileNetV2 0.35 (mnv2) as
whole TFLite models on the CPU, the mnv2 CFU, the VTA and both (runtime.delegate cpu / cfu / vta /
auto), then two network-level what-ifs as accsim sweeps (CFU MAC lanes; VTA BLOCK x DMA bandwidth).
Writes docs/results/networks.csv, docs/results/network_whatifs.csv, the plot
docs/images/networks.svg and the tables of docs/networks.md (between its network_study markers).
Builds nothing: it runs an existing accsim and its tflite_runner firmware.

  tools/network_study.py [--accsim PATH] [--models DIR] [-j N] [--out DIR] [--no-doc]

DIR defaults to ../shared/models beside the repository (the seed models; see docs/models.md).
"""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NETWORKS = {  # name: (model file, input file)
    "pdti8": ("pdti8.tflite", "pdti8_person.bin"),
    "mnv2": ("mnv2_160_035.tflite", "mnv2_input_00001_7425.bin"),
}
# Placement: (config, runtime.delegate). All configs extend vexriscv_arty: same CPU and memory.
PLACEMENTS = {
    "cpu": ("vexriscv_arty.json", "cpu"),
    "cfu": ("mnv2_cfu.json", "cfu"),
    "vta": ("vta.json", "vta"),
    "auto": ("soc_cfu_vta.json", "auto"),
}
BACKENDS = ("cpu", "cfu", "vta")
OP_RE = re.compile(r"^op\.(\d{3})\.([a-z0-9_]+)\.(.+)$")
BEGIN, END = "<!-- network_study:{}:begin -->", "<!-- network_study:{}:end -->"


def run_accsim(accsim, out_dir, args):
    result = subprocess.run([accsim, "run", "-q", "--out", out_dir] + args, capture_output=True,
                            text=True)
    if result.returncode != 0:
        sys.exit(f"network_study: accsim {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    with open(os.path.join(out_dir, "stats.json")) as f:
        return json.load(f)


def operators(stats):
    """{index: {field: value}} with op type."""
    ops = {}
    for key, value in stats.items():
        m = OP_RE.match(key)
        if m:
            op = ops.setdefault(int(m.group(1)), {"type": m.group(2)})
            op[m.group(3)] = value
    return ops


def summarise(network, placement, stats):
    ops = operators(stats)
    invoke = stats["region.invoke.cycles"]
    row = {
        "network": network,
        "placement": placement,
        "total_cycles": stats["cpu.cycles"],
        "setup_cycles": stats["region.setup.cycles"],
        "invoke_cycles": invoke,
        "macs": stats["model.macs"],
        "dma_bytes": stats.get("vta.dma.read_bytes", 0) + stats.get("vta.dma.write_bytes", 0),
    }
    for backend in BACKENDS:
        on = [op for op in ops.values() if op.get("backend", "cpu") == backend]
        row[f"{backend}_ops"] = len(on)
        row[f"{backend}_cycles"] = sum(op["cycles"] for op in on)
        row[f"{backend}_macs"] = sum(op.get("macs", 0) for op in on)
    by_type = {}
    for op in ops.values():
        by_type[op["type"]] = by_type.get(op["type"], 0) + op["cycles"]
    return row, by_type


def main_runs(args, out):
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        for network, (model, data) in NETWORKS.items():
            for placement, (config, delegate) in PLACEMENTS.items():
                run_args = [os.path.join(ROOT, "configs", config), "--model",
                            os.path.join(args.models, model), "--input",
                            os.path.join(args.models, "inputs", data),
                            "--set", f"runtime.delegate={delegate}"]
                jobs[(network, placement)] = pool.submit(
                    run_accsim, args.accsim, os.path.join(out, f"{network}-{placement}"), run_args)
    rows, types = [], {}
    for (network, placement), job in jobs.items():
        row, by_type = summarise(network, placement, job.result())
        rows.append(row)
        types[(network, placement)] = by_type
    return rows, types


def sweep(args, out, name, spec):
    path = os.path.join(out, name + ".json")
    with open(path, "w") as f:
        json.dump(spec, f, indent=1)
    result = subprocess.run([args.accsim, "sweep", path, "-j", str(args.j), "--out",
                             os.path.join(out, name), "--force"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"network_study: sweep {name} failed:\n{result.stdout}{result.stderr}")
    with open(os.path.join(out, name, "results.csv")) as f:
        return list(csv.DictReader(f))


def model_points(args):
    return [{"label": network, "workload.model": os.path.join(args.models, model),
             "workload.input": os.path.join(args.models, "inputs", data)}
            for network, (model, data) in NETWORKS.items()]


def whatifs(args, out):
    stats = ["region.invoke.cycles", "cpu.cycles", "model.operators_on_cfu",
             "model.operators_on_vta", "cfu.busy_cycles", "vta.dma.read_bytes",
             "vta.dma.write_bytes", "vta.cycles"]
    lanes = sweep(args, out, "cfu_lanes", {
        "description": "Network level: the mnv2 CFU's MAC lanes (runtime.delegate=cfu)",
        "base": os.path.join(ROOT, "configs", "mnv2_cfu.json"),
        "firmware": "tflite_runner",
        "set": {"runtime.delegate": "cfu"},
        "points": model_points(args),
        "axes": {"cfu.macc_lanes": [4, 8, 16]},
        "stats": stats})
    block_points = []
    for log_block, buffers in ((3, {"vta.hw.LOG_INP_BUFF_SIZE": 14, "vta.hw.LOG_WGT_BUFF_SIZE": 16,
                                    "vta.hw.LOG_ACC_BUFF_SIZE": 16}),
                               (4, {}), (5, {})):
        for width in (4, 8, 16):
            for model in model_points(args):
                point = dict(model)
                point["label"] = f"{model['label']} BLOCK {1 << log_block}, {width} B/cycle"
                point.update(buffers)
                point.update({"vta.hw.LOG_BLOCK": log_block, "vta.dma.bytes_per_cycle": width,
                              "bus.width_bytes": width, "memories.main_ram.width_bytes": width})
                block_points.append(point)
    blocks = sweep(args, out, "vta_block_dma", {
        "description": "Network level: the VTA's BLOCK x DMA bandwidth (runtime.delegate=vta)",
        "base": os.path.join(ROOT, "configs", "vta.json"),
        "firmware": "tflite_runner",
        "set": {"runtime.delegate": "vta"},
        "points": block_points,
        "stats": stats})
    # Only the settings and the figures: point names and model paths are machine-specific.
    rows = []
    for r in lanes:
        rows.append({"whatif": "cfu_lanes", "network": r["label"],
                     "setting": f"{r['cfu.macc_lanes']} lanes", **{k: r.get(k, "") for k in stats}})
    for r in blocks:
        network, setting = r["label"].split(" ", 1)
        rows.append({"whatif": "vta_block_dma", "network": network, "setting": setting,
                     **{k: r.get(k, "") for k in stats}})
    return rows


def mega(value):
    return f"{value / 1e6:.1f} M"


def table(headings, rows):
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def totals_table(rows):
    base = {r["network"]: r["invoke_cycles"] for r in rows if r["placement"] == "cpu"}
    out = []
    for r in rows:
        invoke = r["invoke_cycles"]
        on = ", ".join(f"{b} {r[b + '_ops']}" for b in BACKENDS if r[b + "_ops"])
        out.append([r["network"], r["placement"], mega(r["total_cycles"]), mega(invoke),
                    f"{base[r['network']] / invoke:.2f}x", on,
                    f"{100.0 * r['cpu_cycles'] / invoke:.0f}%",
                    f"{r['dma_bytes'] / 1e6:.2f} MB" if r["dma_bytes"] else "-"])
    return table(["network", "placement", "total cycles", "invoke cycles", "speedup (invoke)",
                  "operators", "invoke on the CPU", "VTA DMA"], out)


def macs_table(rows):
    out = []
    for r in rows:
        cells = []
        for b in BACKENDS:
            cycles, macs = r[b + "_cycles"], r[b + "_macs"]
            cells.append(f"{macs / cycles:.3f}" if cycles and macs else "-")
        out.append([r["network"], r["placement"]] + cells)
    return table(["network", "placement", "MACs/cycle on the CPU", "on the CFU", "on the VTA"], out)


def types_table(network, types):
    placements = list(PLACEMENTS)
    all_types = sorted({t for (n, _), by in types.items() if n == network for t in by},
                       key=lambda t: -types[(network, "cpu")].get(t, 0))
    out = []
    for t in all_types:
        out.append([t] + [mega(types[(network, p)].get(t, 0)) for p in placements])
    return table(["op type"] + placements, out)


def whatif_table(rows, whatif):
    out = []
    base = {}
    for r in rows:
        if r["whatif"] != whatif:
            continue
        invoke = int(r["region.invoke.cycles"])
        base.setdefault(r["network"], invoke)
        dma = int(r.get("vta.dma.read_bytes") or 0) + int(r.get("vta.dma.write_bytes") or 0)
        out.append([r["network"], r["setting"], mega(invoke),
                    f"{base[r['network']] / invoke:.2f}x",
                    f"{dma / 1e6:.2f} MB" if dma else "-"])
    return table(["network", "setting", "invoke cycles", "vs first row", "VTA DMA"], out)


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def plot(path, rows, types, out):
    """Stacked bars: invoke cycles by op type, per network and placement (gnuplot)."""
    data = os.path.join(out, "networks_by_type.dat")
    type_names = sorted({t for by in types.values() for t in by})
    with open(data, "w") as f:
        f.write("run " + " ".join(type_names) + "\n")
        for r in rows:
            by = types[(r["network"], r["placement"])]
            f.write(f"{r['network']}-{r['placement']} " +
                    " ".join(f"{by.get(t, 0) / 1e6:.3f}" for t in type_names) + "\n")
    series = ", ".join(f"'{data}' using {i + 2}{':xtic(1)' if i == 0 else ''} title '{t}'"
                       for i, t in enumerate(type_names))
    script = f"""set terminal svg size 900,480 font 'sans,11' noenhanced
set output '{path}'
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set ylabel 'invoke cycles (M)'
set title 'Whole networks: cycles by op type per placement (configs extend vexriscv_arty)'
set key outside right
set xtics rotate by -30
plot {series}
"""
    result = subprocess.run(["gnuplot"], input=script, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"network_study: gnuplot failed: {result.stderr.strip()}")


def replace_block(text, name, content):
    begin, end = BEGIN.format(name), END.format(name)
    if begin not in text or end not in text:
        sys.exit(f"network_study: docs/networks.md lacks the {name} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + begin + "\n" + content + "\n" + end + tail


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--accsim", default=os.path.join(ROOT, "build/default/apps/accsim/accsim"))
    parser.add_argument("--models", default=os.path.join(os.path.dirname(ROOT), "shared", "models"))
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("--out", default=os.path.join(ROOT, "traces", "network_study"))
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.models, "pdti8.tflite")):
        sys.exit(f"network_study: no models in {args.models} (use --models DIR)")
    os.makedirs(args.out, exist_ok=True)
    rows, types = main_runs(args, args.out)
    order = {(n, p): i for i, (n, p) in
             enumerate((n, p) for n in NETWORKS for p in PLACEMENTS)}
    rows.sort(key=lambda r: order[(r["network"], r["placement"])])
    whatif_rows = whatifs(args, args.out)
    results = os.path.join(ROOT, "docs", "results")
    write_csv(os.path.join(results, "networks.csv"), rows)
    write_csv(os.path.join(results, "network_whatifs.csv"), whatif_rows)
    plot(os.path.join(ROOT, "docs", "images", "networks.svg"), rows, types, args.out)
    print(totals_table(rows))
    if args.no_doc:
        return
    doc_path = os.path.join(ROOT, "docs", "networks.md")
    with open(doc_path) as f:
        doc = f.read()
    doc = replace_block(doc, "totals", totals_table(rows))
    doc = replace_block(doc, "macs", macs_table(rows))
    for network in NETWORKS:
        doc = replace_block(doc, "types_" + network, types_table(network, types))
    doc = replace_block(doc, "cfu_lanes", whatif_table(whatif_rows, "cfu_lanes"))
    doc = replace_block(doc, "vta_block_dma", whatif_table(whatif_rows, "vta_block_dma"))
    with open(doc_path, "w") as f:
        f.write(doc)
    print(f"network_study: wrote {doc_path}")


if __name__ == "__main__":
    main()
