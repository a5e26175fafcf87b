#!/usr/bin/env bash
# VTA results: ADD (both modes) and CONV2D (the 3x3 shapes, MobileNetV2 1x1 layers, its first
# 3x3 layer) with 1 and 2 virtual threads on configs/vta.json as it is (DMA 8 bytes/cycle on
# its own DDR3 port past the CPU's L2, bursts across the 32-bit bus), then a what-if over the DMA bandwidth
# (vta.dma.bytes_per_cycle = bus.width_bytes = memories.main_ram.width_bytes = 4/8/16) and
# BLOCK 8/16/32 on a subset. Writes docs/results/vta.csv (one row per run) and the
# table between the vta-results markers of docs/vta-results.md. Builds nothing.
#   tools/vta_results.sh [path/to/accsim]        (default build/default/apps/accsim/accsim)
# JOBS (default 2) runs that many points at once. CONV2D runs do not verify against the CPU
# reference here (the firmware tests do); every run must finish with its PASS/DONE line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
accsim=${1:-$root/build/default/apps/accsim/accsim}
[[ -x $accsim ]] || { echo "vta_results: no accsim at $accsim (build it first)" >&2; exit 2; }
jobs=${JOBS:-2}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
csv=$root/docs/results/vta.csv
doc=$root/docs/vta-results.md
mkdir -p "$(dirname "$csv")"

# A point: id|workload|mode/shape|threads|bw|block|firmware|firmware_args
points=$out/points
: >"$points"
add_point() { echo "$*" >>"$points"; }
# BLOCK -> the LOG_*_BUFF_SIZE that keep the instruction encoding valid (accsim validate):
# BLOCK 8 halves the byte sizes (same depths), BLOCK 32 keeps upstream's sizes.
block_sets() {
  case $1 in
    8) echo "vta.hw.LOG_BLOCK=3 vta.hw.LOG_INP_BUFF_SIZE=14 vta.hw.LOG_WGT_BUFF_SIZE=16 vta.hw.LOG_ACC_BUFF_SIZE=16" ;;
    16) echo "" ;;
    32) echo "vta.hw.LOG_BLOCK=5" ;;
  esac
}
n=0
point() { # workload mode/shape firmware args-without-threads-position bw block threads
  local workload=$1 label=$2 firmware=$3 args=$4 bw=$5 block=$6 threads=$7
  n=$((n + 1))
  add_point "$(printf '%04d' $n)|$workload|$label|$threads|$bw|$block|$firmware|${args//T/$threads}"
}
# ADD: [threads, length, set, seed, mode]; CONV2D: [shape, threads, verify, raw].
add_len=100000
conv_shapes=(35 36 37 38 39 40 41 42 43 1 8 13 29 33 34)
what_if_conv=(36 40 1 33)
# bw "cfg": configs/vta.json unchanged.
for bw in cfg 4 8 16; do
  for block in 8 16 32; do
    [[ $bw == cfg && $block != 16 ]] && continue
    default=$([[ $bw == cfg ]] && echo 1 || echo 0)
    for threads in 1 2; do
      for mode in 0 1; do
        point add "mode $mode" vta_add "[T,$add_len,0,4,$mode]" $bw $block $threads
      done
      if [[ $default == 1 ]]; then shapes=("${conv_shapes[@]}"); else shapes=("${what_if_conv[@]}"); fi
      for s in "${shapes[@]}"; do
        point conv2d "$s" vta_conv2d "[$s,T,0,0]" $bw $block $threads
      done
    done
  done
done

run_point() {
  IFS='|' read -r id workload label threads bw block firmware args <<<"$1"
  local dir=$OUT/$id sets=(--set "firmware_args=$args")
  if [[ $bw != cfg ]]; then
    sets+=(--set "vta.dma.bytes_per_cycle=$bw" --set "bus.width_bytes=$bw"
      --set "memories.main_ram.width_bytes=$bw")
  fi
  for s in $(block_sets_$block); do sets+=(--set "$s"); done
  if ! "$ACCSIM" run -q --out "$dir" "$ROOT/configs/vta.json" --firmware "$firmware" "${sets[@]}" \
       >"$dir.log" 2>&1 || ! grep -Eq "^(vta_add: PASS|conv2d: (PASS|DONE))" "$dir.log"; then
    echo "vta_results: point $id ($workload $label, $threads threads, bw $bw, block $block) failed:" >&2
    cat "$dir.log" >&2
    return 1
  fi
}
block_sets_8() { block_sets 8; }
block_sets_16() { block_sets 16; }
block_sets_32() { block_sets 32; }
export -f run_point block_sets block_sets_8 block_sets_16 block_sets_32
export ACCSIM=$accsim ROOT=$root OUT=$out
echo "vta_results: $(wc -l <"$points") runs, $jobs at a time" >&2
tr '\n' '\0' <"$points" | xargs -0 -P "$jobs" -n 1 bash -c 'run_point "$0"'

