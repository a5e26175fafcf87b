#!/usr/bin/env bash
# run_doc_commands.sh DOC SOURCE_DIR BUILD_DIR WORK_DIR: runs every ```sh block of the markdown
# page DOC, in order, in one shell, exactly as a reader would: from the accsim checkout
# SOURCE_DIR, with HOME the fresh folder WORK_DIR/home (so what the page installs and copies
# lands outside the tree), build/default standing for BUILD_DIR. The output goes to WORK_DIR/log;
# if a command fails, the commands and their output are printed and the exit code is 1. Each
# walk-through test then checks what its page promises (check_firmware_walkthrough.sh here,
# tests/plugins/check_sdk_walkthrough.sh).
set -euo pipefail
doc=$1 src=$2 build=$3 work=$4
mkdir -p "$work/home"
script=$work/commands.sh
awk '/^```sh$/ {on = 1; next} /^```$/ {on = 0} on' "$doc" | sed "s|build/default|$build|g" >"$script"
[[ -s $script ]] || { echo "FAIL: $doc has no sh blocks"; exit 1; }

# Not part of the walk-through: the reader's builds reuse accsim's compiler cache if there is
# one (paths relative to the work folder, so every run of the test hits it).
cache_dir=${CCACHE_DIR:-$(ccache -k cache_dir 2>/dev/null || true)}
if [[ -n $cache_dir ]]; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_DIR=$cache_dir CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1
fi

cd "$src"
if ! HOME=$work/home bash -euo pipefail "$script" >"$work/log" 2>&1; then
  echo "FAIL: the walk-through's commands in $doc failed"
  echo "--- commands:"; cat "$script"; echo "--- output:"; cat "$work/log"
  exit 1
fi
