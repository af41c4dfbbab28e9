//===- AxisTable.cpp - per-axis index/weight tables -----------------------===//
//
// The rows are AxisRows.h's generic rule in the scalar domain. The
// reference (lib/Reference/InterpolateV4.cpp, *Taps) derives the same
// choice independently, on purpose: the differential test compares the two.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/AxisTable.h"
#include "interp/Semantics/AxisRows.h"
#include "interp/Semantics/ScalarDomain.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace mlir::interp;
using namespace mlir::interp::rules;

namespace {
/// One output's taps before they are laid out in a fixed-width row. Inline
/// storage: run-time tables are built on every
/// call of the compiled code, and most rows have at most four taps.
struct Row {
  llvm::SmallVector<int64_t, 4> indices;
  llvm::SmallVector<double, 4> weights;
  void add(int64_t index, double weight) {
    indices.push_back(index);
    weights.push_back(weight);
  }
};
} // namespace

/// The generic row rule (AxisRows.h) over `p`'s quantities.
static generic::RowRule<ScalarDomain> rowRule(ScalarDomain &d,
                                              const AxisTableParams &p) {
  generic::AxisValues<ScalarDomain> v;
  v.in = p.inLength;
  v.out = p.outLength;
  v.inF = static_cast<double>(p.inLength);
  v.outF = static_cast<double>(p.outLength);
  v.scale = p.scale;
  v.antialiasFactor = p.antialiasFactor;
  v.cubeCoeff = p.cubeCoeff;
  generic::RowRule<ScalarDomain> rule{d, p.kernel, p.coordinateMode,
                                      p.nearestMode, v};
  rule.torchCubic = p.torchCubic;
  return rule;
}

static Row buildRow(const generic::RowRule<ScalarDomain> &rule, int64_t o) {
  Row row;
  generic::RowState<ScalarDomain> state = rule.row(static_cast<double>(o));
  if (std::optional<int64_t> taps = generic::fixedTaps(rule.kernel)) {
    for (int64_t k = 0; k < *taps; ++k) {
      generic::Entry<ScalarDomain> e = rule.fixedEntry(state, k);
      row.add(e.index, e.weight);
    }
    return row;
  }
  bool dropZeros = generic::dropsZeroWeights(rule.kernel);
  double sum = 0.0;
  for (int64_t t = std::max<int64_t>(state.first, 0); t < state.end; ++t) {
    double w = rule.windowWeight(state, static_cast<double>(t));
    if (dropZeros && w == 0.0)
      continue;
    row.add(t, w);
    sum += w;
  }
  if (generic::isNormalized(rule.kernel))
    for (double &w : row.weights)
      w = generic::normalizedWeight(rule.d, rule.kernel, w, sum);
  return row;
}

AxisKernel rules::axisKernelOf(InterpolateMode mode) {
  switch (mode) {
  case InterpolateMode::Nearest:
    return AxisKernel::Nearest;
  case InterpolateMode::Linear:
    return AxisKernel::Linear;
  case InterpolateMode::LinearOnnx:
    return AxisKernel::LinearOnnx;
  case InterpolateMode::Cubic:
    return AxisKernel::Cubic;
  }
  return AxisKernel::Nearest;
}

AxisKernel rules::axisKernelOf(InterpolateV11Mode mode) {
  if (std::optional<InterpolateMode> v4 = v4ModeOf(mode))
    return axisKernelOf(*v4);
  return mode == InterpolateV11Mode::BilinearPillow ? AxisKernel::BilinearPillow
                                                    : AxisKernel::BicubicPillow;
}

AxisTable rules::buildAxisTable(const AxisTableParams &params) {
  ScalarDomain d;
  generic::RowRule<ScalarDomain> rule = rowRule(d, params);
  std::vector<Row> rows;
  rows.reserve(params.outLength);
  size_t taps = 1;
  for (int64_t o = 0; o < params.outLength; ++o) {
    rows.push_back(buildRow(rule, o));
    taps = std::max(taps, rows.back().indices.size());
  }
  AxisTable table;
  table.inLength = params.inLength;
  table.outLength = params.outLength;
  table.taps = static_cast<int64_t>(taps);
  table.indices.assign(params.outLength * taps, 0);
  table.weights.assign(params.outLength * taps, 0.0);
  for (int64_t o = 0; o < params.outLength; ++o) {
    const Row &row = rows[o];
    // Unused taps repeat a valid index with weight 0, so every load stays in
    // bounds without a branch.
    int64_t fill = row.indices.empty() ? 0 : row.indices.front();
    for (size_t k = 0; k < taps; ++k) {
      bool used = k < row.indices.size();
      table.indices[o * taps + k] = used ? row.indices[k] : fill;
      table.weights[o * taps + k] = used ? row.weights[k] : 0.0;
    }
  }
  return table;
}

