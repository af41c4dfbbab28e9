//===- AxisTables.cpp - run-time per-axis tables --------------------------===//
//
// Compiled code calls these after interp_check_axis_table accepted the
// parameters, so they only build: rules::buildAxisTable, the same code the
// compiler runs for constant tables.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <vector>

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

extern "C" int64_t
interp_axis_table_taps(int32_t kernel, int32_t coordinateMode,
                       int32_t nearestMode, int32_t shapeMode, float givenScale,
                       int64_t inLength, int64_t outLength,
                       int32_t antialiasActive, double cubeCoeff) {
  return axisTableTaps(paramsFrom(kernel, coordinateMode, nearestMode,
                                  shapeMode, givenScale, inLength, outLength,
                                  antialiasActive, cubeCoeff));
}

template <typename T, int N>
static T &at(StridedMemRefType<T, N> *m, const int64_t (&index)[N]) {
  int64_t position = m->offset;
  for (int d = 0; d < N; ++d)
    position += index[d] * m->strides[d];
  return m->data[position];
}

/// Zeros in every entry: a table that reads the input's first element with
/// weight 0. Only for buffers that do not match their table, which the
/// lowering never creates; reported, and then harmless to the kernel.
template <typename T>
static void fillInert(StridedMemRefType<int64_t, 2> *indices,
                      StridedMemRefType<T, 2> *weights) {
  for (int64_t o = 0; o < indices->sizes[0]; ++o)
    for (int64_t k = 0; k < indices->sizes[1]; ++k)
      at(indices, {o, k}) = 0;
  for (int64_t o = 0; o < weights->sizes[0]; ++o)
    for (int64_t k = 0; k < weights->sizes[1]; ++k)
      at(weights, {o, k}) = T(0);
}

/// Writes `table` into the buffers, each weight converted by `convert`
/// (the buffer's type: narrowed to float, or in fixed point).
template <typename T, typename Convert>
static void write(AxisTable table, StridedMemRefType<int64_t, 2> *indices,
                  StridedMemRefType<T, 2> *weights, Convert convert) {
  int64_t columns = indices->sizes[1];
  if (columns < table.taps || indices->sizes[0] != table.outLength ||
      weights->sizes[0] != table.outLength || weights->sizes[1] != columns) {
    runtime::reportFailure("interp: internal error: run-time table buffers "
                           "do not match the table");
    fillInert(indices, weights);
    return;
  }
  // Rows with fewer taps than the buffer has columns (a tap count the
  // lowering knew statically, rules::lengthIndependentTaps).
  table = withColumns(table, columns);
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      int64_t flat = o * columns + k;
      at(indices, {o, k}) = table.indices[flat];
      at(weights, {o, k}) = convert(table.weights[flat]);
    }
  }
}

static bool operator==(const AxisTableParams &a, const AxisTableParams &b) {
  return a.kernel == b.kernel && a.coordinateMode == b.coordinateMode &&
         a.nearestMode == b.nearestMode && a.inLength == b.inLength &&
         a.outLength == b.outLength && a.scale == b.scale &&
         a.antialiasFactor == b.antialiasFactor && a.cubeCoeff == b.cubeCoeff &&
         a.torchCubic == b.torchCubic;
}

/// The tables this thread built last, as written (indices, and weights
/// in the buffer's type): a kernel with run-time sizes builds its tables
/// on every call, mostly for the sizes of the call before (a data loader's
/// images of one size; interpolate() on frames). Building one costs as
/// much as 10% of an 8-bit 224x224 resize; copying it, a few
/// microseconds. The same values either way: the table is a function of
/// the parameters (and of T, which picks the conversion: int32 is Pillow's
/// fixed point, the only int32 table fill() writes).
template <typename T> struct BuiltTable {
  AxisTableParams params;
  int64_t columns = 0;
  std::vector<int64_t> indices;
  std::vector<T> weights;
};
inline constexpr size_t kRememberedTables = 4;
template <typename T> static std::vector<BuiltTable<T>> &rememberedTables() {
  thread_local std::vector<BuiltTable<T>> tables;
  return tables;
}

