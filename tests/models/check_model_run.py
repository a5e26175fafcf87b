#!/usr/bin/python3
"""Runs one generated model on accsim and compares output.bin with the numpy reference.

usage: check_model_run.py ACCSIM DESCRIPTION.json OUT_DIR [--seed N] [--expect BACKEND=N]...
                          [--stat NAME=VALUE]... [-- accsim run options]

Builds the model from its description (tools/tflite), makes the seeded test inputs (input i from
seed + i), computes the expected outputs with tflite_reference.py, runs `accsim run --model
--input FILE...` (one --input per input tensor, in order), and fails unless every byte of every
output (output.bin, output_1.bin, ...) is equal (printing the first differences). --expect cfu=2 also requires
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
    tool = os.path.join(HERE, "..", "..", "tools", "tflite", "tflite_tool.py")
    subprocess.run([sys.executable, tool, "make", description, model_path], check=True,
                   stdout=subprocess.DEVNULL)
    with open(model_path, "rb") as f:
        model = tflite_reader.parse_model(f.read())
    # Input i from seed + i; each passed as --input FILE, in order.
    inputs, input_args = [], []
    for i in range(len(model.inputs)):
        input_path = os.path.join(out_dir, f"{name}.input{'' if i == 0 else '_' + str(i)}.bin")
        subprocess.run([sys.executable, tool, "input", model_path, "--seed", str(seed + i),
                        "--index", str(i), "--output", input_path],
                       check=True, stdout=subprocess.DEVNULL)
        with open(input_path, "rb") as f:
            inputs.append(f.read())
        input_args += ["--input", input_path]
    expected_outputs = [o.tobytes() for o in tflite_reference.run_outputs(model, inputs)]
    run_dir = os.path.join(out_dir, "run")
    result = subprocess.run([accsim, "run", "-q", "--model", model_path] + input_args +
                            ["--out", run_dir] + extra, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        print(f"FAIL {name}: accsim exited {result.returncode}")
        return 1
    actual_outputs = []
    for i in range(len(model.outputs)):
        with open(os.path.join(run_dir, "output.bin" if i == 0 else f"output_{i}.bin"), "rb") as f:
            actual_outputs.append(f.read())
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
    for i, (actual, expected) in enumerate(zip(actual_outputs, expected_outputs)):
        if actual != expected:
            diffs = [k for k in range(min(len(actual), len(expected))) if actual[k] != expected[k]]
            print(f"FAIL {name}: output {i}: {len(diffs)} of {len(expected)} bytes differ (sizes "
                  f"{len(actual)} vs {len(expected)}); first: " +
                  ", ".join(f"[{k}] accsim {actual[k] - 256 if actual[k] > 127 else actual[k]} "
                            f"reference {expected[k] - 256 if expected[k] > 127 else expected[k]}"
                            for k in diffs[:8]))
            return 1
    placed = ", ".join(f"{b} {stats.get('model.operators_on_' + b, 0)}" for b in ("cpu", "cfu", "vta"))
    sizes = " + ".join(str(len(a)) for a in actual_outputs)
    print(f"PASS {name}: {sizes} output bytes ({len(actual_outputs)} output"
          f"{'s' if len(actual_outputs) > 1 else ''}) equal to the reference ({placed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
