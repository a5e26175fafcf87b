#!/usr/bin/env bash
# Installs every Debian package accsim needs. PACKAGES below is the one list: accsim, its tests
# and its tools use nothing else (tests/setup/check_setup_packages.py reads it and fails when the
# tree imports, runs or includes something it does not cover; cmake/Python.cmake reads its
# python3-* entries). One package per line. Idempotent: when everything is present it says so in
# one line and changes nothing. Needs root (or sudo) only when something is missing. The first
# line it prints always says which packages were missing before it ran.
set -euo pipefail

PACKAGES=(
  build-essential          # gcc, g++, make
  cmake
  ninja-build
  ccache
  pkg-config
  git
  libsystemc-dev           # SystemC 2.3.4 + TLM-2.0
  verilator                # 5.006: RTL co-simulation, run-time verilation of user CFUs and devices
  zlib1g-dev               # zlib.h: Verilator's FST waveform writer (its package only recommends it)
  libspdlog-dev            # logging
  libfmt-dev
  catch2                   # v2 unit tests
  nlohmann-json3-dev       # configs, stats, traces
  libcli11-dev             # command line
  gcc-riscv64-unknown-elf  # the firmware's cross compiler
  binutils-riscv64-unknown-elf
  picolibc-riscv64-unknown-elf
  python3                  # /usr/bin/python3: tests and tools (Debian's, which sees the two below)
  python3-numpy            # tools/tflite: the int8 reference, the model writer and reader
  python3-flatbuffers      # tools/tflite: .tflite files
  clang-format             # style check (tests/cli: style/clang_format)
  parallel                 # GNU parallel: runs `accsim sweep --emit-jobs` files (tests/sweep)
  gnuplot-nox              # `accsim report --plot`, `accsim sweep --plot`
  slurm-wlm                # a private single-node Slurm for `accsim sweep --slurm` (tests/sweep)
  munge
  clang                    # 14, with libFuzzer: the fuzz preset (tests/fuzz/run_fuzzers.sh)
  qemu-user                # qemu-riscv32: accsim beside QEMU (tools/bench/qemu_compare.sh)
  debootstrap              # a fresh Debian 12 to try the README's two commands in (tools/fresh_machine_check.sh)
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#PACKAGES[@]} packages present, none missing"
  exit 0
fi
echo "setup: missing before this run (${#missing[@]} of ${#PACKAGES[@]}): ${missing[*]}"

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "setup: run this script as root (or install sudo) to install them" >&2
    exit 1
  fi
fi

echo "setup: installing them"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
