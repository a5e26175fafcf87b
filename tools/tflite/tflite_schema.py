"""Facts from TFLite's schema (tensorflow/lite/schema/schema.fbs, schema version 3), written once.

Everything else in tools/tflite reads the flatbuffer layout, the enum values and the option
tables from here. Slot ids are the field's position in its table in schema.fbs; a union field
takes two slots (its `_type` byte first, then the value), which is why e.g. Operator's
builtin_options is slot 4. A field's vtable entry sits at byte 4 + 2 * slot of the vtable.
"""

FILE_IDENTIFIER = b"TFL3"
SCHEMA_VERSION = 3  # Model.version written by every converter since 2018

# BuiltinOperator (int32). Values 0..161 in schema order; names in TFLite's upper case are kept
# lower case here (the project's convention: conv_2d, depthwise_conv_2d, ...).
_BUILTIN_NAMES = """
add average_pool_2d concatenation conv_2d depthwise_conv_2d depth_to_space dequantize
embedding_lookup floor fully_connected hashtable_lookup l2_normalization l2_pool_2d
local_response_normalization logistic lsh_projection lstm max_pool_2d mul relu relu_n1_to_1
relu6 reshape resize_bilinear rnn softmax space_to_depth svdf tanh concat_embeddings skip_gram
call custom embedding_lookup_sparse pad unidirectional_sequence_rnn gather batch_to_space_nd
space_to_batch_nd transpose mean sub div squeeze unidirectional_sequence_lstm strided_slice
bidirectional_sequence_rnn exp topk_v2 split log_softmax delegate bidirectional_sequence_lstm
cast prelu maximum arg_max minimum less neg padv2 greater greater_equal less_equal select slice
sin transpose_conv sparse_to_dense tile expand_dims equal not_equal log sum sqrt rsqrt shape pow
arg_min fake_quant reduce_prod reduce_max pack logical_or one_hot logical_and logical_not unpack
reduce_min floor_div reduce_any square zeros_like fill floor_mod range resize_nearest_neighbor
leaky_relu squared_difference mirror_pad abs split_v unique ceil reverse_v2 add_n gather_nd cos
where rank elu reverse_sequence matrix_diag quantize matrix_set_diag round hard_swish if while
non_max_suppression_v4 non_max_suppression_v5 scatter_nd select_v2 densify segment_sum
batch_matmul placeholder_for_greater_op_codes cumsum call_once broadcast_to rfft2d conv_3d imag
real complex_abs hashtable hashtable_find hashtable_import hashtable_size reduce_all
conv_3d_transpose var_handle read_variable assign_variable broadcast_args random_standard_normal
bucketize random_uniform multinomial gelu dynamic_update_slice relu_0_to_1
unsorted_segment_prod unsorted_segment_max unsorted_segment_sum atan2 unsorted_segment_min sign
bitcast bitwise_xor right_shift
""".split()
BUILTIN_NAME = dict(enumerate(_BUILTIN_NAMES))
BUILTIN_CODE = {name: code for code, name in BUILTIN_NAME.items()}
assert BUILTIN_CODE["quantize"] == 114 and BUILTIN_CODE["right_shift"] == 161

# OperatorCode.deprecated_builtin_code is an int8; codes above it are stored as this placeholder
# and the real code lives in builtin_code. Readers take max(deprecated, builtin_code).
PLACEHOLDER_FOR_GREATER_OP_CODES = 127

# TensorType (byte): name, numpy dtype string, bytes per element (None: not fixed-size).
TENSOR_TYPE = {
    0: ("float32", "<f4", 4), 1: ("float16", "<f2", 2), 2: ("int32", "<i4", 4),
    3: ("uint8", "u1", 1), 4: ("int64", "<i8", 8), 5: ("string", None, None),
    6: ("bool", "u1", 1), 7: ("int16", "<i2", 2), 8: ("complex64", "<c8", 8),
    9: ("int8", "i1", 1), 10: ("float64", "<f8", 8), 11: ("complex128", "<c16", 16),
    12: ("uint64", "<u8", 8), 13: ("resource", None, None), 14: ("variant", None, None),
    15: ("uint32", "<u4", 4), 16: ("uint16", "<u2", 2), 17: ("int4", None, None),
}
TENSOR_TYPE_CODE = {name: code for code, (name, _, _) in TENSOR_TYPE.items()}

PADDING = {0: "same", 1: "valid"}
PADDING_CODE = {v: k for k, v in PADDING.items()}
ACTIVATION = {0: "none", 1: "relu", 2: "relu_n1_to_1", 3: "relu6", 4: "tanh", 5: "sign_bit"}
ACTIVATION_CODE = {v: k for k, v in ACTIVATION.items()}

# Table slots (field positions) used by the reader and the writer.
MODEL = dict(version=0, operator_codes=1, subgraphs=2, description=3, buffers=4,
             metadata_buffer=5, metadata=6, signature_defs=7)
OPERATOR_CODE = dict(deprecated_builtin_code=0, custom_code=1, version=2, builtin_code=3)
OPERATOR_CODE_VERSION_DEFAULT = 1
SUBGRAPH = dict(tensors=0, inputs=1, outputs=2, operators=3, name=4)
TENSOR = dict(shape=0, type=1, buffer=2, name=3, quantization=4, is_variable=5, sparsity=6,
              shape_signature=7, has_rank=8, variant_tensors=9)
