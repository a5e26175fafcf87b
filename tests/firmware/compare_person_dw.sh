#!/usr/bin/env bash
# compare_person_dw.sh HOST_REFERENCE ACCSIM VARIANT OUT_DIR
# The simulated person_dw_VARIANT app must print the total checksum the host computes with the
# reference kernel: both variants are bit-exact, so one host value checks both.
set -euo pipefail
expected=$("$1")
output=$("$2" run -q --firmware "person_dw_$3" --out "$4")
echo "$output"
if ! grep -q "^person_dw_$3: total checksum $expected\$" <<<"$output"; then
  echo "FAIL: expected total checksum $expected from the host reference"
  exit 1
fi
