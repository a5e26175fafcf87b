#!/usr/bin/python3
"""Every test model description makes a model that the reader parses back and the reference
runs, byte-identically on a second build, with every op's output non-constant (neither all
saturated nor all zero) on the deterministic input of seed 1. One line per description.

  tools/tflite/check_writer_roundtrip.py [DESCRIPTIONS_DIR]   (default: tests/models)
"""
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

import tflite_reader  # noqa: E402
import tflite_reference  # noqa: E402
import tflite_writer  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_MODEL_BYTES = 200 * 1024
MAX_MACS = 5_000_000


def check(path):
    desc = tflite_writer.load_description(path)
    data = tflite_writer.serialize_model(tflite_writer.build_model(desc))
    if data != tflite_writer.serialize_model(tflite_writer.build_model(desc)):
        return "two builds differ"
    if len(data) > MAX_MODEL_BYTES:
        return f"model is {len(data)} bytes (limit {MAX_MODEL_BYTES})"
    model = tflite_reader.parse_model(data)
    if len(model.operators) != len(desc["ops"]):
        return f"{len(model.operators)} operators read back, {len(desc['ops'])} described"
    macs = sum(tflite_reference.op_macs(model, op) for op in model.operators)
    if macs > MAX_MACS:
        return f"{macs} MACs (limit {MAX_MACS})"
    inputs = [tflite_writer.deterministic_tensor_input(model.tensors[t].type,
                                                       model.tensors[t].num_elements, 1 + i)
              for i, t in enumerate(model.inputs)]
    values = tflite_reference.run_model(model, inputs)
    for op in model.operators:
        out = values[op.outputs[0]]
        if out.size > 1 and np.all(out == out.flat[0]):
            return f"op {op.index} ({op.opcode}) output is constant {out.flat[0]}"
    return None


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(REPO, "tests", "models")
    paths = sorted(glob.glob(os.path.join(folder, "*.json")))
    if not paths:
        print(f"no descriptions in {folder}")
        return 1
    failures = 0
    for path in paths:
        try:
            problem = check(path)
        except Exception as e:  # report every description, whatever breaks
            problem = f"{type(e).__name__}: {e}"
        failures += problem is not None
        print(f"{'FAIL' if problem else 'ok  '} {os.path.basename(path)}"
              + (f": {problem}" if problem else ""))
    print(f"{len(paths) - failures}/{len(paths)} descriptions round-trip")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