# One CSV row per run: the operator's CPU cycles come from the app's log line, the rest from
# stats.json.
python3 - "$points" "$out" "$csv" "$doc" <<'EOF'
import json, re, sys
points, out, csv_path, doc_path = sys.argv[1:]
shape_names = {}
cols = ["workload", "mode_or_shape", "threads", "dma_bytes_per_cycle", "block", "vta_cycles",
        "cpu_cycles", "gemm_counter", "alu_counter", "inp_load_nbytes", "wgt_load_nbytes",
        "acc_load_nbytes", "uop_load_nbytes", "out_store_nbytes", "dram_read_bytes",
        "dram_write_bytes", "fetch_busy", "load_busy", "compute_busy", "store_busy",
        "compute_stall", "dma_busy"]
def flat(d, p="", acc=None):
    acc = {} if acc is None else acc
    for k, v in d.items():
        if isinstance(v, dict): flat(v, p + k + ".", acc)
        else: acc[p + k] = v
    return acc
rows = []
for line in open(points):
    pid, workload, label, threads, bw, block, firmware, args = line.strip().split("|")
    st = flat(json.load(open(f"{out}/{pid}/stats.json")))
    g = lambda k: st.get("vta." + k, 0)
    log = open(f"{out}/{pid}.log").read()
    cpu = re.search(r"VTA cycles \d+, CPU cycles (\d+)", log).group(1)
    if workload == "conv2d":
        m = re.search(r"conv2d (\S+)\s*: (\S+) k(\d) s(\d) (\w+)", log)
        label = f"{m.group(1)}"
    rows.append([workload, label, threads, bw, block, g("cycles"), cpu, g("gemm_counter"),
                 g("alu_counter"), g("inp_load_nbytes"), g("wgt_load_nbytes"),
                 g("acc_load_nbytes"), g("uop_load_nbytes"), g("out_store_nbytes"),
                 g("dma.read_bytes"), g("dma.write_bytes"), g("fetch.busy_cycles"),
                 g("load.busy_cycles"), g("compute.busy_cycles"), g("store.busy_cycles"),
                 g("compute.stall_cycles"), g("dma.busy_cycles")])
with open(csv_path, "w") as f:
    f.write(",".join(cols) + "\n")
    for r in rows: f.write(",".join(str(x) for x in r) + "\n")

# Markdown: the default configuration (1 vs 2 threads with per-module busy cycles), then the
# what-if grid (VTA cycles, 1 and 2 threads).
by = {}
for r in rows: by[(r[0], r[1], r[3], r[4], r[2])] = r
def i(x): return int(x)
lines = ["configs/vta.json as it is (DMA 8 bytes/cycle on its own DDR3 port past the L2, "
         "BLOCK 16). Busy cycles per module (load / compute / store), compute's stall cycles "
         "(waiting for tokens) and DRAM bytes moved (read + write, instructions and micro-ops "
         "included).", "",
         "| workload | mode / shape | threads | VTA cycles | 2T speed-up | load busy | compute busy "
         "| store busy | compute stall | DRAM bytes | CPU cycles |",
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
seen = []
for r in rows:
    key = (r[0], r[1])
    if r[3] != "cfg" or key in seen: continue
    seen.append(key)
    one, two = by[(r[0], r[1], "cfg", "16", "1")], by[(r[0], r[1], "cfg", "16", "2")]
    for t, x in (("1", one), ("2", two)):
        speed = f"{i(one[5]) / i(two[5]):.2f}x" if t == "2" else ""
        lines.append(f"| {x[0]} | {x[1]} | {t} | {x[5]} | {speed} | {x[17]} | {x[18]} | {x[19]} "
                     f"| {x[20]} | {i(x[14]) + i(x[15])} | {x[6]} |")
lines += ["", "What-if: VTA cycles with 1 / 2 threads (speed-up) for DMA bandwidth B bytes/cycle "
          "(vta.dma.bytes_per_cycle = bus.width_bytes = memories.main_ram.width_bytes) and "
          "BLOCK.", ""]
combos = [(bw, bl) for bw in ("4", "8", "16") for bl in ("8", "16", "32")]
lines.append("| workload | mode / shape | " + " | ".join(f"B {bw}, BLOCK {bl}" for bw, bl in combos) + " |")
lines.append("|---|---|" + "---:|" * len(combos))
seen = []
for r in rows:
    key = (r[0], r[1])
    if key in seen or (r[0], r[1], "4", "8", "1") not in by: continue
    seen.append(key)
    cells = []
    for bw, bl in combos:
        one, two = by[(r[0], r[1], bw, bl, "1")], by[(r[0], r[1], bw, bl, "2")]
        cells.append(f"{one[5]} / {two[5]} ({i(one[5]) / i(two[5]):.2f}x)")
    lines.append(f"| {r[0]} | {r[1]} | " + " | ".join(cells) + " |")
table = "\n".join(lines)
doc = open(doc_path).read()
begin, end = "<!-- vta-results:begin -->", "<!-- vta-results:end -->"
a, b = doc.index(begin) + len(begin), doc.index(end)
open(doc_path, "w").write(doc[:a] + "\n" + table + "\n" + doc[b:])
EOF
echo "vta_results: wrote $csv and the table in $doc" >&2
