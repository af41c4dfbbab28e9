//===- InterpRows.cpp - interp's tables for a candidate mapping -----------===//
//
// Builds interp's table for a candidate with rules::buildAxisTable, the code
// the lowering of interp uses, so the comparison is with what interp will
// compute, not with a transcription of it.
//
//===----------------------------------------------------------------------===//

#include "InterpRows.h"

#include "interp/Semantics/AxisTable.h"

#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::tosa_resize;

namespace {

/// interp's table for `axis` under `candidate`, or nullopt when the
/// candidate cannot produce the output length (scales mode: interp's
/// length rule must give outLength from the float32 scale).
std::optional<rules::AxisTable> interpTable(rules::AxisKernel kernel,
                                            const Candidate &candidate,
                                            const Axis &axis) {
  float given = givenScale(axis, candidate.scaleBelow);
  if (rules::validateAxisTableParams(candidate.shapeMode, given, axis.inLength,
                                     axis.outLength))
    return std::nullopt;
  rules::AxisTableParams params = rules::makeAxisTableParams(
      kernel, candidate.coordinateMode, NearestMode::RoundPreferCeil,
      candidate.shapeMode, given, axis.inLength, axis.outLength,
      /*antialiasActive=*/false, /*cubeCoeff=*/-0.75);
  return rules::buildAxisTable(params);
}

/// The taps of row `o` with a nonzero weight, the weight as the lowering of
/// interp stores it (narrowed to float32 unless it accumulates in float64).
std::map<int64_t, double> nonzeroTaps(const rules::AxisTable &table, int64_t o,
                                      bool narrowToF32) {
  std::map<int64_t, double> taps;
  for (int64_t k = 0; k < table.taps; ++k) {
    double w = table.weights[o * table.taps + k];
    if (narrowToF32)
      w = static_cast<float>(w);
    if (w != 0.0)
      taps[table.indices[o * table.taps + k]] += w;
  }
  return taps;
}

} // namespace

bool mlir::interp::tosa_resize::nearestMatches(
    const Axis &axis, const Candidate &candidate,
    const std::vector<int64_t> &target) {
  std::optional<rules::AxisTable> table =
      interpTable(rules::AxisKernel::Nearest, candidate, axis);
  if (!table)
    return false;
  for (int64_t o = 0; o < axis.outLength; ++o)
    if (table->indices[o * table->taps] != target[o])
      return false;
  return true;
}

bool mlir::interp::tosa_resize::floatLinearMatches(
    const Axis &axis, const Candidate &candidate,
    const std::vector<FloatTaps> &rows, bool narrowToF32) {
  std::optional<rules::AxisTable> table =
      interpTable(rules::AxisKernel::Linear, candidate, axis);
  if (!table)
    return false;
  for (int64_t o = 0; o < axis.outLength; ++o) {
    const FloatTaps &row = rows[o];
    std::map<int64_t, double> want;
    if (row.passesSample()) {
      want[row.index0] = 1.0;
    } else {
      if (row.weight0 != 0.0)
        want[row.index0] = row.weight0;
      if (row.weight1 != 0.0)
        want[row.index1] = row.weight1;
    }
    if (nonzeroTaps(*table, o, narrowToF32) != want)
      return false;
  }
  return true;
}

std::map<int64_t, double> LinearRows::row(int64_t o) const {
  return nonzeroTaps(table, o, narrowToF32);
}

std::optional<LinearRows> mlir::interp::tosa_resize::floatLinearRows(
    const Axis &axis, const Candidate &candidate, bool narrowToF32) {
  std::optional<rules::AxisTable> table =
      interpTable(rules::AxisKernel::Linear, candidate, axis);
  if (!table)
    return std::nullopt;
  return LinearRows(std::move(*table), narrowToF32);
}

std::optional<double> mlir::interp::tosa_resize::integerLinearError(
    const Axis &axis, const Candidate &candidate,
    const std::vector<IntegerTaps> &rows) {
  std::optional<rules::AxisTable> table =
      interpTable(rules::AxisKernel::Linear, candidate, axis);
  if (!table)
    return std::nullopt;
  double worst = 0.0;
  auto n = static_cast<double>(axis.scaleN);
  for (int64_t o = 0; o < axis.outLength; ++o) {
    const IntegerTaps &row = rows[o];
    std::map<int64_t, int64_t> want;
    want[row.index0] += row.weight0;
    want[row.index1] += row.weight1;
    std::map<int64_t, double> got = nonzeroTaps(*table, o, false);
    for (const auto &[index, w] : got)
      if (!want.count(index) || want[index] == 0)
        return std::nullopt;
    double error = 0.0;
    for (const auto &[index, a] : want) {
      auto it = got.find(index);
      double w = it == got.end() ? 0.0 : it->second;
      // |w - a/n| = |w*n - a| / n; fma rounds w*n - a once.
      error += std::abs(std::fma(w, n, -static_cast<double>(a))) / n;
    }
    worst = std::max(worst, error);
  }
  return worst;
}

llvm::SmallVector<Candidate, 15> mlir::interp::tosa_resize::candidates() {
  // align_corners multiplies by (I - 1) / (O - 1) with one rounding, so it
  // often holds at ties where the divisions do not.
  constexpr CoordinateTransformMode coordinateModes[] = {
      CoordinateTransformMode::Asymmetric, CoordinateTransformMode::HalfPixel,
      CoordinateTransformMode::AlignCorners,
      CoordinateTransformMode::TfHalfPixelForNn,
      CoordinateTransformMode::PytorchHalfPixel};
  llvm::SmallVector<Candidate, 15> result;
  for (auto [shape, below] : {std::pair(ShapeCalcMode::Sizes, false),
                              std::pair(ShapeCalcMode::Scales, false),
                              std::pair(ShapeCalcMode::Scales, true)})
    for (CoordinateTransformMode coord : coordinateModes)
      result.push_back({shape, coord, below});
  return result;
}

Step mlir::interp::tosa_resize::makeStep(InterpolateMode mode,
                                         const Candidate &candidate,
                                         llvm::SmallVector<int, 2> axes,
                                         const Resize &resize) {
  Step step;
  step.mode = mode;
  step.shapeMode = candidate.shapeMode;
  step.coordinateMode = candidate.coordinateMode;
  for (int axis : axes)
    step.scales.push_back(givenScale(resize.axes[axis], candidate.scaleBelow));
  step.axes = std::move(axes);
  return step;
}

float mlir::interp::tosa_resize::givenScale(const Axis &axis, bool below) {
  auto n = static_cast<double>(axis.scaleN);
  auto d = static_cast<double>(axis.scaleD);
  auto scale = static_cast<float>(n / d);
  // fma rounds scale * d - n once, so its sign is that of the exact value.
  if (below && std::fma(static_cast<double>(scale), d, -n) > 0.0)
    scale = std::nextafter(scale, 0.0f);
  return scale;
}
