//===- AxisTable.h - per-axis index/weight tables ---------------*- C++ -*-===//
//
// Every interp mode is separable: along one axis, output index `o` is a
// weighted sum of a few input samples, `out[o] = sum_k W[o][k] * in[I[o][k]]`.
// This builds those (I, W) tables from the rules in Rules.h. The lowering
// emits them as constants when lengths are static and calls the same code
// through the runtime library (interp_runtime) when they are not, so the
// coordinate math runs once per output index and axis, never per element.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_AXISTABLE_H
#define INTERP_SEMANTICS_AXISTABLE_H

#include "interp/Semantics/ElementType.h"
#include "interp/Semantics/Rules.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::interp::rules {

/// Which separable kernel a table describes.
enum class AxisKernel : int32_t {
  Nearest = 0,
  Linear = 1,     // triangle filter, optionally widened by antialias
  LinearOnnx = 2, // clamped two-tap linear
  Cubic = 3,      // Keys kernel with clamped taps
  Area = 4,       // box filter with exact fractional overlap
  // Interpolate-11's Pillow filters (docs/Semantics.md, "Interpolate-11"):
  // the window widens by the downscale factor, taps outside the input are
  // dropped, weights are normalized; coordinate and nearest modes do not
  // apply.
  BilinearPillow = 5,
  BicubicPillow = 6,
};

/// The separable kernel of an Interpolate-4 mode, and of an Interpolate-11
/// mode (its v4 modes map as rules::v4ModeOf says).
AxisKernel axisKernelOf(InterpolateMode mode);
AxisKernel axisKernelOf(InterpolateV11Mode mode);

/// Everything a table depends on, for one axis.
struct AxisTableParams {
  AxisKernel kernel = AxisKernel::Nearest;
  CoordinateTransformMode coordinateMode = CoordinateTransformMode::HalfPixel;
  NearestMode nearestMode = NearestMode::RoundPreferFloor;
  /// Input length, padded.
  int64_t inLength = 0;
  int64_t outLength = 0;
  /// The scale the coordinate transform divides by (rules::coordinateScale).
  double scale = 1.0;
  /// Triangle filter width factor: the axis scale when antialias is active,
  /// 1 otherwise (linear only).
  double antialiasFactor = 1.0;
  /// Keys parameter: rounded to float32 for cubic (as OpenVINO reads it),
  /// the float64 value for bicubic_pillow.
  double cubeCoeff = -0.75;
  /// bicubic_pillow with `integer_arithmetic = pytorch`: PyTorch's bicubic
  /// filter (RowRule::torchCubic).
  bool torchCubic = false;
};

/// `taps` (index, weight) pairs per output index, row-major. Indices are
/// always in [0, inLength) (or 0 for an empty input); a weight of 0 marks an
/// unused tap.
struct AxisTable {
  int64_t inLength = 0;
  int64_t outLength = 0;
  int64_t taps = 0;
  std::vector<int64_t> indices;
  std::vector<double> weights;

  /// True when the lengths are equal and the table maps every output index
  /// to itself with weight 1: the resampling of this axis can be skipped.
  bool isIdentity() const;
};

/// The table parameters of one axis, from the op-level quantities: the
/// shape calculation mode with the given (float32) scale, the padded input
/// length and the output length, and whether antialias is active for the op
/// (linear with antialias set and any axis scale < 1). Shared by the
/// compile-time path and the runtime library.
AxisTableParams makeAxisTableParams(AxisKernel kernel,
                                    CoordinateTransformMode coordinateMode,
                                    NearestMode nearestMode,
                                    ShapeCalcMode shapeMode, float givenScale,
                                    int64_t inLength, int64_t outLength,
                                    bool antialiasActive, double cubeCoeff);

/// A diagnostic when the parameters cannot describe a valid resampling
/// (negative length, invalid scale, empty input resampled to a non-empty
/// output, output length different from the one the scale implies), or
/// nullptr. The runtime library reports it for non-constant operands.
const char *validateAxisTableParams(ShapeCalcMode shapeMode, float givenScale,
                                    int64_t inLength, int64_t outLength);

/// The number of taps per output index that buildAxisTable will produce
/// (computed row by row, in time linear in the output length).
int64_t axisTableTaps(const AxisTableParams &params);

