"""Builds int8 .tflite models from short descriptions (JSON file or dict).

Description (a sequential graph; each op reads the previous op's output unless it names its
inputs, and its output tensor is called "name", default "t<index>"; the model input is "input"):

    {"seed": 7,
     "input": {"shape": [1, 12, 12, 3], "scale": 0.05, "zero_point": -3},
     "ops": [
       {"op": "conv_2d", "filters": 8, "kernel": [3, 3], "stride": [2, 2], "padding": "same",
        "activation": "relu6", "per_channel": true},
       {"op": "add", "const": {"shape": [1, 1, 1, 8]}, "activation": "relu"},
       {"op": "softmax", "beta": 1.0}]}

Op fields (defaults in brackets):
  conv_2d            filters, kernel [1,1], stride [1,1], dilation [1,1], padding ["same"],
                     activation ["none"], per_channel [true], bias [true]
  depthwise_conv_2d  multiplier [1], kernel, stride, dilation, padding, activation, per_channel, bias
  fully_connected    units, per_channel [false], bias [true], activation
  add, sub, mul, div inputs [prev, NAME] or const {"shape": [...]}, activation
  average_pool_2d, max_pool_2d   filter [2,2], stride [2,2], padding ["valid"], activation
  mean               axes [1,2], keep_dims [true]
  pad                paddings [[0,0],[1,1],[1,1],[0,0]]
  reshape            shape
  concatenation      inputs (names), axis [-1]
  softmax            beta [1.0]
  quantize           output (required: the new scale and zero point; "type" int8 [default] or
                     uint8)
  dequantize         (float32 output)
  strided_slice      begin [0...], end [input shape], strides [1...], begin_mask, end_mask,
                     shrink_axis_mask, ellipsis_mask, new_axis_mask, offset [0] (output shape
                     from TFLM's rule)
  logistic           (output scale 1/256, zero point -128 unless "output" says otherwise)
  resize_nearest_neighbor  size [height, width], align_corners [false], half_pixel_centers [false]
  resize_bilinear    size [height, width], align_corners [false] or half_pixel_centers [false]
  tile               multiples
  transpose          perm
  maximum, minimum   inputs [prev, NAME] or const {"shape": [...]} (broadcast); one quantisation
  leaky_relu         alpha [0.2]
  pack               inputs (names), axis [0]
  shape              (int32 output)
  prelu              alpha {"shape": [...]} (constant int8, broadcast; default [channels])
  reduce_max         axes [1,2], keep_dims [false]
  cast               to: int32 [default], int8, uint8 or float32
The input may set "type": int8 [default], uint8, int16 or float32 (no scale or zero point). "input" may
be a list: one graph input each, named by "name" (default "input", then "input_1", ...). The
top-level "outputs" lists the graph's output tensors by name (default: the last op's output).
  svdf               filters [8], rank [1], memory [4], state_type int16 [default] or int8,
                     state_zero_point [0] (int8 state); int8 in and out, a variable state;
                     a float32 input makes the float SVDF (activation [none])
  unidirectional_sequence_lstm   units, time_major [false], cell_clip [0.0],
                     cell_scale_power [-12], hidden {"scale", "zero_point"} [1/128, 0]
                     (int8 rank-3 input; the output is quantised as the hidden state)
Int16 inputs make add and mul 16x8 ops (an int16 const operand), depthwise_conv_2d (int64 bias)
and the pools (output quantised as the input).
Float32 inputs make fully_connected, conv_2d, depthwise_conv_2d (float weights and bias),
add/sub/mul (a float const operand), the pools, softmax and logistic float32 ops; int16 inputs make conv_2d and fully_connected 16x8 ops (int16 output,
zero point 0, an int64 bias or "bias_type": "int32"). quantize's output "type" may also be
int16 or int32; softmax may set "output_type": "int16" (zero point -32768).
Every op may set "output": {"scale": S, "zero_point": Z} or "output": {"like": NAME}. Without
it the scale is calibrated: the op's real-valued result on the deterministic input of seed 0 is
computed in float and the int8 range is fitted to it (so outputs neither saturate nor vanish);
pools, pad, reshape, mean and concatenation keep their input's quantisation.

Weights are int8 symmetric (per output channel or per tensor), biases int32 with scale
input_scale * weight_scale; all drawn from numpy's RandomState(seed + op index), which is the
same on every machine, so identical descriptions give byte-identical models.
"""
import json

import flatbuffers
import numpy as np

import tflite_reference as ref
import tflite_schema as schema
from tflite_reader import Model, Operator, Tensor

CALIBRATION_SEED = 0


class DescriptionError(Exception):
    """The description is malformed or asks for something the writer cannot build."""


def deterministic_input(num_bytes, seed):
    """The test input convention: uniform int8 bytes from RandomState(seed)."""
    return np.random.RandomState(seed).randint(-128, 128, size=num_bytes).astype(np.int8).tobytes()


def deterministic_tensor_input(type_name, count, seed):
    """Test input bytes for a tensor of `count` elements: int8 and uint8 take the int8 bytes
    above; float32 takes multiples of 1/256 in [-8, 8) (exact in float32, so the quotients of
    QUANTIZE hit rounding ties and saturate for small scales)."""
    if type_name == "float32":
        grid = np.random.RandomState(seed).randint(-2048, 2048, size=count)
        return (grid / 256.0).astype("<f4").tobytes()
    if type_name in ("int8", "uint8"):
        return deterministic_input(count, seed)
    if type_name == "int16":
        return np.random.RandomState(seed).randint(-32768, 32768, size=count).astype(
            "<i2").tobytes()
    raise DescriptionError(f"no test input convention for {type_name} tensors")


# ---- building the in-memory model ----

class _Graph:
    def __init__(self, seed):
        self.seed = seed
        self.tensors, self.operators, self.names, self.values = [], [], {}, {}
        self.inputs, self.outputs = [], None

    def tensor(self, name, shape, type_name="int8", data=None, scale=None, zero_point=None,
               quantized_dimension=0):
        t = Tensor(len(self.tensors), name, [int(d) for d in shape], type_name, 0, data,
                   [float(np.float32(s)) for s in (scale or [])],
                   [int(z) for z in (zero_point or [])], quantized_dimension)
        self.tensors.append(t)
        if data is not None:
            self.values[t.index] = t.array()
        return t

    def const(self, name, array, type_name, **quant):
        return self.tensor(name, array.shape, type_name, np.ascontiguousarray(array).tobytes(),
                           **quant)

    def model(self):
        outputs = self.outputs or ([self.operators[-1].outputs[0]] if self.operators else [0])
        return Model(schema.SCHEMA_VERSION, "", self.tensors, self.operators, self.inputs or [0],
                     outputs, [])


