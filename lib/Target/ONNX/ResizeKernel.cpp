//===- ResizeKernel.cpp - the kernel and its per-axis exactness checks ----===//
//
// Linear, cubic and nearest with their ONNX attributes (antialias,
// exclude_outside, cubic_coeff_a, nearest_mode) to interp's mode. Where an
// exact general rule does not exist (nearest with a changed coordinate
// scale, cubic with exclude_outside) the per-axis tables are compared: they
// have one entry per output index, so this is cheap and exact.
//
//===----------------------------------------------------------------------===//

#include "ResizeRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;
using llvm::formatv;

/// op_resize.py's _compute_x_ori, and the specification's
/// tf_half_pixel_for_nn.
double onnximport::onnxCoordinate(StringRef ctm, const AxisCase &a, int64_t o) {
  double y = double(o), s = a.scale, len = double(a.length), w = a.width;
  if (ctm == "align_corners")
    return w == 1 ? 0 : y * (len - 1) / (w - 1);
  if (ctm == "asymmetric")
    return y / s;
  if (ctm == "pytorch_half_pixel")
    return w == 1 ? -0.5 : (y + 0.5) / s - 0.5;
  if (ctm == "half_pixel_symmetric")
    return len / 2 * (1 - double(a.out) / w) + (y + 0.5) / s - 0.5;
  if (ctm == "tf_crop_and_resize") {
    auto [r0, r1] = a.roi;
    double x = w == 1 ? (r1 - r0) * (len - 1) / 2
                      : y * (r1 - r0) * (len - 1) / (w - 1);
    return x + r0 * (len - 1);
  }
  if (ctm == "tf_half_pixel_for_nn")
    return (y + 0.5) / s;
  return (y + 0.5) / s - 0.5; // half_pixel
}

int64_t onnximport::onnxNearest(StringRef mode, double x) {
  double fl = std::floor(x), frac = x - fl;
  if (x == fl)
    return int64_t(fl);
  bool up = mode == "round_prefer_floor"  ? frac > 0.5
            : mode == "round_prefer_ceil" ? frac >= 0.5
                                          : mode == "ceil";
  return int64_t(fl) + up;
}

/// The most output indices the importer compares, over all axes together
/// (about 0.3 s; an untrusted model must not make the import take longer).
static constexpr int64_t kMaxCheckedOutputs = int64_t(1) << 24;

static std::optional<Rejection> tooLong(StringRef attribute,
                                        const AxisCase &a) {
  return reject(attribute, formatv("axis {0} has {1} outputs, too many to "
                                   "check at import time (at most {2})",
                                   a.axis, a.out, kMaxCheckedOutputs));
}

/// The per-axis checks of `axes` together stay within kMaxCheckedOutputs.
static std::optional<Rejection> checkBudget(StringRef attribute,
                                            ArrayRef<AxisCase> axes) {
  int64_t total = 0;
  for (const AxisCase &a : axes) {
    if (a.skipped)
      continue;
    total += std::min(a.out, kMaxCheckedOutputs + 1);
    if (total > kMaxCheckedOutputs)
      return reject(attribute,
                    formatv("the resized axes have more than {0} outputs in "
                            "all, too many to check at import time",
                            kMaxCheckedOutputs));
  }
  return std::nullopt;
}

std::optional<Rejection>
onnximport::checkNearestAxis(const ResizeRequest &r, const AxisCase &a,
                             CoordinateTransformMode ictm, NearestMode inm) {
  if (a.out > kMaxCheckedOutputs)
    return tooLong("mode", a);
  StringRef ctm = r.legacy ? "asymmetric" : StringRef(r.ctm);
  for (int64_t o = 0; o < a.out; ++o) {
    // Far outside the input every index clamps alike; clamped here so the
    // conversion to int64 below is defined (a roi of 1e300 is finite).
    double x = std::clamp(onnxCoordinate(ctm, a, o), -0x1p62, 0x1p62);
    if (std::isnan(x))
      return reject("roi", formatv("ONNX's coordinate of output {0} of axis "
                                   "{1} is not a number",
                                   o, a.axis));
    // ONNX Runtime's legacy rounding: ceil when downsampling, else truncate.
    int64_t src = r.legacy ? int64_t(a.scale < 1 ? std::ceil(x) : std::trunc(x))
                           : onnxNearest(r.nearestMode, x);
    if (r.excludeOutside && (src < 0 || src >= a.length))
      return reject("exclude_outside",
                    formatv("nearest with exclude_outside=1 rounds output {0} "
                            "of axis {1} to index {2}, outside the input: "
                            "ONNX outputs 0 there",
                            o, a.axis, src));
    int64_t expect = rules::clampIndex(src, a.length);
    double c =
        rules::transformCoordinate(ictm, o, a.interpScale, a.out, a.length);
    int64_t got = rules::clampIndex(
        rules::roundNearest(inm, c, a.interpScale < 1), a.length);
    if (got != expect)
      return reject(r.legacy ? "scales" : "nearest_mode",
                    formatv("nearest '{0}' with '{1}' on axis {2}: output {3} "
                            "reads input {4} in ONNX, {5} in interp",
                            r.legacy ? "legacy" : r.nearestMode, ctm, a.axis, o,
                            expect, got));
  }
  return std::nullopt;
}