/// An upper bound of axisTableTaps in constant time, whatever the lengths:
/// what the lowering sizes its budget of constant tables with.
int64_t axisTableTapBound(const AxisTableParams &params);

/// A tap count that every table of `kernel` fits in whatever the lengths,
/// when there is one: nearest 1, linear_onnx 2, cubic 4, linear without
/// antialias 2 (the triangle has width 2). Lets the lowering unroll the taps
/// of run-time tables; rows with fewer taps are padded with weight 0.
std::optional<int64_t> lengthIndependentTaps(AxisKernel kernel,
                                             bool antialiasActive);

/// Builds the table. `params` must be valid (lengths >= 0, finite scale > 0).
AxisTable buildAxisTable(const AxisTableParams &params);

/// An interval of output periods in which a table's taps read the input at
/// affine positions. With o = period * k + p (0 <= p < period) and k in
/// [firstPeriod, endPeriod):
///   I[o][t] = inputStep * k + phaseStep * p + offsets[t].
/// Integer ratios produce these (x2 up: period 2, inputStep 1; /2 down:
/// period 1, inputStep 2): the pass along the contiguous axis then loads
/// contiguous or evenly strided vectors instead of gathering. Weights may
/// still differ from one period to the next.
struct AffineTapRun {
  int64_t period = 1;
  int64_t inputStep = 1;
  int64_t phaseStep = 0;
  std::vector<int64_t> offsets;
  int64_t firstPeriod = 0;
  int64_t endPeriod = 0;

  int64_t firstOutput() const { return period * firstPeriod; }
  int64_t endOutput() const { return period * endPeriod; }
};

/// The longest affine tap run of `table` through its middle period, with the
/// period and input step of the reduced ratio outLength : inLength, or
/// nullopt when that period or step exceeds `maxPeriod` or no period of the
/// table is affine.
std::optional<AffineTapRun> findAffineTapRun(const AxisTable &table,
                                             int64_t maxPeriod = 8);

/// The longest affine tap run of `table` through its middle period with the
/// given period and input step, or nullopt when the middle period is not
/// affine with them. For run-time tables, whose ratio the compiler does not
/// know: it asks for the ratios it has specialized code for.
std::optional<AffineTapRun> findAffineTapRun(const AxisTable &table,
                                             int64_t period, int64_t inputStep);

/// The weights of `run`'s periods laid out [tap, phase, period -
/// firstPeriod], contiguous along the period (the loop the kernels
/// vectorize). The compile-time and the run-time run passes read this layout.
std::vector<double> runWeights(const AxisTable &table, const AffineTapRun &run);

/// A table whose row `o` reads the consecutive input positions starts[o],
/// starts[o] + 1, ..., starts[o] + taps - 1, with weights[o * taps + k] the
/// weight of position starts[o] + k (0 where the original row has no tap).
/// A pass then loads one start per output instead of one index per tap.
struct ConsecutiveTaps {
  std::vector<int64_t> starts;
  std::vector<double> weights;
};

/// `table` as consecutive taps, when every row's taps of non-zero weight read
/// strictly increasing positions that fit in `taps` consecutive ones of the
/// input (the windowed kernels: linear with antialias, area, the Pillow
/// filters), or nullopt. Summed in tap order, both forms add the same
/// non-zero products in the same order and differ only in the products
/// 0 * x they add around them, so they give the same sum up to the sign of
/// a zero whenever every element read is finite (integer data).
std::optional<ConsecutiveTaps> consecutiveTaps(const AxisTable &table);

/// `table` with `columns` >= table.taps columns: the extra columns repeat
/// the row's first index with weight 0, as shorter rows within a table do.
/// Run-time tables get the tap count the lowering knew statically
/// (lengthIndependentTaps).
AxisTable withColumns(const AxisTable &table, int64_t columns);

/// The fraction bits of an axis's fixed-point weights (FixedPointSums): 22
/// for Pillow's arithmetic; for PyTorch's, its precision from the largest
/// of the axis's normalized weights `weights` (torchWeightPrecision).
int fixedPointBits(const FixedPointSums &fixed,
                   const std::vector<double> &weights);

/// A normalized weight in fixed point with `bits` fraction bits, by the
/// scheme's rounding (pillowFixedWeight or torchFixedWeight).
int32_t fixedPointWeight(const FixedPointSums &fixed, int bits, double w);

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_AXISTABLE_H
