//===- RuntimeFunctions.cpp - interp runtime library ----------------------===//

#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir::interp;
using namespace mlir::interp::rules;

static AxisTableParams paramsFrom(int32_t kernel, int32_t coordinateMode,
                                  int32_t nearestMode, int32_t shapeMode,
                                  float givenScale, int64_t inLength,
                                  int64_t outLength, int32_t antialiasActive,
                                  double cubeCoeff) {
  return makeAxisTableParams(
      static_cast<AxisKernel>(kernel),
      static_cast<CoordinateTransformMode>(coordinateMode),
      static_cast<NearestMode>(nearestMode),
      static_cast<ShapeCalcMode>(shapeMode), givenScale, inLength, outLength,
      antialiasActive != 0, cubeCoeff);
}

/// Compiled code has no way to recover from invalid run-time operands, and
/// continuing would allocate absurd buffers or read out of bounds.
[[noreturn]] static void fail(const char *message, int64_t inLength,
                              int64_t outLength, float scale) {
  std::fprintf(stderr,
               "interp: invalid run-time operands: %s (input length %lld, "
               "output size %lld, scale %g)\n",
               message, static_cast<long long>(inLength),
               static_cast<long long>(outLength), static_cast<double>(scale));
  std::fflush(stderr);
  std::exit(1);
}

extern "C" int64_t interp_axis_table_taps(int32_t kernel,
                                          int32_t coordinateMode,
                                          int32_t nearestMode,
                                          int32_t shapeMode, float givenScale,
                                          int64_t inLength, int64_t outLength,
                                          int32_t antialiasActive,
                                          double cubeCoeff) {
  if (const char *error =
          validateAxisTableParams(static_cast<ShapeCalcMode>(shapeMode),
                                  givenScale, inLength, outLength))
    fail(error, inLength, outLength, givenScale);
  return axisTableTaps(paramsFrom(kernel, coordinateMode, nearestMode,
                                  shapeMode, givenScale, inLength, outLength,
                                  antialiasActive, cubeCoeff));
}

template <typename T>
static void fill(const AxisTableParams &params,
                 StridedMemRefType<int64_t, 2> *indices,
                 StridedMemRefType<T, 2> *weights) {
  AxisTable table = buildAxisTable(params);
  if (indices->sizes[0] != table.outLength || indices->sizes[1] != table.taps ||
      weights->sizes[0] != table.outLength || weights->sizes[1] != table.taps)
    fail("table buffers do not match the table", params.inLength,
         params.outLength, static_cast<float>(params.scale));
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < table.taps; ++k) {
      int64_t flat = o * table.taps + k;
      indices->data[indices->offset + o * indices->strides[0] +
                    k * indices->strides[1]] = table.indices[flat];
      weights->data[weights->offset + o * weights->strides[0] +
                    k * weights->strides[1]] =
          static_cast<T>(table.weights[flat]);
    }
  }
}

extern "C" void _mlir_ciface_interp_axis_table_fill_f32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<float, 2> *weights) {
  fill(paramsFrom(kernel, coordinateMode, nearestMode, shapeMode, givenScale,
                  inLength, outLength, antialiasActive, cubeCoeff),
       indices, weights);
}

extern "C" void _mlir_ciface_interp_axis_table_fill_f64(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<double, 2> *weights) {
  fill(paramsFrom(kernel, coordinateMode, nearestMode, shapeMode, givenScale,
                  inLength, outLength, antialiasActive, cubeCoeff),
       indices, weights);
}

extern "C" void interp_check_operand_length(int32_t operand, int64_t length,
                                            int64_t numAxes) {
  if (length == numAxes)
    return;
  static const char *names[] = {"sizes", "scales", "target_spatial_shape"};
  const char *name = operand >= 0 && operand < 3 ? names[operand] : "operand";
  std::fprintf(stderr,
               "interp: invalid run-time operands: '%s' has %lld elements but "
               "there are %lld axes\n",
               name, static_cast<long long>(length),
               static_cast<long long>(numAxes));
  std::fflush(stderr);
  std::exit(1);
}
