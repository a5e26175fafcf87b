#!/usr/bin/env bash
# check_timing_check.sh VERILOG EXPECTED_EXIT_CODE PATTERNS ACCSIM timing-check ARGS...
# Runs `accsim timing-check ARGS... --verilog VERILOG` through tests/cli/expect.sh (exit code and
# output patterns, ";;"-separated, "!" = must not match). Skips (exit 77) when VERILOG is absent:
# the VexRiscv files are test data outside the tree (../shared/rtl/vexriscv/).
set -u
verilog=$1
shift
if [[ ! -f $verilog ]]; then
  echo "SKIP: $verilog is absent (VexRiscv test data, ../shared/rtl/vexriscv/)"
  exit 77
fi
code=$1
patterns=$2
shift 2
exec bash "$(dirname "$0")/../cli/expect.sh" "$code" "$patterns" "$@" --verilog "$verilog"
