"""Parses a .tflite flatbuffer into plain Python objects, checking every offset it follows.

A malformed file raises ModelFormatError with a message naming what is wrong (and where), never
an IndexError or struct.error: the tools report it and exit with status 2.
"""
import struct
from dataclasses import dataclass, field

import numpy as np

import tflite_schema as schema


class ModelFormatError(Exception):
    """The bytes are not a valid TFLite model (or use something this reader does not know)."""


@dataclass
class Tensor:
    index: int
    name: str
    shape: list
    type: str                   # "int8", "int32", "float32", ...
    buffer: int
    data: bytes = None          # constant data, or None for activations
    scale: list = field(default_factory=list)
    zero_point: list = field(default_factory=list)
    quantized_dimension: int = 0
    is_variable: bool = False   # recurrent state (SVDF, LSTM): starts at zero, kept across steps

    @property
    def dtype(self):
        return np.dtype(schema.TENSOR_TYPE[schema.TENSOR_TYPE_CODE[self.type]][1])

    @property
    def num_elements(self):
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    def array(self):
        """The constant data as a numpy array of the tensor's shape."""
        return np.frombuffer(self.data, dtype=self.dtype).reshape(self.shape)


@dataclass
class Operator:
    index: int
    opcode: str                 # lower-case builtin name, e.g. "conv_2d"
    builtin_code: int
    version: int
    inputs: list
    outputs: list
    options: dict
    custom_code: str = ""       # CUSTOM operators' name (written by tests; not read back)


@dataclass
class Model:
    version: int
    description: str
    tensors: list
    operators: list
    inputs: list
    outputs: list
    buffers: list               # bytes per buffer (b"" when empty)
    size: int = 0


class _Reader:
    """Bounds-checked access to flatbuffer tables, vectors and scalars."""

    def __init__(self, buf):
        self.buf = buf

    def _need(self, pos, size, what):
        if pos < 0 or pos + size > len(self.buf):
            raise ModelFormatError(f"{what} at byte {pos} (+{size}) is outside the file "
                                   f"({len(self.buf)} bytes)")

    def scalar(self, fmt, pos, what):
        self._need(pos, struct.calcsize(fmt), what)
        return struct.unpack_from("<" + fmt, self.buf, pos)[0]

    def table(self, pos, what):
        """Returns (table position, vtable position, vtable size) after checking both."""
        soffset = self.scalar("i", pos, what)
        vtable = pos - soffset
        vsize = self.scalar("H", vtable, f"{what} vtable")
        if vsize < 4 or vsize % 2:
            raise ModelFormatError(f"{what} vtable at byte {vtable} has a bad size {vsize}")
        self._need(vtable, vsize, f"{what} vtable")
        tsize = self.scalar("H", vtable + 2, f"{what} vtable")
        self._need(pos, max(tsize, 4), what)
        return _Table(self, pos, vtable, vsize, what)

    def indirect(self, pos, what):
        return pos + self.scalar("I", pos, what)

    def vector(self, pos, elem_size, what):
        """(first element position, length) of the vector at pos."""
        length = self.scalar("I", pos, f"{what} length")
        self._need(pos + 4, length * elem_size, what)
        return pos + 4, length


