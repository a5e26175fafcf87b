#!/usr/bin/env bash
# check_interrupt.sh ACCSIM OUT_DIR
# Ctrl-C on a runaway firmware stops the run cleanly: one-line message, exit 130 (as a sweep
# and a shell), and the statistics of the partial run are written.
set -uo pipefail
rm -rf "$2"
"$1" run -q --firmware fault_infinite_loop --set simulation.max_cycles=0 --out "$2" >"$2.log" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
code=$?
cat "$2.log"
[[ $code -eq 130 ]] || { echo "FAIL: exit code $code, expected 130"; exit 1; }
grep -q "error: interrupted (Ctrl-C) at pc 0x" "$2.log" || { echo "FAIL: no interrupt message"; exit 1; }
python3 -c "import json,sys; s=json.load(open('$2/stats.json')); sys.exit(0 if s['run.outcome']=='failed' and s['run.exit_code']==130 and s['run.failure'].startswith('interrupted (Ctrl-C)') and s['cpu.instructions']>0 else 1)" \
  || { echo "FAIL: stats.json of the interrupted run is missing or wrong"; exit 1; }
echo "interrupted cleanly"
