#!/usr/bin/env bash
# Records the results of every shipped config x firmware app (and the usual runs, models and
# traces of tools/results_runs.sh) with the accsim of BUILD_DIR, so two builds can be compared
# byte for byte with tools/results_compare.sh: a refactor or speed-up must leave them identical.
#   tools/results_snapshot.sh BUILD_DIR OUT_DIR
# OUT_DIR/runs/NAME/ keeps every output file of run NAME except host.json (host seconds and
# speed), plus run.txt (the command, exit code, stdout and stderr); the source tree, build tree,
# models folder and OUT_DIR are written as @SRC@, @BUILD@, @MODELS@ and @SNAPSHOT@ in every
# text file, and the host-timed lines (the summary's host speed, the 10-second progress reports,
# a first build of a user CFU) are dropped. OUT_DIR/firmware.sha256 hashes what
# each ELF loads, so a changed firmware build is told apart from a changed simulator.
# Environment: JOBS (default 2), ACCSIM_MODELS (the real models, default ../shared/models beside
# the source tree), ACCSIM_CFU_CACHE (verilated user CFUs, default BUILD_DIR/cfu_cache).
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(realpath "$1")
accsim=$build/apps/accsim/accsim
[[ -x $accsim ]] || { echo "results_snapshot: no $accsim (build it first)" >&2; exit 2; }
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
[[ -d $src ]] || { echo "results_snapshot: no source tree for $build" >&2; exit 2; }
models=${ACCSIM_MODELS:-}
if [[ -z $models ]]; then
  # A git worktree sits one level deeper than the main checkout the models are beside.
  for candidate in "$src/../shared/models" "$src/../../shared/models"; do
    [[ -f $candidate/pdti8.tflite ]] && models=$candidate && break
  done
fi
[[ -n $models && -f $models/pdti8.tflite ]] || {
  echo "results_snapshot: real models not found: set ACCSIM_MODELS (docs/models.md)" >&2
  exit 2
}
models=$(realpath "$models")
mkdir -p "$2"
out=$(realpath "$2")
rm -rf "$out/runs" "$out/generated" "$out/firmware.sha256" "$out/runs.txt" "$out/.progress"
mkdir -p "$out/runs" "$out/generated"
export ACCSIM_CFU_CACHE=${ACCSIM_CFU_CACHE:-$build/cfu_cache}
start=$SECONDS

# What this build ships: configs, firmware apps, model descriptions.
configs=$(cd "$src/configs" && ls *.json | sed 's/\.json$//' | tr '\n' ' ')
apps=$(cd "$build/firmware_stub" && ls *.elf | sed 's/\.elf$//' | tr '\n' ' ')
generated=$(cd "$src/tests/models" && ls *.json accel/*.json | sed 's/\.json$//' | tr '\n' ' ')

# The firmware images: the bytes each ELF loads (debug info and paths left out).
for elf in "$build"/firmware_stub/*.elf; do
  riscv64-unknown-elf-objcopy -O binary "$elf" "$out/.image"
  echo "$(sha256sum <"$out/.image" | cut -d' ' -f1)  $(basename "$elf")"
done >"$out/firmware.sha256"
rm -f "$out/.image"

# The generated models and their seeded inputs (tools/tflite needs Debian's python3 + numpy).
python=/usr/bin/python3
echo "results_snapshot: generating $(wc -w <<<"$generated") test models"
for m in $generated; do
  mkdir -p "$(dirname "$out/generated/$m")"
  "$python" "$src/tools/tflite/tflite_tool.py" make "$src/tests/models/$m.json" \
    "$out/generated/$m.tflite" >/dev/null
  "$python" "$src/tools/tflite/tflite_tool.py" input "$out/generated/$m.tflite" --seed 1 \
    --output "$out/generated/$m.input.bin" >/dev/null
done

bash "$src/tools/results_runs.sh" "$configs" "$apps" "$generated" |
  sed -e "s|@SRC@|$src|g" -e "s|@MODELS@|$models|g" -e "s|@GEN@|$out/generated|g" -e 's/ *$//' \
    >"$out/.runs"
total=$(wc -l <"$out/.runs")

# sed expressions replacing the host's absolute paths, longest first (the build tree and the
# snapshot may sit inside the source tree).
normalise_expr=$(
  for pair in "$build @BUILD@" "$src @SRC@" "$models @MODELS@" "$out @SNAPSHOT@"; do
    read -r path name <<<"$pair"
    echo "${#path} $path $name"
  done | sort -rn | while read -r _ path name; do
    printf -- '-e s|%s|%s|g ' "$(sed 's/[.[\*^$|]/\\&/g' <<<"$path")" "$name"
  done
)
export accsim out total normalise_expr

run_one() {  # NAME ARGS...
  set +f  # the caller split the line without globbing; the outputs are listed with globs below
  local name=$1
  shift
  local dir=$out/runs/$name
  mkdir -p "$dir"
  local t0=$SECONDS code=0
  "$accsim" run --out "$dir" "$@" >"$dir/.stdout" 2>"$dir/.stderr" || code=$?
  rm -f "$dir/host.json"
  # shellcheck disable=SC2086  # normalise_expr is a list of sed options
  {
    echo "command: accsim run $*"
    echo "exit: $code"
    echo "--- stdout"
    cat "$dir/.stdout"
    echo "--- stderr"
    cat "$dir/.stderr"
  } | grep -Ev '^  host  |accsim: info: progress: |verilating .* \(first use of this design' |
    sed $normalise_expr >"$dir/run.txt"
  rm -f "$dir/.stdout" "$dir/.stderr"
  local f
  for f in "$dir"/*; do
    case $f in
      *.json | *.txt | *.csv | *.din | *.log) sed -i $normalise_expr "$f" ;;
    esac
  done
  local done_count
  done_count=$(flock "$out/.progress" sh -c 'echo x >>"$0"; wc -l <"$0"' "$out/.progress")
  printf '[%d/%d] %s: exit %d, %d s\n' "$done_count" "$total" "$name" "$code" $((SECONDS - t0))
}
export -f run_one

echo "results_snapshot: $total runs of $accsim with ${JOBS:-2} jobs into $out"
# One line per job, split into words without globbing ("[6,26,4]" is an argument, not a pattern).
xargs -d '\n' -n 1 -P "${JOBS:-2}" bash -c 'set -f; run_one $1' _ <"$out/.runs"
sed $normalise_expr "$out/.runs" >"$out/runs.txt"
rm -f "$out/.runs" "$out/.progress"
echo "results_snapshot: $total runs in $((SECONDS - start)) s: $out"
