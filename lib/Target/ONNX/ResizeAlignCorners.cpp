//===- ResizeAlignCorners.cpp - align_corners with a fractional s*L -------===//
//
// ONNX's align_corners samples output o of an axis at x = o (L - 1) / (W - 1)
// with W = s*L, which is fractional in scales mode, where interp's
// align_corners divides by out - 1. The samples lie on a line through 0, as
// interp's asymmetric samples x = o / scale do: with the scale
// (W - 1) / (L - 1) rounded to float32 and a pads_end that makes interp's
// float32 length rule give ONNX's output length (scales mode; the padding
// is never read, since x <= L - 1), interp samples where ONNX does up to
// the scale's rounding. Whether that rounding matters is decided per axis
// by comparing the tables: for nearest the source index of every output,
// for linear every tap and its weight as interp weighs (float32, or float64
// for f64/i32/i64 data). Taps of weight 0 are left out on both sides.
//
//===----------------------------------------------------------------------===//

#include "ResizeRules.h"

#include "interp/Semantics/AxisTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;
using llvm::formatv;

/// The most outputs of all axes the rewrite builds tables for (each axis
/// tries a few scales and pads).
static constexpr int64_t kMaxRewrittenOutputs = int64_t(1) << 22;

namespace {
/// One tap of an output: input index and weight at interp's precision.
struct Tap {
  int64_t index;
  double weight;
  bool operator==(const Tap &o) const {
    return index == o.index && weight == o.weight;
  }
};
} // namespace

/// ONNX's taps of output `o` (op_resize.py: nearest rounds x; linear weighs
/// floor(x) by 1 - r and floor(x) + 1 by r, r = x - floor(x), and an
/// integral x by 1), indices clamped to the input.
static SmallVector<Tap, 2> onnxTaps(const ResizeRequest &r, const AxisCase &a,
                                    int64_t o) {
  double x = onnxCoordinate("align_corners", a, o);
  auto clamp = [&](int64_t i) { return rules::clampIndex(i, a.length); };
  if (r.mode == "nearest")
    return {{clamp(onnxNearest(r.nearestMode, x)), 1.0}};
  double fl = std::floor(x);
  if (x == fl)
    return {{clamp(int64_t(fl)), 1.0}};
  double ratio = x - fl;
  return {{clamp(int64_t(fl)), 1 - ratio}, {clamp(int64_t(fl) + 1), ratio}};
}

/// Whether interp's table of `params` has ONNX's taps on every output.
static bool sameTaps(const ResizeRequest &r, const AxisCase &a,
                     const rules::AxisTableParams &params) {
  rules::AxisTable table = rules::buildAxisTable(params);
  auto precision = [&](double w) {
    return r.float64Weights ? w : double(float(w));
  };
  for (int64_t o = 0; o < a.out; ++o) {
    SmallVector<Tap, 4> onnx, interp;
    for (Tap t : onnxTaps(r, a, o))
      if (precision(t.weight) != 0)
        onnx.push_back({t.index, precision(t.weight)});
    for (int64_t k = 0; k < table.taps; ++k) {
      size_t i = size_t(o * table.taps + k);
      double w = precision(table.weights[i]);
      if (w != 0)
        interp.push_back({table.indices[i], w});
    }
    if (onnx != interp)
      return false;
  }
  return true;
}

