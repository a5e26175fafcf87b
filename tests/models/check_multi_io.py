#!/usr/bin/python3
"""Multi-input, multi-output model runs, on a generated model with two inputs and three outputs
(int8 softmax scores, a float32 DEQUANTIZE and an int8 tensor another operator also reads):

- tflite_tool.py run takes --input once per input (FILE in order, NAME=FILE, INDEX=FILE) and
  writes every output (OUT.bin, OUT_1.bin, ...); any way of naming the inputs gives one result.
- accsim run --input NAME=FILE / INDEX=FILE writes output.bin, output_1.bin, output_2.bin equal to
  the reference, outputs.json with each output's name, type, shape and quantisation, lists them
  in manifest.json, and prints each output's values and top-3 with dequantised values.
- An input not given is zeros (as the reference's None); --input replaces the config's inputs.
- Bad --input: an unknown name, an index beyond the inputs, an input given twice, more files than
  inputs: exit 2 and one line naming the cause, before simulation.

usage: check_multi_io.py ACCSIM DESCRIPTION.json OUT_DIR"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.join(HERE, "..", "..", "tools", "tflite")
TOOL = os.path.join(TOOLS, "tflite_tool.py")
sys.path.insert(0, TOOLS)

import tflite_reader  # noqa: E402
import tflite_reference  # noqa: E402


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def tool(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), check=True, capture_output=True,
                          text=True).stdout


def read(path):
    with open(path, "rb") as f:
        return f.read()


def check_tool_run(model_path, inputs, expected, out_dir):
    """The host tool: positional, by name and by index (reversed) all give the reference."""
    names = ["input", "offsets"]
    for label, args in (("in order", ["--input", inputs[0], "--input", inputs[1]]),
                        ("by name", ["--input", f"{names[1]}={inputs[1]}",
                                     "--input", f"{names[0]}={inputs[0]}"]),
                        ("by index", ["--input", f"1={inputs[1]}", "--input", f"0={inputs[0]}"])):
        out = os.path.join(out_dir, f"tool_{label.replace(' ', '_')}.bin")
        text = tool("run", model_path, *args, "--output", out)
        for i, want in enumerate(expected):
            path = out if i == 0 else out[:-4] + f"_{i}.bin"
            if read(path) != want:
                fail(f"tflite_tool.py run ({label}): output {i} differs from the reference")
        if not re.search(r"^output 1 'sum_real' \(1x8x8x4 float32\):", text, re.M):
            fail(f"tflite_tool.py run ({label}) does not print output 1:\n{text}")


def accsim_run(accsim, model_path, run_dir, inputs):
    args = [accsim, "run", "--model", model_path, "--out", run_dir]
    for spec in inputs:
        args += ["--input", spec]
    return subprocess.run(args, capture_output=True, text=True)


def check_accsim_run(accsim, model, model_path, inputs, expected, out_dir):
    run_dir = os.path.join(out_dir, "run")
    result = accsim_run(accsim, model_path, run_dir, [f"offsets={inputs[1]}", f"0={inputs[0]}"])
    if result.returncode != 0:
        fail(f"accsim exited {result.returncode}:\n{result.stdout}{result.stderr}")
    files = ["output.bin", "output_1.bin", "output_2.bin"]
    for i, (name, want) in enumerate(zip(files, expected)):
        if read(os.path.join(run_dir, name)) != want:
            fail(f"{name} (output {i}) differs from the reference")
    described = json.load(open(os.path.join(run_dir, "outputs.json")))["outputs"]
    want = []
    for i, index in enumerate(model.outputs):
        t = model.tensors[index]
        entry = {"index": i, "file": files[i], "tensor": index, "name": t.name, "type": t.type,
                 "shape": t.shape, "bytes": t.num_elements * t.dtype.itemsize}
        if t.scale:
            entry["quantization"] = {"scale": t.scale, "zero_point": t.zero_point}
        want.append(entry)
    if described != want:
        fail(f"outputs.json is {described}, expected {want}")
    manifest = json.load(open(os.path.join(run_dir, "manifest.json")))["files"]
    for name in files + ["outputs.json"]:
        if name not in manifest:
            fail(f"manifest.json does not list {name}: {manifest}")
    for pattern in (r'^output 0 "scores" \(1x8x8x6 int8\): -?\d+ .* \.\.\. \(384 values\)$',
                    r'^  top-3: \[\d+\] 127 \(0\.9961\) \[\d+\] 127 \(0\.9961\)',
                    r'^output 1 "sum_real" \(1x8x8x4 float32\): ',
                    r'^output 2 "features" \(1x8x8x6 int8\): ',
                    r'^  top-3: \[\d+\] -?\d+ \(-?\d+\.\d{4}\) \[\d+\] -?\d+ \(-?\d+\.\d{4}\)'):
        if not re.search(pattern, result.stdout, re.M):
            fail(f"the console has no line matching {pattern!r}:\n{result.stdout}")
    # The command line's inputs replace the config's (a wrong-sized workload.input is not read).
    run_dir = os.path.join(out_dir, "run_config_input_replaced")
    result = subprocess.run([accsim, "run", "-q", "--model", model_path, "--out", run_dir,
                             "--set", f"workload.input={json.dumps(model_path)}",
                             "--input", inputs[0], "--input", inputs[1]],
                            capture_output=True, text=True)
    if result.returncode != 0 or read(os.path.join(run_dir, "output.bin")) != expected[0]:
        fail(f"--input did not replace the config's workload.input (exit {result.returncode}):\n"
             f"{result.stderr}")
    # Input 1 not given: zeros, as the reference's None.
    run_dir = os.path.join(out_dir, "run_one_input")
    result = accsim_run(accsim, model_path, run_dir, [inputs[0]])
    if result.returncode != 0:
        fail(f"accsim with one input exited {result.returncode}:\n{result.stderr}")
    zeros = [o.tobytes() for o in tflite_reference.run_outputs(model, [read(inputs[0]), None])]
    if [read(os.path.join(run_dir, f)) for f in files] != zeros:
        fail("with input 1 not given, the outputs are not the reference's for zeros")


def check_refusals(accsim, model_path, inputs, out_dir):
    cases = (([f"scores={inputs[0]}"],
              r'^input scores=.*: no input tensor is named "scores" \(the inputs: "input", '
              r'"offsets"\)$'),
             ([f"2={inputs[0]}"], r"^input 2=.*: there is no input 2 \(the model has 2\)$"),
             ([inputs[0], f"0={inputs[0]}"], r"^input .*: input 0 is already given \(.*\)$"),
             ([inputs[0], inputs[1], inputs[1]], r"^input .*: the model has only 2 input tensors$"),
             ([f"1={model_path}"],
              r"^input .*: \d+ bytes, but input tensor 1 \(1x8x8x4 int8\) takes 256$"))
    for specs, pattern in cases:
        result = accsim_run(accsim, model_path, os.path.join(out_dir, "refused"), specs)
        lines = (result.stdout + result.stderr).strip().splitlines()
        if result.returncode != 2 or len(lines) != 1 or not re.search(pattern, lines[0]):
            fail(f"--input {' --input '.join(specs)}: exit {result.returncode}, output {lines}; "
                 f"expected exit 2 and one line matching {pattern!r}")


def main(argv):
    accsim, description, out_dir = argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    model_path = os.path.join(out_dir, "multi_io.tflite")
    tool("make", description, model_path)
    model = tflite_reader.read_model(model_path)
    if len(model.inputs) != 2 or len(model.outputs) != 3:
        fail(f"{description}: expected 2 inputs and 3 outputs")
    inputs = []
    for i in range(2):
        path = os.path.join(out_dir, f"input_{i}.bin")
        tool("input", model_path, "--seed", str(5 + i), "--index", str(i), "--output", path)
        inputs.append(path)
    expected = [o.tobytes() for o in
                tflite_reference.run_outputs(model, [read(p) for p in inputs])]
    check_tool_run(model_path, inputs, expected, out_dir)
    check_accsim_run(accsim, model, model_path, inputs, expected, out_dir)
    check_refusals(accsim, model_path, inputs, out_dir)
    print("PASS: two inputs by order, name and index; three outputs written, described and "
          "printed; missing input zeros; bad --input refused")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
