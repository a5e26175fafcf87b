#!/usr/bin/env bash
# check_reused_out_note.sh ACCSIM OUT_DIR
# A run into a directory holding an earlier run replaces it and says so, in one line; a run into
# a fresh directory says nothing of the kind (tests/firmware/check_reused_out_dir.sh checks
# which files are replaced).
set -uo pipefail
accsim=$1 out=$2
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out"
first=$("$accsim" run --firmware hello --out "$out" 2>&1) || fail "first run failed: $first"
grep -q 'replaced' <<<"$first" && fail "a fresh directory was reported replaced: $first"
second=$("$accsim" run --firmware hello --out "$out" 2>&1) || fail "second run failed: $second"
lines=$(grep -c "replaced" <<<"$second")
[[ $lines -eq 1 ]] || fail "expected one line about the replaced run, got $lines: $second"
grep -Eq "^accsim: info: $out: replaced the earlier run there \([0-9]+ of its files removed\)$" \
  <<<"$second" || fail "the line does not name the directory: $second"
quiet=$("$accsim" run -q --firmware hello --out "$out" 2>&1) || fail "quiet run failed"
grep -q 'replaced' <<<"$quiet" && fail "-q still printed the note: $quiet"
echo "a reused --out is reported in one line (not with -q); a fresh one is not"
