#!/usr/bin/env bash
# expect.sh [--one-line] EXPECTED_EXIT_CODE PATTERNS COMMAND [ARGS...]
# Runs COMMAND; passes if it exits with EXPECTED_EXIT_CODE and its combined output matches
# every extended regex in PATTERNS (separated by ";;"; empty = no output check). A pattern
# starting with "!" must NOT match. With --one-line the output must also be exactly one line
# (a failure is one line, never a banner or a stack of follow-on messages). Prints the output
# on failure.
set -u
one_line=0
if [[ $1 == --one-line ]]; then
  one_line=1
  shift
fi
expected=$1
regex=$2
shift 2
output=$("$@" 2>&1)
code=$?
ok=1
if [[ $code -ne $expected ]]; then
  echo "FAIL: exit code $code, expected $expected"
  ok=0
fi
lines=$(printf '%s' "$output" | grep -c '')
if [[ $one_line -eq 1 && $lines -ne 1 ]]; then
  echo "FAIL: $lines lines of output, expected 1"
  ok=0
fi
if [[ -n $regex ]]; then
  IFS=$'\n' read -r -d '' -a patterns < <(sed 's/;;/\n/g' <<<"$regex"; printf '\0')
  for pattern in "${patterns[@]}"; do
    [[ -z $pattern ]] && continue
    if [[ $pattern == !* ]]; then
      if grep -Eq -- "${pattern:1}" <<<"$output"; then
        echo "FAIL: output matches /${pattern:1}/ but must not"
        ok=0
      fi
    elif ! grep -Eq -- "$pattern" <<<"$output"; then
      echo "FAIL: output does not match /$pattern/"
      ok=0
    fi
  done
fi
if [[ $ok -eq 0 ]]; then
  echo "--- command: $*"
  echo "--- output:"
  echo "$output"
  exit 1
fi
exit 0
