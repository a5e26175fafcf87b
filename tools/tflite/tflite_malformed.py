"""Deliberately broken variants of a valid .tflite, one per class of defect, for testing that a
model loader rejects each with a clear error instead of crashing or reading out of bounds.

Byte-level defects patch the valid file in place (offsets found with the reader's own table
walker); semantic defects edit the parsed model and re-serialise it with the writer. An input
.bin of the wrong size is not a model defect: the caller checks it.
"""
import copy
import struct

import tflite_reader
import tflite_schema as schema
import tflite_writer

UNKNOWN_BUILTIN_CODE = 250          # beyond every BuiltinOperator value
UNSUPPORTED_BUILTIN = "tanh"        # a real op the int8 interpreter does not implement


def _patch_u32(data, pos, value, signed=False):
    out = bytearray(data)
    struct.pack_into("<i" if signed else "<I", out, pos, value)
    return bytes(out)


def _root(data):
    r = tflite_reader._Reader(data)
    return r.table(r.indirect(0, "root"), "Model")


def _byte_variants(valid):
    size = len(valid)
    root = _root(valid)
    buffers_field = root._field_pos(schema.MODEL["buffers"])
    return [
        ("truncated_file", valid[:size // 2]),
        ("wrong_file_identifier", valid[:4] + b"XXXX" + valid[8:]),
        ("root_offset_outside_file", _patch_u32(valid, 0, size + 1000)),
        # the root table's signed vtable offset made to point past the end of the file
        ("vtable_offset_outside_file", _patch_u32(valid, root.pos, root.pos - size - 64, True)),
        ("vector_offset_outside_file",
         _patch_u32(valid, buffers_field, size + 4096 - buffers_field)),
    ]


def _first_weight_tensor(model):
    for op in model.operators:
        for i in op.inputs[1:]:
            if i >= 0 and model.tensors[i].data:
                return model.tensors[i]
    raise ValueError("the model has no constant weight tensor to shrink")


def _semantic_variants(valid):
    model = tflite_reader.parse_model(valid)

    def edited(edit):
        m = copy.deepcopy(model)
        edit(m)
        return tflite_writer.serialize_model(m)

    def bad_tensor_index(m):
        m.operators[0].inputs[0] = len(m.tensors) + 5

    def short_weights(m):
        t = m.tensors[_first_weight_tensor(m).index]
        t.data = t.data[:-1]

    def unknown_opcode(m):
        m.operators[0].builtin_code, m.operators[0].opcode = UNKNOWN_BUILTIN_CODE, "unknown"

    def unsupported_op(m):
        m.operators[0].builtin_code = schema.BUILTIN_CODE[UNSUPPORTED_BUILTIN]
        m.operators[0].opcode = UNSUPPORTED_BUILTIN

    def absent_filter(m):
        # -1 marks an absent optional input; the filter of a convolution is not optional.
        m.operators[0].inputs[1] = -1

    def custom_op_first(m):
        m.operators[0].builtin_code = schema.BUILTIN_CODE["custom"]
        m.operators[0].opcode, m.operators[0].custom_code = "custom", "AccsimTestOp"

    def unsupported_op_before_two_output_op(m):
        # Operator 1 cannot run; the last one has a second output of shape [0] (as an LSTM's
        # intermediates): neither the shape nor the output count may pre-empt operator 1.
        m.operators[1].builtin_code = schema.BUILTIN_CODE[UNSUPPORTED_BUILTIN]
        m.operators[1].opcode = UNSUPPORTED_BUILTIN
        empty = copy.deepcopy(m.tensors[m.operators[-1].outputs[0]])
        empty.index, empty.name, empty.shape = len(m.tensors), "empty", [0]
        m.tensors.append(empty)
        m.operators[-1].outputs.append(empty.index)

    def float32(m):
        for t in m.tensors:
            if t.data is None:
                t.type, t.scale, t.zero_point = "float32", [], []

    return [
        ("operator_tensor_index_out_of_range", edited(bad_tensor_index)),
        ("weight_buffer_smaller_than_tensor", edited(short_weights)),
        (f"unknown_opcode_{UNKNOWN_BUILTIN_CODE}", edited(unknown_opcode)),
        (f"unsupported_op_{UNSUPPORTED_BUILTIN}", edited(unsupported_op)),
        ("required_input_absent", edited(absent_filter)),
        ("float32_model", edited(float32)),
        ("custom_op_first", edited(custom_op_first)),
        ("unsupported_op_before_two_output_op", edited(unsupported_op_before_two_output_op)),
    ]


def variants(valid):
    """[(name, bytes)] for a valid model's bytes; names say what is broken."""
    return _byte_variants(valid) + _semantic_variants(valid)
