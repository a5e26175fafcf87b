/* What every CONV_2D implementation (CPU, CFU, VTA) reads from the model, written once: the
 * options with their padding, the ConvParams geometry and offsets, and the per-channel
 * requantisation. */
#ifndef ACCSIM_TFLITE_CONV_2D_COMMON_H
#define ACCSIM_TFLITE_CONV_2D_COMMON_H

#include "accsim_kernels/conv.h"
#include "op_util.h"

typedef struct {
  int stride_h, stride_w, dilation_h, dilation_w, pad_top, pad_left, activation, padding;
  int out_h, out_w;
} ConvGeometry;

/* Reads and checks the options and computes the output size and leading padding. */
int conv2d_geometry(TflModel* m, int index, ConvGeometry* g, TflError* error);
/* Geometry and offsets (not the multipliers) of the operator as a ConvParams. */
void conv2d_params(TflModel* m, int index, const ConvGeometry* g, ConvParams* p);
/* Per-channel multipliers and shifts into the caller's arrays (filter dims[0] entries each),
 * then conv2d_use_quantization. */
void conv2d_quantization(TflModel* m, int index, const ConvGeometry* g, int32_t* multipliers,
                         int32_t* shifts, ConvParams* p);
/* The activation range, and `p` pointed at the multipliers and shifts conv2d_quantization
 * computed for this operator earlier (its soft-float is the costly part). */
void conv2d_use_quantization(TflModel* m, int index, const ConvGeometry* g, int32_t* multipliers,
                             int32_t* shifts, ConvParams* p);

#endif
