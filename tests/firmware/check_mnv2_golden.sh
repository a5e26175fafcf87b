#!/usr/bin/env bash
# check_mnv2_golden.sh MNV2_REFERENCE GOLDEN_C
# The committed golden table (firmware_stub/apps/mnv2/mnv2_golden.c) must be exactly what the
# host reference program writes for the mnv2 layers' current data, so neither can drift.
set -uo pipefail
generated=$("$1")
status=$?
if [[ $status -ne 0 ]]; then
  echo "FAIL: $1 exited with $status (the reference kernel and conv_ref.c disagree?)"
  exit 1
fi
if ! diff <(printf '%s\n' "$generated") "$2"; then
  echo "FAIL: $2 is stale. If the layer data or the reference kernel changed on purpose,"
  echo "regenerate it with: $1 > $2"
  exit 1
fi
