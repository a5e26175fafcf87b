"""The float32 and 16x8 paths of the numpy reference (tflite_reference.py registers them), and
the recurrent operators, bit-exact with current upstream TFLite Micro's reference kernels:

- float32 FULLY_CONNECTED, ADD, SUB, MUL, RESHAPE: reference_ops' float loops, one float32
  rounding per operation in TFLM's order (numpy float32 arithmetic rounds the same way);
- int16 (16x8) CONV_2D and FULLY_CONNECTED: int64 (or int32) accumulation, the 64-bit
  MultiplyByQuantizedMultiplier, no offsets; QUANTIZE between int8/int16/int32 and float32 ->
  int16; DEQUANTIZE int16; SOFTMAX int8 -> int16;
- SVDF (svdf_common.cc's integer reference, int16 or int8 state);
- UNIDIRECTIONAL_SEQUENCE_LSTM, fully integer 8x8->16 (lstm_eval.cc: the standard LSTM).

Variable tensors (the recurrent state) start at zero (int8: the zero point), as TFLM's
ResetVariableTensors.
"""
import numpy as np

import tflite_fixed_point as fp
import tflite_reference as ref
from tflite_reference import UnsupportedModelError

FLT_MAX = float(np.finfo(np.float32).max)
_INT_RANGE = {"int8": (-128, 127), "uint8": (0, 255), "int16": (-32768, 32767),
              "int32": (-2 ** 31, 2 ** 31 - 1)}

# sigmoid(i / 24) in 0.16: TFLite's sigmoid_table_uint16 (integer_ops/logistic.h, tanh.h).
SIGMOID_TABLE = np.array([
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498,
    40149, 40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255,
    46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865,
    52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174,
    56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544, 58800, 59048, 59288,
    59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279, 61441,
    61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886,
    62990, 63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835,
    63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450,
    64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786, 64816, 64845,
    64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079, 65097,
    65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425,
    65429, 65433, 65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465,
    65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491,
    65493, 65495, 65497, 65498, 65500, 65501, 65503, 65504, 65505, 65507, 65508,
    65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516, 65517, 65517, 65518,
    65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524, 65525,
    65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529,
    65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531,
    65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533,
    65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65535], dtype=np.int64)


def mbqm64(x, multiplier, shift):
    """MultiplyByQuantizedMultiplier(int64_t x, ...): the multiplier rounded to 16 bits, one
    rounding shift by 15 - shift."""
    multiplier = np.asarray(multiplier, dtype=np.int64)
    shift = np.asarray(shift, dtype=np.int64)
    reduced = np.where(multiplier < 0x7FFF0000, (multiplier + (1 << 15)) >> 16, 0x7FFF)
    total = 15 - shift
    return (np.asarray(x, dtype=np.int64) * reduced + (np.int64(1) << (total - 1))) >> total


def float_activation_range(activation):
    return {"none": (-FLT_MAX, FLT_MAX), "relu": (0.0, FLT_MAX), "relu6": (0.0, 6.0),
            "relu_n1_to_1": (-1.0, 1.0)}[activation]


def _clamp_float(x, activation):
    lo, hi = float_activation_range(activation)
    return np.minimum(np.maximum(x, np.float32(lo)), np.float32(hi)).astype(np.float32)


def int16_activation_range(activation, t):
    """CalculateActivationRangeQuantized with int16 limits."""
    scale, zp = np.float32(ref._scale(t, "output")), ref._zero_point(t)

    def quantize(x):
        return zp + fp.round_half_away_float32(np.float32(x) / scale)

    lo, hi = -32768, 32767
    if activation in ("relu", "relu6"):
        lo = max(lo, quantize(0.0))
    if activation == "relu6":
        hi = min(hi, quantize(6.0))
    if activation == "relu_n1_to_1":
        lo, hi = max(lo, quantize(-1.0)), min(hi, quantize(1.0))
    if activation not in ("none", "relu", "relu6", "relu_n1_to_1"):
        raise UnsupportedModelError(f"fused activation {activation!r} is not supported")
    return lo, hi


def _require_int16(t, what, any_zero_point=False):
    if t.type != "int16" or len(t.scale) != 1:
        raise UnsupportedModelError(f"{what} tensor {t.index} must be per-tensor int16")
    if not any_zero_point and ref._zero_point(t) != 0:
        raise UnsupportedModelError(f"{what} tensor {t.index}: int16 zero point must be 0")


def _bias_typed(model, op, channels):
    """The 16x8 bias: (values as int64, its type) or (zeros, None) when absent."""
    if len(op.inputs) < 3 or op.inputs[2] < 0:
        return np.zeros(channels, dtype=np.int64), None
    b = model.tensors[op.inputs[2]]
    if b.type not in ("int64", "int32"):
        raise UnsupportedModelError(f"bias tensor {b.index} is {b.type}, expected int64 or int32")
    return ref._const(model, b.index, "bias").astype(np.int64).reshape(channels), b.type


def _requantize_16x8(acc, bias_type, mult, shift, lo, hi):
    """TFLM accumulates in the bias's type: int64 bias -> int64 and the 64-bit
    MultiplyByQuantizedMultiplier; int32 or no bias -> int32 (wrapping) and the 32-bit one."""
    if bias_type != "int64":
        out = fp.multiply_by_quantized_multiplier(fp.wrap_int32(acc), mult, shift)
    else:
        out = mbqm64(acc, mult, shift)
    return np.clip(out, lo, hi).astype(np.int16)


