#!/usr/bin/python3
"""Broken models and inputs are refused before simulation: exit 2, one line naming the cause.

usage: check_malformed.py ACCSIM DESCRIPTION.json OUT_DIR

Builds a valid model, writes every broken variant of tools/tflite/tflite_malformed.py, runs
`accsim run --model` on each and on the valid model with an input of the wrong size, and checks
the exit code, that stderr is one line with the expected words, and that nothing crashed."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.join(HERE, "..", "..", "tools", "tflite")
sys.path.insert(0, TOOLS)

import tflite_malformed  # noqa: E402

# Each variant and words its one-line error must contain.
EXPECTED = {
    "truncated_file": "malformed model",
    "wrong_file_identifier": "wrong file identifier",
    "root_offset_outside_file": "malformed model",
    "vtable_offset_outside_file": "malformed model",
    "vector_offset_outside_file": "malformed model",
    "operator_tensor_index_out_of_range": "tensor index",
    "weight_buffer_smaller_than_tensor": "bytes but the tensor",
    "unknown_opcode_250": "operator 0 (unknown builtin code 250): operator not supported",
    "unsupported_op_tanh": "(TANH): operator not supported",
    "required_input_absent": "operator 0 (CONV_2D): required input 1 is absent",
    # float32 activations with the int8 weights left (a dynamic-range model): the float path
    # needs float32 weights, as TFLite Micro's does.
    "float32_model": "operator 0 (CONV_2D): filter is int8; expected float32",
    # The first operator that cannot run is named, custom ones by name; an empty ([0]) output
    # of a later two-output operator does not pre-empt it.
    "custom_op_first": 'operator 0 (CUSTOM "AccsimTestOp"): operator not supported',
    "unsupported_op_before_two_output_op": "operator 1 (TANH): operator not supported",
}


def run(accsim, args):
    return subprocess.run([accsim, "run", "-q"] + args, capture_output=True, text=True, timeout=60)


def main(argv):
    accsim, description, out_dir = argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    valid_path = os.path.join(out_dir, "valid.tflite")
    subprocess.run([sys.executable, os.path.join(TOOLS, "tflite_tool.py"), "make", description,
                    valid_path], check=True, stdout=subprocess.DEVNULL)
    with open(valid_path, "rb") as f:
        valid = f.read()
    failures = 0
    cases = []
    for name, data in tflite_malformed.variants(valid):
        path = os.path.join(out_dir, name + ".tflite")
        with open(path, "wb") as f:
            f.write(data)
        cases.append((name, ["--model", path], EXPECTED.get(name, "model")))
    wrong_input = os.path.join(out_dir, "wrong_size.bin")
    with open(wrong_input, "wb") as f:
        f.write(bytes(7))
    cases.append(("input_of_wrong_size", ["--model", valid_path, "--input", wrong_input],
                  "7 bytes, but input tensor"))
    cases.append(("missing_model", ["--model", os.path.join(out_dir, "absent.tflite")],
                  "cannot open"))
    for name, args, words in cases:
        result = run(accsim, args + ["--out", os.path.join(out_dir, "run_" + name)])
        lines = result.stderr.strip().splitlines()
        ok = result.returncode == 2 and len(lines) == 1 and words in lines[0]
        print(("PASS " if ok else "FAIL ") + f"{name}: exit {result.returncode}: " +
              " | ".join(lines))
        failures += not ok
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
