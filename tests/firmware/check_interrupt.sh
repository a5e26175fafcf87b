#!/usr/bin/env bash
# check_interrupt.sh ACCSIM OUT_DIR INT|TERM
# Ctrl-C (SIGINT) or SIGTERM on a runaway firmware stops the run cleanly: one-line message,
# exit 130 (as a sweep and a shell), and the statistics of the partial run are written, with no
# run.firmware_exit_code (the firmware did not exit).
set -uo pipefail
rm -rf "$2"
"$1" run -q --firmware fault_infinite_loop --set simulation.max_cycles=0 --out "$2" >"$2.log" 2>&1 &
pid=$!
sleep 1
kill -$3 $pid
wait $pid
code=$?
cat "$2.log"
[[ $code -eq 130 ]] || { echo "FAIL: exit code $code, expected 130"; exit 1; }
reason=$([[ $3 == INT ]] && echo "interrupted (Ctrl-C)" || echo "terminated (SIGTERM)")
grep -qF "error: $reason at pc 0x" "$2.log" || { echo "FAIL: no message \"$reason\""; exit 1; }
python3 -c "import json,sys; s=json.load(open('$2/stats.json')); sys.exit(0 if s['run.outcome']=='failed' and s['run.exit_code']==130 and s['run.failure'].startswith('$reason') and s['cpu.instructions']>0 and 'run.firmware_exit_code' not in s else 1)" \
  || { echo "FAIL: stats.json of the interrupted run is missing or wrong"; exit 1; }
echo "interrupted cleanly"
