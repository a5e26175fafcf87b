#!/usr/bin/env bash
# expect.sh EXPECTED_EXIT_CODE PATTERNS COMMAND [ARGS...]
# Runs COMMAND; passes if it exits with EXPECTED_EXIT_CODE and its combined output matches
# every extended regex in PATTERNS (separated by ";;"; empty = no output check). A pattern
# starting with "!" must NOT match. Prints the output on failure.
set -u
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