QUANTIZATION = dict(min=0, max=1, scale=2, zero_point=3, details_type=4, details=5,
                    quantized_dimension=6)
OPERATOR = dict(opcode_index=0, inputs=1, outputs=2, builtin_options_type=3, builtin_options=4,
                custom_options=5, custom_options_format=6, mutating_variable_inputs=7,
                intermediates=8)
BUFFER = dict(data=0, offset=1, size=2)
BUFFER_DATA_ALIGNMENT = 16  # Buffer.data is (force_align: 16)

# Builtin options: op name -> (BuiltinOptions union type id, [(field, slot, kind, default)]).
# kind is one of: "byte" (int8 enum/bool), "int" (int32), "float", "int_vector".
# Union type ids are positions in schema.fbs's `union BuiltinOptions` (NONE = 0).
_POOL_FIELDS = [("padding", 0, "byte", 0), ("stride_w", 1, "int", 0), ("stride_h", 2, "int", 0),
                ("filter_width", 3, "int", 0), ("filter_height", 4, "int", 0),
                ("fused_activation_function", 5, "byte", 0)]
BUILTIN_OPTIONS = {
    "conv_2d": (1, [("padding", 0, "byte", 0), ("stride_w", 1, "int", 0),
                    ("stride_h", 2, "int", 0), ("fused_activation_function", 3, "byte", 0),
                    ("dilation_w_factor", 4, "int", 1), ("dilation_h_factor", 5, "int", 1)]),
    "depthwise_conv_2d": (2, [("padding", 0, "byte", 0), ("stride_w", 1, "int", 0),
                              ("stride_h", 2, "int", 0), ("depth_multiplier", 3, "int", 0),
                              ("fused_activation_function", 4, "byte", 0),
                              ("dilation_w_factor", 5, "int", 1),
                              ("dilation_h_factor", 6, "int", 1)]),
    "average_pool_2d": (5, _POOL_FIELDS),
    "max_pool_2d": (5, _POOL_FIELDS),
    "fully_connected": (8, [("fused_activation_function", 0, "byte", 0),
                            ("weights_format", 1, "byte", 0), ("keep_num_dims", 2, "byte", 0),
                            ("asymmetric_quantize_inputs", 3, "byte", 0)]),
    "softmax": (9, [("beta", 0, "float", 0.0)]),
    "concatenation": (10, [("axis", 0, "int", 0), ("fused_activation_function", 1, "byte", 0)]),
    "add": (11, [("fused_activation_function", 0, "byte", 0), ("pot_scale_int16", 1, "byte", 1)]),
    "reshape": (17, [("new_shape", 0, "int_vector", None)]),
    "mul": (21, [("fused_activation_function", 0, "byte", 0)]),
    "pad": (22, []),
    "mean": (27, [("keep_dims", 0, "byte", 0)]),  # ReducerOptions
    "sub": (28, [("fused_activation_function", 0, "byte", 0), ("pot_scale_int16", 1, "byte", 1)]),
    "quantize": (89, []),
    "svdf": (6, [("rank", 0, "int", 0), ("fused_activation_function", 1, "byte", 0),
                 ("asymmetric_quantize_inputs", 2, "byte", 0)]),
    "unidirectional_sequence_lstm": (71, [("fused_activation_function", 0, "byte", 0),
                                          ("cell_clip", 1, "float", 0.0),
                                          ("proj_clip", 2, "float", 0.0),
                                          ("time_major", 3, "byte", 0),
                                          ("asymmetric_quantize_inputs", 4, "byte", 0),
                                          ("diagonal_recurrent_tensors", 5, "byte", 0)]),
    "strided_slice": (32, [("begin_mask", 0, "int", 0), ("end_mask", 1, "int", 0),
                           ("ellipsis_mask", 2, "int", 0), ("new_axis_mask", 3, "int", 0),
                           ("shrink_axis_mask", 4, "int", 0), ("offset", 5, "byte", 0)]),
    "transpose": (26, []),
    "tile": (51, []),
    "resize_bilinear": (15, [("new_height", 0, "int", 0), ("new_width", 1, "int", 0),
                             ("align_corners", 2, "byte", 0),
                             ("half_pixel_centers", 3, "byte", 0)]),
    "leaky_relu": (75, [("alpha", 0, "float", 0.0)]),
    "pack": (59, [("values_count", 0, "int", 0), ("axis", 1, "int", 0)]),
    "shape": (55, [("out_type", 0, "byte", 0)]),
    "div": (29, [("fused_activation_function", 0, "byte", 0)]),
    "reduce_max": (27, [("keep_dims", 0, "byte", 0)]),  # ReducerOptions
    "cast": (37, [("in_data_type", 0, "byte", 0), ("out_data_type", 1, "byte", 0)]),
    "resize_nearest_neighbor": (74, [("align_corners", 0, "byte", 0),
                                     ("half_pixel_centers", 1, "byte", 0)]),
}