# ---- float32 ----

def fully_connected_float(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    w = ref._const(model, f_t.index, "weights").astype(np.float32)
    units, depth = w.shape[0], w.shape[-1]
    x = values[in_t.index].astype(np.float32).reshape(-1, depth)
    total = np.zeros((x.shape[0], units), dtype=np.float32)
    for d in range(depth):  # TFLM's order: one float32 multiply and add per step
        total = (total + (x[:, d:d + 1] * w[None, :, d]).astype(np.float32)).astype(np.float32)
    if len(op.inputs) > 2 and op.inputs[2] >= 0:
        total = (total + ref._const(model, op.inputs[2], "bias").astype(np.float32)).astype(
            np.float32)
    return _clamp_float(total, ref._activation(op)).reshape(out_t.shape)


def binary_float(op, model, values, kind):
    a, b = (values[i].astype(np.float32) for i in op.inputs[:2])
    out_t = model.tensors[op.outputs[0]]
    with np.errstate(all="ignore"):
        r = {"add": np.add, "sub": np.subtract, "mul": np.multiply}[kind](a, b)
    return np.broadcast_to(_clamp_float(r.astype(np.float32), ref._activation(op)), out_t.shape)


def _float_taps(x, kh, kw, o, fill):
    return ref._padded_taps(x, kh, kw, o["stride_h"], o["stride_w"],
                            o.get("dilation_h_factor", 1), o.get("dilation_w_factor", 1),
                            ref.schema.PADDING[o["padding"]], fill)


def conv_2d_float(op, model, values):
    """reference_ops::Conv (float): per output, taps in (fy, fx, ic) order from 0.0f, then the
    bias. Padding taps add 0 * w (= the skipped tap's no-op for finite weights)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    w = ref._const(model, op.inputs[1], "filter").astype(np.float32)
    oc, kh, kw, ic = w.shape
    x = values[in_t.index].astype(np.float32)
    total = np.float32(0.0)
    for ky, kx, tap in _float_taps(x, kh, kw, op.options, 0.0):
        for c in range(ic):
            term = (tap[..., c:c + 1] * w[:, ky, kx, c]).astype(np.float32)
            total = (total + term).astype(np.float32)
    if len(op.inputs) > 2 and op.inputs[2] >= 0:
        total = (total + ref._const(model, op.inputs[2], "bias").astype(np.float32)).astype(
            np.float32)
    return _clamp_float(total, ref._activation(op)).reshape(out_t.shape)


def depthwise_conv_2d_float(op, model, values):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    w = ref._const(model, op.inputs[1], "filter").astype(np.float32)  # [1, KH, KW, C * M]
    _, kh, kw, oc = w.shape
    x = np.repeat(values[in_t.index].astype(np.float32), oc // in_t.shape[3], axis=3)
    total = np.float32(0.0)
    for ky, kx, tap in _float_taps(x, kh, kw, op.options, 0.0):
        total = (total + (tap * w[0, ky, kx]).astype(np.float32)).astype(np.float32)
    if len(op.inputs) > 2 and op.inputs[2] >= 0:
        total = (total + ref._const(model, op.inputs[2], "bias").astype(np.float32)).astype(
            np.float32)
    return _clamp_float(total, ref._activation(op)).reshape(out_t.shape)


def _pool_float(op, model, values, kind):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    o = dict(op.options, dilation_h_factor=1, dilation_w_factor=1)
    x = values[in_t.index].astype(np.float32)
    kh, kw = o["filter_height"], o["filter_width"]
    if kind == "max":
        result = np.float32(-FLT_MAX)
        for _, _, tap in _float_taps(x, kh, kw, o, -FLT_MAX):
            result = np.maximum(result, tap)
    else:
        total, count = np.float32(0.0), np.float32(0.0)
        ones = np.ones_like(x[..., :1])
        for (_, _, tap), (_, _, valid) in zip(_float_taps(x, kh, kw, o, 0.0),
                                             _float_taps(ones, kh, kw, o, 0.0)):
            total = (total + tap).astype(np.float32)
            count = (count + valid).astype(np.float32)
        result = (total / count).astype(np.float32)
    return _clamp_float(result, ref._activation(op)).reshape(out_t.shape)


def _f32_const(word):
    return np.uint32(word).view(np.float32)


def exp_float32(x):
    """expf as the firmware's C library computes it: picolibc's (newlib's fdlibm) float
    __ieee754_expf - argument reduction by k * ln2 in a hi/lo pair, a degree-5 polynomial, k added
    to the exponent - so the reference gives the firmware's bytes (it is what TFLite Micro calls
    on this CPU; its results can differ from a correctly rounded exp in the last bit, and from
    x86 glibc's expf). Vectorised float32 arithmetic in fdlibm's order."""
    f = np.float32
    x = np.asarray(x, dtype=np.float32)
    with np.errstate(all="ignore"):
        word = x.view(np.uint32).astype(np.int64)
        negative = (word >> 31) & 1
        sx = word & 0x7FFFFFFF
        ln2_hi, ln2_lo = _f32_const(0x3F317180), _f32_const(0x3717F7D1)
        half = np.where(negative == 1, f(-0.5), f(0.5))
        # |x| in (0.5 ln2, 1.5 ln2): k = +-1; beyond: k = (int)(x / ln2 +- 0.5)
        near = sx < 0x3F851592
        k_far = (x * _f32_const(0x3FB8AA3B) + half).astype(np.float32).astype(np.int64)
        k = np.where(near, 1 - 2 * negative, k_far)
        t = k.astype(np.float32)
        hi = np.where(near, x - np.where(negative == 1, -ln2_hi, ln2_hi), x - t * ln2_hi)
        lo = np.where(near, np.where(negative == 1, -ln2_lo, ln2_lo), t * ln2_lo)
        reduce = sx > 0x3EB17218
        k = np.where(reduce, k, 0)
        hi, lo = hi.astype(np.float32), lo.astype(np.float32)
        r = np.where(reduce, (hi - lo).astype(np.float32), x)
        t = (r * r).astype(np.float32)
        p = _f32_const(0x3331BB4C)
        for c in (0xB5DDEA0E, 0x388AB355, 0xBB360B61, 0x3E2AAAAB):
            p = (_f32_const(c) + (t * p).astype(np.float32)).astype(np.float32)
        c = (r - (t * p).astype(np.float32)).astype(np.float32)
        rc = (r * c).astype(np.float32)
        y0 = (f(1) - ((rc / (c - f(2))).astype(np.float32) - r).astype(np.float32)).astype(
            np.float32)
        y = (f(1) - ((lo - (rc / (f(2) - c)).astype(np.float32)).astype(np.float32) - hi)
             .astype(np.float32)).astype(np.float32)
        yw = y.view(np.uint32).astype(np.int64)
        scaled = ((yw + (k << 23)) & 0xFFFFFFFF).astype(np.uint32).view(np.float32)
        tiny = ((((yw + ((k + 100) << 23)) & 0xFFFFFFFF).astype(np.uint32).view(np.float32)) *
                _f32_const(0x0D800000)).astype(np.float32)
        out = np.where(k == 0, y0, np.where(k >= -125, scaled, tiny))
        out = np.where(sx < 0x31800000, (f(1) + x).astype(np.float32), out)  # |x| < 2^-28
        out = np.where((negative == 0) & (sx > 0x42B17217), f(np.inf), out)  # overflow
        out = np.where((negative == 1) & (sx > 0x42CFF1B5), f(0), out)       # underflow
        out = np.where(sx > 0x7F800000, x, out)                              # NaN
        out = np.where(sx == 0x7F800000, np.where(negative == 1, f(0), f(np.inf)), out)
    return out.astype(np.float32)


def softmax_float(op, model, values):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    beta = np.float32(op.options["beta"])
    rows = values[in_t.index].astype(np.float32).reshape(-1, in_t.shape[-1])
    m = rows.max(axis=1, keepdims=True)
    e = exp_float32(((rows - m).astype(np.float32) * beta).astype(np.float32))
    total = np.zeros((rows.shape[0], 1), dtype=np.float32)
    for c in range(rows.shape[1]):  # summed in order, as TFLM's loop
        total = (total + e[:, c:c + 1]).astype(np.float32)
    return (e / total).astype(np.float32).reshape(out_t.shape)


def logistic_float(op, model, values):
    x = values[op.inputs[0]].astype(np.float32)
    with np.errstate(over="ignore"):
        mid = (np.float32(1.0) / (np.float32(1.0) + exp_float32(-x))).astype(np.float32)
    out = np.where(x > np.float32(16.619047164916992188), np.float32(1.0),
                   np.where(x < np.float32(-9.0), exp_float32(x), mid))
    return out.astype(np.float32)


def mean_float(op, model, values):
    """reference_ops::Mean for float: each output sums its inputs in flat input order from 0.0f
    (float32), then divides by float(count)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    x = values[in_t.index].astype(np.float32)
    rank = x.ndim
    axes = sorted({int(a) + rank if a < 0 else int(a)
                   for a in ref._const(model, op.inputs[1], "axis").reshape(-1)})
    kept = [d for d in range(rank) if d not in axes]
    rows = np.transpose(x, kept + axes).reshape(-1, int(np.prod([x.shape[a] for a in axes])))
    total = np.zeros(rows.shape[0], dtype=np.float32)
    for c in range(rows.shape[1]):
        total = (total + rows[:, c]).astype(np.float32)
    return (total / np.float32(rows.shape[1])).astype(np.float32).reshape(out_t.shape)


# ---- 16x8 ----

def fully_connected_int16(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    _require_int16(in_t, "input")
    _require_int16(out_t, "output")
    w = ref._const(model, f_t.index, "weights").astype(np.int64)
    units, depth = w.shape[0], w.shape[-1]
    x = values[in_t.index].astype(np.int64).reshape(-1, depth)
    bias, bias_type = _bias_typed(model, op, units)
    acc = x @ w.T + bias
    if len(f_t.scale) > 1:
        mult, shift = ref._per_channel_multipliers(in_t, f_t, out_t, units)
    else:  # GetQuantizedConvolutionMultipler: the scale product in float32
        product = float(np.float32(in_t.scale[0]) * np.float32(f_t.scale[0]))
        mult, shift = fp.quantize_multiplier(product / ref._f32(out_t.scale[0]))
    out = _requantize_16x8(acc, bias_type, mult, shift,
                           *int16_activation_range(ref._activation(op), out_t))
    return out.reshape(out_t.shape)


def add_int16(op, model, values):
    """ADD 16x8: the int8 formula with left_shift 15 and int16 limits (AddGeneralParamScale)."""
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    for t, what in ((a_t, "input"), (b_t, "input"), (out_t, "output")):
        _require_int16(t, what)
    s1, s2, so = ref._scale(a_t, "input"), ref._scale(b_t, "input"), ref._scale(out_t, "output")
    twice_max = 2 * max(s1, s2)
    m1, sh1 = fp.quantize_multiplier_smaller_than_one_exp(s1 / twice_max)
    m2, sh2 = fp.quantize_multiplier_smaller_than_one_exp(s2 / twice_max)
    mo, sho = fp.quantize_multiplier_smaller_than_one_exp(twice_max / ((1 << 15) * so))
    a = fp.multiply_by_quantized_multiplier(values[a_t.index].astype(np.int64) << 15, m1, sh1)
    b = fp.multiply_by_quantized_multiplier(values[b_t.index].astype(np.int64) << 15, m2, sh2)
    raw = fp.multiply_by_quantized_multiplier(fp.wrap_int32(a + b), mo, sho)
    out = np.clip(raw, *int16_activation_range(ref._activation(op), out_t)).astype(np.int16)
    return np.broadcast_to(out, out_t.shape)


def mul_int16(op, model, values):
    """MUL 16x8: MulElementwise, QuantizeMultiplier(s1 * s2 / so), int16 limits."""
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    for t, what in ((a_t, "input"), (b_t, "input"), (out_t, "output")):
        _require_int16(t, what)
    m, sh = fp.quantize_multiplier(ref._scale(a_t, "input") * ref._scale(b_t, "input") /
                                   ref._scale(out_t, "output"))
    product = values[a_t.index].astype(np.int64) * values[b_t.index].astype(np.int64)
    raw = fp.multiply_by_quantized_multiplier(product, m, sh)
    out = np.clip(raw, *int16_activation_range(ref._activation(op), out_t)).astype(np.int16)
    return np.broadcast_to(out, out_t.shape)


def depthwise_conv_2d_int16(op, model, values):
    """DepthwiseConvPerChannel for int16: an int64 sum (int64 bias or none), the 64-bit
    requantisation, no offsets."""
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    _require_int16(in_t, "input")
    _require_int16(out_t, "output")
    w = ref._const(model, f_t.index, "filter").astype(np.int64)
    oc = w.shape[3]
    bias, bias_type = _bias_typed(model, op, oc)
    if bias_type not in (None, "int64"):
        raise UnsupportedModelError(f"depthwise_conv_2d op {op.index}: 16x8 bias must be int64")
    acc = ref.depthwise_sum(values[in_t.index].astype(np.int64), w, op.options) + bias
    mult, shift = ref._per_channel_multipliers(in_t, f_t, out_t, oc)
    out = mbqm64(acc, mult, shift)
    return np.clip(out, *int16_activation_range(ref._activation(op), out_t)).astype(np.int16)


def _pool_int16(op, model, values, kind):
    """reference_integer_ops::AveragePool / MaxPool for int16 (the int8 rules, int16 limits)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    _require_int16(in_t, "input")
    _require_int16(out_t, "output")
    o = op.options
    x = values[in_t.index].astype(np.int64)
    lo, hi = int16_activation_range(ref._activation(op), out_t)
    args = (o["filter_height"], o["filter_width"], o["stride_h"], o["stride_w"], 1, 1,
            ref.schema.PADDING[o["padding"]])
    if kind == "max":
        out = np.max([t for _, _, t in ref._padded_taps(x, *args, -32769)], axis=0)
    else:
        total = sum(t for _, _, t in ref._padded_taps(x, *args, 0))
        count = sum(t for _, _, t in ref._padded_taps(np.ones_like(x[..., :1]), *args, 0))
        half = count // 2
        out = np.where(total > 0, (total + half) // count, -((-total + half) // count))
    return np.clip(out, lo, hi).astype(np.int16)


def conv_2d_int16(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    _require_int16(in_t, "input")
    _require_int16(out_t, "output")
    w = ref._const(model, f_t.index, "filter").astype(np.int64)
    oc = w.shape[0]
    x = values[in_t.index].astype(np.int64)
    bias, bias_type = _bias_typed(model, op, oc)
    acc = ref.conv_sum(x, w, op.options) + bias
    mult, shift = ref._per_channel_multipliers(in_t, f_t, out_t, oc)
    return _requantize_16x8(acc, bias_type, mult, shift,
                            *int16_activation_range(ref._activation(op), out_t))


# ---- LUT sigmoid / tanh (int16) ----

def logistic_int16(x, input_multiplier=0, input_left_shift=0):
    if input_multiplier == 0:
        input_multiplier, input_left_shift = 3 << input_left_shift, 0
    rnd = (1 << (input_left_shift - 1)) if input_left_shift > 0 else 0
    v = (np.asarray(x, dtype=np.int64) * input_multiplier + rnd) >> input_left_shift
    a = np.abs(v)
    uh = a >> 9
    idx = np.minimum(uh, 254)
    ua, ub = SIGMOID_TABLE[idx], SIGMOID_TABLE[idx + 1]
    result = np.where(uh >= 255, 0x7FFF << 10, (ua << 9) + (a & 0x1FF) * (ub - ua))
    result = np.where(v >= 0, result + (1 << 9), (1 << 25) - result + (1 << 9) - 1)
    return (result >> 10).astype(np.uint16).astype(np.int16)


def tanh_int16(x, input_multiplier=0, input_left_shift=0):
    if input_multiplier == 0:
        input_multiplier, input_left_shift = 3 << input_left_shift, 0
    rnd = (1 << (input_left_shift - 1)) if input_left_shift > 0 else 0
    v = (np.asarray(x, dtype=np.int64) * input_multiplier + rnd) >> input_left_shift
    a = np.abs(v)
    uh = a >> 8
    idx = np.minimum(uh, 254)
    ua, ub = SIGMOID_TABLE[idx], SIGMOID_TABLE[idx + 1]
    result = np.where(uh >= 255, 0xFFFF << 8, (ua << 8) + (a & 0xFF) * (ub - ua))
    result = np.where(v >= 0, result - (1 << 23) + (1 << 7), -result + (1 << 23) + (1 << 7) - 1)
    return (result >> 8).astype(np.int64).astype(np.int16)


# ---- conversions ----

# QUANTIZE conversions TFLM's quantize_common.cc evaluates that accsim runs: input -> outputs.
QUANTIZE_PAIRS = {"int8": ("int8", "uint8", "int16", "int32"), "uint8": ("int8",),
                  "int16": ("int8", "int16", "int32"), "float32": ("int8", "int16")}


def quantize(op, model, values):
    """QUANTIZE: float32 -> int8/int16 (AffineQuantize); between integer types Requantize with
    QuantizeMultiplier(in_scale / out_scale), clamped to the output type."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if out_t.type not in QUANTIZE_PAIRS.get(in_t.type, ()):
        raise UnsupportedModelError(
            f"quantize op {op.index}: {in_t.type} -> {out_t.type} is not supported")
    x = values[in_t.index]
    lo, hi = _INT_RANGE[out_t.type]
    if in_t.type == "float32":
        return ref.affine_quantize(x, ref._scale(out_t, "output"), ref._zero_point(out_t), lo, hi)
    m, sh = fp.quantize_multiplier(ref._scale(in_t, "input") / ref._scale(out_t, "output"))
    out = fp.multiply_by_quantized_multiplier(x.astype(np.int64) - ref._zero_point(in_t), m, sh)
    return np.clip(fp.wrap_int32(out + ref._zero_point(out_t)), lo, hi)


def dequantize(op, model, values):
    """DEQUANTIZE int8/uint8/int16 -> float32: float(scale) * float(value - zero_point)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if in_t.type not in ("int8", "uint8", "int16") or out_t.type != "float32":
        raise UnsupportedModelError(f"dequantize op {op.index}: {in_t.type} -> {out_t.type} is "
                                    "not supported")
    centred = (values[in_t.index].astype(np.int32) - ref._zero_point(in_t)).astype(np.float32)
    return np.float32(ref._scale(in_t, "input")) * centred


def softmax_int16_output(op, model, values):
    """SOFTMAX int8 -> int16 (reference_ops::Softmax<int8_t, int16_t>): the int8 path's
    fixed-point exps and reciprocal, 16 fractional bits out, offset -32768. TFLM requires the
    output zero point -32768 and does not check its scale."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if ref._zero_point(out_t) != -32768:
        raise UnsupportedModelError(f"softmax op {op.index}: int16 output zero point must be "
                                    "-32768")
    bits = ref.SOFTMAX_SCALED_DIFF_INTEGER_BITS
    acc_bits = ref.SOFTMAX_ACCUMULATION_INTEGER_BITS
    mult, left_shift = fp.preprocess_softmax_scaling(ref._f32(op.options["beta"]),
                                                     ref._scale(in_t, "input"), bits)
    diff_min = -fp.calculate_input_radius(bits, left_shift)
    rows = values[in_t.index].astype(np.int64).reshape(-1, in_t.shape[-1])
    diff = rows - rows.max(axis=1, keepdims=True)
    used = diff >= diff_min
    rescaled = fp.saturating_rounding_doubling_high_mul(fp.wrap_int32(diff << left_shift), mult)
    exps = fp.exp_on_negative_values(rescaled, bits)
    terms = fp.rescale(exps, 0, acc_bits)
    sum_of_exps = fp.wrap_int32(np.where(used, terms, 0).sum(axis=1, keepdims=True))
    shifted_scale, num_bits_over_unit = fp.get_reciprocal(sum_of_exps, acc_bits)
    unsat = fp.rounding_divide_by_pot(fp.saturating_rounding_doubling_high_mul(shifted_scale, exps),
                                      num_bits_over_unit + 31 - 16)
    out = np.where(used, np.clip(unsat - 32768, -32768, 32767), -32768)
    return out.astype(np.int16).reshape(out_t.shape)


# ---- SVDF ----

def svdf(op, model, values):
    """svdf_common.cc's EvalIntegerSvdfReference: the state (values[state], updated in place)
    shifts left by one; each filter's newest slot gets the requantised feature dot product; each
    filter's memory is dotted with its time weights; rank filters sum per unit with the bias;
    requantised to int8."""
    t = [model.tensors[i] if i >= 0 else None for i in op.inputs[:5]]
    in_t, feat_t, time_t, bias_t, state_t = t
    out_t = model.tensors[op.outputs[0]]
    if in_t.type == "float32":
        return svdf_float(op, model, values, t, out_t)
    if in_t.type != "int8" or out_t.type != "int8" or time_t.type not in ("int8", "int16"):
        raise UnsupportedModelError(f"svdf op {op.index}: only the integer SVDF is supported")
    rank = op.options["rank"]
    batches, n_input = in_t.shape
    n_filter, n_memory = time_t.shape
    n_unit = n_filter // rank
    f32 = np.float32
    scale_1 = f32(f32(in_t.scale[0]) * f32(feat_t.scale[0])) / f32(state_t.scale[0])
    scale_2 = f32(f32(state_t.scale[0]) * f32(time_t.scale[0])) / f32(out_t.scale[0])
    m1, s1 = fp.quantize_multiplier(float(f32(scale_1)))
    m2, s2 = fp.quantize_multiplier(float(f32(scale_2)))
    lo, hi = _INT_RANGE[state_t.type]
    state_zp = ref._zero_point(state_t)
    state = values[state_t.index].astype(np.int64).reshape(-1)
    state = np.concatenate([state[1:], state[-1:]])  # the last slot is overwritten below
    state = state.reshape(batches, n_filter, n_memory)
    x = values[in_t.index].astype(np.int64) - ref._zero_point(in_t)
    w = ref._const(model, feat_t.index, "feature weights").astype(np.int64)
    dot = fp.wrap_int32(x @ w.T)  # [batches, filters]
    newest = fp.multiply_by_quantized_multiplier(dot, m1, s1) + state_zp
    state[:, :, -1] = np.clip(newest, lo, hi)
    tw = ref._const(model, time_t.index, "time weights").astype(np.int64)
    scratch = fp.wrap_int32(((state - state_zp) * tw[None]).sum(axis=2))
    bias = (ref._const(model, bias_t.index, "bias").astype(np.int64) if bias_t is not None
            else np.zeros(n_unit, dtype=np.int64))
    total = fp.wrap_int32(scratch.reshape(batches, n_unit, rank).sum(axis=2) + bias)
    out = fp.multiply_by_quantized_multiplier(total, m2, s2) + ref._zero_point(out_t)
    values[state_t.index] = state.reshape(state_t.shape).astype(state_t.dtype)
    return np.clip(out, -128, 127).astype(np.int8).reshape(out_t.shape)


def svdf_float(op, model, values, t, out_t):
    """EvalFloatSvdfReference: float32 sums from 0.0f in TFLM's order, bias first per unit, then
    ActivationValFloat (std::max/std::min: ReLU(-0) = +0)."""
    in_t, feat_t, time_t, bias_t, state_t = t
    rank = op.options["rank"]
    batches = in_t.shape[0]
    n_filter, n_memory = time_t.shape
    n_unit = n_filter // rank
    f = np.float32
    state = values[state_t.index].astype(np.float32).reshape(-1)
    state = np.concatenate([state[1:], state[-1:]]).reshape(batches, n_filter, n_memory)
    x = values[in_t.index].astype(np.float32)
    w = ref._const(model, feat_t.index, "feature weights").astype(np.float32)
    dot = np.zeros((batches, n_filter), dtype=np.float32)
    for c in range(x.shape[1]):
        dot = (dot + (w[None, :, c] * x[:, c:c + 1]).astype(np.float32)).astype(np.float32)
    state[:, :, -1] = dot
    tw = ref._const(model, time_t.index, "time weights").astype(np.float32)
    scratch = np.zeros((batches, n_filter), dtype=np.float32)
    for j in range(n_memory):
        scratch = (scratch + (tw[None, :, j] * state[:, :, j]).astype(np.float32)).astype(f)
    out = (np.tile(ref._const(model, bias_t.index, "bias").astype(np.float32), (batches, 1))
           if bias_t is not None else np.zeros((batches, n_unit), dtype=np.float32))
    scratch = scratch.reshape(batches, n_unit, rank)
    for j in range(rank):
        out = (out + scratch[:, :, j]).astype(np.float32)
    act = ref._activation(op)
    if act == "relu":
        out = np.where(f(0) < out, out, f(0))
    elif act in ("relu6", "relu_n1_to_1"):
        lo, hi = (f(0), f(6)) if act == "relu6" else (f(-1), f(1))
        upper = np.where(hi < out, hi, out)
        out = np.where(lo < upper, upper, lo)
    elif act != "none":
        raise UnsupportedModelError(f"svdf op {op.index}: activation {act} is not supported")
    values[state_t.index] = state.reshape(state_t.shape)
    return out.astype(np.float32).reshape(out_t.shape)


# ---- UNIDIRECTIONAL_SEQUENCE_LSTM ----

LSTM_GATE_INPUT_SCALE = np.float32(0.00024414062)   # 2^-12: the FC outputs (Q3.12)
LSTM_GATE_OUTPUT_SCALE = np.float32(0.00003051757)  # TFLM's literal: nearly 2^-15 (Q0.15)


def _lstm_fc_scale(in_scale, weight_scale):
    product = float(np.float32(in_scale) * np.float32(weight_scale))
    return fp.quantize_multiplier(product / float(LSTM_GATE_INPUT_SCALE))


def _lstm_mul_scale(s1, s2, out):
    return fp.quantize_multiplier(float(np.float32(s1)) * float(np.float32(s2)) /
                                  float(np.float32(out)))


def _mbqm(x, m_s):
    return fp.multiply_by_quantized_multiplier(x, m_s[0], m_s[1])


def unidirectional_sequence_lstm(op, model, values):
    """lstm_eval.cc's integer LstmStep for 8x8->16 (the standard LSTM: TFLM refuses CIFG,
    peephole, projection and layer norm). The hidden (int8) and cell (int16) states in values
    are updated in place."""
    ins = op.inputs + [-1] * (24 - len(op.inputs))
    if len(op.inputs) != 24:
        raise UnsupportedModelError(f"lstm op {op.index}: needs 24 inputs")
    if any(ins[i] >= 0 for i in (9, 10, 11, 16, 17, 20, 21, 22, 23)):
        raise UnsupportedModelError(f"lstm op {op.index}: peephole, projection and layer norm "
                                    "are not supported (nor by TFLM)")
    in_t, out_t = model.tensors[ins[0]], model.tensors[op.outputs[0]]
    h_t, c_t = model.tensors[ins[18]], model.tensors[ins[19]]
    if in_t.type != "int8" or h_t.type != "int8" or c_t.type != "int16":
        raise UnsupportedModelError(f"lstm op {op.index}: only the int8 (8x8->16) LSTM")
    if op.options["fused_activation_function"] != 4:
        raise UnsupportedModelError(f"lstm op {op.index}: cell activation must be TANH")
    mant, exp = np.frexp(np.float32(c_t.scale[0]))
    if mant != 0.5:
        raise UnsupportedModelError(f"lstm op {op.index}: cell scale is not a power of two")
    power = int(exp) - 1
    time_major = bool(op.options["time_major"])
    x = values[in_t.index].astype(np.int64)
    if time_major:
        x = x.transpose(1, 0, 2)  # [batch, time, input]
    batches, steps, _ = x.shape
    n = h_t.shape[-1]
    in_zp, h_zp = ref._zero_point(in_t), ref._zero_point(h_t)
    gates = []
    for slot in (1, 0, 2, 3):  # forget, input, cell, output
        wi = ref._const(model, ins[1 + slot], "weights").astype(np.int64)
        wr = ref._const(model, ins[5 + slot], "weights").astype(np.int64)
        bias = ref._const(model, ins[12 + slot], "bias").astype(np.int64)
        gates.append((wi, wr, bias,
                      _lstm_fc_scale(in_t.scale[0], model.tensors[ins[1 + slot]].scale[0]),
                      _lstm_fc_scale(h_t.scale[0], model.tensors[ins[5 + slot]].scale[0])))
    g_out = LSTM_GATE_OUTPUT_SCALE
    forget_cell = _lstm_mul_scale(g_out, c_t.scale[0], c_t.scale[0])
    input_mul = _lstm_mul_scale(g_out, g_out, c_t.scale[0])
    output_mul = _lstm_mul_scale(g_out, g_out, h_t.scale[0])
    clip = 0
    if op.options["cell_clip"] > 0:
        clip = int(np.clip(float(np.float32(op.options["cell_clip"])) / ref._f32(c_t.scale[0]),
                           -32768.0, 32767.0))
    h = values[h_t.index].astype(np.int64).reshape(batches, n).copy()
    c = values[c_t.index].astype(np.int64).reshape(batches, n).copy()
    y = np.zeros((batches, steps, n), dtype=np.int64)

    def gate(g, xt, ht, cell_gate):
        wi, wr, bias, si, sr = g
        a = np.clip(_mbqm(fp.wrap_int32((xt - in_zp) @ wi.T + bias), si), -32768, 32767)
        b = np.clip(_mbqm(fp.wrap_int32((ht - h_zp) @ wr.T), sr), -32768, 32767)
        s = np.clip(a + b, -32768, 32767)
        return (tanh_int16(s) if cell_gate else logistic_int16(s)).astype(np.int64)

    shift = 15 + power - 3
    tanh_mult, tanh_shift = (3, -shift) if shift < 0 else (0, shift)
    for t in range(steps):
        xt = x[:, t, :]
        f = gate(gates[0], xt, h, False)
        i = gate(gates[1], xt, h, False)
        g = gate(gates[2], xt, h, True)
        kept = np.clip(_mbqm(f * c, forget_cell), -32768, 32767)
        added = np.clip(_mbqm(i * g, input_mul), -32768, 32767)
        c = np.clip(kept + added, -32768, 32767)
        if clip > 0:
            c = np.clip(c, -clip, clip)
        o = gate(gates[3], xt, h, False)
        th = tanh_int16(c, tanh_mult, tanh_shift).astype(np.int64)
        h = np.clip(_mbqm(th * o, output_mul) + h_zp, -128, 127)
        y[:, t, :] = h
    values[h_t.index] = h.reshape(h_t.shape).astype(np.int8)
    values[c_t.index] = c.reshape(c_t.shape).astype(np.int16)
    if time_major:
        y = y.transpose(1, 0, 2)
    return y.astype(np.int8).reshape(out_t.shape)


# ---- registration: the typed paths behind the int8 kernels ----

def _dispatch(int8_kernel, float_kernel=None, int16_kernel=None):
    def kernel(op, model, values):
        t = model.tensors[op.inputs[0]].type
        if t == "float32" and float_kernel:
            return float_kernel(op, model, values)
        if t == "int16" and int16_kernel:
            return int16_kernel(op, model, values)
        if t != "int8" or model.tensors[op.outputs[0]].type not in ("int8",):
            raise UnsupportedModelError(f"{op.opcode} op {op.index}: {t} -> "
                                        f"{model.tensors[op.outputs[0]].type} is not supported")
        return int8_kernel(op, model, values)
    return kernel


def _softmax(op, model, values):
    if model.tensors[op.inputs[0]].type == "float32":
        return softmax_float(op, model, values)
    if model.tensors[op.outputs[0]].type == "int16":
        return softmax_int16_output(op, model, values)
    return _dispatch(ref.softmax)(op, model, values)


def _concatenation(op, model, values):
    """CONCATENATION copies: float32 inputs as they are; int16 with the int8 rule (every input
    quantised as the output)."""
    types = {model.tensors[i].type for i in op.inputs + op.outputs}
    if types == {"float32"}:
        if ref._activation(op) != "none":
            raise UnsupportedModelError(f"concatenation op {op.index}: fused activation")
        out_t = model.tensors[op.outputs[0]]
        axis = op.options["axis"]
        axis = axis + len(out_t.shape) if axis < 0 else axis
        return np.concatenate([values[i] for i in op.inputs], axis=axis)
    if types not in ({"int8"}, {"int16"}):
        raise UnsupportedModelError(f"concatenation op {op.index}: types {sorted(types)}")
    return ref.concatenation(op, model, values)


def _pad(op, model, values):
    """PAD: float32 pads with 0.0, int16 (zero point 0) with 0, int8 with its zero point."""
    types = {model.tensors[op.inputs[0]].type, model.tensors[op.outputs[0]].type}
    if types not in ({"int8"}, {"int16"}, {"float32"}):
        raise UnsupportedModelError(f"pad op {op.index}: types {sorted(types)}")
    return ref.pad(op, model, values)


def _strided_slice(op, model, values):
    """STRIDED_SLICE copies elements of any type the interpreter runs (int8, int16, float32)."""
    t = model.tensors[op.inputs[0]].type
    if t not in ("int8", "int16", "float32"):
        raise UnsupportedModelError(f"strided_slice op {op.index}: {t} input")
    return ref.strided_slice(op, model, values)


def _reshape(op, model, values):
    if model.tensors[op.inputs[0]].type != model.tensors[op.outputs[0]].type:
        raise UnsupportedModelError(f"reshape op {op.index}: input and output types differ")
    return ref.reshape(op, model, values)


def register(kernels, typed):
    """Adds the typed paths to tflite_reference's KERNELS and names the operators whose kernels
    check their own tensor types."""
    kernels.update({
        "fully_connected": _dispatch(ref.fully_connected, fully_connected_float,
                                     fully_connected_int16),
        "conv_2d": _dispatch(ref.conv_2d, conv_2d_float, conv_2d_int16),
        "depthwise_conv_2d": _dispatch(ref.depthwise_conv_2d, depthwise_conv_2d_float,
                                       depthwise_conv_2d_int16),
        "average_pool_2d": _dispatch(ref.average_pool_2d,
                                     lambda o, m, v: _pool_float(o, m, v, "avg"),
                                     lambda o, m, v: _pool_int16(o, m, v, "avg")),
        "max_pool_2d": _dispatch(ref.max_pool_2d, lambda o, m, v: _pool_float(o, m, v, "max"),
                                 lambda o, m, v: _pool_int16(o, m, v, "max")),
        "logistic": _dispatch(ref.logistic, logistic_float),
        "add": _dispatch(ref.add, lambda o, m, v: binary_float(o, m, v, "add"), add_int16),
        "sub": _dispatch(ref.sub, lambda o, m, v: binary_float(o, m, v, "sub")),
        "mul": _dispatch(ref.mul, lambda o, m, v: binary_float(o, m, v, "mul"), mul_int16),
        "reshape": _reshape, "softmax": _softmax, "concatenation": _concatenation,
        "pad": _pad, "strided_slice": _strided_slice,
        "mean": _dispatch(ref.mean, mean_float), "quantize": quantize, "dequantize": dequantize,
        "svdf": svdf, "unidirectional_sequence_lstm": unidirectional_sequence_lstm,
    })
    typed.update({"mean", "strided_slice", "pad", "concatenation", "depthwise_conv_2d", "average_pool_2d", "max_pool_2d", "logistic",
                  "fully_connected", "conv_2d", "add", "sub", "mul", "reshape", "softmax",
                  "quantize", "dequantize", "svdf", "unidirectional_sequence_lstm"})


register(ref.KERNELS, ref.TYPED_KERNELS)
