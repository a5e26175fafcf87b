#!/usr/bin/env bash
# Builds the default preset and runs the whole test suite (unit, CLI, firmware, RTL) with
# ctest. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset default >/dev/null
cmake --build --preset default
ctest --preset default "$@"
