#!/usr/bin/env bash
# check_matvec_lockstep.sh ACCSIM PLUGIN_LIB EXAMPLE_DIR OUT: the matvec example engine as a C++
# plug-in and as Verilog under the same firmware (matvec_test) must agree exactly: the same
# console lines (every job's outputs checksum and engine cycles), the same CPU, cache and memory
# statistics (so the same cycles), and the same DMA traffic. Three variants: seeds 1 to 3, the
# last two with other memory and bus latencies, so the engines' timing is compared under
# different bus answers.
set -euo pipefail
accsim=$1 library=$2 example=$3 out=$4
rm -rf "$out" && mkdir -p "$out"
variants=(
  "firmware_args=[2181038080,1]"
  "firmware_args=[2181038080,2] memories.main_ram.latency_cycles=1"
  "firmware_args=[2181038080,3] bus.latency_cycles=2"
)
for i in "${!variants[@]}"; do
  sets=()
  for s in ${variants[$i]}; do sets+=(--set "$s"); done
  "$accsim" run -q "$example/matvec_plugin.json" --set "devices.0.library=$library" "${sets[@]}" \
    --out "$out/plugin$i" >"$out/plugin$i.txt" 2>&1 || { cat "$out/plugin$i.txt"; exit 1; }
  "$accsim" run -q "$example/matvec_rtl.json" "${sets[@]}" --out "$out/rtl$i" \
    >"$out/rtl$i.txt" 2>&1 || { cat "$out/rtl$i.txt"; exit 1; }
  grep -q "^matvec: 14 jobs, 0 failures$" "$out/plugin$i.txt" || { cat "$out/plugin$i.txt"; exit 1; }
  if ! diff "$out/plugin$i.txt" "$out/rtl$i.txt"; then
    echo "variant $i (${variants[$i]}): the plug-in and the Verilog printed different lines"
    exit 1
  fi
  /usr/bin/python3 - "$out/plugin$i/stats.json" "$out/rtl$i/stats.json" "${variants[$i]}" <<'PY'
import json, sys
plugin, rtl = (json.load(open(p)) for p in sys.argv[1:3])
def flat(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from flat(v, prefix + k + ".")
        else:
            yield prefix + k, v
plugin, rtl = dict(flat(plugin)), dict(flat(rtl))
shared = [k for k in plugin if k.split(".")[0] in ("cpu", "cache", "function")
          or k.startswith("bus.target.main_ram.")]
# The engine's DMA, counted by the plug-in and by the Verilog device's master port.
pairs = [(k, k) for k in shared] + [
    ("matvec.dma_reads", "matvec.master.reads"), ("matvec.dma_writes", "matvec.master.writes"),
    ("matvec.dma_bytes", "matvec.master.bytes"),
    ("bus.initiator.matvec.dma.transactions", "bus.initiator.matvec.master.transactions"),
    ("bus.initiator.matvec.dma.wait_cycles", "bus.initiator.matvec.master.wait_cycles")]
differ = [f"{a}: plug-in {plugin.get(a)}, Verilog {rtl.get(b)}" for a, b in pairs
          if plugin.get(a) != rtl.get(b)]
if not shared or plugin.get("cpu.cycles") is None:
    sys.exit("no CPU statistics to compare")
if differ:
    sys.exit(f"variant {sys.argv[3]}: " + "; ".join(differ[:10]))
print(f"variant {sys.argv[3]}: {len(pairs)} statistics equal, cpu.cycles {plugin['cpu.cycles']}")
PY
done
