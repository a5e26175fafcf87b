#!/usr/bin/python3
"""Runs a real model of ../shared/models on accsim and checks TFLite Micro's board score.

usage: check_real_model_run.py ACCSIM MODELS_DIR MODEL.tflite INPUT.bin|zeros SCORE OUT_DIR
       [--reference OUTPUT.bin] [accsim run options...]

The score is output[1] - output[0] of output.bin (models/README.md). --reference also requires
output.bin to equal that file byte for byte: another placement's run of the same model and
input (the CPU's), as every placement must give the CPU's bytes, not just its score. Exits 77
(ctest: skipped) with a clear message when MODELS_DIR is absent: the models are test data
outside this repository."""
import os
import subprocess
import sys

SKIPPED = 77


def signed(data):
    return [b - 256 if b > 127 else b for b in data]


def main(argv):
    reference = None
    if "--reference" in argv:
        i = argv.index("--reference")
        reference = argv[i + 1]
        del argv[i:i + 2]
    accsim, models_dir, model, input_name, score, out_dir = argv[1:7]
    extra = argv[7:]
    if not os.path.isdir(models_dir):
        print(f"skipped: {models_dir} not found (the shared real-model test data is not present)")
        return SKIPPED
    command = [accsim, "run", "-q", "--model", os.path.join(models_dir, model), "--out", out_dir]
    if input_name != "zeros":
        command += ["--input", os.path.join(models_dir, "inputs", input_name)]
    result = subprocess.run(command + extra, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        print(f"FAIL: accsim exited {result.returncode}")
        return 1
    with open(os.path.join(out_dir, "output.bin"), "rb") as f:
        data = f.read()
    output = signed(data)
    actual = output[1] - output[0]
    verdict = "PASS" if actual == int(score) else "FAIL"
    print(f"{verdict} {model} {input_name}: score {actual} (board: {score}), output {output}")
    if verdict != "PASS":
        return 1
    if reference is not None:
        with open(reference, "rb") as f:
            expected = f.read()
        if data != expected:
            diffs = [i for i in range(min(len(data), len(expected))) if data[i] != expected[i]]
            print(f"FAIL {model} {input_name}: output.bin differs from {reference} "
                  f"({len(data)} vs {len(expected)} bytes; {len(diffs)} differ; first: " +
                  ", ".join(f"[{i}] {signed(data[i:i + 1])[0]} vs {signed(expected[i:i + 1])[0]}"
                            for i in diffs[:8]) + ")")
            return 1
        print(f"PASS {model} {input_name}: output.bin equals {reference} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
