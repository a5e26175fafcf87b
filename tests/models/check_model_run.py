#!/usr/bin/python3
"""Runs one generated model on accsim and compares output.bin with the numpy reference.

usage: check_model_run.py ACCSIM DESCRIPTION.json OUT_DIR [--seed N] [--expect BACKEND=N]...
                          [--stat NAME=VALUE]... [-- accsim run options]

Builds the model from its description (tools/tflite), makes the seeded test input, computes the
expected output with tflite_reference.py, runs `accsim run --model --input`, and fails unless
every output byte is equal (printing the first differences). --expect cfu=2 also requires
that many operators on that backend (model.operators_on_<backend>); --stat NAME=VALUE requires
stats.json's NAME to print as VALUE (e.g. --stat "op.000.conv_2d.supported_backends=cpu, cfu")."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "tflite"))

import tflite_reader  # noqa: E402
import tflite_reference  # noqa: E402


def main(argv):
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    seed = 1
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
        del argv[argv.index("--seed"):argv.index("--seed") + 2]
    expected_backends = {}
    while "--expect" in argv:
        i = argv.index("--expect")
        backend, count = argv[i + 1].split("=")
        expected_backends[backend] = int(count)
        del argv[i:i + 2]
    expected_stats = {}
    while "--stat" in argv:
        i = argv.index("--stat")
        name, value = argv[i + 1].split("=", 1)
        expected_stats[name] = value
        del argv[i:i + 2]
    accsim, description, out_dir = argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    name = os.path.splitext(os.path.basename(description))[0]
    model_path = os.path.join(out_dir, name + ".tflite")
    input_path = os.path.join(out_dir, name + ".input.bin")
    subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "tools", "tflite", "tflite_tool.py"),
                    "make", description, model_path], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "tools", "tflite", "tflite_tool.py"),
                    "input", model_path, "--seed", str(seed), "--output", input_path],
                   check=True, stdout=subprocess.DEVNULL)
    with open(model_path, "rb") as f:
        model = tflite_reader.parse_model(f.read())
    with open(input_path, "rb") as f:
        expected = tflite_reference.run_output(model, f.read()).tobytes()
    run_dir = os.path.join(out_dir, "run")
    result = subprocess.run([accsim, "run", "-q", "--model", model_path, "--input", input_path,
                             "--out", run_dir] + extra, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        print(f"FAIL {name}: accsim exited {result.returncode}")
        return 1
    with open(os.path.join(run_dir, "output.bin"), "rb") as f:
        actual = f.read()
    stats = json.load(open(os.path.join(run_dir, "stats.json")))
    for backend, count in expected_backends.items():
        placed = stats.get(f"model.operators_on_{backend}")
        if placed != count:
            print(f"FAIL {name}: {placed} operators on {backend}, expected {count}")
            return 1
    for stat, value in expected_stats.items():
        if str(stats.get(stat)) != value:
            print(f"FAIL {name}: {stat} is {stats.get(stat)!r}, expected {value!r}")
            return 1
    if actual == expected:
        placed = ", ".join(f"{b} {stats.get('model.operators_on_' + b, 0)}" for b in ("cpu", "cfu", "vta"))
        print(f"PASS {name}: {len(actual)} output bytes equal to the reference ({placed})")
        return 0
    diffs = [i for i in range(min(len(actual), len(expected))) if actual[i] != expected[i]]
    print(f"FAIL {name}: {len(diffs)} of {len(expected)} bytes differ (sizes {len(actual)} vs "
          f"{len(expected)}); first: " +
          ", ".join(f"[{i}] accsim {actual[i] - 256 if actual[i] > 127 else actual[i]} reference "
                    f"{expected[i] - 256 if expected[i] > 127 else expected[i]}" for i in diffs[:8]))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