int64_t rules::axisTableTaps(const AxisTableParams &params) {
  // What buildAxisTable's widest row has, without keeping the rows.
  ScalarDomain d;
  generic::RowRule<ScalarDomain> rule = rowRule(d, params);
  size_t taps = 1;
  for (int64_t o = 0; o < params.outLength; ++o)
    taps = std::max(taps, buildRow(rule, o).indices.size());
  return static_cast<int64_t>(taps);
}

int64_t rules::axisTableTapBound(const AxisTableParams &params) {
  ScalarDomain d;
  return rowRule(d, params).windowColumns();
}

std::optional<int64_t> rules::lengthIndependentTaps(AxisKernel kernel,
                                                    bool antialiasActive) {
  if (std::optional<int64_t> taps = generic::fixedTaps(kernel))
    return taps;
  // Without antialias the triangle has width 2: two samples around the
  // coordinate. Every other window grows with the downscale factor.
  if (kernel == AxisKernel::Linear && !antialiasActive)
    return 2;
  return std::nullopt;
}

bool AxisTable::isIdentity() const {
  if (inLength != outLength)
    return false;
  for (int64_t o = 0; o < outLength; ++o) {
    int nonzero = 0;
    for (int64_t k = 0; k < taps; ++k) {
      double w = weights[o * taps + k];
      if (w == 0.0)
        continue;
      if (++nonzero > 1 || w != 1.0 || indices[o * taps + k] != o)
        return false;
    }
    if (nonzero != 1)
      return false;
  }
  return true;
}

AxisTableParams rules::makeAxisTableParams(
    AxisKernel kernel, CoordinateTransformMode coordinateMode,
    NearestMode nearestMode, ShapeCalcMode shapeMode, float givenScale,
    int64_t inLength, int64_t outLength, bool antialiasActive,
    double cubeCoeff) {
  ScalarDomain d;
  generic::AxisValues<ScalarDomain> v =
      generic::axisValues(d, kernel, shapeMode, givenScale, inLength, outLength,
                          antialiasActive, cubeCoeff);
  AxisTableParams params;
  params.kernel = kernel;
  params.coordinateMode = coordinateMode;
  params.nearestMode = nearestMode;
  params.inLength = inLength;
  params.outLength = outLength;
  params.scale = v.scale;
  params.antialiasFactor = v.antialiasFactor;
  params.cubeCoeff = v.cubeCoeff;
  return params;
}

const char *rules::validateAxisTableParams(ShapeCalcMode shapeMode,
                                           float givenScale, int64_t inLength,
                                           int64_t outLength) {
  // The output length of a scales-mode axis is computed from the scale, so
  // an invalid scale is the root cause of any length problem: report it
  // first.
  if (shapeMode == ShapeCalcMode::Scales && !isValidScale(givenScale))
    return "scale must be finite and > 0";
  if (inLength < 0)
    return "negative input length";
  if (outLength < 0)
    return "negative output size";
  if (outLength > kMaxDimension)
    return "output size exceeds the supported maximum of 2^48";
  if (shapeMode == ShapeCalcMode::Scales) {
    std::optional<int64_t> expected = scaledLength(inLength, givenScale);
    if (!expected)
      return "scale makes the output size exceed the supported maximum";
    if (*expected != outLength)
      return "output size does not match the scale";
  }
  if (inLength == 0 && outLength > 0)
    return "cannot interpolate an empty input to a non-empty output";
  return nullptr;
}

std::optional<AffineTapRun> rules::findAffineTapRun(const AxisTable &table,
                                                    int64_t maxPeriod) {
  if (table.inLength <= 0 || table.outLength <= 0)
    return std::nullopt;
  int64_t common = std::gcd(table.inLength, table.outLength);
  int64_t period = table.outLength / common;
  int64_t inputStep = table.inLength / common;
  if (period > maxPeriod || inputStep > maxPeriod)
    return std::nullopt;
  return findAffineTapRun(table, period, inputStep);
}

