#!/usr/bin/python3
"""The variants of the recurrent and typed operators that accsim (like current TFLite Micro)
does not run are refused before simulation: exit 2, one line naming the operator and why.

usage: check_typed_refusals.py ACCSIM OUT_DIR

Builds valid generated models (tools/tflite), mutates them into each refused variant (an LSTM
with peephole, projection or layer-norm inputs, a CIFG LSTM without input-gate weights, state
tensors that are not variable, an int16 SUB, an SVDF with int16 input), runs `accsim run --model` on each
and checks the exit code and the message; the valid models must still run (exit 0)."""
import copy
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "tflite"))

import numpy as np  # noqa: E402
import tflite_writer  # noqa: E402

LSTM = {"seed": 3, "input": {"shape": [1, 4, 3], "scale": 0.02, "zero_point": 0},
        "ops": [{"op": "unidirectional_sequence_lstm", "units": 4}]}
ADD16 = {"seed": 4, "input": {"shape": [1, 8], "type": "int16", "scale": 0.001, "zero_point": 0},
         "ops": [{"op": "add", "const": {"shape": [8]}}]}
SVDF = {"seed": 5, "input": {"shape": [1, 8], "scale": 0.05, "zero_point": 0},
        "ops": [{"op": "svdf", "filters": 4, "memory": 3}]}


def lstm_with_input(slot, type_name="int8", shape=(4, 4)):
    """The LSTM with an extra constant tensor at input `slot` (peephole 9-11, projection 16-17,
    layer norm 20-23)."""
    def mutate(model):
        data = np.ones(shape, dtype={"int8": np.int8, "int16": np.int16}[type_name]).tobytes()
        t = tflite_writer.Tensor(len(model.tensors), f"extra_{slot}", list(shape), type_name, 0,
                                 data, [0.01], [0])
        model.tensors.append(t)
        model.operators[0].inputs[slot] = t.index
    return mutate


def lstm_without_input(slot):
    def mutate(model):
        model.operators[0].inputs[slot] = -1
    return mutate


def not_variable(slot):
    def mutate(model):
        model.tensors[model.operators[0].inputs[slot]].is_variable = False
    return mutate


def sub_instead_of_add(model):
    import tflite_schema as schema
    op = model.operators[0]
    op.opcode, op.builtin_code = "sub", schema.BUILTIN_CODE["sub"]


def svdf_int16(model):
    t = model.tensors[model.inputs[0]]
    t.type, t.scale, t.zero_point = "int16", [0.001], [0]


CASES = [
    ("lstm_peephole", LSTM, lstm_with_input(10, "int16", (4,)),
     "operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): input 10 is present: peephole, projection and "
     "layer-norm LSTMs are not supported"),
    ("lstm_projection", LSTM, lstm_with_input(16, "int8", (4, 4)),
     "operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): input 16 is present"),
    ("lstm_layer_norm", LSTM, lstm_with_input(21, "int16", (4,)),
     "operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): input 21 is present"),
    ("lstm_cifg", LSTM, lstm_without_input(1),
     "operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): input 1 (gate weights) is absent (CIFG is not "
     "supported)"),
    ("lstm_state_not_variable", LSTM, not_variable(19),
     "operator 0 (UNIDIRECTIONAL_SEQUENCE_LSTM): the hidden and cell states must be variable"),
    ("sub_int16", ADD16, sub_instead_of_add, "operator 0 (SUB): int16 SUB is not supported"),
    ("svdf_int16_input", SVDF, svdf_int16,
     "operator 0 (SVDF): input is int16; int8 and float32 SVDFs are supported"),
]


def run(accsim, path, out_dir):
    return subprocess.run([accsim, "run", "-q", "--model", path, "--out", out_dir],
                          capture_output=True, text=True, timeout=300)


def main(argv):
    accsim, out_dir = argv[1:3]
    os.makedirs(out_dir, exist_ok=True)
    failures = 0
    for name, desc, mutate, words in CASES:
        model = tflite_writer.build_model(desc)
        valid_path = os.path.join(out_dir, name + "_valid.tflite")
        with open(valid_path, "wb") as f:
            f.write(tflite_writer.serialize_model(model))
        mutated = copy.deepcopy(model)
        mutate(mutated)
        path = os.path.join(out_dir, name + ".tflite")
        with open(path, "wb") as f:
            f.write(tflite_writer.serialize_model(mutated))
        valid = run(accsim, valid_path, os.path.join(out_dir, "run_valid_" + name))
        result = run(accsim, path, os.path.join(out_dir, "run_" + name))
        lines = result.stderr.strip().splitlines()
        ok = (valid.returncode == 0 and result.returncode == 2 and len(lines) == 1 and
              words in lines[0])
        print(("PASS " if ok else "FAIL ") + f"{name}: valid exit {valid.returncode}, variant exit "
              f"{result.returncode}: " + " | ".join(lines))
        failures += not ok
    print(f"{len(CASES) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
