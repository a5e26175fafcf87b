#!/usr/bin/env bash
# Installs dependencies, builds everything (simulator, firmware, RTL) and runs the default
# simulation (seed 001's MobileNetV2 1x1 convolutions on the mnv2 CFU). This is the README's
# first command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset default >/dev/null
cmake --build --preset default
build/default/apps/accsim/accsim run configs/mnv2_cfu.json
