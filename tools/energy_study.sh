#!/usr/bin/env bash
# The energy study of docs/energy.md: pdti8 and mnv2 on soc_cfu_vta with every placement
# (runtime.delegate = cpu, cfu, vta, auto), priced by the 45 nm table; prints per run the
# cycles, total energy, average power and the energy per op type, then sweeps the mnv2 CFU's
# MAC lanes (configs/sweeps/cfu_lanes_energy.json) and draws cycles vs energy.
#   tools/energy_study.sh [ACCSIM] [OUT_DIR] [MODELS_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
accsim=${1:-$here/build/default/apps/accsim/accsim}
out=${2:-$here/traces/energy_study}
models=${3:-$here/../shared/models}
mkdir -p "$out"
for model in pdti8 mnv2_160_035; do
  for delegate in cpu cfu vta auto; do
    dir=$out/$model-$delegate
    "$accsim" run -q "$here/configs/soc_cfu_vta.json" --model "$models/$model.tflite" \
      --set runtime.delegate=$delegate --out "$dir" >/dev/null
  done
done
/usr/bin/python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
print("| model | placement | cycles | energy (uJ) | avg power (mW) | EDP (uJ*ms) | top op types by energy (uJ) |")
print("|---|---|---|---|---|---|---|")
for model in ["pdti8", "mnv2_160_035"]:
    for delegate in ["cpu", "cfu", "vta", "auto"]:
        s = json.load(open(os.path.join(out, f"{model}-{delegate}", "stats.json")))
        by_type = {}
        for k, v in s.items():
            if k.startswith("op.") and k.endswith(".energy_pj"):
                op = k.split(".")[2]
                by_type[op] = by_type.get(op, 0) + v
        top = ", ".join(f"{op} {pj / 1e6:.0f}" for op, pj in
                        sorted(by_type.items(), key=lambda x: -x[1])[:3])
        print(f"| {model} | {delegate} | {s['cpu.cycles']} | {s['energy.total_pj'] / 1e6:.1f} | "
              f"{s['energy.average_power_mw']:.2f} | {s['energy.edp_uj_ms']:.3g} | {top} |")
PY
"$accsim" sweep "$here/configs/sweeps/cfu_lanes_energy.json" --out "$out/cfu_lanes" \
  --plot "$out/cfu_lanes_energy.svg" -j 2 >/dev/null
cat "$out/cfu_lanes/results.csv"
