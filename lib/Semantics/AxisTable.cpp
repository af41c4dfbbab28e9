//===- AxisTable.cpp - per-axis index/weight tables -----------------------===//
//
// The *Row functions choose each output's taps and weights along one axis.
// The reference (lib/Reference/InterpolateV4.cpp, *Taps) derives the same
// choice independently, on purpose: the differential test compares the two.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/AxisTable.h"

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

static double coordinateOf(const AxisTableParams &p, int64_t o) {
  return transformCoordinate(p.coordinateMode, o, p.scale, p.outLength,
                             p.inLength);
}

static Row nearestRow(const AxisTableParams &p, int64_t o) {
  double c = coordinateOf(p, o);
  int64_t index = roundNearest(p.nearestMode, c, /*isDownsample=*/p.scale < 1);
  Row row;
  row.add(clampIndex(index, p.inLength), 1.0);
  return row;
}

static Row linearOnnxRow(const AxisTableParams &p, int64_t o) {
  double last = static_cast<double>(p.inLength - 1);
  double c = std::max(0.0, std::min(coordinateOf(p, o), last));
  int64_t i1 = std::min(static_cast<int64_t>(c), p.inLength - 1);
  int64_t i2 = std::min(i1 + 1, p.inLength - 1);
  double d1 = std::fabs(c - static_cast<double>(i1));
  double d2 = std::fabs(c - static_cast<double>(i2));
  if (i1 == i2)
    d1 = d2 = 0.5;
  Row row;
  row.add(i1, d2);
  row.add(i2, d1);
  return row;
}

static Row cubicRow(const AxisTableParams &p, int64_t o) {
  // Beyond 4 samples outside the input every tap clamps to the edge sample
  // and the weights sum to 1, so bounding c keeps the result and keeps the
  // conversion to int64 defined.
  double c = std::max(-4.0, std::min(coordinateOf(p, o), p.inLength + 4.0));
  double base = std::floor(c);
  double s = c - base;
  const double distances[4] = {s + 1.0, s, 1.0 - s, 2.0 - s};
  Row row;
  for (int k = 0; k < 4; ++k)
    row.add(clampIndex(static_cast<int64_t>(base) - 1 + k, p.inLength),
            cubicWeight(p.cubeCoeff, distances[k]));
  return row;
}

/// The triangle filter's taps that fall inside the input, normalized by their
/// sum. The N-D weight sum is the product of these per-axis sums, so a zero
/// sum on one axis makes the element 0, as the rule requires.
static Row linearRow(const AxisTableParams &p, int64_t o) {
  double c = coordinateOf(p, o);
  double a = p.antialiasFactor;
  double radius = static_cast<double>(linearRadius(p.scale, a));
  double centre = roundHalfAwayFromZero(c);
  // Taps outside the input are dropped: iterate over the window's
  // intersection with [0, inLength - 1] only.
  double first = std::max(0.0, centre - radius);
  double last = std::min(static_cast<double>(p.inLength - 1), centre + radius);
  Row row;
  double sum = 0.0;
  for (int64_t t = static_cast<int64_t>(first);
       first <= last && t <= static_cast<int64_t>(last); ++t) {
    double w = triangleWeight(a, c - static_cast<double>(t));
    if (w == 0.0)
      continue;
    row.add(t, w);
    sum += w;
  }
  for (double &w : row.weights)
    w = sum == 0.0 ? 0.0 : w / sum;
  return row;
}

/// Output index o covers [o * in / out, (o + 1) * in / out); input sample i
/// covers [i, i + 1).
static Row areaRow(const AxisTableParams &p, int64_t o) {
  double ratio = static_cast<double>(p.inLength) / p.outLength;
  double lo = o * ratio;
  double hi = (o + 1) * ratio;
  Row row;
  int64_t first = static_cast<int64_t>(std::floor(lo));
  int64_t last =
      std::min<int64_t>(static_cast<int64_t>(std::ceil(hi)), p.inLength);
  for (int64_t i = first; i < last; ++i) {
    double overlap =
        std::min(hi, i + 1.0) - std::max(lo, static_cast<double>(i));
    if (overlap > 0.0)
      row.add(i, overlap / (hi - lo));
  }
  return row;
}

