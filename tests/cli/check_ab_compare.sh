#!/usr/bin/env bash
# tools/bench/ab_compare.sh keeps working: two runs of the same build compare (exit 0, medians
# and a ratio), and a build whose results differ (here the same binary with a smaller D$, so
# other cycle counts) is refused with exit 1, as the script promises, unless only instructions
# are to agree (AB_SAME_INSTRUCTIONS=1).
#   check_ab_compare.sh SOURCE_DIR ACCSIM WORK_DIR
set -u
source_dir=$1 accsim=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cat >"$work/same" <<WRAP
#!/usr/bin/env bash
exec "$accsim" "\$@"
WRAP
cat >"$work/other" <<WRAP
#!/usr/bin/env bash
exec "$accsim" "\$@" --set caches.dcache.size=1024
WRAP
chmod +x "$work/same" "$work/other"
script=$source_dir/tools/bench/ab_compare.sh
fail() {
  echo "FAIL: $1"
  echo "$2"
  exit 1
}

out=$("$script" 2 "$accsim" "$work/same" --firmware compute 2>&1)
code=$?
[[ $code -eq 0 ]] || fail "same build: exit $code, expected 0" "$out"
for pattern in '^run 2 B: [0-9.]+ simulated MIPS$' '^A .*: median [0-9.]+ simulated MIPS \(2 runs\)$' \
  '^B/A: [0-9]+\.[0-9]{3}$'; do
  grep -Eq "$pattern" <<<"$out" || fail "same build: no line matching $pattern" "$out"
done

out=$("$script" 1 "$accsim" "$work/other" --firmware compute 2>&1)
code=$?
[[ $code -eq 1 ]] || fail "different results: exit $code, expected 1" "$out"
grep -q "gave instructions/cycles .*, the first run " <<<"$out" ||
  fail "different results: no message naming the counts" "$out"

# A timing-model change: other cycles, the same instructions, compared with
# AB_SAME_INSTRUCTIONS=1.
out=$(AB_SAME_INSTRUCTIONS=1 "$script" 1 "$accsim" "$work/other" --firmware compute 2>&1)
code=$?
[[ $code -eq 0 ]] || fail "AB_SAME_INSTRUCTIONS=1, other cycles: exit $code, expected 0" "$out"

out=$("$script" 1 "$accsim" 2>&1)
code=$?
[[ $code -eq 2 ]] || fail "usage: exit $code, expected 2" "$out"
echo "ab_compare: ok"
