#!/usr/bin/env bash
# Compares two results snapshots (tools/results_snapshot.sh) file by file. Prints each file
# that differs (or exists on one side only) with its first differing lines, and exits 1; when
# all are identical prints "N runs, M files identical" and exits 0.
#   tools/results_compare.sh [--ignore GLOB]... [--lines N] A B
# --ignore skips files whose path inside the snapshot matches GLOB (e.g. 'runs/*/run.txt' when
# a change to the printed summary is intended); --lines caps the diff lines per file (10).
set -uo pipefail
ignore=()
lines=10
while [[ $# -gt 2 ]]; do
  case $1 in
    --ignore) ignore+=("$2") && shift 2 ;;
    --lines) lines=$2 && shift 2 ;;
    *) break ;;
  esac
done
if [[ $# -ne 2 || ! -d $1/runs || ! -d $2/runs ]]; then
  echo "usage: $0 [--ignore GLOB]... [--lines N] SNAPSHOT_A SNAPSHOT_B" >&2
  exit 2
fi
a=$1 b=$2

ignored() {
  local glob
  for glob in "${ignore[@]}"; do
    # shellcheck disable=SC2053  # GLOB is a pattern on purpose
    [[ $1 == $glob ]] && return 0
  done
  return 1
}
list_files() { (cd "$1" && find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort); }

differing=0 identical=0
while IFS= read -r line; do
  side=${line%%	*}
  file=${line#*	}
  ignored "$file" && continue
  case $side in
    A) echo "only in $a: $file" && differing=$((differing + 1)) ;;
    B) echo "only in $b: $file" && differing=$((differing + 1)) ;;
    both)
      if cmp -s "$a/$file" "$b/$file"; then
        identical=$((identical + 1))
        continue
      fi
      differing=$((differing + 1))
      echo "differs: $file"
      if grep -Iq . "$a/$file" 2>/dev/null || [[ ! -s $a/$file ]]; then
        diff "$a/$file" "$b/$file" | head -n "$lines" | sed 's/^/    /'
      else
        echo "    $(cmp "$a/$file" "$b/$file" 2>&1 | head -n 1)"
      fi
      ;;
  esac
done < <(LC_ALL=C comm --output-delimiter='|' <(list_files "$a") <(list_files "$b") |
  sed -e 's/^||/both\t/' -e 's/^|/B\t/' -e '/^[AB]\t\|^both\t/!s/^/A\t/')

runs=$(find "$a/runs" -name run.txt | wc -l)
if [[ $differing -gt 0 ]]; then
  echo "$differing files differ ($identical identical) between $a and $b"
  exit 1
fi
echo "$runs runs, $identical files identical"
