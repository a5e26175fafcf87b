"""Numpy reference interpreter for int8 TFLite models (with float32/uint8 graph edges), bit-exact with TFLite Micro's reference
kernels (tensorflow/lite/kernels/internal/reference/integer_ops and the TFLM Prepare functions
that turn float scales into integer multipliers).

    outputs = run_model(model, input_bytes)      # every tensor's array (of its type), by index

Accumulations are done in int64 (or float64 where every partial sum is an exact integer, which
lets numpy use BLAS for convolutions) and wrapped to int32 where the C++ reference would wrap.
"""
import numpy as np

import tflite_fixed_point as fp
import tflite_schema as schema

INT8_MIN, INT8_MAX = -128, 127


class UnsupportedModelError(Exception):
    """A well-formed model that uses something this reference does not implement or allows."""


# ---- quantisation parameters (the TFLM Prepare step) ----

def _f32(x):
    """A float32 tensor parameter as the double C++ gets from static_cast<double>(float)."""
    return float(np.float32(x))


def _scale(t, what):
    if not t.scale:
        raise UnsupportedModelError(f"{what} tensor {t.index} ({t.name!r}) has no quantisation")
    return _f32(t.scale[0])


def _zero_point(t):
    return int(t.zero_point[0]) if t.zero_point else 0


def activation_range(activation, t):
    """CalculateActivationRangeQuantized for an int8 output tensor."""
    scale, zp = np.float32(_scale(t, "output")), _zero_point(t)

    def quantize(x):
        return zp + fp.round_half_away_float32(np.float32(x) / scale)

    if activation == "none":
        return INT8_MIN, INT8_MAX
    if activation == "relu":
        return max(INT8_MIN, quantize(0.0)), INT8_MAX
    if activation == "relu6":
        return max(INT8_MIN, quantize(0.0)), min(INT8_MAX, quantize(6.0))
    if activation == "relu_n1_to_1":
        return max(INT8_MIN, quantize(-1.0)), min(INT8_MAX, quantize(1.0))
    raise UnsupportedModelError(f"fused activation {activation!r} is not supported for int8")


def _activation(op):
    return schema.ACTIVATION.get(op.options.get("fused_activation_function", 0), "unknown")