class _Table:
    def __init__(self, reader, pos, vtable, vsize, what):
        self.r, self.pos, self.vtable, self.vsize, self.what = reader, pos, vtable, vsize, what

    def _field_pos(self, slot):
        entry = 4 + 2 * slot
        if entry >= self.vsize:
            return None
        off = self.r.scalar("H", self.vtable + entry, f"{self.what} vtable")
        return self.pos + off if off else None

    def scalar(self, slot, fmt, default, name):
        pos = self._field_pos(slot)
        return default if pos is None else self.r.scalar(fmt, pos, f"{self.what}.{name}")

    def table(self, slot, name):
        pos = self._field_pos(slot)
        if pos is None:
            return None
        return self.r.table(self.r.indirect(pos, f"{self.what}.{name}"), f"{self.what}.{name}")

    def vector(self, slot, fmt, name):
        """A vector of scalars as a list ([] when absent)."""
        pos = self._field_pos(slot)
        if pos is None:
            return []
        what = f"{self.what}.{name}"
        start, n = self.r.vector(self.r.indirect(pos, what), struct.calcsize(fmt), what)
        return list(struct.unpack_from(f"<{n}{fmt}", self.r.buf, start))

    def bytes(self, slot, name):
        pos = self._field_pos(slot)
        if pos is None:
            return None
        what = f"{self.what}.{name}"
        start, n = self.r.vector(self.r.indirect(pos, what), 1, what)
        return bytes(self.r.buf[start:start + n])

    def string(self, slot, name):
        raw = self.bytes(slot, name)
        return "" if raw is None else raw.decode("utf-8", errors="replace")

    def tables(self, slot, name):
        pos = self._field_pos(slot)
        if pos is None:
            return []
        what = f"{self.what}.{name}"
        start, n = self.r.vector(self.r.indirect(pos, what), 4, what)
        return [self.r.table(self.r.indirect(start + 4 * i, f"{what}[{i}]"), f"{what}[{i}]")
                for i in range(n)]


_KIND_FORMAT = {"byte": "b", "int": "i", "float": "f"}


def _decode_options(op_table, opcode, index):
    """The builtin options of an operator as a dict, defaults filled in from the schema."""
    if opcode not in schema.BUILTIN_OPTIONS:
        return {}
    union_type, fields = schema.BUILTIN_OPTIONS[opcode]
    got_type = op_table.scalar(schema.OPERATOR["builtin_options_type"], "B", 0,
                               "builtin_options_type")
    table = op_table.table(schema.OPERATOR["builtin_options"], "builtin_options")
    if table is not None and got_type != union_type:
        raise ModelFormatError(f"operator {index} ({opcode}): builtin options of union type "
                               f"{got_type}, expected {union_type}")
    options = {}
    for name, slot, kind, default in fields:
        if table is None:
            options[name] = default
        elif kind == "int_vector":
            options[name] = table.vector(slot, "i", name) or default
        else:
            options[name] = table.scalar(slot, _KIND_FORMAT[kind], default, name)
    return options


def _check_index(value, count, what):
    if not 0 <= value < count:
        raise ModelFormatError(f"{what} {value} is out of range (0..{count - 1})")


