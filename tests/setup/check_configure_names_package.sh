#!/usr/bin/env bash
# check_configure_names_package.sh SOURCE_DIR WORK_DIR
# Configuring with a Python that cannot import numpy and flatbuffers (Debian's python3 without
# its site packages) must stop with a CMake error naming both Debian packages, and print no
# Python traceback.
set -euo pipefail
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
printf '#!/bin/sh\nexec /usr/bin/python3 -S "$@"\n' > "$work/python_without_packages"
chmod +x "$work/python_without_packages"
set +e
out=$(cmake -S "$src" -B "$work/build" -DACCSIM_PYTHON="$work/python_without_packages" \
      -DACCSIM_BUILD_FIRMWARE=OFF -DACCSIM_BUILD_RTL=OFF 2>&1)
status=$?
set -e
fail() { echo "$out"; echo "FAIL: $1" >&2; exit 1; }
[[ $status -ne 0 ]] || fail "configure succeeded without numpy"
grep -q "Traceback" <<<"$out" && fail "configure printed a Python traceback"
tr -s "\n " "  " <<<"$out" | grep -q "python3-numpy python3-flatbuffers" || fail "the error does not name the packages"
echo "ok: configure names python3-numpy python3-flatbuffers, no traceback"
