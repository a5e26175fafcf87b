#!/usr/bin/env bash
# check_removal_detected.sh PYTHON PACKAGE REGEX
# The package check must notice a package the tree needs going missing from the list: with
# PACKAGE taken out of the PACKAGES list of scripts/setup.sh, check_setup_packages.py must fail
# with a line matching REGEX.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=$1 package=$2 regex=$3
list=$(mktemp)
trap 'rm -f "$list"' EXIT
setup=$here/../../scripts/setup.sh
grep -v -E "^[[:space:]]+${package}([[:space:]]|$)" "$setup" > "$list"
if cmp -s "$list" "$setup"; then
  echo "FAIL: $package is not in scripts/setup.sh's list" >&2
  exit 1
fi
set +e
out=$("$python" "$here/check_setup_packages.py" --list "$list" 2>&1)
status=$?
set -e
echo "$out"
[[ $status -eq 1 ]] || { echo "FAIL: expected exit 1 without $package, got $status" >&2; exit 1; }
grep -q -E "$regex" <<<"$out" || { echo "FAIL: no line matches '$regex'" >&2; exit 1; }
echo "ok: removing $package is detected"
