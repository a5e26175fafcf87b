#!/usr/bin/python3
"""One command line for the TFLite host tooling (exit 0 ok, 2 bad input).

  tflite_tool.py make DESC.json OUT.tflite            build a model from a description
  tflite_tool.py run MODEL.tflite [--input [NAME=|INDEX=]IN.bin]... --output OUT.bin
                                                      run the reference: every output written
                                                      (OUT.bin output 0, OUT_1.bin, ...)
  tflite_tool.py describe MODEL.tflite                ops, shapes, quantisation, MACs per op
  tflite_tool.py input MODEL.tflite --seed N [--index I] --output IN.bin
                                                      deterministic input bytes for tests
  tflite_tool.py malformed VALID.tflite OUTDIR        write deliberately broken variants
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

import tflite_malformed  # noqa: E402
import tflite_reader  # noqa: E402
import tflite_reference  # noqa: E402
import tflite_schema as schema  # noqa: E402
import tflite_writer  # noqa: E402

EXIT_BAD_INPUT = 2


class BadInput(Exception):
    pass


def _read_bytes(path, what):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise BadInput(f"{path}: cannot read the {what}: {e.strerror}") from e


def _load_model(path):
    try:
        return tflite_reader.parse_model(_read_bytes(path, "model"))
    except tflite_reader.ModelFormatError as e:
        raise BadInput(f"{path}: malformed model: {e}") from e


def _write(path, data):
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise BadInput(f"{path}: cannot write: {e.strerror}") from e


def cmd_make(args):
    try:
        desc = tflite_writer.load_description(args.description)
        data = tflite_writer.serialize_model(tflite_writer.build_model(desc))
    except OSError as e:
        raise BadInput(f"{args.description}: cannot read the description: {e.strerror}") from e
    except (tflite_writer.DescriptionError, tflite_reference.UnsupportedModelError) as e:
        raise BadInput(f"{args.description}: {e}") from e
    _write(args.out, data)
    print(f"wrote {args.out} ({len(data)} bytes)")


def _split_input(text):
    """[NAME=|INDEX=]FILE as accsim run reads it: (NAME or INDEX or "", FILE)."""
    head, eq, tail = text.partition("=")
    if not eq or not head or "/" in head or os.path.exists(text):
        return "", text
    return head, tail


def _assign_inputs(model, texts):
    """One entry per input tensor (None: zeros) from --input FILE / NAME=FILE / INDEX=FILE."""
    inputs, given, following = [None] * len(model.inputs), [None] * len(model.inputs), 0
    names = [model.tensors[i].name for i in model.inputs]
    for text in texts or []:
        key, path = _split_input(text)
        if not key:
            index, following = following, following + 1
            if index >= len(model.inputs):
                raise BadInput(f"{path}: the model has only {len(model.inputs)} input tensors")
        elif key.isdigit():
            index = int(key)
            if index >= len(model.inputs):
                raise BadInput(f"{text}: there is no input {key} (the model has "
                               f"{len(model.inputs)})")
        elif key in names:
            index = names.index(key)
        else:
            raise BadInput(f"{text}: no input tensor is named {key!r} (the inputs: "
                           f"{', '.join(repr(n) for n in names)})")
        if given[index] is not None:
            raise BadInput(f"{path}: input {index} is already given ({given[index]})")
        given[index], inputs[index] = path, _read_bytes(path, "input")
    return inputs


def output_path(path, i):
    """OUT.bin for output 0, OUT_<i>.bin for the others."""
    stem, ext = os.path.splitext(path)
    return path if i == 0 else f"{stem}_{i}{ext}"


def cmd_run(args):
    model = _load_model(args.model)
    inputs = _assign_inputs(model, args.input)
    try:
        outs = tflite_reference.run_outputs(model, inputs)
    except tflite_reference.UnsupportedModelError as e:
        raise BadInput(f"{args.model}: unsupported model: {e}") from e
    except ValueError as e:
        raise BadInput(f"{' '.join(args.input or [])}: {e}") from e
    for i, out in enumerate(outs):
        _write(output_path(args.output, i), out.tobytes())
        t = model.tensors[model.outputs[i]]
        label = "output" if len(outs) == 1 else f"output {i} {t.name!r}"
        values = out if out.dtype.kind == "f" else out.astype(int)
        print(f"{label} ({'x'.join(map(str, t.shape))} {t.type}):",
              " ".join(str(v) for v in values))
        top = np.argsort(-values, kind="stable")[:3]
        real = (lambda v: "") if out.dtype.kind == "f" or not t.scale else (
            lambda v: f" ({t.scale[0] * (v - (t.zero_point[0] if t.zero_point else 0)):.4f})")
        print("top-3:", ", ".join(f"[{k}]={values[k]}{real(values[k])}" for k in top))


def _quant(t):
    if not t.scale:
        return ""
    if len(t.scale) == 1:
        return f" scale {t.scale[0]:.6g} zp {t.zero_point[0] if t.zero_point else 0}"
    return (f" {len(t.scale)} scales on dim {t.quantized_dimension} "
            f"[{min(t.scale):.3g}..{max(t.scale):.3g}]")


def cmd_describe(args):
    model = _load_model(args.model)
    print(f"{args.model}: {model.size} bytes, schema version {model.version}, "
          f"{len(model.tensors)} tensors, {len(model.operators)} operators")
    for name, indices in (("input", model.inputs), ("output", model.outputs)):
        for i in indices:
            t = model.tensors[i]
            print(f"  {name} {i} {t.name!r} {t.type} {t.shape}{_quant(t)}")
    total = 0
    for op in model.operators:
        macs = tflite_reference.op_macs(model, op)
        total += macs
        opts = " ".join(f"{k}={_option_text(k, v)}" for k, v in op.options.items())
        print(f"op {op.index} {op.opcode} v{op.version} {opts}  MACs {macs}")
        for role, indices in (("in", op.inputs), ("out", op.outputs)):
            for i in indices:
                if i < 0:
                    continue
                t = model.tensors[i]
                kind = "const" if t.data is not None else "act"
                print(f"    {role} {i} {t.type} {t.shape} {kind}{_quant(t)}")
    print(f"total MACs {total}")


def _option_text(key, value):
    if key == "padding":
        return schema.PADDING.get(value, value)
    if key == "fused_activation_function":
        return schema.ACTIVATION.get(value, value)
    return value


def cmd_input(args):
    model = _load_model(args.model)
    if not 0 <= args.index < len(model.inputs):
        raise BadInput(f"{args.model}: no input {args.index} (the model has {len(model.inputs)})")
    t = model.tensors[model.inputs[args.index]]
    try:
        data = tflite_writer.deterministic_tensor_input(t.type, t.num_elements, args.seed)
    except tflite_writer.DescriptionError as e:
        raise BadInput(f"{args.model}: {e}") from e
    _write(args.output, data)
    print(f"wrote {args.output} ({len(data)} bytes, seed {args.seed})")


def cmd_malformed(args):
    valid = _read_bytes(args.model, "model")
    try:
        tflite_reader.parse_model(valid)
    except tflite_reader.ModelFormatError as e:
        raise BadInput(f"{args.model}: not a valid model to start from: {e}") from e
    os.makedirs(args.outdir, exist_ok=True)
    for name, data in tflite_malformed.variants(valid):
        path = os.path.join(args.outdir, name + ".tflite")
        _write(path, data)
        print(f"wrote {path} ({len(data)} bytes)")


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tflite_tool.py", description=__doc__.split("\n")[0],
        epilog="Exit status: 0 ok, 2 bad input (unreadable, malformed or unsupported).",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("make", help="build a .tflite from a JSON description")
    p.add_argument("description")
    p.add_argument("out")
    p.set_defaults(func=cmd_make)
    p = sub.add_parser("run", help="run the int8 reference on a model")
    p.add_argument("model")
    p.add_argument("--input", action="append",
                   help="[NAME=|INDEX=]FILE: an input tensor's bytes, once per input (default: "
                        "all zeros)")
    p.add_argument("--output", required=True,
                   help="where to write output tensor 0's bytes (output i: OUT_i.bin)")
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("describe", help="print ops, shapes, quantisation and MACs")
    p.add_argument("model")
    p.set_defaults(func=cmd_describe)
    p = sub.add_parser("input", help="write deterministic input bytes for a model")
    p.add_argument("model")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--index", type=int, default=0, help="which input tensor (default 0)")
    p.add_argument("--output", required=True)
    p.set_defaults(func=cmd_input)
    p = sub.add_parser("malformed", help="write broken variants of a valid model")
    p.add_argument("model")
    p.add_argument("outdir")
    p.set_defaults(func=cmd_malformed)
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except BadInput as e:
        print(f"tflite_tool.py {args.command}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
