#!/usr/bin/env bash
# expect_one_line.sh EXPECTED_EXIT_CODE REGEX COMMAND [ARGS...]
# Runs COMMAND; passes if it exits with EXPECTED_EXIT_CODE and prints exactly one line (stdout
# and stderr together) matching the extended REGEX: a failure is one line, never a banner or
# a stack of follow-on messages.
set -u
expected=$1
regex=$2
shift 2
output=$("$@" 2>&1)
code=$?
lines=$(printf '%s' "$output" | grep -c '')
if [[ $code -eq $expected && $lines -eq 1 ]] && grep -Eq -- "$regex" <<<"$output"; then
  exit 0
fi
echo "FAIL: exit code $code (expected $expected), $lines lines (expected 1), pattern /$regex/"
echo "--- command: $*"
echo "--- output:"
echo "$output"
exit 1