std::optional<Rejection>
onnximport::mapAlignCornersAsAsymmetric(const ResizeRequest &r,
                                        ResizeMapping &m) {
  SmallVector<AxisCase> axes;
  onnxAxes(r, axes);
  bool down = llvm::any_of(
      axes, [](const AxisCase &a) { return !a.skipped && a.scale < 1; });
  if (r.antialias && down)
    return reject("antialias", "antialias while downsampling");
  int64_t total = 0;
  for (const AxisCase &a : axes)
    total += a.skipped ? 0 : std::min(a.out, kMaxRewrittenOutputs + 1);
  if (total > kMaxRewrittenOutputs)
    return reject("scales", formatv("more than {0} outputs to check",
                                    kMaxRewrittenOutputs));

  m = ResizeMapping();
  m.shapeMode = ShapeCalcMode::Scales;
  m.ctm = CoordinateTransformMode::Asymmetric;
  m.cubeCoeff = r.cubicCoeffA;
  m.axes.assign(r.axes.begin(), r.axes.end());
  m.padsEnd.assign(r.rank, 0);
  rules::AxisKernel kernel;
  if (r.mode == "nearest") {
    m.mode = InterpolateMode::Nearest;
    m.nearest = *symbolizeNearestMode(r.nearestMode);
    kernel = rules::AxisKernel::Nearest;
  } else {
    SmallVector<int64_t> sorted(r.axes);
    llvm::sort(sorted);
    m.mode = rules::isLinearOnnxAxes(r.rank, sorted)
                 ? InterpolateMode::LinearOnnx
                 : InterpolateMode::Linear;
    kernel = rules::axisKernelOf(m.mode);
  }

  for (const AxisCase &a : axes) {
    m.sizes.push_back(a.out);
    if (a.skipped) {
      // The reference leaves the axis alone; interp copies it at scale 1.
      m.scales.push_back(1.0f);
      continue;
    }
    // The line's slope as a float32 scale and its neighbours; ONNX's own
    // scale where the slope is not defined (out or L of 1: every sample
    // is at 0).
    SmallVector<float, 4> candidates;
    if (a.length > 1 && a.out > 1 && a.width > 1) {
      float f = float((a.width - 1) / double(a.length - 1));
      candidates = {f, std::nextafter(f, 0.0f),
                    std::nextafter(f, float(INFINITY))};
    }
    candidates.push_back(float(a.scale));
    std::optional<std::pair<float, int64_t>> found;
    for (float scale : candidates) {
      if (!rules::isValidScale(scale))
        continue;
      // The padded lengths whose float32 length rule may give `out`.
      double estimate = std::floor(double(a.out) / double(scale));
      if (!(estimate < double(rules::kMaxDimension)))
        continue;
      int64_t first = std::max<int64_t>(a.length, int64_t(estimate) - 2);
      for (int64_t padded = first; padded <= int64_t(estimate) + 2 && !found;
           ++padded) {
        if (rules::scaledLength(padded, scale) != a.out)
          continue;
        rules::AxisTableParams params = rules::makeAxisTableParams(
            kernel, m.ctm, m.nearest, ShapeCalcMode::Scales, scale, padded,
            a.out, /*antialiasActive=*/false, double(m.cubeCoeff));
        if (sameTaps(r, a, params))
          found = {scale, padded};
      }
      if (found)
        break;
    }
    if (!found)
      return reject(
          "coordinate_transformation_mode",
          formatv("on axis {0} no float32 scale near {1} and pads_end >= 0 "
                  "give ONNX's {2} every output",
                  a.axis,
                  formatNumber(a.length > 1 ? (a.width - 1) / (a.length - 1)
                                            : a.scale),
                  r.mode == "nearest"
                      ? "source index on"
                      : (r.float64Weights ? "taps and float64 weights on"
                                          : "taps and float32 weights on")));
    m.scales.push_back(found->first);
    m.padsEnd[a.axis] = found->second - a.length;
  }

  if (llvm::all_of(m.padsEnd, [](int64_t p) { return p == 0; }))
    m.padsEnd.clear();
  // linear_onnx takes its axes sorted (as in mapKernel).
  if (m.mode == InterpolateMode::LinearOnnx && !llvm::is_sorted(m.axes)) {
    SmallVector<size_t> perm(m.axes.size());
    std::iota(perm.begin(), perm.end(), 0);
    llvm::sort(perm, [&](size_t x, size_t y) { return m.axes[x] < m.axes[y]; });
    ResizeMapping copy = m;
    for (auto [i, p] : llvm::enumerate(perm)) {
      m.axes[i] = copy.axes[p];
      m.sizes[i] = copy.sizes[p];
      m.scales[i] = copy.scales[p];
    }
  }
  return std::nullopt;
}