std::optional<AffineTapRun> rules::findAffineTapRun(const AxisTable &table,
                                                    int64_t period,
                                                    int64_t inputStep) {
  if (table.inLength <= 0 || table.outLength <= 0 || period <= 0 ||
      inputStep <= 0)
    return std::nullopt;
  AffineTapRun run;
  run.period = period;
  run.inputStep = inputStep;
  // Only whole periods: the outputs after the last one are an edge.
  int64_t periods = table.outLength / period;
  if (periods == 0)
    return std::nullopt;
  int64_t taps = table.taps;
  auto index = [&](int64_t k, int64_t p, int64_t t) {
    return table.indices[(run.period * k + p) * taps + t];
  };
  // The pattern of the middle period, which clamping at either end is least
  // likely to have touched.
  int64_t middle = periods / 2;
  for (int64_t t = 0; t < taps; ++t)
    run.offsets.push_back(index(middle, 0, t) - run.inputStep * middle);
  if (run.period > 1)
    run.phaseStep =
        index(middle, 1, 0) - run.inputStep * middle - run.offsets[0];
  auto isAffine = [&](int64_t k) {
    for (int64_t p = 0; p < run.period; ++p)
      for (int64_t t = 0; t < taps; ++t)
        if (index(k, p, t) !=
            run.inputStep * k + run.phaseStep * p + run.offsets[t])
          return false;
    return true;
  };
  if (!isAffine(middle))
    return std::nullopt;
  run.firstPeriod = middle;
  while (run.firstPeriod > 0 && isAffine(run.firstPeriod - 1))
    --run.firstPeriod;
  run.endPeriod = middle + 1;
  while (run.endPeriod < periods && isAffine(run.endPeriod))
    ++run.endPeriod;
  return run;
}

AxisTable rules::withColumns(const AxisTable &table, int64_t columns) {
  AxisTable wide;
  wide.inLength = table.inLength;
  wide.outLength = table.outLength;
  wide.taps = columns;
  wide.indices.reserve(table.outLength * columns);
  wide.weights.reserve(table.outLength * columns);
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < columns; ++k) {
      bool used = k < table.taps;
      int64_t flat = o * table.taps + (used ? k : 0);
      wide.indices.push_back(table.indices[flat]);
      wide.weights.push_back(used ? table.weights[flat] : 0.0);
    }
  }
  return wide;
}

std::vector<double> rules::runWeights(const AxisTable &table,
                                      const AffineTapRun &run) {
  std::vector<double> weights;
  weights.reserve(table.taps * run.period * (run.endPeriod - run.firstPeriod));
  for (int64_t t = 0; t < table.taps; ++t)
    for (int64_t phase = 0; phase < run.period; ++phase)
      for (int64_t period = run.firstPeriod; period < run.endPeriod; ++period)
        weights.push_back(
            table.weights[(run.period * period + phase) * table.taps + t]);
  return weights;
}

std::optional<ConsecutiveTaps> rules::consecutiveTaps(const AxisTable &table) {
  int64_t taps = table.taps;
  if (taps < 1 || taps > table.inLength)
    return std::nullopt;
  ConsecutiveTaps consecutive;
  consecutive.starts.reserve(table.outLength);
  consecutive.weights.assign(table.outLength * taps, 0.0);
  for (int64_t o = 0; o < table.outLength; ++o) {
    const int64_t *index = &table.indices[o * taps];
    const double *weight = &table.weights[o * taps];
    // The row's used taps: strictly increasing positions within `taps`.
    std::optional<int64_t> first, last;
    for (int64_t k = 0; k < taps; ++k) {
      if (weight[k] == 0.0)
        continue;
      if (last && index[k] <= *last)
        return std::nullopt;
      if (!first)
        first = index[k];
      last = index[k];
    }
    if (first && *last - *first >= taps)
      return std::nullopt;
    // The window starts at the first used tap, moved left where it would
    // end past the input.
    int64_t start = std::min(first.value_or(0), table.inLength - taps);
    consecutive.starts.push_back(start);
    for (int64_t k = 0; k < taps; ++k)
      if (weight[k] != 0.0)
        consecutive.weights[o * taps + index[k] - start] = weight[k];
  }
  return consecutive;
}

int rules::fixedPointBits(const FixedPointSums &fixed,
                          const std::vector<double> &weights) {
  if (fixed.scheme == FixedPointSums::Scheme::Pillow)
    return kPillowPrecisionBits;
  double largest = 0.0;
  for (double w : weights)
    largest = std::max(largest, w);
  return torchWeightPrecision(largest);
}

int32_t rules::fixedPointWeight(const FixedPointSums &fixed, int bits,
                                double w) {
  if (fixed.scheme == FixedPointSums::Scheme::Pillow)
    return pillowFixedWeight(w);
  return torchFixedWeight(w, bits);
}
