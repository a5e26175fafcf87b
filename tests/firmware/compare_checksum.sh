#!/usr/bin/env bash
# compare_checksum.sh HOST_REFERENCE ACCSIM OUT_DIR
# The simulated compute app must print the checksum the host computes with the same kernel.
set -euo pipefail
expected=$("$1")
output=$("$2" run -q --firmware compute --out "$3")
echo "$output"
if ! grep -q "checksum $expected" <<<"$output"; then
  echo "FAIL: expected checksum $expected from the host reference"
  exit 1
fi
