#!/usr/bin/python3
"""Runs a real model of ../shared/models on accsim and checks TFLite Micro's board score.

usage: check_real_model_run.py ACCSIM MODELS_DIR MODEL.tflite INPUT.bin|zeros SCORE OUT_DIR
       [accsim run options...]

The score is output[1] - output[0] of output.bin (models/README.md). Exits 77 (ctest: skipped)
with a clear message when MODELS_DIR is absent: the models are test data outside this repository."""
import os
import subprocess
import sys

SKIPPED = 77


def main(argv):
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
        output = [b - 256 if b > 127 else b for b in f.read()]
    actual = output[1] - output[0]
    verdict = "PASS" if actual == int(score) else "FAIL"
    print(f"{verdict} {model} {input_name}: score {actual} (board: {score}), output {output}")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
