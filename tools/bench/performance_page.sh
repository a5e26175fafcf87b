#!/usr/bin/env bash
# Regenerates docs/performance.md: every figure on the page measured in this one run (medians of
# RUNS runs, default 3), accsim beside qemu-riscv32 on the same kernels, the speed targets of
# issue 21, and how the cost grows with instructions, cache size, traces and RTL co-simulation.
# Takes a few minutes; run it on a quiet machine (the page records the load it saw).
#   tools/bench/performance_page.sh [OUTPUT]     (default docs/performance.md)
# Environment: RUNS, ACCSIM, ACCSIM_MODELS (the real TFLite models, docs/models.md).
set -euo pipefail
source "$(dirname "$0")/bench_lib.sh"
page=${1:-$bench_root/docs/performance.md}
runs=${RUNS:-3}
models=${ACCSIM_MODELS:-}
for candidate in "$bench_root/../shared/models" "$bench_root/../../shared/models"; do
  [[ -z $models && -f $candidate/pdti8.tflite ]] && models=$(cd "$candidate" && pwd)
done
[[ -f $models/pdti8.tflite ]] || { echo "performance_page: set ACCSIM_MODELS" >&2; exit 2; }
command -v qemu-riscv32 >/dev/null || {
  echo "performance_page: no qemu-riscv32 (Debian package qemu-user; scripts/setup.sh)" >&2
  exit 2
}
mnv2_cfu=$bench_root/configs/mnv2_cfu.json
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
body=$BENCH_TMP/body.md
exec 3>"$body"
# row CELLS...: one Markdown table row.
row() {
  local IFS='|'
  echo "|$*|" >&3
}
f1() { awk -v x="$1" 'BEGIN {printf "%.1f", x}'; }
f2() { awk -v x="$1" 'BEGIN {printf "%.2f", x}'; }
f3() { awk -v x="$1" 'BEGIN {printf "%.3f", x}'; }
mips() { awk -v i="$1" -v s="$2" 'BEGIN {printf "%.1f", i / s / 1e6}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1fx", a / b}'; }
thousands() { sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta' <<<"$1"; }

echo "== accsim beside QEMU" >&2
bash "$bench_root/tools/bench/qemu/build.sh" "$BENCH_TMP/twins"
cat >&3 <<'EOF'
## accsim beside QEMU

The same kernels on accsim (full timing model: pipeline, caches, L2, DRAM, bus) and on QEMU's
functional JIT (`qemu-riscv32` 7.2 from Debian's `qemu-user`, which models no timing at all),
each as a whole process, in the same run of the script. The firmware is bare metal (sim-control
console and exit registers, machine-mode cycle and perf-counter CSRs), which neither QEMU mode
runs as it is; rather than a `qemu-system-riscv32 virt` port with its own UART, boot and memory
map, `tools/bench/qemu/build.sh` builds a **user-mode twin** of each workload: the same kernel
sources, compiler, flags (`-O2 -march=rv32im`) and linker script, with a harness that prints
through Linux `write` and leaves through `exit_group`, and without the cycle reads and
perf-counter hooks (one `csrwi` each around loops in the firmware). Both print the same
checksums (the script checks them). The twins do the firmware's work (test data, kernels,
checksums, printing); what they leave out is a few instructions per layer, so the instructions
are accsim's count for the firmware and QEMU's MIPS is that count over QEMU's seconds. Both
wall and CPU seconds (user + system) of the whole processes: wall time moves with other jobs on
a shared machine, CPU time hardly does but is coarse for a process of a few hundredths of a
second (QEMU on the compute app, where process start dominates).

| workload | instructions | accsim wall s | accsim CPU s | qemu wall s | qemu CPU s | MIPS accsim / qemu (wall) | QEMU faster by (wall, CPU) |
|---|---:|---:|---:|---:|---:|---:|---:|
EOF
qemu_row() {  # NAME TWIN_ARGS ACCSIM_ARGS...
  local name=$1 twin=$2
  shift 2
  bench_accsim "accsim_$name" "$runs" "$@" >&2
  local insns=$BENCH_INSTRUCTIONS log=$BENCH_TMP/accsim_$name.log
  accsim_wall=$BENCH_WALL accsim_cpu=$BENCH_CPU
  local cpu=$accsim_cpu
  # shellcheck disable=SC2086  # TWIN_ARGS is a word list
  bench_process "qemu_$name" "$runs" qemu-riscv32 $twin >&2
  grep -o 'checksum 0x[0-9a-f]*' "$log" >"$BENCH_TMP/a"
  grep -o 'checksum 0x[0-9a-f]*' "$BENCH_TMP/qemu_$name.out" >"$BENCH_TMP/b"
  if [[ ! -s $BENCH_TMP/a ]] || ! cmp -s "$BENCH_TMP/a" "$BENCH_TMP/b"; then
    echo "performance_page: $name: accsim and its QEMU twin print different checksums" >&2
    exit 1
  fi
  row " $name " " $(thousands "$insns") " " $(f2 "$accsim_wall") " " $(f2 "$cpu") " \
    " $(f3 "$BENCH_WALL") " " $(f3 "$BENCH_CPU") " \
    " $(mips "$insns" "$accsim_wall") / $(mips "$insns" "$BENCH_WALL") " \
    " $(ratio "$accsim_wall" "$BENCH_WALL"), $(ratio "$cpu" "$BENCH_CPU") "
}
qemu_row "compute app (int8 3x3 conv)" "$BENCH_TMP/twins/compute_user.elf" --firmware compute
compute_seconds=$BENCH_SECONDS compute_mips=$BENCH_MIPS compute_cpu=$accsim_cpu
compute_insns=$BENCH_INSTRUCTIONS
qemu_row "mnv2_conv1x1 stage 1, 34 layers" "$BENCH_TMP/twins/mnv2_user.elf 1" "$mnv2_cfu" \
  --set "firmware_args=[1,0,34]"
stage1_mips=$BENCH_MIPS stage1_seconds=$BENCH_SECONDS stage1_insns=$BENCH_INSTRUCTIONS
stage1_wall=$accsim_wall stage1_cpu=$accsim_cpu

echo "== targets" >&2
bench_accsim stage6 "$runs" "$mnv2_cfu" --set "firmware_args=[6,0,34]" >&2
stage6_mips=$BENCH_MIPS stage6_seconds=$BENCH_SECONDS stage6_cpu=$BENCH_CPU
stage6_insns=$BENCH_INSTRUCTIONS
bench_accsim stage6_rtl "$runs" "$mnv2_cfu" --set "firmware_args=[6,0,34]" \
  --set cfu.impl=rtl >&2
rtl_mips=$BENCH_MIPS rtl_seconds=$BENCH_SECONDS rtl_cpu=$BENCH_CPU
ACCSIM_CFU_CLOCK_EVERY_CYCLE=1 bench_accsim stage6_rtl_every_cycle "$runs" "$mnv2_cfu" \
  --set "firmware_args=[6,0,34]" --set cfu.impl=rtl >&2
every_mips=$BENCH_MIPS every_seconds=$BENCH_SECONDS every_cpu=$BENCH_CPU
bench_accsim pdti8 "$runs" --model "$models/pdti8.tflite" \
  --input "$models/inputs/pdti8_person.bin" >&2
pdti8_mips=$BENCH_MIPS pdti8_seconds=$BENCH_SECONDS pdti8_insns=$BENCH_INSTRUCTIONS
pdti8_cpu=$BENCH_CPU
cat >&3 <<EOF

## Speed targets (issue 21)

Simulated MIPS = the firmware's instructions over accsim's own host seconds (wall time of the
simulation, without process start: what the scripts and \`host.json\` print). On a shared
machine that moves with the load; MIPS per CPU second (instructions over the whole process's
CPU time, start included) hardly does. Medians of $runs runs.

| benchmark | command | host s | simulated MIPS | process CPU s | MIPS per CPU s | target |
|---|---|---:|---:|---:|---:|---:|
| compute app | \`tools/bench/cpu_mips.sh\` | $(f2 "$compute_seconds") | $(f1 "$compute_mips") | $(f2 "$compute_cpu") | $(mips "$compute_insns" "$compute_cpu") | 250 |
| mnv2 stage 1 (CPU only) | \`tools/bench/mnv2_mips.sh\` | $(f2 "$stage1_seconds") | $(f1 "$stage1_mips") | $(f2 "$stage1_cpu") | $(mips "$stage1_insns" "$stage1_cpu") | 250 |
| mnv2 stage 6, CFU model | \`tools/bench/mnv2_mips.sh\` | $(f2 "$stage6_seconds") | $(f1 "$stage6_mips") | $(f2 "$stage6_cpu") | $(mips "$stage6_insns" "$stage6_cpu") | 150 |
| mnv2 stage 6, \`cfu.impl=rtl\` | \`tools/bench/cfu_rtl_speed.sh\` | $(f2 "$rtl_seconds") | $(f1 "$rtl_mips") | $(f2 "$rtl_cpu") | $(mips "$stage6_insns" "$rtl_cpu") | 20 |
| the same, RTL evaluated every cycle | \`tools/bench/cfu_rtl_speed.sh\` | $(f2 "$every_seconds") | $(f1 "$every_mips") | $(f2 "$every_cpu") | $(mips "$stage6_insns" "$every_cpu") | |
| person detection (pdti8), TFLite interpreter | \`tools/bench/model_mips.sh\` | $(f2 "$pdti8_seconds") | $(f1 "$pdti8_mips") | $(f2 "$pdti8_cpu") | $(mips "$pdti8_insns" "$pdti8_cpu") | |

With \`cfu.impl=rtl\` the Verilated CFU is evaluated only in the cycles it can change: once a
cycle with idle inputs leaves its whole state as it was, the transactor skips to the next
command (lazy clocking, [rtl.md](rtl.md#lazy-clocking)). Results are identical either way
(\`ctest -L rtl\`); \`ACCSIM_CFU_CLOCK_EVERY_CYCLE=1\` evaluates every cycle, and so does
\`--trace fst\`, so that the waveform has every cycle.
EOF

echo "== scaling: instructions" >&2
cat >&3 <<'EOF'

## How the cost grows

### With instructions

mnv2_conv1x1 at stage 1 over more and more layers (`configs/mnv2_cfu.json`). The cost is linear
in instructions; the process adds a fixed start (configuration, ELF loading, SystemC
elaboration, writing the outputs): the difference between process and simulation seconds.

| firmware_args | instructions | simulation s | process s (wall) | process CPU s | simulated MIPS |
|---|---:|---:|---:|---:|---:|
EOF
for args in "[1,26,1]" "[1,26,4]" "[1,20,14]"; do
  bench_accsim "layers" "$runs" "$mnv2_cfu" --set "firmware_args=$args" >&2
  row " \`$args\` " " $(thousands "$BENCH_INSTRUCTIONS") " " $(f2 "$BENCH_SECONDS") " \
    " $(f2 "$BENCH_WALL") " " $(f2 "$BENCH_CPU") " " $(f1 "$BENCH_MIPS") "
done
row " \`[1,0,34]\` " " $(thousands "$stage1_insns") " " $(f2 "$stage1_seconds") " \
  " $(f2 "$stage1_wall") " " $(f2 "$stage1_cpu") " " $(f1 "$stage1_mips") "

echo "== scaling: cache size" >&2
cat >&3 <<'EOF'

### With cache size

The compute app with the D-cache from 1 KiB to 64 KiB (`--set caches.dcache.size=...`): a
miss costs a timing-only access to the bus, L2 and DRAM models (`Bus::timing_only_access`), a hit costs
neither, so the host time follows the misses more than the size.

| D$ size | D$ misses | simulated cycles | simulation s | process CPU s | simulated MIPS |
|---|---:|---:|---:|---:|---:|
EOF
for size in 1K 4K 16K 64K; do
  bench_accsim "dcache_$size" "$runs" --firmware compute --set "caches.dcache.size=$size" >&2
  misses=$(python3 -c "import json;print(json.load(open('$BENCH_OUT/stats.json'))['cache.dcache.misses'])")
  row " $size " " $(thousands "$misses") " " $(thousands "$BENCH_CYCLES") " \
    " $(f2 "$BENCH_SECONDS") " " $(f2 "$BENCH_CPU") " " $(f1 "$BENCH_MIPS") "
done

echo "== scaling: traces" >&2
cat >&3 <<'EOF'

### With traces

One mnv2 layer at stage 1 (`firmware_args=[1,26,1]`) with each trace kind. Without `--trace`
no per-instruction observer runs; `insn` and `mem` write a row per instruction or per access.

| --trace | simulation s | process CPU s | simulated MIPS | slower by (CPU) | bytes written |
|---|---:|---:|---:|---:|---:|
EOF
base_cpu=""
for trace in none console cache-misses timeline mem insn; do
  trace_args=()
  [[ $trace != none ]] && trace_args=(--trace "$trace")
  bench_accsim "trace_$trace" "$runs" "$mnv2_cfu" --set "firmware_args=[1,26,1]" \
    "${trace_args[@]}" >&2
  [[ -z $base_cpu ]] && base_cpu=$BENCH_CPU
  bytes=$(du -cb "$BENCH_OUT" | tail -1 | cut -f1)
  row " $trace " " $(f2 "$BENCH_SECONDS") " " $(f2 "$BENCH_CPU") " " $(f1 "$BENCH_MIPS") " \
    " $(ratio "$BENCH_CPU" "$base_cpu") " " $(thousands "$bytes") "
done

echo "== scaling: RTL" >&2
cat >&3 <<EOF

### With RTL co-simulation

mnv2 stage 6 over all 34 layers (above), in process CPU seconds: the C++ CFU model
$(f2 "$stage6_cpu") s, the Verilated RTL with lazy clocking $(f2 "$rtl_cpu") s
($(ratio "$rtl_cpu" "$stage6_cpu")), evaluated every cycle $(f2 "$every_cpu") s
($(ratio "$every_cpu" "$stage6_cpu")). Lazy
clocking evaluates the RTL only while it works (MACC runs, the output pipeline), so its cost
follows the CFU's busy cycles, not the run's.

### Whole networks

Person detection (pdti8, 96x96 int8, on the CPU): $(thousands "$pdti8_insns") instructions in
$(f2 "$pdti8_seconds") s, $(f1 "$pdti8_mips") simulated MIPS ($(f2 "$pdti8_cpu") CPU seconds) (\`tools/bench/model_mips.sh\`
also runs MobileNetV2).
EOF
exec 3>&-

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
commit=$(git -C "$bench_root" rev-parse --short HEAD 2>/dev/null || echo unknown)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
{
  cat <<EOF
# Performance

How fast accsim simulates, beside QEMU, against the targets of issue 21, and how the cost grows
with the workload. **Every figure on this page comes from one run of
\`tools/bench/performance_page.sh\`** (medians of $runs runs each), which rewrites the page:
rerun it after a change to the simulator. Measured $(date -u +%Y-%m-%d) at commit $commit on
$(nproc) cores of an $cpu ($(uname -m)); load average $load_before before, $load_after after (the
machine is shared, so figures move by tens of percent between runs: compare medians from the
same run).

EOF
  cat "$body"
  cat <<'EOF'

## Reproduce

```sh
cmake --preset default && cmake --build --preset default   # the Release (-O2) build
tools/bench/performance_page.sh            # this page (RUNS=5 for steadier medians)
tools/bench/cpu_mips.sh [RUNS]             # compute app
tools/bench/mnv2_mips.sh [RUNS]            # mnv2 stage 1 and 6, all layers
tools/bench/cfu_rtl_speed.sh [RUNS] [ARGS] # CFU model, RTL, RTL every cycle
tools/bench/model_mips.sh [RUNS]           # pdti8 and MobileNetV2 on the TFLite interpreter
tools/bench/qemu_compare.sh [RUNS]         # accsim beside qemu-riscv32 (Debian qemu-user)
tools/bench/ab_compare.sh RUNS A B ARGS    # two builds, alternating runs: which is faster
```

Every script prints each run and the median (`tools/bench/bench_lib.sh`); extra arguments go
to `accsim run`. `ACCSIM=path/to/accsim` benchmarks another build. `perf record -g` on the
same commands shows where the time goes. To tell whether a change made the simulator faster,
compare the two builds with `ab_compare.sh` (9 runs or more): it alternates their runs, so
that the host's drift over minutes (several percent here) slows both alike, and it fails if
their instruction or cycle counts differ.

## A speed-up must change no result

Issues 18 and 21 require every statistic of every shipped config and firmware app to stay byte
for byte as it was. Two scripts check it:

```sh
tools/results_snapshot.sh BUILD_DIR OUT_DIR   # ~320 runs, 2 jobs, a minute or two
tools/results_compare.sh [--ignore GLOB]... A B
```

`results_snapshot.sh` runs the `accsim` of `BUILD_DIR` on every `configs/*.json` (its default
run) and every config x firmware app (`accsim list`; apps that need arguments get short ones),
the apps with their usual arguments (mnv2 stages, VTA shapes, conv_suite layers, calibration),
the real TFLite models (`--model`, pdti8 and MobileNetV2) under `runtime.delegate`
cpu/cfu/vta/auto where the hardware exists, every generated test model of `tests/models`, the
RTL CFUs (mnv2 `cfu.impl=rtl`, users' cfu.v) and every trace kind (`--trace
console,cache-misses,mem,timeline,insn` and `fst`). The list is `tools/results_runs.sh`. Failing
runs are recorded too. For each run `OUT_DIR/runs/NAME/` keeps every output file but
`host.json`, plus `run.txt` (command, exit code, stdout, stderr); paths of the source and build
trees, the models and the snapshot become `@SRC@`, `@BUILD@`, `@MODELS@`, `@SNAPSHOT@`, and the
host-timed lines (the summary's host speed, progress reports) are dropped.
`OUT_DIR/firmware.sha256` hashes what each ELF loads, which tells a changed firmware build from
a changed simulator.

`results_compare.sh` compares two snapshots file by file, prints the first differing lines of
each differing file and exits 1, or prints `N runs, M files identical` and exits 0. The baseline
before the platform refactor (commit fe12278) is in `/work/baseline` on the shared machine:

```sh
tools/results_snapshot.sh build/default /tmp/after && tools/results_compare.sh /work/baseline /tmp/after
```
EOF
} >"$page"
echo "performance_page: wrote $page" >&2
