#!/usr/bin/python3
"""Runs one public model of ../shared/models/more on accsim and compares output.bin, byte for
byte, with the output tensor 0 that upstream TFLite Micro gives for the same input (more/README.md:
inputs/<model>_<case>.bin -> expected/<model>_<case>.out.bin).

usage: check_more_model_run.py ACCSIM MORE_DIR MODEL CASE OUT_DIR [accsim run options...]
       check_more_model_run.py ACCSIM MORE_DIR MODEL --refused REGEX OUT_DIR

--refused checks a model accsim cannot run yet: exit 2 before simulation, with one line that
matches REGEX (which operator is named, and why).

Exits 77 (ctest: skipped) with a message when MORE_DIR or the model's files are absent: the
models are test data outside this repository and are never copied into it."""
import os
import re
import subprocess
import sys

SKIPPED = 77


def refused(accsim, model_path, pattern, out_dir):
    result = subprocess.run([accsim, "run", "-q", "--model", model_path, "--out", out_dir],
                            capture_output=True, text=True)
    lines = (result.stdout + result.stderr).strip().splitlines()
    if result.returncode != 2 or len(lines) != 1 or not re.search(pattern, lines[0]):
        print("\n".join(lines))
        print(f"FAIL {os.path.basename(model_path)}: exit {result.returncode}, expected 2 and one "
              f"line matching {pattern!r}")
        return 1
    print(f"PASS {os.path.basename(model_path)} refused: {lines[0]}")
    return 0


def main(argv):
    if argv[4] == "--refused":
        accsim, more_dir, model, _, pattern, out_dir = argv[1:7]
        model_path = os.path.join(more_dir, model + ".tflite")
        if not os.path.isfile(model_path):
            print(f"skipped: {model_path} not found (the shared public-model test data is not "
                  "present)")
            return SKIPPED
        return refused(accsim, model_path, pattern, out_dir)
    accsim, more_dir, model, case, out_dir = argv[1:6]
    extra = argv[6:]
    model_path = os.path.join(more_dir, model + ".tflite")
    input_path = os.path.join(more_dir, "inputs", f"{model}_{case}.bin")
    expected_path = os.path.join(more_dir, "expected", f"{model}_{case}.out.bin")
    for path in (model_path, input_path, expected_path):
        if not os.path.isfile(path):
            print(f"skipped: {path} not found (the shared public-model test data is not present)")
            return SKIPPED
    result = subprocess.run([accsim, "run", "-q", "--model", model_path, "--input", input_path,
                             "--out", out_dir] + extra, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        print(f"FAIL {model} {case}: accsim exited {result.returncode}")
        return 1
    with open(os.path.join(out_dir, "output.bin"), "rb") as f:
        actual = f.read()
    with open(expected_path, "rb") as f:
        expected = f.read()
    if actual == expected:
        print(f"PASS {model} {case}: {len(actual)} output bytes equal to TFLite Micro's")
        return 0
    diffs = [i for i in range(min(len(actual), len(expected))) if actual[i] != expected[i]]
    print(f"FAIL {model} {case}: sizes {len(actual)} vs {len(expected)}, {len(diffs)} bytes "
          f"differ; first at byte offsets {diffs[:8]}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
