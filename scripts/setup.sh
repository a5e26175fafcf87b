#!/usr/bin/env bash
# Installs every Debian package accsim needs: the list in scripts/packages.list (the one place it
# is written; tests/setup checks the tree against it). Idempotent: when everything is present it
# says so in one line and changes nothing. Needs root (or sudo) only when something is missing.
# The first line it prints always says which packages were missing before it ran.
set -euo pipefail
cd "$(dirname "$0")"

mapfile -t PACKAGES < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' packages.list)

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
