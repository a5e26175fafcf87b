#!/bin/bash
# The tsim-style micro-benchmarks on configs/vta_tsim.json (a memory like tsim's harness) must
# stay within 10% of tsim's published cycle counts, except GEMM: tsim's 2019 GEMM core was not
# pipelined (reference/vta.md: 27.7 M vs 7.7 M cycles for ResNet-18), accsim's issues one
# micro-op per cycle, so it must be faster than tsim's figure.
# usage: check_vta_bench.sh ACCSIM CONFIG OUT_DIR
set -u
accsim=$1 config=$2 out=$3
output=$("$accsim" run -q "$config" --firmware vta_bench --out "$out" 2>&1) || {
  echo "$output"
  echo "FAIL: vta_bench did not pass"
  exit 1
}
echo "$output" | grep '^bench'
status=0
while read -r name ours tsim; do
  if [ "$name" = gemm ]; then
    if [ "$ours" -ge "$tsim" ]; then
      echo "FAIL: gemm takes $ours cycles, not fewer than tsim's unpipelined $tsim"
      status=1
    fi
    continue
  fi
  diff=$((ours > tsim ? ours - tsim : tsim - ours))
  if [ $((diff * 10)) -gt "$tsim" ]; then
    echo "FAIL: $name takes $ours cycles, more than 10% from tsim's $tsim"
    status=1
  fi
done < <(echo "$output" | sed -n 's/^bench \([a-z_]*\) *: PASS VTA cycles *\([0-9]*\) (tsim *\([0-9]*\)).*/\1 \2 \3/p')
count=$(echo "$output" | grep -c '^bench [a-z_]* *: PASS VTA cycles')
if [ "$count" -ne 4 ]; then
  echo "FAIL: expected 4 benchmark lines, got $count"
  status=1
fi
exit $status