def _pair(v, default):
    v = default if v is None else v
    return [int(v), int(v)] if isinstance(v, (int, float)) else [int(x) for x in v]


def _fit_quantization(real):
    """int8 scale and zero point covering real's range (and 0, which must be exact)."""
    lo, hi = min(0.0, float(np.min(real))), max(0.0, float(np.max(real)))
    scale = (hi - lo) / 255.0 or 1e-3
    zp = int(np.clip(round(-128 - lo / scale), -128, 127))
    return float(np.float32(scale)), zp


def _fit_quantization_int16(real):
    """Symmetric int16 scale (zero point 0, as TFLite's 16x8 activations) covering real."""
    top = max(abs(float(np.min(real))), abs(float(np.max(real))))
    return float(np.float32(top / 32767.0 or 1e-4)), 0


_ACTIVATION_CLIP = {"none": (-np.inf, np.inf), "relu": (0, np.inf), "relu6": (0, 6),
                    "relu_n1_to_1": (-1, 1)}


def _real(graph, t):
    return (graph.values[t.index].astype(np.float64) - ref._zero_point(t)) * t.scale[0]


class _Builder:
    def __init__(self, desc):
        self.desc = desc
        self.g = _Graph(int(desc.get("seed", 1)))
        specs = desc.get("input") or {}
        specs = specs if isinstance(specs, list) else [specs]
        for i, spec in enumerate(specs):
            where = "input" if len(specs) == 1 else f"input[{i}]"
            if not isinstance(spec, dict) or "shape" not in spec:
                raise DescriptionError(f"{where}: a shape is required")
            type_name = spec.get("type", "int8")
            if type_name not in ("int8", "uint8", "int16", "float32"):
                raise DescriptionError(
                    f"{where}: type {type_name!r} (int8, uint8, int16, float32 are built)")
            quant = {} if type_name == "float32" else dict(scale=[spec.get("scale", 0.02)],
                                                          zero_point=[spec.get("zero_point", 0)])
            name = spec.get("name", "input" if i == 0 else f"input_{i}")
            if name in self.g.names:
                raise DescriptionError(f"{where}: the name {name!r} is taken")
            t = self.g.tensor(name, spec["shape"], type_name, **quant)
            self.g.names[name] = t
            self.g.inputs.append(t.index)
            # input i of the calibration run: seed CALIBRATION_SEED + i, as tests feed seed + i
            self.g.values[t.index] = np.frombuffer(
                deterministic_tensor_input(type_name, t.num_elements, CALIBRATION_SEED + i),
                t.dtype).reshape(t.shape)
        self.prev = self.g.tensors[self.g.inputs[0]]

    def lookup(self, name, where):
        if name not in self.g.names:
            raise DescriptionError(f"{where}: no tensor named {name!r} (known: "
                                   f"{', '.join(self.g.names)})")
        return self.g.names[name]

    def build(self):
        for i, spec in enumerate(self.desc.get("ops", [])):
            where = f"ops[{i}] ({spec.get('op')})"
            maker = getattr(self, "op_" + str(spec.get("op")), None)
            if maker is None:
                raise DescriptionError(f"{where}: unknown op {spec.get('op')!r}")
            self.rng = np.random.RandomState(self.g.seed * 1000 + i)
            self.spec, self.where, self.index = spec, where, i
            names = spec.get("inputs")
            self.inputs = [self.lookup(n, where) for n in names] if names else [self.prev]
            maker()
        if not self.g.operators:
            raise DescriptionError("ops: at least one op is required")
        outputs = self.desc.get("outputs")
        if outputs is not None:
            if not isinstance(outputs, list) or not outputs:
                raise DescriptionError("outputs: a list of tensor names is required")
            self.g.outputs = [self.lookup(n, "outputs").index for n in outputs]
        return self.g.model()

    # -- helpers --
    def emit(self, opcode, inputs, shape, options, real=None, same_quant_as=None,
             out_type="int8"):
        """Adds the op with a new output tensor, quantised as the spec says or calibrated
        (float32 outputs carry no quantisation)."""
        name = self.spec.get("name", f"t{self.index}")
        if any(int(d) <= 0 for d in shape):
            raise DescriptionError(f"{self.where}: output shape {list(shape)} is empty")
        out_spec = self.spec.get("output")
        # float32 carries no quantisation; int32 neither (SHAPE, CAST, PACK), except QUANTIZE's.
        unquantised = out_type == "float32" or (out_type == "int32" and opcode != "quantize")
        if isinstance(out_spec, dict) and "like" in out_spec:
            like = self.lookup(out_spec["like"], self.where)
            scale, zp = like.scale[0], like.zero_point[0]
        elif isinstance(out_spec, dict):
            scale, zp = out_spec["scale"], out_spec.get("zero_point", 0)
        elif same_quant_as is not None and same_quant_as.scale:
            scale, zp = same_quant_as.scale[0], same_quant_as.zero_point[0]
        elif same_quant_as is not None:
            out_type = same_quant_as.type  # an unquantised (float32) tensor stays so
        elif out_type == "int16":
            scale, zp = _fit_quantization_int16(real)
        elif not unquantised:
            scale, zp = _fit_quantization(real)
        quant = {} if unquantised else dict(scale=[scale], zero_point=[zp])
        out = self.g.tensor(name, shape, out_type, **quant)
        op = Operator(len(self.g.operators), opcode, schema.BUILTIN_CODE[opcode], 1,
                      [t.index if t is not None else -1 for t in inputs], [out.index],
                      self._options(opcode, options))
        self.g.operators.append(op)
        self.g.values[out.index] = np.ascontiguousarray(
            ref.KERNELS[opcode](op, self.g.model(), self.g.values), dtype=out.dtype).reshape(shape)
        self.g.names[name] = out
        self.prev = out

    @staticmethod
    def _options(opcode, given):
        _, fields = schema.BUILTIN_OPTIONS.get(opcode, (0, []))
        return {f: given.get(f, default) for f, _, _, default in fields}

    def activation(self):
        a = self.spec.get("activation", "none")
        if a not in _ACTIVATION_CLIP:
            raise DescriptionError(f"{self.where}: unknown activation {a!r}")
        return a

    def weights(self, shape, channels, channel_dim, per_channel_default):
        per_channel = self.spec.get("per_channel", per_channel_default)
        q = self.rng.randint(-127, 128, size=shape).astype(np.int8)
        n = channels if per_channel else 1
        scales = (0.02 * self.rng.uniform(0.5, 1.5, size=n)).astype(np.float32)
        t = self.g.const(f"{self.spec.get('name', f't{self.index}')}_weights", q, "int8",
                         scale=list(scales), zero_point=[0] * n,
                         quantized_dimension=channel_dim if per_channel else 0)
        return t, np.repeat(scales.astype(np.float64), channels // n)

    def bias(self, acc, in_scale, w_scales):
        """int32 bias at scale in_scale * w_scale[c], about half the accumulator's spread."""
        if not self.spec.get("bias", True):
            return None, 0
        spread = float(np.std(acc)) + 1.0
        q = np.round(self.rng.normal(0.0, 0.5 * spread, size=len(w_scales))).astype(np.int32)
        t = self.g.const(f"{self.spec.get('name', f't{self.index}')}_bias", q, "int32",
                         scale=list(in_scale * w_scales), zero_point=[0] * len(w_scales))
        return t, q.astype(np.int64)

    def calibrated(self, acc_int, scales, activation):
        lo, hi = _ACTIVATION_CLIP[activation]
        return np.clip(acc_int * scales, lo, hi)

    # -- ops --
    def _conv_like(self, opcode):
        x_t = self.inputs[0]
        s = self.spec
        kh, kw = _pair(s.get("kernel"), 1)
        sh, sw = _pair(s.get("stride"), 1)
        dh, dw = _pair(s.get("dilation"), 1)
        padding = s.get("padding", "same")
        if padding not in schema.PADDING_CODE or len(x_t.shape) != 4:
            raise DescriptionError(f"{self.where}: needs a 4-D input and padding same/valid")
        n, h, w, c = x_t.shape
        o = dict(padding=schema.PADDING_CODE[padding], stride_w=sw, stride_h=sh,
                 dilation_w_factor=dw, dilation_h_factor=dh,
                 fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        if x_t.type == "float32":
            if opcode == "conv_2d":
                oc = int(s["filters"])
                w_shape = (oc, kh, kw, c)
            else:
                o["depth_multiplier"] = int(s.get("multiplier", 1))
                oc = c * o["depth_multiplier"]
                w_shape = (1, kh, kw, oc)
            w_t = self.g.const(f"t{self.index}_weights",
                               self.rng.uniform(-1, 1, size=w_shape).astype(np.float32), "float32")
            inputs = [x_t, w_t]
            if s.get("bias", True):
                inputs.append(self.g.const(f"t{self.index}_bias", self.rng.uniform(
                    -1, 1, size=oc).astype(np.float32), "float32"))
            shape = [n, ref.compute_out_size(padding, h, kh, sh, dh),
                     ref.compute_out_size(padding, w, kw, sw, dw), oc]
            self.emit(opcode, inputs, shape, o, out_type="float32")
            return
        x = self.g.values[x_t.index].astype(np.int64) - ref._zero_point(x_t)
        if opcode == "depthwise_conv_2d" and x_t.type == "int16":
            mult = int(s.get("multiplier", 1))
            oc = c * mult
            o["depth_multiplier"] = mult
            w_t, w_scales = self.weights((1, kh, kw, oc), oc, 3, True)
            acc = ref.depthwise_sum(x, w_t.array().astype(np.int64), o)
            b_t, b = self.bias_16x8(acc, x_t.scale[0], w_scales)
            real = self.calibrated(acc + b, x_t.scale[0] * w_scales, self.activation())
            self.emit(opcode, [x_t, w_t, b_t] if b_t else [x_t, w_t], acc.shape, o, real,
                      out_type="int16")
            return
        if opcode == "conv_2d" and x_t.type == "int16":
            oc = int(s["filters"])
            w_t, w_scales = self.weights((oc, kh, kw, c), oc, 0, True)
            acc = ref.conv_sum(x, w_t.array().astype(np.int64), o)
            b_t, b = self.bias_16x8(acc, x_t.scale[0], w_scales)
            real = self.calibrated(acc + b, x_t.scale[0] * w_scales, self.activation())
            self.emit(opcode, [x_t, w_t, b_t] if b_t else [x_t, w_t], acc.shape, o, real,
                      out_type="int16")
            return
        if opcode == "conv_2d":
            oc = int(s["filters"])
            w_t, w_scales = self.weights((oc, kh, kw, c), oc, 0, True)
            acc = ref.conv_sum(x, w_t.array().astype(np.int64), o)
        else:
            mult = int(s.get("multiplier", 1))
            oc = c * mult
            o["depth_multiplier"] = mult
            w_t, w_scales = self.weights((1, kh, kw, oc), oc, 3, True)
            acc = ref.depthwise_sum(x, w_t.array().astype(np.int64), o)
        b_t, b = self.bias(acc, x_t.scale[0], w_scales)
        real = self.calibrated(acc + b, x_t.scale[0] * w_scales, self.activation())
        self.emit(opcode, [x_t, w_t, b_t] if b_t else [x_t, w_t], acc.shape, o, real)

    def op_conv_2d(self):
        self._conv_like("conv_2d")

    def op_depthwise_conv_2d(self):
        self._conv_like("depthwise_conv_2d")

    def op_fully_connected(self):
        x_t = self.inputs[0]
        if x_t.type == "float32":
            return self._fully_connected_float()
        if x_t.type == "int16":
            return self._fully_connected_int16()
        units = int(self.spec["units"])
        batches = x_t.shape[0] if len(x_t.shape) > 1 else 1
        depth = x_t.num_elements // batches
        w_t, w_scales = self.weights((units, depth), units, 0, False)
        x = self.g.values[x_t.index].astype(np.int64).reshape(batches, depth) - ref._zero_point(x_t)
        acc = x @ w_t.array().astype(np.int64).T
        b_t, b = self.bias(acc, x_t.scale[0], w_scales)
        real = self.calibrated(acc + b, x_t.scale[0] * w_scales, self.activation())
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit("fully_connected", [x_t, w_t, b_t] if b_t else [x_t, w_t], [batches, units], o,
                  real)

    def _binary(self, opcode):
        a_t = self.inputs[0]
        if a_t.type == "float32":
            return self._binary_float(opcode)
        if a_t.type == "int16":
            return self._binary_int16(opcode)
        if "const" in self.spec:
            shape = self.spec["const"]["shape"]
            q = self.rng.randint(-128, 128, size=shape).astype(np.int8)
            b_t = self.g.const(f"t{self.index}_operand", q, "int8",
                               scale=[self.rng.uniform(0.01, 0.05)],
                               zero_point=[self.rng.randint(-20, 21)])
        elif len(self.inputs) == 2:
            b_t = self.inputs[1]
        else:
            raise DescriptionError(f"{self.where}: needs two inputs or a const operand")
        a, b = _real(self.g, a_t), _real(self.g, b_t)
        if opcode == "div":  # x / 0 calibrates as 0
            a, b = np.broadcast_arrays(a, b)
            real = np.divide(a, b, out=np.zeros(a.shape), where=b != 0)
        else:
            real = {"add": a + b, "sub": a - b, "mul": a * b}[opcode]
        lo, hi = _ACTIVATION_CLIP[self.activation()]
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit(opcode, [a_t, b_t], np.broadcast_shapes(tuple(a_t.shape), tuple(b_t.shape)),
                  o, np.clip(real, lo, hi))

    def op_add(self):
        self._binary("add")

    def op_sub(self):
        self._binary("sub")

    def op_mul(self):
        self._binary("mul")

    def op_div(self):
        self._binary("div")

    def _pool(self, opcode):
        x_t = self.inputs[0]
        fh, fw = _pair(self.spec.get("filter"), 2)
        sh, sw = _pair(self.spec.get("stride"), 2)
        padding = self.spec.get("padding", "valid")
        n, h, w, c = x_t.shape
        shape = [n, ref.compute_out_size(padding, h, fh, sh), ref.compute_out_size(padding, w, fw, sw), c]
        o = dict(padding=schema.PADDING_CODE[padding], stride_w=sw, stride_h=sh, filter_width=fw,
                 filter_height=fh, fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit(opcode, [x_t], shape, o, same_quant_as=x_t, out_type=x_t.type)

    def op_average_pool_2d(self):
        self._pool("average_pool_2d")

    def op_max_pool_2d(self):
        self._pool("max_pool_2d")

    def op_mean(self):
        x_t = self.inputs[0]
        rank = len(x_t.shape)
        axes = [int(a) for a in self.spec.get("axes", [1, 2])]
        keep = bool(self.spec.get("keep_dims", True))
        resolved = {a + rank if a < 0 else a for a in axes}
        shape = [1 if i in resolved else d for i, d in enumerate(x_t.shape)
                 if keep or i not in resolved]
        axis_t = self.g.const(f"t{self.index}_axes", np.array(axes, dtype=np.int32), "int32")
        self.emit("mean", [x_t, axis_t], shape, dict(keep_dims=int(keep)), same_quant_as=x_t,
                  out_type=x_t.type)

    def op_pad(self):
        x_t = self.inputs[0]
        paddings = np.array(self.spec.get("paddings", [[0, 0], [1, 1], [1, 1], [0, 0]]),
                            dtype=np.int32)
        p_t = self.g.const(f"t{self.index}_paddings", paddings, "int32")
        shape = [d + int(p.sum()) for d, p in zip(x_t.shape, paddings)]
        self.emit("pad", [x_t, p_t], shape, {}, same_quant_as=x_t, out_type=x_t.type)

    def op_reshape(self):
        x_t = self.inputs[0]
        shape = [int(d) for d in self.spec["shape"]]
        if int(np.prod(shape)) != x_t.num_elements:
            raise DescriptionError(f"{self.where}: {shape} does not hold {x_t.num_elements} elements")
        s_t = self.g.const(f"t{self.index}_shape", np.array(shape, dtype=np.int32), "int32")
        self.emit("reshape", [x_t, s_t], shape, dict(new_shape=shape), same_quant_as=x_t,
                  out_type=x_t.type)

    def op_concatenation(self):
        axis = int(self.spec.get("axis", -1))
        shapes = [list(t.shape) for t in self.inputs]
        rank = len(shapes[0])
        a = axis + rank if axis < 0 else axis
        shape = list(shapes[0])
        shape[a] = sum(s[a] for s in shapes)
        self.emit("concatenation", self.inputs, shape, dict(axis=axis),
                  same_quant_as=self.inputs[0], out_type=self.inputs[0].type)

    def op_softmax(self):
        x_t = self.inputs[0]
        if x_t.type == "float32":
            self.emit("softmax", [x_t], x_t.shape, dict(beta=float(self.spec.get("beta", 1.0))),
                      out_type="float32")
            return
        if self.spec.get("output_type", "int8") == "int16":
            # TFLite's int8 -> int16 softmax: zero point -32768, 16 fractional bits
            self.spec = dict(self.spec, output={"scale": 1.0 / 65536, "zero_point": -32768})
            self.emit("softmax", [x_t], x_t.shape, dict(beta=float(self.spec.get("beta", 1.0))),
                      out_type="int16")
            return
        self.spec = dict(self.spec, output={"scale": 1.0 / 256, "zero_point": -128})
        self.emit("softmax", [x_t], x_t.shape, dict(beta=float(self.spec.get("beta", 1.0))))

    def op_quantize(self):
        out = self.spec.get("output")
        if not isinstance(out, dict) or not ("scale" in out or "like" in out):
            raise DescriptionError(f"{self.where}: quantize needs an output scale and zero point")
        out_type = out.get("type", "int8")
        if out_type not in ("int8", "uint8", "int16", "int32"):
            raise DescriptionError(f"{self.where}: quantize output type {out_type!r}")
        self.emit("quantize", [self.inputs[0]], self.inputs[0].shape, {}, out_type=out_type)

    def op_logistic(self):
        if self.inputs[0].type == "float32":
            self.emit("logistic", [self.inputs[0]], self.inputs[0].shape, {}, out_type="float32")
            return
        # The converter's int8 LOGISTIC output: scale 1/256, zero point -128 (TFLM requires -128).
        if "output" not in self.spec:
            self.spec = dict(self.spec, output={"scale": 1.0 / 256, "zero_point": -128})
        self.emit("logistic", [self.inputs[0]], self.inputs[0].shape, {})

    def op_strided_slice(self):
        x_t = self.inputs[0]
        rank = len(x_t.shape)
        begin = [int(v) for v in self.spec.get("begin", [0] * rank)]
        end = [int(v) for v in self.spec.get("end", x_t.shape)]
        strides = [int(v) for v in self.spec.get("strides", [1] * rank)]
        o = {f: int(self.spec.get(f, 0)) for f in ("begin_mask", "end_mask", "ellipsis_mask",
                                                  "new_axis_mask", "shrink_axis_mask", "offset")}
        shape = ref.strided_slice_output_shape(x_t.shape, begin, end, strides, o["begin_mask"],
                                               o["end_mask"], o["shrink_axis_mask"])
        consts = [self.g.const(f"t{self.index}_{n}", np.array(v, dtype=np.int32), "int32")
                  for n, v in (("begin", begin), ("end", end), ("strides", strides))]
        self.emit("strided_slice", [x_t] + consts, shape, o, same_quant_as=x_t,
                  out_type=x_t.type)

    # -- float32 and 16x8 paths --
    def _fully_connected_float(self):
        x_t = self.inputs[0]
        units = int(self.spec["units"])
        batches = x_t.shape[0] if len(x_t.shape) > 1 else 1
        depth = x_t.num_elements // batches
        w = self.rng.uniform(-1, 1, size=(units, depth)).astype(np.float32)
        w_t = self.g.const(f"t{self.index}_weights", w, "float32")
        inputs = [x_t, w_t]
        if self.spec.get("bias", True):
            inputs.append(self.g.const(f"t{self.index}_bias",
                                       self.rng.uniform(-1, 1, size=units).astype(np.float32),
                                       "float32"))
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit("fully_connected", inputs, [batches, units], o, out_type="float32")

    def bias_16x8(self, acc, in_scale, w_scales):
        """The 16x8 bias: int64 (TFLite's) unless "bias_type": "int32"; absent with bias false."""
        if not self.spec.get("bias", True):
            return None, 0
        spread = float(np.std(acc)) + 1.0
        q = np.round(self.rng.normal(0.0, 0.5 * spread, size=len(w_scales))).astype(np.int64)
        bias_type = self.spec.get("bias_type", "int64")
        t = self.g.const(f"t{self.index}_bias", q.astype(bias_type), bias_type,
                         scale=list(in_scale * w_scales), zero_point=[0] * len(w_scales))
        return t, q

    def _fully_connected_int16(self):
        x_t = self.inputs[0]
        units = int(self.spec["units"])
        batches = x_t.shape[0] if len(x_t.shape) > 1 else 1
        depth = x_t.num_elements // batches
        w_t, w_scales = self.weights((units, depth), units, 0, False)
        x = self.g.values[x_t.index].astype(np.int64).reshape(batches, depth)
        acc = x @ w_t.array().astype(np.int64).T
        b_t, b = self.bias_16x8(acc, x_t.scale[0], w_scales)
        real = self.calibrated(acc + b, x_t.scale[0] * w_scales, self.activation())
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit("fully_connected", [x_t, w_t, b_t] if b_t else [x_t, w_t], [batches, units], o,
                  real, out_type="int16")

    def _binary_float(self, opcode):
        a_t = self.inputs[0]
        if "const" in self.spec:
            q = self.rng.uniform(-2, 2, size=self.spec["const"]["shape"]).astype(np.float32)
            b_t = self.g.const(f"t{self.index}_operand", q, "float32")
        elif len(self.inputs) == 2:
            b_t = self.inputs[1]
        else:
            raise DescriptionError(f"{self.where}: needs two inputs or a const operand")
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit(opcode, [a_t, b_t], np.broadcast_shapes(tuple(a_t.shape), tuple(b_t.shape)), o,
                  out_type="float32")

    def _binary_int16(self, opcode):
        a_t = self.inputs[0]
        if "const" in self.spec:
            q = self.rng.randint(-32768, 32768, size=self.spec["const"]["shape"]).astype(np.int16)
            b_t = self.g.const(f"t{self.index}_operand", q, "int16",
                               scale=[self.rng.uniform(1e-4, 5e-4)], zero_point=[0])
        elif len(self.inputs) == 2:
            b_t = self.inputs[1]
        else:
            raise DescriptionError(f"{self.where}: needs two inputs or a const operand")
        a, b = _real(self.g, a_t), _real(self.g, b_t)
        real = {"add": a + b, "sub": a - b, "mul": a * b}[opcode]
        lo, hi = _ACTIVATION_CLIP[self.activation()]
        o = dict(fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit(opcode, [a_t, b_t], np.broadcast_shapes(tuple(a_t.shape), tuple(b_t.shape)), o,
                  np.clip(real, lo, hi), out_type="int16")

    def _state(self, name, shape, type_name, scale, zero_point=0):
        """A variable tensor (recurrent state): zero (int8: its zero point) before the first
        step."""
        t = self.g.tensor(name, shape, type_name, scale=[scale], zero_point=[zero_point])
        t.is_variable = True
        self.g.values[t.index] = np.full(shape, zero_point if type_name == "int8" else 0,
                                         dtype=t.dtype)
        return t

    def op_svdf(self):
        """SVDF: filters, rank [1], memory, state_type int16 [default] or int8."""
        x_t = self.inputs[0]
        if x_t.type == "float32" and len(x_t.shape) == 2:
            return self._svdf_float()
        if x_t.type != "int8" or len(x_t.shape) != 2:
            raise DescriptionError(f"{self.where}: svdf needs an int8 [batches, input] input")
        batches, n_input = x_t.shape
        rank, filters, memory = (int(self.spec.get(k, d)) for k, d in
                                 (("rank", 1), ("filters", 8), ("memory", 4)))
        units = filters // rank
        state_type = self.spec.get("state_type", "int16")
        wf = self.rng.randint(-127, 128, size=(filters, n_input)).astype(np.int8)
        wf_t = self.g.const(f"t{self.index}_feature", wf, "int8", scale=[0.01], zero_point=[0])
        hi = 32767 if state_type == "int16" else 127
        wt = self.rng.randint(-hi, hi + 1, size=(filters, memory)).astype(state_type)
        wt_t = self.g.const(f"t{self.index}_time", wt, state_type, scale=[1.0 / hi],
                            zero_point=[0])
        # the state holds the feature products: scaled so typical ones use a fair part of it
        x_real = _real(self.g, x_t)
        feat = np.abs(x_real @ (wf.astype(np.float64) * 0.01).T).max() + 1e-3
        state_scale = float(np.float32(2 * feat / hi))
        state_zp = int(self.spec.get("state_zero_point", 0)) if state_type == "int8" else 0
        bias_scale = float(np.float32(np.float32(state_scale) * np.float32(1.0 / hi)))
        bias = self.rng.randint(-1000, 1000, size=units).astype(np.int32)
        b_t = self.g.const(f"t{self.index}_bias", bias, "int32", scale=[bias_scale],
                           zero_point=[0])
        st = self._state(f"t{self.index}_state", [batches, filters * memory], state_type,
                         state_scale, state_zp)
        o = dict(rank=rank, fused_activation_function=schema.ACTIVATION_CODE["relu"])
        # the first step in float: only each filter's newest memory slot is non-zero
        newest = x_real @ (wf.astype(np.float64) * 0.01).T
        real = (newest * wt[:, -1].astype(np.float64) / hi).reshape(batches, units, rank).sum(
            axis=2) + bias * bias_scale
        # one calibration sample is little: cover its range mirrored, so other inputs fit too
        self.emit("svdf", [x_t, wf_t, wt_t, b_t, st], [batches, units], o,
                  np.concatenate([real, -real]))

    def _svdf_float(self):
        x_t = self.inputs[0]
        batches, n_input = x_t.shape
        rank, filters, memory = (int(self.spec.get(k, d)) for k, d in
                                 (("rank", 1), ("filters", 8), ("memory", 4)))
        wf = self.g.const(f"t{self.index}_feature", self.rng.uniform(
            -0.5, 0.5, size=(filters, n_input)).astype(np.float32), "float32")
        wt = self.g.const(f"t{self.index}_time", self.rng.uniform(
            -1, 1, size=(filters, memory)).astype(np.float32), "float32")
        b = self.g.const(f"t{self.index}_bias", self.rng.uniform(
            -1, 1, size=filters // rank).astype(np.float32), "float32")
        st = self.g.tensor(f"t{self.index}_state", [batches, filters * memory], "float32")
        st.is_variable = True
        self.g.values[st.index] = np.zeros(st.shape, dtype=np.float32)
        o = dict(rank=rank,
                 fused_activation_function=schema.ACTIVATION_CODE[self.activation()])
        self.emit("svdf", [x_t, wf, wt, b, st], [batches, filters // rank], o, out_type="float32")

    def op_unidirectional_sequence_lstm(self):
        """LSTM (8x8->16): units, time_major [false], cell_clip [0], cell_scale_power [-12],
        hidden {"scale", "zero_point"} [1/128, 0]."""
        x_t = self.inputs[0]
        if x_t.type != "int8" or len(x_t.shape) != 3:
            raise DescriptionError(f"{self.where}: the LSTM needs an int8 rank-3 input")
        time_major = bool(self.spec.get("time_major", False))
        batches = x_t.shape[1] if time_major else x_t.shape[0]
        n_input, units = x_t.shape[2], int(self.spec["units"])
        hidden = self.spec.get("hidden", {"scale": 1.0 / 128, "zero_point": 0})
        inputs = [x_t]
        for kind, cols in (("input", n_input), ("recurrent", units)):
            for gate in ("input", "forget", "cell", "output"):
                w = self.rng.randint(-127, 128, size=(units, cols)).astype(np.int8)
                inputs.append(self.g.const(f"t{self.index}_{kind}_to_{gate}", w, "int8",
                                           scale=[float(self.rng.uniform(0.004, 0.012))],
                                           zero_point=[0]))
        inputs += [None] * 3  # no peephole
        for gate in ("input", "forget", "cell", "output"):
            b = np.round(self.rng.normal(0, 3000, size=units)).astype(np.int32)
            inputs.append(self.g.const(f"t{self.index}_{gate}_bias", b, "int32",
                                       scale=[x_t.scale[0] * 0.008], zero_point=[0]))
        inputs += [None] * 2  # no projection
        inputs.append(self._state(f"t{self.index}_hidden", [batches, units], "int8",
                                  hidden["scale"], hidden["zero_point"]))
        power = int(self.spec.get("cell_scale_power", -12))
        inputs.append(self._state(f"t{self.index}_cell", [batches, units], "int16",
                                  2.0 ** power))
        inputs += [None] * 4  # no layer norm
        o = dict(fused_activation_function=schema.ACTIVATION_CODE["tanh"],
                 cell_clip=float(self.spec.get("cell_clip", 0.0)), time_major=int(time_major))
        self.spec = dict(self.spec, output=hidden)
        shape = list(x_t.shape[:2]) + [units]
        self.emit("unidirectional_sequence_lstm", inputs, shape, o)

    def op_resize_nearest_neighbor(self):
        x_t = self.inputs[0]
        size = [int(v) for v in self.spec["size"]]
        o = {f: int(bool(self.spec.get(f, False))) for f in ("align_corners", "half_pixel_centers")}
        s_t = self.g.const(f"t{self.index}_size", np.array(size, dtype=np.int32), "int32")
        self.emit("resize_nearest_neighbor", [x_t, s_t],
                  [x_t.shape[0], size[0], size[1], x_t.shape[3]], o, same_quant_as=x_t)

    def op_resize_bilinear(self):
        x_t = self.inputs[0]
        size = [int(v) for v in self.spec["size"]]
        o = {f: int(bool(self.spec.get(f, False))) for f in ("align_corners", "half_pixel_centers")}
        s_t = self.g.const(f"t{self.index}_size", np.array(size, dtype=np.int32), "int32")
        self.emit("resize_bilinear", [x_t, s_t],
                  [x_t.shape[0], size[0], size[1], x_t.shape[3]], o, same_quant_as=x_t)

    def op_tile(self):
        x_t = self.inputs[0]
        multiples = [int(v) for v in self.spec["multiples"]]
        m_t = self.g.const(f"t{self.index}_multiples", np.array(multiples, dtype=np.int32),
                           "int32")
        self.emit("tile", [x_t, m_t], [d * k for d, k in zip(x_t.shape, multiples)], {},
                  same_quant_as=x_t)

    def op_transpose(self):
        x_t = self.inputs[0]
        perm = [int(v) for v in self.spec["perm"]]
        p_t = self.g.const(f"t{self.index}_perm", np.array(perm, dtype=np.int32), "int32")
        self.emit("transpose", [x_t, p_t], [x_t.shape[p] for p in perm], {}, same_quant_as=x_t)

    def _maximum_minimum(self, opcode):
        """Both inputs and the output share the first input's quantisation; "const": a constant
        second operand of that shape (broadcast), else "inputs": [a, b]."""
        a_t = self.inputs[0]
        if "const" in self.spec:
            shape = self.spec["const"]["shape"]
            q = self.rng.randint(-128, 128, size=shape).astype(np.int8)
            b_t = self.g.const(f"t{self.index}_operand", q, "int8", scale=a_t.scale,
                               zero_point=a_t.zero_point)
        elif len(self.inputs) == 2:
            b_t = self.inputs[1]
        else:
            raise DescriptionError(f"{self.where}: needs two inputs or a const operand")
        self.emit(opcode, [a_t, b_t],
                  np.broadcast_shapes(tuple(a_t.shape), tuple(b_t.shape)), {},
                  same_quant_as=a_t)

    def op_maximum(self):
        self._maximum_minimum("maximum")

    def op_minimum(self):
        self._maximum_minimum("minimum")

    def op_leaky_relu(self):
        x_t = self.inputs[0]
        alpha = float(self.spec.get("alpha", 0.2))
        real = _real(self.g, x_t)
        self.emit("leaky_relu", [x_t], x_t.shape, dict(alpha=alpha),
                  np.where(real > 0, real, real * alpha))

    def op_pack(self):
        first = self.inputs[0]
        axis = int(self.spec.get("axis", 0))
        rank = len(first.shape) + 1
        a = axis + rank if axis < 0 else axis
        shape = list(first.shape[:a]) + [len(self.inputs)] + list(first.shape[a:])
        self.emit("pack", self.inputs, shape, dict(values_count=len(self.inputs), axis=axis),
                  same_quant_as=first)

    def op_shape(self):
        x_t = self.inputs[0]
        self.emit("shape", [x_t], [len(x_t.shape)], dict(out_type=2), out_type="int32")

    def op_prelu(self):
        """alpha: {"shape": [...]} a constant int8 alpha broadcast against the input, with
        real values in [-0.5, 1.5)."""
        x_t = self.inputs[0]
        shape = self.spec.get("alpha", {}).get("shape", [x_t.shape[-1]])
        q = self.rng.randint(-128, 128, size=shape).astype(np.int8)
        a_scale, a_zp = 2.0 / 255, -64
        a_t = self.g.const(f"t{self.index}_alpha", q, "int8", scale=[a_scale], zero_point=[a_zp])
        real = _real(self.g, x_t)
        alpha = (q.astype(np.float64) - a_zp) * np.float32(a_scale)
        self.emit("prelu", [x_t, a_t], x_t.shape, {}, np.where(real >= 0, real, real * alpha))

    def op_reduce_max(self):
        x_t = self.inputs[0]
        rank = len(x_t.shape)
        axes = [int(a) for a in self.spec.get("axes", [1, 2])]
        keep = bool(self.spec.get("keep_dims", False))
        resolved = {a + rank if a < 0 else a for a in axes}
        shape = [1 if i in resolved else d for i, d in enumerate(x_t.shape)
                 if keep or i not in resolved]
        axis_t = self.g.const(f"t{self.index}_axes", np.array(axes, dtype=np.int32), "int32")
        self.emit("reduce_max", [x_t, axis_t], shape, dict(keep_dims=int(keep)),
                  same_quant_as=x_t)

    def op_cast(self):
        x_t = self.inputs[0]
        to = self.spec.get("to", "int32")
        code = schema.TENSOR_TYPE_CODE
        o = dict(in_data_type=code[x_t.type], out_data_type=code[to])
        if to in ("int8", "uint8"):
            self.spec = dict(self.spec, output=self.spec.get(
                "output", {"scale": x_t.scale[0] if x_t.scale else 1.0,
                           "zero_point": 0}))
        self.emit("cast", [x_t], x_t.shape, o, out_type=to)

    def op_dequantize(self):
        self.emit("dequantize", [self.inputs[0]], self.inputs[0].shape, {}, out_type="float32")


def build_model(desc):
    """The in-memory Model (reader's classes) for a description dict."""
    try:
        return _Builder(desc).build()
    except (KeyError, TypeError, ValueError) as e:
        raise DescriptionError(f"bad description: {type(e).__name__}: {e}") from e


# ---- serialising to a flatbuffer ----

# Minimum operator versions TFLite assigns to these int8 kernels (op_version.cc).
_INT8_OP_VERSION = {"conv_2d": 3, "depthwise_conv_2d": 3, "fully_connected": 4, "add": 2,
                    "sub": 2, "mul": 2, "average_pool_2d": 2, "max_pool_2d": 2, "mean": 2,
                    "pad": 2, "reshape": 1, "concatenation": 2, "softmax": 2, "quantize": 2,
                    "dequantize": 2, "logistic": 2, "strided_slice": 2,
                    "transpose": 2, "resize_nearest_neighbor": 2, "maximum": 2,
                    "minimum": 2, "leaky_relu": 2, "pack": 2,
                    "shape": 1, "prelu": 2, "reduce_max": 2, "cast": 2,
                    "div": 2, "resize_bilinear": 3, "tile": 1,
                    "svdf": 3, "unidirectional_sequence_lstm": 1}


def _int_vector(b, values, fmt="i"):
    prepend = {"i": b.PrependInt32, "q": b.PrependInt64, "f": b.PrependFloat32}[fmt]
    size = {"i": 4, "q": 8, "f": 4}[fmt]
    b.StartVector(size, len(values), size)
    for v in reversed(values):
        prepend(v)
    return b.EndVector()


def _byte_vector(b, data, alignment):
    b.StartVector(1, len(data), alignment)
    b.head = b.head - len(data)
    b.Bytes[b.head:b.head + len(data)] = data
    return b.EndVector()


def _table_vector(b, offsets):
    b.StartVector(4, len(offsets), 4)
    for off in reversed(offsets):
        b.PrependUOffsetTRelative(off)
    return b.EndVector()


def _options_table(b, opcode, options):
    union_type, fields = schema.BUILTIN_OPTIONS[opcode]
    vectors = {f: _int_vector(b, options[f]) for f, _, kind, _ in fields
               if kind == "int_vector" and options.get(f)}
    b.StartObject(len(fields))
    for f, slot, kind, default in fields:
        v = options.get(f, default)
        if kind == "byte":
            b.PrependInt8Slot(slot, int(v), int(default))
        elif kind == "int":
            b.PrependInt32Slot(slot, int(v), int(default))
        elif kind == "float":
            b.PrependFloat32Slot(slot, float(v), float(default))
        elif f in vectors:
            b.PrependUOffsetTRelativeSlot(slot, vectors[f], 0)
    return union_type, b.EndObject()


def serialize_model(model, description="accsim tools/tflite/tflite_writer.py"):
    """Flatbuffer bytes for a Model: buffer 0 empty, one buffer per constant tensor."""
    b = flatbuffers.Builder(1024)
    # keyed by builtin code (and custom name), so a model may carry codes this schema does not
    # name (tests)
    codes_used = sorted({(op.builtin_code, op.custom_code) for op in model.operators})
    opcode_index = {code: i for i, code in enumerate(codes_used)}

    buffer_data, tensor_buffer = [b""], {}
    for t in model.tensors:
        if t.data is not None:
            tensor_buffer[t.index] = len(buffer_data)
            buffer_data.append(t.data)
    buffers = []
    for data in buffer_data:
        vec = _byte_vector(b, data, schema.BUFFER_DATA_ALIGNMENT) if data else None
        b.StartObject(len(schema.BUFFER))
        if vec is not None:
            b.PrependUOffsetTRelativeSlot(schema.BUFFER["data"], vec, 0)
        buffers.append(b.EndObject())

    T, Q = schema.TENSOR, schema.QUANTIZATION
    tensors = []
    for t in model.tensors:
        name, shape = b.CreateString(t.name), _int_vector(b, t.shape)
        quant = None
        if t.scale:
            scale, zp = _int_vector(b, t.scale, "f"), _int_vector(b, t.zero_point, "q")
            b.StartObject(len(Q))
            b.PrependUOffsetTRelativeSlot(Q["scale"], scale, 0)
            b.PrependUOffsetTRelativeSlot(Q["zero_point"], zp, 0)
            b.PrependInt32Slot(Q["quantized_dimension"], t.quantized_dimension, 0)
            quant = b.EndObject()
        b.StartObject(len(T))
        b.PrependUOffsetTRelativeSlot(T["shape"], shape, 0)
        b.PrependInt8Slot(T["type"], schema.TENSOR_TYPE_CODE[t.type], 0)
        b.PrependUint32Slot(T["buffer"], tensor_buffer.get(t.index, 0), 0)
        b.PrependUOffsetTRelativeSlot(T["name"], name, 0)
        if quant is not None:
            b.PrependUOffsetTRelativeSlot(T["quantization"], quant, 0)
        if t.is_variable:
            b.PrependBoolSlot(T["is_variable"], True, False)
        tensors.append(b.EndObject())

    O = schema.OPERATOR
    operators = []
    for op in model.operators:
        inputs, outputs = _int_vector(b, op.inputs), _int_vector(b, op.outputs)
        union_type, options = 0, None
        if op.opcode in schema.BUILTIN_OPTIONS:
            union_type, options = _options_table(b, op.opcode, op.options)
        b.StartObject(9)
        b.PrependUint32Slot(O["opcode_index"], opcode_index[(op.builtin_code, op.custom_code)], 0)
        b.PrependUOffsetTRelativeSlot(O["inputs"], inputs, 0)
        b.PrependUOffsetTRelativeSlot(O["outputs"], outputs, 0)
        if options is not None:
            b.PrependUint8Slot(O["builtin_options_type"], union_type, 0)
            b.PrependUOffsetTRelativeSlot(O["builtin_options"], options, 0)
        operators.append(b.EndObject())

    S = schema.SUBGRAPH
    vecs = [_table_vector(b, tensors), _int_vector(b, model.inputs),
            _int_vector(b, model.outputs), _table_vector(b, operators), b.CreateString("main")]
    b.StartObject(len(S))
    for slot, vec in zip(("tensors", "inputs", "outputs", "operators", "name"), vecs):
        b.PrependUOffsetTRelativeSlot(S[slot], vec, 0)
    subgraph = b.EndObject()

    OC = schema.OPERATOR_CODE
    codes = []
    for code, custom in codes_used:
        name = schema.BUILTIN_NAME.get(code)
        custom_name = b.CreateString(custom) if custom else None
        b.StartObject(len(OC))
        if custom_name is not None:
            b.PrependUOffsetTRelativeSlot(OC["custom_code"], custom_name, 0)
        b.PrependInt8Slot(OC["deprecated_builtin_code"],
                          min(code, schema.PLACEHOLDER_FOR_GREATER_OP_CODES), 0)
        b.PrependInt32Slot(OC["version"], _INT8_OP_VERSION.get(name, 1),
                           schema.OPERATOR_CODE_VERSION_DEFAULT)
        b.PrependInt32Slot(OC["builtin_code"], code, 0)
        codes.append(b.EndObject())

    M = schema.MODEL
    vecs = [_table_vector(b, codes), _table_vector(b, [subgraph]), b.CreateString(description),
            _table_vector(b, buffers)]
    b.StartObject(len(M))
    b.PrependUint32Slot(M["version"], schema.SCHEMA_VERSION, 0)
    for slot, vec in zip(("operator_codes", "subgraphs", "description", "buffers"), vecs):
        b.PrependUOffsetTRelativeSlot(M[slot], vec, 0)
    b.Finish(b.EndObject(), file_identifier=schema.FILE_IDENTIFIER)
    return bytes(b.Output())


def load_description(path):
    try:
        with open(path) as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise DescriptionError(f"{path}: invalid JSON: {e}") from e


def write_model(desc, path):
    data = serialize_model(build_model(desc))
    with open(path, "wb") as f:
        f.write(data)
    return data
