#!/usr/bin/env bash
# Installs every Debian package accsim needs. Idempotent: when everything is present it says
# so in one line and changes nothing. Needs root (or sudo) only when something is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libsystemc-dev           # SystemC 2.3.4 + TLM-2.0
  verilator                # 5.006: RTL co-simulation
  libspdlog-dev libfmt-dev # logging
  catch2                   # v2 unit tests
  nlohmann-json3-dev       # configs, stats, traces
  libcli11-dev             # command line
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf
  python3                  # helper scripts (standard library only)
  clang-format             # style check (tests/cli: style/clang_format)
  parallel                 # GNU parallel: runs `accsim sweep --emit-jobs` files (tests/sweep)
  gnuplot-nox              # `accsim report --plot`, `accsim sweep --plot`
  slurm-wlm munge          # a private single-node Slurm for `accsim sweep --slurm` (tests/sweep)
  clang                    # 14, with libFuzzer: the fuzz preset (tests/fuzz/run_fuzzers.sh)
  qemu-user                # qemu-riscv32: accsim beside QEMU (tools/bench/qemu_compare.sh)
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "setup: missing packages: ${missing[*]}" >&2
    echo "setup: run this script as root (or install sudo) to install them" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
