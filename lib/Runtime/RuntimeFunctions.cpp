//===- RuntimeFunctions.cpp - interp runtime library ----------------------===//

#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include <algorithm>
#include <optional>

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

/// The table the lowering reads: the buffers may have more columns than the
/// table (a tap count the lowering knew statically,
/// rules::lengthIndependentTaps).
static AxisTable tableWithColumns(const AxisTableParams &params,
                                  int64_t columns) {
  AxisTable table = buildAxisTable(params);
  if (columns < table.taps)
    fail("table buffers do not match the table", params.inLength,
         params.outLength, static_cast<float>(params.scale));
  return withColumns(table, columns);
}

template <typename T>
static void fill(const AxisTableParams &params,
                 StridedMemRefType<int64_t, 2> *indices,
                 StridedMemRefType<T, 2> *weights) {
  int64_t columns = indices->sizes[1];
  AxisTable table = tableWithColumns(params, columns);
  if (indices->sizes[0] != table.outLength ||
      weights->sizes[0] != table.outLength || weights->sizes[1] != columns)
    fail("table buffers do not match the table", params.inLength,
         params.outLength, static_cast<float>(params.scale));
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      int64_t flat = o * columns + k;
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

/// The run of the table the fill functions wrote (no second build of it).
template <typename T>
static void findRun(int64_t inLength, int64_t period, int64_t inputStep,
                    StridedMemRefType<int64_t, 2> *indices,
                    StridedMemRefType<T, 2> *weights,
                    StridedMemRefType<int64_t, 1> *run,
                    StridedMemRefType<T, 3> *runWeights) {
  int64_t outLength = indices->sizes[0];
  int64_t columns = indices->sizes[1];
  if (period <= 0 || inputStep <= 0 || weights->sizes[0] != outLength ||
      weights->sizes[1] != columns || run->sizes[0] != 3 + columns ||
      runWeights->sizes[0] != columns || runWeights->sizes[1] != period ||
      runWeights->sizes[2] != outLength / period)
    fail("affine run buffers do not match the table", inLength, outLength,
         0.0f);
  AxisTable table;
  table.inLength = inLength;
  table.outLength = outLength;
  table.taps = columns;
  table.indices.reserve(outLength * columns);
  table.weights.reserve(outLength * columns);
  for (int64_t o = 0; o < outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      table.indices.push_back(
          indices->data[indices->offset + o * indices->strides[0] +
                        k * indices->strides[1]]);
      table.weights.push_back(
          weights->data[weights->offset + o * weights->strides[0] +
                        k * weights->strides[1]]);
    }
  }
  auto setRun = [&](int64_t i, int64_t value) {
    run->data[run->offset + i * run->strides[0]] = value;
  };
  std::optional<AffineTapRun> found =
      findAffineTapRun(table, period, inputStep);
  // Without a run (or with a negative phase step, which the run pass does
  // not take), the table pass covers the whole axis.
  if (!found || found->phaseStep < 0) {
    for (int64_t i = 0; i < 3 + columns; ++i)
      setRun(i, 0);
    return;
  }
  setRun(0, found->firstPeriod);
  setRun(1, found->endPeriod);
  setRun(2, found->phaseStep);
  for (int64_t t = 0; t < columns; ++t)
    setRun(3 + t, found->offsets[t]);
  for (int64_t t = 0; t < columns; ++t)
    for (int64_t p = 0; p < period; ++p)
      for (int64_t k = found->firstPeriod; k < found->endPeriod; ++k)
        runWeights->data[runWeights->offset + t * runWeights->strides[0] +
                         p * runWeights->strides[1] +
                         (k - found->firstPeriod) * runWeights->strides[2]] =
            static_cast<T>(table.weights[(period * k + p) * columns + t]);
}

extern "C" void _mlir_ciface_interp_axis_table_run_f32(
    int64_t inLength, int64_t period, int64_t inputStep,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<float, 2> *weights, StridedMemRefType<int64_t, 1> *run,
    StridedMemRefType<float, 3> *runWeights) {
  findRun(inLength, period, inputStep, indices, weights, run, runWeights);
}

extern "C" void _mlir_ciface_interp_axis_table_run_f64(
    int64_t inLength, int64_t period, int64_t inputStep,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<double, 2> *weights, StridedMemRefType<int64_t, 1> *run,
    StridedMemRefType<double, 3> *runWeights) {
  findRun(inLength, period, inputStep, indices, weights, run, runWeights);
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