std::optional<Rejection>
onnximport::checkCubicExcludeOutside(const ResizeRequest &r, const AxisCase &a,
                                     CoordinateTransformMode ictm) {
  if (a.out > kMaxCheckedOutputs)
    return tooLong("exclude_outside", a);
  for (int64_t o = 0; o < a.out; ++o) {
    double c =
        rules::transformCoordinate(ictm, o, a.interpScale, a.out, a.length);
    double base = std::floor(c), f = c - base;
    double dist[4] = {f + 1, f, 1 - f, 2 - f};
    for (int k = 0; k < 4; ++k) {
      int64_t tap = int64_t(base) - 1 + k;
      if ((tap < 0 || tap >= a.length) &&
          rules::cubicWeight(double(r.cubicCoeffA), dist[k]) != 0)
        return reject("exclude_outside",
                      formatv("cubic with exclude_outside=1: output {0} of "
                              "axis {1} has a tap with non-zero weight at {2}, "
                              "outside the input (ONNX drops it and "
                              "renormalizes, interp clamps it)",
                              o, a.axis, tap));
    }
  }
  return std::nullopt;
}

std::optional<Rejection> onnximport::mapKernel(const ResizeRequest &r,
                                               ArrayRef<AxisCase> axes,
                                               ResizeMapping &m,
                                               bool noReference) {
  auto active = [](const AxisCase &a) { return !a.skipped; };
  // An empty result reads nothing: no output index to compare.
  bool emptyResult =
      llvm::any_of(axes, [](const AxisCase &a) { return a.out == 0; });
  bool down =
      llvm::any_of(axes, [&](auto &a) { return active(a) && a.scale < 1; });
  // Length-1 axes count: interp narrows the triangle on every axis.
  bool up =
      llvm::any_of(axes, [&](auto &a) { return active(a) && a.scale > 1; });
  m.cubeCoeff = r.cubicCoeffA;
  m.axes.assign(r.axes.begin(), r.axes.end());
  if (r.mode == "linear") {
    if (r.antialias && down) {
      if (!r.excludeOutside)
        return reject("antialias",
                      "linear antialias while downsampling with "
                      "exclude_outside=0: ONNX repeats the edge pixels inside "
                      "the widened filter, interp drops them");
      if (up)
        return reject("antialias",
                      "linear antialias with some axes downsampled and others "
                      "upsampled: interp narrows the upsampled axes' filter");
      m.mode = InterpolateMode::Linear;
      m.antialias = true;
    } else {
      SmallVector<int64_t> sorted(r.axes);
      llvm::sort(sorted);
      m.mode = rules::isLinearOnnxAxes(r.rank, sorted)
                   ? InterpolateMode::LinearOnnx
                   : InterpolateMode::Linear;
    }
  } else if (r.mode == "cubic") {
    if (r.antialias && down)
      return reject("antialias",
                    "cubic antialias while downsampling (interp's cubic has "
                    "no antialias)");
    if (r.excludeOutside && !emptyResult) {
      if (auto rej = checkBudget("exclude_outside", axes))
        return rej;
      for (const AxisCase &a : llvm::make_filter_range(axes, active))
        if (auto rej = checkCubicExcludeOutside(r, a, m.ctm))
          return rej;
    }
    m.mode = InterpolateMode::Cubic;
  } else {
    m.mode = InterpolateMode::Nearest;
    m.nearest =
        r.legacy ? NearestMode::Simple : *symbolizeNearestMode(r.nearestMode);
    bool whole =
        llvm::all_of(axes, [](const AxisCase &a) { return a.out == a.length; });
    // ONNX Runtime copies the input when nothing is resized, as interp does.
    bool copies = noReference && whole;
    if (!copies && !emptyResult) {
      if (auto rej = checkBudget("mode", axes))
        return rej;
      for (const AxisCase &a : llvm::make_filter_range(axes, active))
        if (auto rej = checkNearestAxis(r, a, m.ctm, m.nearest))
          return rej;
    }
  }
  // linear_onnx takes its axes sorted; the op is separable, so sorting the
  // axes with their sizes and scales computes the same.
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