def parse_model(buf):
    """Parses the bytes of a .tflite file. Raises ModelFormatError when malformed."""
    buf = bytes(buf)
    if len(buf) < 8:
        raise ModelFormatError(f"file too short ({len(buf)} bytes) to be a TFLite model")
    if buf[4:8] != schema.FILE_IDENTIFIER:
        raise ModelFormatError(f"file identifier is {buf[4:8]!r}, expected "
                               f"{schema.FILE_IDENTIFIER!r}: not a TFLite model")
    r = _Reader(buf)
    root = r.table(r.indirect(0, "root offset"), "Model")
    M = schema.MODEL
    version = root.scalar(M["version"], "I", 0, "version")
    if version != schema.SCHEMA_VERSION:
        raise ModelFormatError(f"schema version {version}, expected {schema.SCHEMA_VERSION}")

    buffers = []
    for i, b in enumerate(root.tables(M["buffers"], "buffers")):
        data = b.bytes(schema.BUFFER["data"], "data") or b""
        if not data and b.scalar(schema.BUFFER["offset"], "Q", 0, "offset") > 1:
            raise ModelFormatError(f"buffer {i} is stored outside the flatbuffer (>2 GB "
                                   "models are not supported)")
        buffers.append(data)

    OC = schema.OPERATOR_CODE
    opcodes = []
    for i, oc in enumerate(root.tables(M["operator_codes"], "operator_codes")):
        deprecated = oc.scalar(OC["deprecated_builtin_code"], "b", 0, "deprecated_builtin_code")
        code = max(deprecated, oc.scalar(OC["builtin_code"], "i", 0, "builtin_code"))
        name = schema.BUILTIN_NAME.get(code)
        if name is None:
            raise ModelFormatError(f"operator code {i}: unknown builtin operator {code}")
        if name == "custom":
            name = "custom:" + oc.string(OC["custom_code"], "custom_code")
        opcodes.append((name, code, oc.scalar(OC["version"], "i",
                                              schema.OPERATOR_CODE_VERSION_DEFAULT, "version")))

    subgraphs = root.tables(M["subgraphs"], "subgraphs")
    if not subgraphs:
        raise ModelFormatError("the model has no subgraph")
    sg = subgraphs[0]
    S, T, Q, O = schema.SUBGRAPH, schema.TENSOR, schema.QUANTIZATION, schema.OPERATOR

    tensors = []
    for i, t in enumerate(sg.tables(S["tensors"], "tensors")):
        type_code = t.scalar(T["type"], "b", 0, "type")
        if type_code not in schema.TENSOR_TYPE:
            raise ModelFormatError(f"tensor {i}: unknown tensor type {type_code}")
        type_name, _, elem_size = schema.TENSOR_TYPE[type_code]
        shape = t.vector(T["shape"], "i", "shape")
        if any(d < 0 for d in shape):
            raise ModelFormatError(f"tensor {i}: negative dimension in shape {shape}")
        buffer = t.scalar(T["buffer"], "I", 0, "buffer")
        _check_index(buffer, len(buffers), f"tensor {i}: buffer index")
        tensor = Tensor(i, t.string(T["name"], "name"), shape, type_name, buffer)
        tensor.is_variable = bool(t.scalar(T["is_variable"], "B", 0, "is_variable"))
        if buffers[buffer]:
            tensor.data = buffers[buffer]
            if elem_size is not None and len(tensor.data) != tensor.num_elements * elem_size:
                raise ModelFormatError(
                    f"tensor {i} ({tensor.name!r}): buffer {buffer} holds {len(tensor.data)} "
                    f"bytes, the {type_name} shape {shape} needs "
                    f"{tensor.num_elements * elem_size}")
        q = t.table(T["quantization"], "quantization")
        if q is not None:
            tensor.scale = q.vector(Q["scale"], "f", "scale")
            tensor.zero_point = q.vector(Q["zero_point"], "q", "zero_point")
            tensor.quantized_dimension = q.scalar(Q["quantized_dimension"], "i", 0,
                                                  "quantized_dimension")
        tensors.append(tensor)

    def tensor_list(values, what):
        for v in values:
            if v != -1:  # -1 marks an omitted optional input
                _check_index(v, len(tensors), f"{what}: tensor index")
        return values

    operators = []
    for i, o in enumerate(sg.tables(S["operators"], "operators")):
        opcode_index = o.scalar(O["opcode_index"], "I", 0, "opcode_index")
        _check_index(opcode_index, len(opcodes), f"operator {i}: opcode index")
        name, code, op_version = opcodes[opcode_index]
        operators.append(Operator(
            i, name, code, op_version,
            tensor_list(o.vector(O["inputs"], "i", "inputs"), f"operator {i} ({name}) input"),
            tensor_list(o.vector(O["outputs"], "i", "outputs"), f"operator {i} ({name}) output"),
            _decode_options(o, name, i)))

    return Model(version, root.string(M["description"], "description"), tensors, operators,
                 tensor_list(sg.vector(S["inputs"], "i", "inputs"), "subgraph input"),
                 tensor_list(sg.vector(S["outputs"], "i", "outputs"), "subgraph output"),
                 buffers, len(buf))


def read_model(path):
    with open(path, "rb") as f:
        return parse_model(f.read())
