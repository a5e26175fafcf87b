#!/usr/bin/python3
"""Checks the numpy reference against the scores TFLite Micro gives on the board for the real
seed models (CFU-Playground's pdti8 and mnv2, docs/models.md): one line per case, exit 1 on any mismatch.

  tools/tflite/check_real_models.py [MODELS_DIR]     (default: ../shared/models from the repo)

When the folder is absent it prints "skipped: ... not found" and exits 0 (the models are not
part of the repository).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tflite_reader  # noqa: E402
import tflite_reference  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def default_models_dir():
    """../shared/models beside the repository; for a git worktree, beside its main checkout."""
    candidates = [REPO]
    git = os.path.join(REPO, ".git")
    if os.path.isfile(git):  # a worktree: "gitdir: <main>/.git/worktrees/<name>"
        with open(git) as f:
            gitdir = f.read().strip().partition("gitdir:")[2].strip()
        candidates.append(os.path.dirname(os.path.dirname(os.path.dirname(gitdir))))
    for root in candidates:
        path = os.path.join(os.path.dirname(root), "shared", "models")
        if os.path.isdir(path):
            return path
    return os.path.join(os.path.dirname(REPO), "shared", "models")

# (model file, input file or None for all zeros, expected output[1] - output[0])
CASES = [
    ("pdti8.tflite", None, -144),
    ("pdti8.tflite", "pdti8_no_person.bin", 50),
    ("pdti8.tflite", "pdti8_person.bin", 226),
    ("mnv2_160_035.tflite", "mnv2_input_00001_7281.bin", -148),
    ("mnv2_160_035.tflite", "mnv2_input_00001_7425.bin", 68),
    ("mnv2_160_035.tflite", "mnv2_input_00002_2532.bin", -112),
    ("mnv2_160_035.tflite", "mnv2_input_00002_25869.bin", 134),
    ("mnv2_160_035.tflite", "mnv2_input_00004_970.bin", 128),
]


def main(argv):
    models_dir = argv[1] if len(argv) > 1 else default_models_dir()
    if not os.path.isdir(models_dir):
        print(f"skipped: real models folder {models_dir} not found")
        return 0
    failures = 0
    models = {}
    for model_file, input_file, expected in CASES:
        path = os.path.join(models_dir, model_file)
        if model_file not in models:
            models[model_file] = tflite_reader.read_model(path)
        data = None
        if input_file:
            with open(os.path.join(models_dir, "inputs", input_file), "rb") as f:
                data = f.read()
        start = time.perf_counter()
        out = tflite_reference.run_output(models[model_file], data).astype(int)
        seconds = time.perf_counter() - start
        score = int(out[1] - out[0])
        ok = score == expected
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {model_file} {input_file or 'zeros'}: "
              f"score {score} expected {expected} ({seconds:.2f} s)")
    print(f"{len(CASES) - failures}/{len(CASES)} real-model scores match")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