/// Interpolate-11's Pillow filters: the window [lo, hi) around the centre
/// (o + 0.5) * L / O with the support widened by the downscale factor,
/// clipped to the input, weights f((j + 0.5 - c) / fs) normalized by their
/// sum (SEMANTICS-v11.md, step 5).
static Row pillowRow(const AxisTableParams &p, int64_t o) {
  bool bicubic = p.kernel == AxisKernel::BicubicPillow;
  double scale = static_cast<double>(p.inLength) / p.outLength;
  double filterScale = std::max(scale, 1.0);
  double support = (bicubic ? 2.0 : 1.0) * filterScale;
  double centre = (o + 0.5) * scale;
  double lo = std::max(0.0, std::floor(centre - support + 0.5));
  double hi = std::min(static_cast<double>(p.inLength),
                       std::floor(centre + support + 0.5));
  Row row;
  double sum = 0.0;
  for (int64_t j = static_cast<int64_t>(lo); j < static_cast<int64_t>(hi);
       ++j) {
    double t = (j + 0.5 - centre) / filterScale;
    double w = bicubic ? cubicWeight(p.cubeCoeff, t) : triangleWeight(1.0, t);
    row.add(j, w);
    sum += w;
  }
  if (sum != 0.0)
    for (double &w : row.weights)
      w /= sum;
  return row;
}

static Row buildRow(const AxisTableParams &p, int64_t o) {
  switch (p.kernel) {
  case AxisKernel::Nearest:
    return nearestRow(p, o);
  case AxisKernel::LinearOnnx:
    return linearOnnxRow(p, o);
  case AxisKernel::Cubic:
    return cubicRow(p, o);
  case AxisKernel::Linear:
    return linearRow(p, o);
  case AxisKernel::Area:
    return areaRow(p, o);
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow:
    return pillowRow(p, o);
  }
  return Row();
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
  std::vector<Row> rows;
  rows.reserve(params.outLength);
  size_t taps = 1;
  for (int64_t o = 0; o < params.outLength; ++o) {
    rows.push_back(buildRow(params, o));
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
  size_t taps = 1;
  for (int64_t o = 0; o < params.outLength; ++o)
    taps = std::max(taps, buildRow(params, o).indices.size());
  return static_cast<int64_t>(taps);
}

int64_t rules::axisTableTapBound(const AxisTableParams &params) {
  int64_t inLength = std::max<int64_t>(params.inLength, 1);
  switch (params.kernel) {
  case AxisKernel::Nearest:
    return 1;
  case AxisKernel::LinearOnnx:
    return 2;
  case AxisKernel::Cubic:
    return 4;
  case AxisKernel::Linear: {
    // The window [centre - r, centre + r], clipped to the input.
    int64_t radius = linearRadius(params.scale, params.antialiasFactor);
    return radius >= inLength ? inLength : std::min(2 * radius + 1, inLength);
  }
  case AxisKernel::Area: {
    double ratio = static_cast<double>(params.inLength) /
                   std::max<int64_t>(params.outLength, 1);
    return std::min<int64_t>(
        static_cast<int64_t>(std::min(std::ceil(ratio), 4.0e18)) + 1, inLength);
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    // hi - lo = floor(c + R + 0.5) - floor(c - R + 0.5) <= ceil(2R).
    double ratio = static_cast<double>(params.inLength) /
                   std::max<int64_t>(params.outLength, 1);
    double support = (params.kernel == AxisKernel::BicubicPillow ? 2.0 : 1.0) *
                     std::max(ratio, 1.0);
    return std::min<int64_t>(
        static_cast<int64_t>(std::min(std::ceil(2.0 * support), 4.0e18)) + 1,
        inLength);
  }
  }
  return inLength;
}

std::optional<int64_t> rules::lengthIndependentTaps(AxisKernel kernel,
                                                    bool antialiasActive) {
  switch (kernel) {
  case AxisKernel::Nearest:
    return 1;
  case AxisKernel::LinearOnnx:
    return 2;
  case AxisKernel::Cubic:
    return 4;
  case AxisKernel::Linear:
    if (!antialiasActive)
      return 2;
    return std::nullopt;
  case AxisKernel::Area:
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow:
    // The window grows with the downscale factor.
    return std::nullopt;
  }
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
  AxisTableParams params;
  params.kernel = kernel;
  params.coordinateMode = coordinateMode;
  params.nearestMode = nearestMode;
  params.inLength = inLength;
  params.outLength = outLength;
  params.scale = coordinateScale(shapeMode, givenScale, outLength, inLength);
  params.antialiasFactor = antialiasActive ? params.scale : 1.0;
  params.cubeCoeff = kernel == AxisKernel::BicubicPillow
                         ? cubeCoeff
                         : static_cast<double>(static_cast<float>(cubeCoeff));
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
