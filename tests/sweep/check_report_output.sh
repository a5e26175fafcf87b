#!/usr/bin/env bash
# check_report_output.sh ACCSIM DATA_DIR EXPECTED [REPORT_ARGS...]: `accsim report REPORT_ARGS`,
# run inside DATA_DIR so that run directories print as relative paths, must print EXPECTED byte
# for byte (stdout and stderr) and exit 0. To accept a deliberate format change, regenerate
# EXPECTED the same way and review the diff.
set -uo pipefail
accsim=$1 data=$2 expected=$3
shift 3
(cd "$data" && "$accsim" report "$@" 2>&1) | diff -u "$expected" - || exit 1
echo "accsim report $* printed $(basename "$expected")"
