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


KERNELS = {
    "conv_2d": conv_2d, "depthwise_conv_2d": depthwise_conv_2d,
    "fully_connected": fully_connected, "add": add, "sub": sub, "mul": mul,
    "average_pool_2d": average_pool_2d, "max_pool_2d": max_pool_2d, "mean": mean, "pad": pad,
    "reshape": reshape, "concatenation": concatenation, "softmax": softmax, "quantize": quantize,
    "dequantize": dequantize, "logistic": logistic, "strided_slice": strided_slice,
}

# Operators whose kernels check their own tensor types (the graph-edge conversions, and the
# float32 / 16x8 paths tflite_reference_typed.py adds); every other operator runs int8 only.
TYPED_KERNELS = {"quantize", "dequantize"}


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


def input_size(model):
    t = model.tensors[model.inputs[0]]
    return t.num_elements * t.dtype.itemsize


def run_model(model, input_bytes=None):
    """Runs the model on input tensor 0's bytes (zeros when None); returns {index: array}."""
    check_supported(model)
    in_t = model.tensors[model.inputs[0]]
    if input_bytes is None:
        input_bytes = bytes(input_size(model))
    if len(input_bytes) != input_size(model):
        raise ValueError(f"input has {len(input_bytes)} bytes, the model's input tensor "
                         f"{in_t.shape} {in_t.type} needs {input_size(model)}")
    values = {}
    for t in model.tensors:
        if t.data is not None:
            values[t.index] = t.array()
        elif t.is_variable:  # TFLM's ResetVariableTensors: int8 to its zero point, else 0
            fill = _zero_point(t) if t.type == "int8" else 0
            values[t.index] = np.full(t.shape, fill, dtype=t.dtype)
    values[in_t.index] = np.frombuffer(input_bytes, dtype=in_t.dtype).reshape(in_t.shape)
    for op in model.operators:
        out = KERNELS[op.opcode](op, model, values)
        out_t = model.tensors[op.outputs[0]]
        values[out_t.index] = np.ascontiguousarray(out, dtype=out_t.dtype).reshape(out_t.shape)
    return values


def run_output(model, input_bytes=None):
    """Output tensor 0 as a flat array of its type."""
    return run_model(model, input_bytes)[model.outputs[0]].reshape(-1)


# The float32, 16x8 and recurrent paths: the module registers them into KERNELS and
# TYPED_KERNELS when it has been read (it uses this module's helpers, so it comes last).
import tflite_reference_typed  # noqa: E402,F401
