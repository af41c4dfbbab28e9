//===- RuntimeFunctions.cpp - interp runtime library ----------------------===//

#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

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

/// Physical memory in bytes: no buffer of a single result can be larger.
static uint64_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0)
    return uint64_t(1) << 46;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

extern "C" void interp_check_scale(float scale) {
  if (!isValidScale(scale)) {
    std::fprintf(stderr,
                 "interp: invalid run-time operands: scale must be finite and "
                 "> 0, got %g\n",
                 static_cast<double>(scale));
    std::fflush(stderr);
    std::exit(1);
  }
}

extern "C" int64_t interp_checked_result_elements(int64_t count, int64_t dim,
                                                  int64_t elementBytes) {
  if (dim < 0) {
    std::fprintf(stderr,
                 "interp: invalid run-time operands: negative output size "
                 "(%lld)\n",
                 static_cast<long long>(dim));
    std::fflush(stderr);
    std::exit(1);
  }
  if (count == 0 || dim == 0)
    return 0;
  uint64_t limit = physicalMemory() / static_cast<uint64_t>(elementBytes);
  uint64_t product;
  if (__builtin_mul_overflow(static_cast<uint64_t>(count),
                             static_cast<uint64_t>(dim), &product) ||
      product > limit) {
    std::fprintf(stderr,
                 "interp: invalid run-time operands: the result would have "
                 "more than %llu elements of %lld bytes, more than the "
                 "machine's memory\n",
                 static_cast<unsigned long long>(limit),
                 static_cast<long long>(elementBytes));
    std::fflush(stderr);
    std::exit(1);
  }
  return static_cast<int64_t>(product);
}

extern "C" int64_t
interp_axis_table_taps(int32_t kernel, int32_t coordinateMode,
                       int32_t nearestMode, int32_t shapeMode, float givenScale,
                       int64_t inLength, int64_t outLength,
                       int32_t antialiasActive, double cubeCoeff) {
  if (const char *error =
          validateAxisTableParams(static_cast<ShapeCalcMode>(shapeMode),
                                  givenScale, inLength, outLength))
    fail(error, inLength, outLength, givenScale);
  // A table has outLength rows of at most ~2 * inLength / outLength + 5
  // taps, 16 bytes each; refuse what cannot fit in memory before building.
  uint64_t rowBytes = 16 * (2 * static_cast<uint64_t>(inLength) /
                                std::max<int64_t>(outLength, 1) +
                            8);
  if (static_cast<uint64_t>(outLength) > physicalMemory() / rowBytes)
    fail("the run-time tables would not fit in memory", inLength, outLength,
         givenScale);
  return axisTableTaps(paramsFrom(kernel, coordinateMode, nearestMode,
                                  shapeMode, givenScale, inLength, outLength,
                                  antialiasActive, cubeCoeff));
}

template <typename T>
static void fill(const AxisTableParams &params,
                 StridedMemRefType<int64_t, 2> *indices,
                 StridedMemRefType<T, 2> *weights) {
  AxisTable table = buildAxisTable(params);
  // The buffers may have more columns than the table (a tap count the
  // lowering knew statically, rules::lengthIndependentTaps): those repeat
  // the row's first index with weight 0, as shorter rows within a table do.
  int64_t columns = indices->sizes[1];
  if (indices->sizes[0] != table.outLength || columns < table.taps ||
      weights->sizes[0] != table.outLength || weights->sizes[1] != columns)
    fail("table buffers do not match the table", params.inLength,
         params.outLength, static_cast<float>(params.scale));
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      bool used = k < table.taps;
      int64_t flat = o * table.taps + (used ? k : 0);
      indices->data[indices->offset + o * indices->strides[0] +
                    k * indices->strides[1]] = table.indices[flat];
      weights->data[weights->offset + o * weights->strides[0] +
                    k * weights->strides[1]] =
          used ? static_cast<T>(table.weights[flat]) : T(0);
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