def compute_padding(stride, dilation, in_size, filter_size, out_size):
    effective = (filter_size - 1) * dilation + 1
    return max(((out_size - 1) * stride + effective - in_size) // 2, 0)


def compute_out_size(padding, in_size, filter_size, stride, dilation=1):
    effective = (filter_size - 1) * dilation + 1
    if padding == "same":
        return (in_size + stride - 1) // stride
    return (in_size + stride - effective) // stride


def _requantize(acc, multiplier, shift, out_zp, act_min, act_max):
    out = fp.multiply_by_quantized_multiplier(fp.wrap_int32(acc), multiplier, shift) + out_zp
    return np.clip(out, act_min, act_max).astype(np.int8)


def _per_channel_multipliers(input_t, filter_t, output_t, channels):
    """Conv/depthwise/FC: effective scale = in_scale * filter_scale[c] / out_scale, in double."""
    in_scale, out_scale = _scale(input_t, "input"), _scale(output_t, "output")
    if len(filter_t.scale) not in (1, channels):
        raise UnsupportedModelError(
            f"filter tensor {filter_t.index}: {len(filter_t.scale)} scales for {channels} channels")
    scales = filter_t.scale if len(filter_t.scale) == channels else filter_t.scale * channels
    pairs = [fp.quantize_multiplier(in_scale * _f32(s) / out_scale) for s in scales]
    return (np.array([m for m, _ in pairs], dtype=np.int64),
            np.array([s for _, s in pairs], dtype=np.int64))


# ---- kernels: each takes (op, model, values) and returns the output array ----

def _const(model, index, what):
    t = model.tensors[index]
    if t.data is None:
        raise UnsupportedModelError(f"{what} tensor {index} ({t.name!r}) must be constant")
    return t.array()


def _bias(model, op, channels):
    if len(op.inputs) < 3 or op.inputs[2] < 0:
        return np.zeros(channels, dtype=np.int64)
    b = model.tensors[op.inputs[2]]
    if b.type != "int32":
        raise UnsupportedModelError(f"bias tensor {b.index} is {b.type}, expected int32")
    return _const(model, op.inputs[2], "bias").astype(np.int64).reshape(channels)


def _padded_taps(x, kh, kw, sh, sw, dh, dw, padding, fill):
    """Yields (ky, kx, window) with window[n, oy, ox, c] = x at the tap, `fill` in padding."""
    n, h, w, c = x.shape
    oh = compute_out_size(padding, h, kh, sh, dh)
    ow = compute_out_size(padding, w, kw, sw, dw)
    pt = compute_padding(sh, dh, h, kh, oh)
    pl = compute_padding(sw, dw, w, kw, ow)
    pb = max(0, (oh - 1) * sh + (kh - 1) * dh + 1 - h - pt)
    pr = max(0, (ow - 1) * sw + (kw - 1) * dw + 1 - w - pl)
    xp = np.pad(x, ((0, 0), (pt, pb), (pl, pr), (0, 0)), constant_values=fill)
    for ky in range(kh):
        for kx in range(kw):
            y0, x0 = ky * dh, kx * dw
            yield ky, kx, xp[:, y0:y0 + (oh - 1) * sh + 1:sh, x0:x0 + (ow - 1) * sw + 1:sw, :]


def conv_sum(x, w, o):
    """Sum over the taps of x[tap] * w for conv_2d options o: x is NHWC with the input offset
    already applied (int64, or float64 for calibration), w is OHWI. Padding taps add nothing."""
    oc, kh, kw, ic = w.shape
    taps = [t for _, _, t in _padded_taps(x, kh, kw, o["stride_h"], o["stride_w"],
                                          o["dilation_h_factor"], o["dilation_w_factor"],
                                          schema.PADDING[o["padding"]], 0)]
    n, oh, ow = taps[0].shape[:3]
    cols = np.stack(taps, axis=3).reshape(n * oh * ow, kh * kw * ic)
    filt = w.reshape(oc, kh * kw * ic).T
    acc = cols @ filt if x.dtype.kind == "f" else _exact_matmul(cols, filt)
    return acc.reshape(n, oh, ow, oc)


def depthwise_sum(x, w, o):
    """Depthwise counterpart of conv_sum: w is [1, KH, KW, IC * M]; output channel ic * M + m
    reads input channel ic."""
    _, kh, kw, oc = w.shape
    x = np.repeat(x, oc // x.shape[3], axis=3)
    acc = 0
    for ky, kx, tap in _padded_taps(x, kh, kw, o["stride_h"], o["stride_w"],
                                    o["dilation_h_factor"], o["dilation_w_factor"],
                                    schema.PADDING[o["padding"]], 0):
        acc = acc + tap * w[0, ky, kx]
    return acc


def conv_2d(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    w = _const(model, f_t.index, "filter").astype(np.int64)   # [OC, KH, KW, IC]
    oc, ic = w.shape[0], w.shape[3]
    if in_t.shape[3] != ic:
        raise UnsupportedModelError(f"conv_2d op {op.index}: input has {in_t.shape[3]} channels, "
                                    f"filter {ic} (grouped convolution is not supported)")
    x = values[in_t.index].astype(np.int64) - _zero_point(in_t)  # + input_offset
    acc = conv_sum(x, w - _zero_point(f_t), op.options) + _bias(model, op, oc)
    mult, shift = _per_channel_multipliers(in_t, f_t, out_t, oc)
    return _requantize(acc, mult, shift, _zero_point(out_t),
                       *activation_range(_activation(op), out_t))


def _exact_matmul(a, b):
    """int64 matmul through float64 BLAS: exact while every partial sum stays below 2^53."""
    bound = float(np.abs(a).max(initial=0)) * float(np.abs(b).max(initial=0)) * a.shape[1]
    if bound < 2.0 ** 53:
        return (a.astype(np.float64) @ b.astype(np.float64)).astype(np.int64)
    return a @ b


def depthwise_conv_2d(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    w = _const(model, f_t.index, "filter").astype(np.int64)   # [1, KH, KW, IC * M]
    oc, ic = w.shape[3], in_t.shape[3]
    if oc % ic:
        raise UnsupportedModelError(f"depthwise_conv_2d op {op.index}: {oc} output channels "
                                    f"is not a multiple of {ic} input channels")
    x = values[in_t.index].astype(np.int64) - _zero_point(in_t)
    acc = depthwise_sum(x, w - _zero_point(f_t), op.options) + _bias(model, op, oc)
    mult, shift = _per_channel_multipliers(in_t, f_t, out_t, oc)
    return _requantize(acc, mult, shift, _zero_point(out_t),
                       *activation_range(_activation(op), out_t))


def fully_connected(op, model, values):
    in_t, f_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    if op.options.get("weights_format", 0) != 0:
        raise UnsupportedModelError(f"fully_connected op {op.index}: shuffled weights")
    w = _const(model, f_t.index, "weights").astype(np.int64)  # [OUT, DEPTH]
    out_depth, accum_depth = w.shape[0], w.shape[-1]
    x = values[in_t.index].astype(np.int64).reshape(-1, accum_depth) - _zero_point(in_t)
    acc = _exact_matmul(x, (w.reshape(out_depth, accum_depth) - _zero_point(f_t)).T)
    acc = acc + _bias(model, op, out_depth)
    mult, shift = _per_channel_multipliers(in_t, f_t, out_t, out_depth)
    out = _requantize(acc, mult, shift, _zero_point(out_t),
                      *activation_range(_activation(op), out_t))
    return out.reshape(out_t.shape)


def _add_or_sub(op, model, values, sign):
    """TFLM ADD/SUB int8: inputs scaled to a common 2*max(scale) at left_shift 20."""
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    left_shift = 20
    s1, s2, so = _scale(a_t, "input"), _scale(b_t, "input"), _scale(out_t, "output")
    twice_max = 2 * max(s1, s2)
    m1, sh1 = fp.quantize_multiplier_smaller_than_one_exp(s1 / twice_max)
    m2, sh2 = fp.quantize_multiplier_smaller_than_one_exp(s2 / twice_max)
    mo, sho = fp.quantize_multiplier_smaller_than_one_exp(twice_max / ((1 << left_shift) * so))
    a = (values[a_t.index].astype(np.int64) - _zero_point(a_t)) << left_shift
    b = (values[b_t.index].astype(np.int64) - _zero_point(b_t)) << left_shift
    a = fp.multiply_by_quantized_multiplier(a, m1, sh1)
    b = fp.multiply_by_quantized_multiplier(b, m2, sh2)
    raw = fp.wrap_int32(a + sign * b)
    out = _requantize(raw, mo, sho, _zero_point(out_t), *activation_range(_activation(op), out_t))
    return np.broadcast_to(out, out_t.shape)


def add(op, model, values):
    return _add_or_sub(op, model, values, 1)


def sub(op, model, values):
    return _add_or_sub(op, model, values, -1)


def mul(op, model, values):
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    real = _scale(a_t, "input") * _scale(b_t, "input") / _scale(out_t, "output")
    m, sh = fp.quantize_multiplier(real)
    a = values[a_t.index].astype(np.int64) - _zero_point(a_t)
    b = values[b_t.index].astype(np.int64) - _zero_point(b_t)
    out = _requantize(a * b, m, sh, _zero_point(out_t), *activation_range(_activation(op), out_t))
    return np.broadcast_to(out, out_t.shape)


def _pool(op, model, values, kind):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    o = op.options
    x = values[in_t.index].astype(np.int64)
    padding = schema.PADDING[o["padding"]]
    act_min, act_max = activation_range(_activation(op), out_t)
    args = (o["filter_height"], o["filter_width"], o["stride_h"], o["stride_w"], 1, 1, padding)
    if kind == "max":
        # padding taps never win: fill below every int8 value
        out = np.max([t for _, _, t in _padded_taps(x, *args, INT8_MIN - 1)], axis=0)
        return np.clip(out, act_min, act_max).astype(np.int8)
    total = sum(t for _, _, t in _padded_taps(x, *args, 0))
    count = sum(t for _, _, t in _padded_taps(np.ones_like(x[..., :1]), *args, 0))
    # "Round to the closest integer value": C division after adding/subtracting count / 2
    half = count // 2
    out = np.where(total > 0, (total + half) // count, -((-total + half) // count))
    return np.clip(out, act_min, act_max).astype(np.int8)


def average_pool_2d(op, model, values):
    return _pool(op, model, values, "avg")


def max_pool_2d(op, model, values):
    return _pool(op, model, values, "max")


def mean(op, model, values):
    """TFLM int8 MEAN as tflite-micro's reduce_common.cc EvalIntegerMean: with equal input and
    output quantisation reference_ops::Mean (int32 sum / count, C division truncating toward
    zero); otherwise QuantizedMeanOrSum (the 1/N factor folded into the rescaling multiplier)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    x = values[in_t.index].astype(np.int64)
    rank = x.ndim
    axes = sorted({int(a) + rank if a < 0 else int(a)
                   for a in _const(model, op.inputs[1], "axis").reshape(-1)})
    if any(not 0 <= a < rank for a in axes):
        raise UnsupportedModelError(f"mean op {op.index}: axis out of range for rank {rank}")
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    total = x.sum(axis=tuple(axes))
    if _scale(in_t, "input") == _scale(out_t, "output") and _zero_point(in_t) == _zero_point(out_t):
        truncated = np.sign(total) * (np.abs(total) // count)
        return truncated.astype(np.int8).reshape(out_t.shape)
    mult, shift = fp.quantize_multiplier(_scale(in_t, "input") / _scale(out_t, "output"))
    s = min(count.bit_length() - 1, 32, 31 + shift)
    mult = (mult << s) // count
    shift -= s
    shifted_sum = fp.wrap_int32(total - _zero_point(in_t) * count)
    out = fp.multiply_by_quantized_multiplier(shifted_sum, mult, shift) + _zero_point(out_t)
    return np.clip(out, INT8_MIN, INT8_MAX).astype(np.int8).reshape(out_t.shape)


def pad(op, model, values):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    paddings = _const(model, op.inputs[1], "paddings").astype(np.int64).reshape(-1, 2)
    if len(op.inputs) > 2 and op.inputs[2] >= 0:
        fill = int(_const(model, op.inputs[2], "constant_values").reshape(-1)[0])
    else:
        fill = _zero_point(out_t)  # TFLM pads int8 with the output zero point
    x = values[in_t.index]
    return np.pad(x, [tuple(p) for p in paddings], constant_values=fill).reshape(out_t.shape)


def reshape(op, model, values):
    out_t = model.tensors[op.outputs[0]]
    return values[op.inputs[0]].reshape(out_t.shape)


def concatenation(op, model, values):
    """int8 concatenation copies bytes. TFLite (not Micro) refuses inputs whose quantisation
    differs from the output's, since the copy would then change their meaning; so do we."""
    out_t = model.tensors[op.outputs[0]]
    if _activation(op) != "none":
        raise UnsupportedModelError(f"concatenation op {op.index}: fused activation on int8")
    for i in op.inputs:
        t = model.tensors[i]
        if (_f32(t.scale[0]), _zero_point(t)) != (_f32(out_t.scale[0]), _zero_point(out_t)):
            raise UnsupportedModelError(
                f"concatenation op {op.index}: input tensor {i} quantisation "
                f"({t.scale[0]}, {_zero_point(t)}) differs from the output's "
                f"({out_t.scale[0]}, {_zero_point(out_t)}); int8 concatenation does not rescale")
    axis = op.options["axis"]
    axis = axis + len(out_t.shape) if axis < 0 else axis
    return np.concatenate([values[i] for i in op.inputs], axis=axis)


SOFTMAX_SCALED_DIFF_INTEGER_BITS = 5
SOFTMAX_ACCUMULATION_INTEGER_BITS = 12


def softmax(op, model, values):
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if _zero_point(out_t) != -128 or np.float32(out_t.scale[0]) != np.float32(1.0 / 256):
        raise UnsupportedModelError(f"softmax op {op.index}: int8 output must have scale 1/256 "
                                    "and zero point -128")
    beta = _f32(op.options["beta"])
    mult, left_shift = fp.preprocess_softmax_scaling(beta, _scale(in_t, "input"),
                                                     SOFTMAX_SCALED_DIFF_INTEGER_BITS)
    diff_min = -fp.calculate_input_radius(SOFTMAX_SCALED_DIFF_INTEGER_BITS, left_shift)
    x = values[in_t.index].astype(np.int64)
    depth = x.shape[-1]
    rows = x.reshape(-1, depth)
    diff = rows - rows.max(axis=1, keepdims=True)
    used = diff >= diff_min
    rescaled = fp.saturating_rounding_doubling_high_mul(fp.wrap_int32(diff << left_shift), mult)
    exps = fp.exp_on_negative_values(rescaled, SOFTMAX_SCALED_DIFF_INTEGER_BITS)
    terms = fp.rescale(exps, 0, SOFTMAX_ACCUMULATION_INTEGER_BITS)
    sum_of_exps = fp.wrap_int32(np.where(used, terms, 0).sum(axis=1, keepdims=True))
    shifted_scale, num_bits_over_unit = fp.get_reciprocal(sum_of_exps,
                                                          SOFTMAX_ACCUMULATION_INTEGER_BITS)
    exponent = num_bits_over_unit + 31 - 8
    unsat = fp.rounding_divide_by_pot(
        fp.saturating_rounding_doubling_high_mul(shifted_scale, exps), exponent)
    out = np.where(used, np.clip(unsat - 128, INT8_MIN, INT8_MAX), INT8_MIN)
    return out.astype(np.int8).reshape(out_t.shape)


def _clamp(v, lo, hi):
    return hi if v > hi else lo if v < lo else v


def strided_slice_output_shape(in_shape, begin, end, strides, begin_mask, end_mask, shrink_mask):
    """TFLM's CheckOutputSize (strided_slice_common.cc, with strided_slice_logic.h's StartForAxis
    and StopForAxis): the output shape a model must declare; shrunk axes are dropped."""
    shape = []
    for axis, size in enumerate(in_shape):
        stride = strides[axis]
        start = -2 ** 31 if begin_mask >> axis & 1 and stride > 0 else (
            2 ** 31 - 1 if begin_mask >> axis & 1 else begin[axis])
        start += size if start < 0 else 0
        start = _clamp(start, 0, size) if stride > 0 else _clamp(start, -1, size - 1)
        if shrink_mask >> axis & 1:
            continue
        stop = 2 ** 31 - 1 if end_mask >> axis & 1 and stride > 0 else (
            -2 ** 31 if end_mask >> axis & 1 else end[axis])
        stop += size if stop < 0 else 0
        stop = _clamp(stop, 0, size) if stride > 0 else _clamp(stop, -1, size - 1)
        shape.append(max(0, -((start - stop) // stride)))  # ceil((stop - start) / stride)
    return shape


def strided_slice_ranges(in_shape, begin, end, strides, begin_mask, end_mask, shrink_mask):
    """reference_ops::StridedSlice's per-axis index ranges (StridedSliceStartForAxis and
    StridedSliceEndForAxis): the input indices the output walks, in order."""
    ranges = []
    for axis, size in enumerate(in_shape):
        stride = strides[axis]
        start = begin[axis] + (size if begin[axis] < 0 else 0)
        start = _clamp(start, 0, size) if stride > 0 else _clamp(start, -1, size - 1)
        if begin_mask >> axis & 1:
            start = 0 if stride > 0 else size - 1
        if shrink_mask >> axis & 1:
            ranges.append(range(start, start if start >= size else start + 1))
            continue
        stop = end[axis] + (size if end[axis] < 0 else 0)
        stop = _clamp(stop, 0, size) if stride > 0 else _clamp(stop, -1, size - 1)
        if end_mask >> axis & 1:
            stop = size if stride > 0 else -1
        ranges.append(range(start, stop, stride))
    return ranges


def strided_slice(op, model, values):
    """TFLM STRIDED_SLICE (int8, rank <= 4): constant int32 begin/end/strides, begin_mask,
    end_mask and shrink_axis_mask; TFLM ignores ellipsis_mask, new_axis_mask and offset (the
    declared output shape must still match its rule). A byte copy: the output keeps the input's
    quantisation (refused otherwise, as for CONCATENATION)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if len(op.inputs) != 4:
        raise UnsupportedModelError(f"strided_slice op {op.index}: needs 4 inputs")
    rank = len(in_t.shape)
    if rank > 4:
        raise UnsupportedModelError(f"strided_slice op {op.index}: rank {rank} above 4")
    begin, end, strides = (_const(model, op.inputs[i], n).astype(np.int64).reshape(-1).tolist()
                           for i, n in ((1, "begin"), (2, "end"), (3, "strides")))
    if not len(begin) == len(end) == len(strides) == rank or 0 in strides:
        raise UnsupportedModelError(f"strided_slice op {op.index}: begin/end/strides must have "
                                    f"{rank} entries and strides no 0")
    if in_t.type != out_t.type or (in_t.scale and (_f32(in_t.scale[0]), _zero_point(in_t)) != (
            _f32(out_t.scale[0]), _zero_point(out_t))):
        raise UnsupportedModelError(f"strided_slice op {op.index}: output quantisation differs "
                                    "from the input's")
    o = op.options
    masks = (o["begin_mask"], o["end_mask"], o["shrink_axis_mask"])
    if strided_slice_output_shape(in_t.shape, begin, end, strides, *masks) != list(out_t.shape):
        raise UnsupportedModelError(f"strided_slice op {op.index}: output shape {out_t.shape} is "
                                    "not the slice's")
    ranges = strided_slice_ranges(in_t.shape, begin, end, strides, *masks)
    if int(np.prod([len(r) for r in ranges])) != out_t.num_elements:
        raise UnsupportedModelError(f"strided_slice op {op.index}: a shrunk axis is out of range")
    x = values[in_t.index]
    return x[np.ix_(*[np.array(r, dtype=np.int64) for r in ranges])].reshape(out_t.shape)


LOGISTIC_INPUT_INTEGER_BITS = 4


def logistic(op, model, values):
    """TFLM int8 LOGISTIC (logistic_common.cc + reference_integer_ops::Logistic): the input scale
    times 2^27 split by frexp into a rounded Q31 multiplier and left shift; inputs beyond the
    radius saturate, the others go through gemmlowp's Q4.27 logistic, rounded to Q0.8, minus 128.
    The output zero point must be -128; its scale is not read."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if _zero_point(out_t) != -128:
        raise UnsupportedModelError(f"logistic op {op.index}: int8 output zero point must be -128")
    bits = LOGISTIC_INPUT_INTEGER_BITS
    split = fp.frexp_q31(_scale(in_t, "input") * float(1 << (31 - bits)))
    if split is None or not 0 <= split[1] <= 31:
        raise UnsupportedModelError(f"logistic op {op.index}: input scale outside what TFLite's "
                                    "integer path handles")
    mult, left_shift = split
    radius = fp.calculate_input_radius(bits, left_shift, 31)
    x = values[in_t.index].astype(np.int64) - _zero_point(in_t)
    inside = np.clip(x, -radius + 1, radius - 1) if radius > 0 else np.zeros_like(x)
    q0 = fp.logistic(fp.multiply_by_quantized_multiplier(inside, mult, left_shift), bits)
    out = np.clip(fp.rounding_divide_by_pot(q0, 31 - 8) - 128, INT8_MIN, INT8_MAX)
    out = np.where(x <= -radius, INT8_MIN, np.where(x >= radius, INT8_MAX, out))
    return out.astype(np.int8)


# Integer range of each quantised type the graph-edge conversions write.
_TYPE_RANGE = {"int8": (-128, 127), "uint8": (0, 255)}


def _requantize_edge(x, in_t, out_t):
    """reference_ops::Requantize with TFLM's QuantizeMultiplier(in_scale / out_scale). Its
    XOR-0x80 shortcut (same scale, zero points 128 apart, int8 <-> uint8) gives the same bytes
    as the general formula, so the general formula stands for both."""
    m, sh = fp.quantize_multiplier(_scale(in_t, "input") / _scale(out_t, "output"))
    lo, hi = _TYPE_RANGE[out_t.type]
    out = fp.multiply_by_quantized_multiplier(x.astype(np.int64) - _zero_point(in_t), m, sh)
    return np.clip(out + _zero_point(out_t), lo, hi)


def affine_quantize(x, scale, zero_point, lo, hi):
    """reference_ops::AffineQuantize, float32 in: TfLiteRound (std::round: halves away from zero)
    of the float32 quotient x / float(scale), plus the zero point, clamped. (An older TFLM
    truncated quotient + 0.5, which rounds negative values differently; current upstream rounds.)
    A quotient beyond int32 (undefined in C++) saturates, as the RV32IM soft-float cast and the
    firmware do; NaN gives the zero point."""
    q = (np.asarray(x, dtype=np.float32) / np.float32(scale)).astype(np.float64)
    rounded = np.where(q >= 0, np.floor(q + 0.5), np.ceil(q - 0.5))  # exact: q has 24 bits
    rounded = np.where(np.isnan(rounded), 0.0, rounded)
    rounded = np.clip(rounded, -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64)
    return np.clip(rounded + zero_point, lo, hi)


# QUANTIZE conversions TFLM's quantize_common.cc evaluates that this reference (and the firmware)
# run: input type -> output types.
QUANTIZE_PAIRS = {"int8": ("int8", "uint8"), "uint8": ("int8",), "float32": ("int8",)}


def quantize(op, model, values):
    """QUANTIZE: float32 -> int8 (AffineQuantize); int8 -> int8/uint8 and uint8 -> int8
    (Requantize with in_scale / out_scale)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if out_t.type not in QUANTIZE_PAIRS.get(in_t.type, ()):
        raise UnsupportedModelError(
            f"quantize op {op.index}: {in_t.type} -> {out_t.type} is not supported "
            "(float32 -> int8, int8 -> int8/uint8, uint8 -> int8 are)")
    x = values[in_t.index]
    if in_t.type == "float32":
        lo, hi = _TYPE_RANGE[out_t.type]
        return affine_quantize(x, _scale(out_t, "output"), _zero_point(out_t), lo, hi)
    return _requantize_edge(x, in_t, out_t)


def dequantize(op, model, values):
    """DEQUANTIZE int8/uint8 -> float32: float(scale) * float(value - zero_point), one float32
    multiplication (reference_ops::Dequantize)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if in_t.type not in ("int8", "uint8") or out_t.type != "float32":
        raise UnsupportedModelError(f"dequantize op {op.index}: {in_t.type} -> {out_t.type} is "
                                    "not supported (int8/uint8 -> float32 is)")
    centred = (values[in_t.index].astype(np.int32) - _zero_point(in_t)).astype(np.float32)
    return np.float32(_scale(in_t, "input")) * centred


def _same_quantization(op, in_t, out_t):
    if (_f32(in_t.scale[0]), _zero_point(in_t)) != (_f32(out_t.scale[0]), _zero_point(out_t)):
        raise UnsupportedModelError(f"{op.opcode} op {op.index}: output quantisation differs "
                                    "from the input's")


def nearest_neighbor_indices(in_size, out_size, align_corners, half_pixel_centers):
    """reference_ops::GetNearestNeighbor for every output index, in float32 as TFLM computes it:
    scale = in / out (or (in - 1) / (out - 1) with align_corners), (index + offset) * scale,
    floor (or std::round, halves away from zero, with align_corners), clamped to the input."""
    f = np.float32
    if align_corners and out_size > 1:
        scale = f(in_size - 1) / f(out_size - 1)
    else:
        scale = f(in_size) / f(out_size)
    offset = f(0.5) if half_pixel_centers else f(0.0)
    at = (np.arange(out_size, dtype=np.float32) + offset) * scale   # float32 throughout
    if align_corners:
        index = np.where(at >= 0, np.floor(at.astype(np.float64) + 0.5),
                         np.ceil(at.astype(np.float64) - 0.5))
    else:
        index = np.floor(at)
    index = np.minimum(index.astype(np.int64), in_size - 1)
    if half_pixel_centers:
        index = np.maximum(index, 0)
    return index


def resize_nearest_neighbor(op, model, values):
    """TFLM RESIZE_NEAREST_NEIGHBOR int8: a 4-D input, constant int32 size [height, width],
    align_corners and half_pixel_centers. A byte copy: the output keeps the input's
    quantisation (refused otherwise, as for STRIDED_SLICE)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    size = _const(model, op.inputs[1], "size").astype(np.int64).reshape(-1)
    if len(in_t.shape) != 4 or len(size) != 2:
        raise UnsupportedModelError(f"resize_nearest_neighbor op {op.index}: needs a 4-D input "
                                    "and a size of 2 entries")
    n, h, w, c = in_t.shape
    if list(out_t.shape) != [n, int(size[0]), int(size[1]), c]:
        raise UnsupportedModelError(f"resize_nearest_neighbor op {op.index}: output shape "
                                    f"{out_t.shape} is not the input resized to {list(size)}")
    _same_quantization(op, in_t, out_t)
    o = op.options
    align, half = bool(o.get("align_corners", 0)), bool(o.get("half_pixel_centers", 0))
    ys = nearest_neighbor_indices(h, int(size[0]), align, half)
    xs = nearest_neighbor_indices(w, int(size[1]), align, half)
    return values[in_t.index][:, ys][:, :, xs]


def transpose(op, model, values):
    """TFLM TRANSPOSE int8 (rank 1-5): a constant int32 permutation; the output is the input's
    axes permuted (numpy's transpose) and keeps its quantisation."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    rank = len(in_t.shape)
    perm = _const(model, op.inputs[1], "perm").astype(np.int64).reshape(-1).tolist()
    if not 1 <= rank <= 5 or sorted(perm) != list(range(rank)):
        raise UnsupportedModelError(f"transpose op {op.index}: perm {perm} is not a permutation "
                                    f"of rank {rank} (1 to 5)")
    if [in_t.shape[p] for p in perm] != list(out_t.shape):
        raise UnsupportedModelError(f"transpose op {op.index}: output shape {out_t.shape} is not "
                                    "the input's permuted")
    _same_quantization(op, in_t, out_t)
    return np.transpose(values[in_t.index], perm)


def _maximum_minimum(op, model, values, pick):
    """TFLM MAXIMUM/MINIMUM int8 (MaximumMinimumBroadcastSlow): the raw int8 values compared,
    broadcast up to 4-D. Inputs and output must share one quantisation (refused otherwise: the
    raw comparison would not compare real values)."""
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    for t in (a_t, b_t):
        _same_quantization(op, t, out_t)
    if max(len(a_t.shape), len(b_t.shape), len(out_t.shape)) > 4:
        raise UnsupportedModelError(f"{op.opcode} op {op.index}: rank above 4")
    out = pick(values[a_t.index], values[b_t.index])
    if list(out.shape) != list(out_t.shape):
        raise UnsupportedModelError(f"{op.opcode} op {op.index}: the inputs do not broadcast to "
                                    f"the output {out_t.shape}")
    return out


def maximum(op, model, values):
    return _maximum_minimum(op, model, values, np.maximum)


def minimum(op, model, values):
    return _maximum_minimum(op, model, values, np.minimum)


def leaky_relu(op, model, values):
    """TFLM LEAKY_RELU int8 (leaky_relu_common.cc, QuantizeLeakyRelu): multipliers from the
    float32 expressions input_scale * alpha / output_scale and input_scale / output_scale;
    x - zp_in >= 0 takes the identity one, below it the alpha one; + zp_out, clamped. A negative
    alpha is refused."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    f = np.float32
    alpha = f(op.options.get("alpha", 0.0))
    if not alpha >= 0:
        raise UnsupportedModelError(f"leaky_relu op {op.index}: alpha {alpha} is negative")
    s_in, s_out = f(_scale(in_t, "input")), f(_scale(out_t, "output"))
    ma, sa = fp.quantize_multiplier(float(f(f(s_in * alpha) / s_out)))
    mi, si = fp.quantize_multiplier(float(f(s_in / s_out)))
    x = values[in_t.index].astype(np.int64) - _zero_point(in_t)
    scaled = np.where(x >= 0, fp.multiply_by_quantized_multiplier(x, mi, si),
                      fp.multiply_by_quantized_multiplier(x, ma, sa))
    return np.clip(scaled + _zero_point(out_t), INT8_MIN, INT8_MAX).astype(np.int8)


def pack(op, model, values):
    """TFLM PACK: the inputs (one shape; int8 quantised as the output, or int32) stacked along a
    new axis (negative: from the output's rank)."""
    out_t = model.tensors[op.outputs[0]]
    ins = [model.tensors[i] for i in op.inputs]
    if op.options.get("values_count", 0) != len(ins):
        raise UnsupportedModelError(f"pack op {op.index}: values_count differs from the inputs")
    for t in ins:
        if t.type == "int8":
            _same_quantization(op, t, out_t)
        elif t.type != "int32" or out_t.type != "int32":
            raise UnsupportedModelError(f"pack op {op.index}: {t.type} (int8, int32 are run)")
    axis = op.options.get("axis", 0)
    axis = axis + len(out_t.shape) if axis < 0 else axis
    return np.stack([values[t.index] for t in ins], axis=axis)


def shape(op, model, values):
    """TFLM SHAPE: the input's dimensions, int32."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if out_t.type != "int32":
        raise UnsupportedModelError(f"shape op {op.index}: output is {out_t.type} (int32 is run)")
    return np.array(in_t.shape, dtype=np.int32)


def prelu(op, model, values):
    """TFLM PRELU int8 (prelu_common.cc, BroadcastPrelu4DSlow): x = input - zp_in; x >= 0 takes
    QuantizeMultiplier(in_scale / out_scale), x < 0 takes x * (alpha - zp_alpha) with
    QuantizeMultiplier(in_scale * alpha_scale / out_scale), in doubles; + zp_out, clamped. Input
    and alpha broadcast up to 4-D."""
    in_t, a_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    if max(len(in_t.shape), len(a_t.shape), len(out_t.shape)) > 4:
        raise UnsupportedModelError(f"prelu op {op.index}: rank above 4")
    s_in, s_a, s_out = _scale(in_t, "input"), _scale(a_t, "alpha"), _scale(out_t, "output")
    m1, sh1 = fp.quantize_multiplier(s_in / s_out)
    m2, sh2 = fp.quantize_multiplier(s_in * s_a / s_out)
    x = values[in_t.index].astype(np.int64) - _zero_point(in_t)
    a = values[a_t.index].astype(np.int64) - _zero_point(a_t)
    x, a = np.broadcast_arrays(x, a)
    if list(x.shape) != list(out_t.shape):
        raise UnsupportedModelError(f"prelu op {op.index}: input and alpha do not broadcast to "
                                    f"the output {out_t.shape}")
    out = np.where(x >= 0, fp.multiply_by_quantized_multiplier(x, m1, sh1),
                   fp.multiply_by_quantized_multiplier(x * a, m2, sh2))
    return np.clip(out + _zero_point(out_t), INT8_MIN, INT8_MAX).astype(np.int8)


def reduce_max(op, model, values):
    """TFLM REDUCE_MAX int8: constant axes (negative, repeated), keep_dims; input and output
    quantised alike (TFLM requires it)."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    _same_quantization(op, in_t, out_t)
    x = values[in_t.index]
    rank = x.ndim
    if rank > 4:
        raise UnsupportedModelError(f"reduce_max op {op.index}: rank {rank} above 4")
    axes = sorted({int(a) + rank if a < 0 else int(a)
                   for a in _const(model, op.inputs[1], "axis").reshape(-1)})
    if any(not 0 <= a < rank for a in axes):
        raise UnsupportedModelError(f"reduce_max op {op.index}: axis out of range")
    out = x.max(axis=tuple(axes), keepdims=bool(op.options.get("keep_dims", 0)))
    if list(out.shape) != list(out_t.shape):
        raise UnsupportedModelError(f"reduce_max op {op.index}: output shape {out_t.shape} is "
                                    "not the reduced input's")
    return out


_CAST_IN = ("int8", "uint8", "int32")
_CAST_OUT = ("int8", "uint8", "int32", "float32")


def cast(op, model, values):
    """TFLM CAST: static_cast per element, quantisation not read. int8/uint8/int32 inputs;
    integer narrowing wraps (GCC's static_cast), int32 -> float32 rounds to nearest even."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    if in_t.type not in _CAST_IN or out_t.type not in _CAST_OUT:
        raise UnsupportedModelError(f"cast op {op.index}: {in_t.type} -> {out_t.type} is not "
                                    "supported")
    return values[in_t.index].astype(out_t.dtype)


def _leading_sign_bits(x):
    """CountLeadingSignBits of int32 values (31 for 0 and -1)."""
    u = np.where(x < 0, ~x, x) & 0xFFFFFFFF
    return np.where(u == 0, 31, fp.count_leading_zeros32(u) - 1)


def div(op, model, values):
    """TFLM DIV int8 (div.cc, DivElementwise / BroadcastDivSlowQuantized): signs moved to the
    dividend, GetReciprocal(divisor, 31), the dividend shifted up by its leading sign bits,
    SaturatingRoundingDoublingHighMul, then RoundingDivideByPOT(SRDHM(q, M), -(shift -
    recip_shift - headroom)) with QuantizeMultiplier(float32 s1 / (s2 * s_out)); + zp_out,
    clamped to the fused activation. Where TFLM's C++ is undefined (a divisor at its zero point,
    rounding shifts above 31 for dividends near theirs) x86-64's execution is followed."""
    a_t, b_t, out_t = (model.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    if max(len(a_t.shape), len(b_t.shape), len(out_t.shape)) > 4:
        raise UnsupportedModelError(f"div op {op.index}: rank above 4")
    f = np.float32
    real = f(_scale(a_t, "input")) / (f(_scale(b_t, "input")) * f(_scale(out_t, "output")))
    mult, shift = fp.quantize_multiplier(float(real))
    if shift > 23:
        raise UnsupportedModelError(f"div op {op.index}: output multiplier 2^{shift} too large")
    a = values[a_t.index].astype(np.int64) - _zero_point(a_t)
    b = values[b_t.index].astype(np.int64) - _zero_point(b_t)
    a, b = np.broadcast_arrays(a, b)
    if list(a.shape) != list(out_t.shape):
        raise UnsupportedModelError(f"div op {op.index}: the inputs do not broadcast to the "
                                    f"output {out_t.shape}")
    a = np.where(b < 0, -a, a)
    b = np.abs(b)
    safe = np.where(b == 0, 1, b)
    inverse, recip_shift = fp.get_reciprocal(safe, 31)
    inverse = np.where(b == 0, fp.one_over_one_plus_x_for_x_in_0_1(
        np.full(b.shape, -2 ** 31, dtype=np.int64)), inverse)
    recip_shift = np.where(b == 0, -1, recip_shift)
    headroom = _leading_sign_bits(a)
    unscaled = fp.saturating_rounding_doubling_high_mul(fp.wrap_int32(a << headroom), inverse)
    total_shift = shift - recip_shift - headroom
    q = fp.saturating_rounding_doubling_high_mul(unscaled, mult)
    # RoundingDivideByPOT with exponents up to 93, counts as x86-64 takes them (see
    # accsim_kernels/tfl_div.h): mask shift modulo 64, arithmetic shift modulo 32.
    exponent = -total_shift
    mask = fp.wrap_int32((np.int64(1) << (exponent & 63)) - 1)
    threshold = (mask >> 1) + (q < 0)
    out = fp.wrap_int32((q >> (exponent & 31)) + ((q & mask) > threshold))
    lo, hi = activation_range(_activation(op), out_t)
    return np.clip(fp.wrap_int32(out + _zero_point(out_t)), lo, hi).astype(np.int8)


def bilinear_taps(in_size, out_size, align_corners, half_pixel_centers):
    """ResizeBilinearInteger's per-axis (lower, upper, weight) in 1/1024 steps: the scale as a
    rounded integer quotient, C's truncating division for the lower index."""
    if align_corners and out_size > 1:
        scale = ((1 << 10) * (in_size - 1) + (out_size - 1) // 2) // (out_size - 1)
    else:
        scale = ((1 << 10) * in_size + out_size // 2) // out_size
    at = np.arange(out_size, dtype=np.int64) * scale
    if half_pixel_centers:
        at = at + scale // 2 - (1 << 9)
    lower = np.maximum(np.where(at >= 0, at // 1024, -((-at) // 1024)), 0)
    upper_raw = at + 1023
    upper = np.minimum(np.where(upper_raw >= 0, upper_raw // 1024, -((-upper_raw) // 1024)),
                       in_size - 1)
    if (lower > in_size - 1).any():
        raise UnsupportedModelError("resize_bilinear: an index leaves the input")
    return lower, upper, at - 1024 * lower


def resize_bilinear(op, model, values):
    """TFLM RESIZE_BILINEAR int8 (ResizeBilinearInteger): 4-D input, constant int32 size,
    align_corners or half_pixel_centers (not both); the four neighbours weighted in 1/1024
    steps, the sum +- 2^19 divided by 2^20 truncating. Output quantised as the input."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    size = _const(model, op.inputs[1], "size").astype(np.int64).reshape(-1)
    if len(in_t.shape) != 4 or len(size) != 2:
        raise UnsupportedModelError(f"resize_bilinear op {op.index}: needs a 4-D input and a "
                                    "size of 2 entries")
    n, h, w, c = in_t.shape
    if list(out_t.shape) != [n, int(size[0]), int(size[1]), c]:
        raise UnsupportedModelError(f"resize_bilinear op {op.index}: output shape "
                                    f"{out_t.shape} is not the input resized to {list(size)}")
    _same_quantization(op, in_t, out_t)
    align = bool(op.options.get("align_corners", 0))
    half = bool(op.options.get("half_pixel_centers", 0))
    if align and half:
        raise UnsupportedModelError(f"resize_bilinear op {op.index}: align_corners and "
                                    "half_pixel_centers are both set")
    y0, y1, wy = bilinear_taps(h, int(size[0]), align, half)
    x0, x1, wx = bilinear_taps(w, int(size[1]), align, half)
    x = values[in_t.index].astype(np.int64)
    wy1, wy0 = wy[None, :, None, None], (1024 - wy)[None, :, None, None]
    wx1, wx0 = wx[None, None, :, None], (1024 - wx)[None, None, :, None]
    total = (x[:, y0][:, :, x0] * wy0 * wx0 + x[:, y1][:, :, x0] * wy1 * wx0 +
             x[:, y0][:, :, x1] * wy0 * wx1 + x[:, y1][:, :, x1] * wy1 * wx1)
    rounded = total + np.where(total > 0, 1 << 19, -(1 << 19))
    q = np.where(rounded >= 0, rounded >> 20, -((-rounded) >> 20))
    return q.astype(np.int8)


def tile(op, model, values):
    """TILE int8 (rank <= 4; TFLite's tile.cc, TFLM has none): numpy's tile by the constant
    multiples; the output keeps the input's quantisation."""
    in_t, out_t = model.tensors[op.inputs[0]], model.tensors[op.outputs[0]]
    multiples = _const(model, op.inputs[1], "multiples").astype(np.int64).reshape(-1).tolist()
    if len(in_t.shape) > 4 or len(multiples) != len(in_t.shape) or min(multiples, default=1) < 1:
        raise UnsupportedModelError(f"tile op {op.index}: multiples {multiples} for rank "
                                    f"{len(in_t.shape)} (<= 4)")
    _same_quantization(op, in_t, out_t)
    out = np.tile(values[in_t.index], multiples)
    if list(out.shape) != list(out_t.shape):
        raise UnsupportedModelError(f"tile op {op.index}: output shape {out_t.shape} is not the "
                                    "input tiled")
    return out


KERNELS = {
    "conv_2d": conv_2d, "depthwise_conv_2d": depthwise_conv_2d,
    "fully_connected": fully_connected, "add": add, "sub": sub, "mul": mul,
    "average_pool_2d": average_pool_2d, "max_pool_2d": max_pool_2d, "mean": mean, "pad": pad,
    "reshape": reshape, "concatenation": concatenation, "softmax": softmax, "quantize": quantize,
    "dequantize": dequantize, "logistic": logistic, "strided_slice": strided_slice,
    "resize_nearest_neighbor": resize_nearest_neighbor, "transpose": transpose,
    "maximum": maximum, "minimum": minimum, "leaky_relu": leaky_relu, "pack": pack,
    "shape": shape, "prelu": prelu, "reduce_max": reduce_max, "cast": cast, "div": div,
    "resize_bilinear": resize_bilinear, "tile": tile,
}

# Operators whose kernels check their own tensor types (the graph-edge conversions, and the
# float32 / 16x8 paths tflite_reference_typed.py adds); every other operator runs int8 only.
TYPED_KERNELS = {"quantize", "dequantize", "pack", "shape", "cast"}


def check_supported(model):
    """Raises UnsupportedModelError unless every operator and activation tensor is supported."""
    if not model.inputs or not model.outputs:
        raise UnsupportedModelError("the model has no input or no output tensor")
    for op in model.operators:
        if op.opcode not in KERNELS:
            raise UnsupportedModelError(f"operator {op.index}: {op.opcode} is not supported")
        if op.opcode in TYPED_KERNELS:
            continue
        for i in op.outputs + [op.inputs[0]]:
            t = model.tensors[i]
            if t.type != "int8":
                raise UnsupportedModelError(
                    f"operator {op.index} ({op.opcode}): tensor {i} ({t.name!r}) is {t.type}; "
                    "only int8 models are supported")


def op_macs(model, op):
    """Multiply-accumulates of a conv, depthwise or fully-connected op (0 for the others)."""
    out = model.tensors[op.outputs[0]]
    if op.opcode not in ("conv_2d", "depthwise_conv_2d", "fully_connected"):
        return 0
    w = model.tensors[op.inputs[1]].shape
    per_output = {"conv_2d": lambda: w[1] * w[2] * w[3], "depthwise_conv_2d": lambda: w[1] * w[2],
                  "fully_connected": lambda: w[-1]}[op.opcode]()
    return out.num_elements * per_output


def input_size(model, i=0):
    t = model.tensors[model.inputs[i]]
    return t.num_elements * t.dtype.itemsize


def run_model(model, inputs=None):
    """Runs the model; `inputs` is input tensor 0's bytes, or a list with one entry per input
    tensor in graph order (None entries and missing ones: zeros). Returns {index: array}."""
    check_supported(model)
    if inputs is None or isinstance(inputs, (bytes, bytearray)):
        inputs = [inputs]
    if len(inputs) > len(model.inputs):
        raise ValueError(f"{len(inputs)} inputs given, the model has {len(model.inputs)}")
    values = {}
    for t in model.tensors:
        if t.data is not None:
            values[t.index] = t.array()
        elif t.is_variable:  # TFLM's ResetVariableTensors: int8 to its zero point, else 0
            fill = _zero_point(t) if t.type == "int8" else 0
            values[t.index] = np.full(t.shape, fill, dtype=t.dtype)
    for i, index in enumerate(model.inputs):
        in_t = model.tensors[index]
        data = inputs[i] if i < len(inputs) and inputs[i] is not None else bytes(
            input_size(model, i))
        if len(data) != input_size(model, i):
            raise ValueError(f"input {i} has {len(data)} bytes, the model's input tensor {index} "
                             f"{in_t.shape} {in_t.type} needs {input_size(model, i)}")
        values[index] = np.frombuffer(data, dtype=in_t.dtype).reshape(in_t.shape)
    for op in model.operators:
        out = KERNELS[op.opcode](op, model, values)
        out_t = model.tensors[op.outputs[0]]
        values[out_t.index] = np.ascontiguousarray(out, dtype=out_t.dtype).reshape(out_t.shape)
    return values


def run_outputs(model, inputs=None):
    """Every output tensor, in graph order, each a flat array of its type."""
    values = run_model(model, inputs)
    return [values[i].reshape(-1) for i in model.outputs]


def run_output(model, inputs=None):
    """Output tensor 0 as a flat array of its type."""
    return run_outputs(model, inputs)[0]


# The float32, 16x8 and recurrent paths: the module registers them into KERNELS and
# TYPED_KERNELS when it has been read (it uses this module's helpers, so it comes last).
import tflite_reference_typed  # noqa: E402,F401
