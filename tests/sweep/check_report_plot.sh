#!/usr/bin/env bash
# check_report_plot.sh ACCSIM DATA_DIR OUT_DIR: `accsim report A B --plot` on stored runs.
# model_a (a model run: regions setup/invoke) against plain_run (region crc32), so each run has
# regions the other lacks. With gnuplot: exit 0, nothing on the terminal but "plot in", both
# runs' names in the picture and every region on its axis, I$ and D$ in panels of their own;
# a plot gnuplot cannot write exits 2 with gnuplot's reason. Without gnuplot: exit 2, said.
set -uo pipefail
accsim=$1 data=$2 out=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
cd "$data" || fail "no $data"

"$accsim" report model_a plain_run --plot "$out/ab.svg" >/dev/null 2>"$out/ab.log"
code=$?
if ! command -v gnuplot >/dev/null; then
  [[ $code -eq 2 ]] || fail "no gnuplot: exit $code, expected 2"
  grep -q 'no plot: gnuplot is not installed' "$out/ab.log" || fail "missing gnuplot not said"
  echo "gnuplot missing: said, exit 2"
  exit 0
fi
[[ $code -eq 0 ]] || { cat "$out/ab.log"; fail "exit $code"; }
[[ "$(cat "$out/ab.log")" == "report: plot in $out/ab.svg" ]] ||
  { cat "$out/ab.log"; fail "more than 'plot in' on stderr (a gnuplot warning leaked?)"; }
for text in model_a plain_run crc32 invoke setup 'I$ misses' 'D$ misses'; do
  grep -qF ">$text<" "$out/ab.svg" || fail "the picture lacks '$text'"
done

touch "$out/not_a_dir"
"$accsim" report model_a plain_run --plot "$out/not_a_dir/x.svg" >/dev/null 2>"$out/bad.log"
code=$?
[[ $code -eq 2 ]] || fail "unwritable plot: exit $code, expected 2"
grep -q "report: no plot: gnuplot failed on $out/not_a_dir/x.svg: .*cannot open file" \
  "$out/bad.log" || { cat "$out/bad.log"; fail "gnuplot's reason not reported"; }
grep -q 'gnuplot>' "$out/bad.log" && fail "gnuplot's raw output leaked"

"$accsim" report model_a plain_run --plot "$out/x.txt" >/dev/null 2>"$out/ext.log"
[[ $? -eq 2 ]] || fail "unknown extension: exit not 2"
grep -q "use a .svg or .png file name" "$out/ext.log" || fail "unknown extension not said"
echo "report --plot: both runs in every panel, no gnuplot noise, failures exit 2 with the reason"
