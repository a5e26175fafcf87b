#!/usr/bin/env bash
# check_cxx_firmware.sh SOURCE_DIR BUILD_DIR: C++ firmware against the installed firmware SDK
# (docs/firmware.md, "C++"): accsim installed into a fresh prefix, firmware_stub/apps/cxx_test's
# main.cpp built out of tree by a project of its own (project(... C CXX ASM),
# find_package(accsim_firmware), accsim_add_firmware) with the installed toolchain file, and run
# on the installed accsim: every check passes, static destructors run at exit, and the ELF has
# no libstdc++ in it (the SDK's runtime supplies operator new and the guards).
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/accsim_cxx.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [[ -f $tmp/log ]] && { echo "--- output:"; cat "$tmp/log"; }; exit 1; }
prefix=$tmp/sdk
cmake --install "$build" --prefix "$prefix" >/dev/null
mkdir "$tmp/app"
cp "$src/firmware_stub/apps/cxx_test/main.cpp" "$tmp/app/"
cat >"$tmp/app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(cxx_app C CXX ASM)
set(CMAKE_CXX_STANDARD 17)
find_package(accsim_firmware CONFIG REQUIRED)
accsim_add_firmware(cxx_app main.cpp)
CMAKE
toolchain=$prefix/share/accsim/firmware-sdk/riscv32-accsim.cmake
{
  cmake -S "$tmp/app" -B "$tmp/app/build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" &&
    cmake --build "$tmp/app/build"
} >"$tmp/log" 2>&1 || fail "the out-of-tree C++ app does not build"
# The SDK's own files compiled it: nothing from the source tree.
grep -q "$src/firmware_stub" "$tmp/app/build/compile_commands.json" 2>/dev/null &&
  fail "the build used the source tree's firmware_stub"
grep -rqF "$prefix/share/accsim/firmware-sdk/cxx/include" "$tmp/app/build/CMakeFiles" ||
  fail "the build did not use the installed SDK's C++ headers"
nm=riscv64-unknown-elf-nm
elf=$tmp/app/build/cxx_app.elf
for symbol in _Znwj _ZdaPv __cxa_guard_acquire __cxa_atexit; do
  $nm "$elf" | grep -qw "$symbol" || fail "$symbol is not in the ELF"
done
"$prefix/bin/accsim" run -q --firmware "$elf" --out "$tmp/out" >"$tmp/log" 2>&1 ||
  fail "the C++ app did not exit 0"
grep -q "^cxx_test: 0 failed: PASS$" "$tmp/log" || fail "no PASS line"
grep -q "ok$" "$tmp/log" || fail "no check ran"
! grep -q "FAIL" "$tmp/log" || fail "a check failed"
grep -q "^cxx_test: static destructor 11 ran$" "$tmp/log" || fail "static destructors did not run"
echo "C++ firmware builds and runs against the installed SDK ($(grep -c ' ok$' "$tmp/log") checks)"
