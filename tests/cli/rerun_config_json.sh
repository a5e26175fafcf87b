#!/usr/bin/env bash
# rerun_config_json.sh ACCSIM CONFIG WORKDIR
# Runs CONFIG briefly, then re-runs the config.json it wrote from another working directory
# (as the README promises a run directory can be) and checks both runs produced the same
# stats.json and exit code. A cycle-limit failure is fine as long as it is the same.
set -u
accsim=$(realpath "$1")
config=$(realpath "$2")
work=$3
rm -rf "$work"
mkdir -p "$work/first" "$work/elsewhere"
(cd "$work/first" && "$accsim" run -q "$config" --max-cycles 200000 --out run >/dev/null 2>&1)
first=$?
(cd "$work/elsewhere" && "$accsim" run -q ../first/run/config.json --out run >/dev/null 2>&1)
second=$?
if [[ $first -ne $second ]]; then
  echo "FAIL: exit code $first, re-run of config.json exited $second"
  exit 1
fi
if ! diff -u "$work/first/run/stats.json" "$work/elsewhere/run/stats.json"; then
  echo "FAIL: stats.json differs on the re-run of config.json"
  exit 1
fi
exit 0