template <typename T>
static void fill(const AxisTableParams &params,
                 StridedMemRefType<int64_t, 2> *indices,
                 StridedMemRefType<T, 2> *weights) {
  std::vector<BuiltTable<T>> &remembered = rememberedTables<T>();
  int64_t columns = indices->sizes[1];
  // Buffers of another shape only ever come from a lowering defect: write
  // reports them, and nothing is remembered.
  bool fits = indices->sizes[0] == params.outLength &&
              weights->sizes[0] == params.outLength &&
              weights->sizes[1] == columns;
  auto found = std::find_if(remembered.begin(), remembered.end(),
                            [&](const BuiltTable<T> &t) {
                              return t.params == params && t.columns == columns;
                            });
  if (fits && found != remembered.end()) {
    for (int64_t o = 0; o < params.outLength; ++o)
      for (int64_t k = 0; k < columns; ++k) {
        at(indices, {o, k}) = found->indices[o * columns + k];
        at(weights, {o, k}) = found->weights[o * columns + k];
      }
    return;
  }
  AxisTable table = buildAxisTable(params);
  int64_t taps = table.taps;
  write(std::move(table), indices, weights, [](double w) -> T {
    if constexpr (std::is_same_v<T, int32_t>)
      return pillowFixedWeight(w);
    else
      return static_cast<T>(w);
  });
  if (!fits || columns < taps)
    return;
  // Remembered as written.
  BuiltTable<T> built{params, columns, {}, {}};
  built.indices.reserve(params.outLength * columns);
  built.weights.reserve(params.outLength * columns);
  for (int64_t o = 0; o < params.outLength; ++o)
    for (int64_t k = 0; k < columns; ++k) {
      built.indices.push_back(at(indices, {o, k}));
      built.weights.push_back(at(weights, {o, k}));
    }
  if (remembered.size() == kRememberedTables)
    remembered.erase(remembered.begin());
  remembered.push_back(std::move(built));
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

extern "C" void _mlir_ciface_interp_axis_table_fill_pillow_i32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<int32_t, 2> *weights) {
  fill(paramsFrom(kernel, coordinateMode, nearestMode, shapeMode, givenScale,
                  inLength, outLength, antialiasActive, cubeCoeff),
       indices, weights);
}

extern "C" int32_t _mlir_ciface_interp_axis_table_fill_torch_i32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<int32_t, 2> *weights) {
  AxisTableParams params =
      paramsFrom(kernel, coordinateMode, nearestMode, shapeMode, givenScale,
                 inLength, outLength, antialiasActive, cubeCoeff);
  params.torchCubic = params.kernel == AxisKernel::BicubicPillow;
  // The precision comes from the whole table's largest weight.
  AxisTable table = buildAxisTable(params);
  FixedPointSums torch = *torchFixedPoint(ElementType::U8);
  int bits = fixedPointBits(torch, table.weights);
  write(std::move(table), indices, weights,
        [&](double w) { return fixedPointWeight(torch, bits, w); });
  return bits;
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
  auto setRun = [&](int64_t i, int64_t value) { at(run, {i}) = value; };
  if (period <= 0 || inputStep <= 0 || weights->sizes[0] != outLength ||
      weights->sizes[1] != columns || run->sizes[0] != 3 + columns ||
      runWeights->sizes[0] != columns || runWeights->sizes[1] != period ||
      runWeights->sizes[2] != outLength / period) {
    runtime::reportFailure("interp: internal error: affine run buffers do "
                           "not match the table");
    // No run: the table pass covers the whole axis.
    for (int64_t i = 0; i < run->sizes[0]; ++i)
      setRun(i, 0);
    return;
  }
  AxisTable table;
  table.inLength = inLength;
  table.outLength = outLength;
  table.taps = columns;
  table.indices.reserve(outLength * columns);
  table.weights.reserve(outLength * columns);
  for (int64_t o = 0; o < outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      table.indices.push_back(at(indices, {o, k}));
      table.weights.push_back(at(weights, {o, k}));
    }
  }
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
  std::vector<double> laidOut = rules::runWeights(table, *found);
  int64_t periods = found->endPeriod - found->firstPeriod;
  for (int64_t t = 0; t < columns; ++t)
    for (int64_t p = 0; p < period; ++p)
      for (int64_t k = 0; k < periods; ++k)
        at(runWeights, {t, p, k}) =
            static_cast<T>(laidOut[(t * period + p) * periods + k]);
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
