//===- ResizeRules.cpp - ONNX Resize / Upsample to interpolate_v4 ---------===//
//
// Every step follows docs/ONNX.md, "Decision rules". The ONNX side is the
// reference implementation's formulas (onnx.reference, op_resize.py)
// evaluated exactly; where the reference does not run (Upsample, Resize-10,
// tf_half_pixel_for_nn) it is the specification with ONNX Runtime's
// rounding. Anything interp would compute differently is a Rejection.
//
//===----------------------------------------------------------------------===//

#include "ResizeRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;
using llvm::formatv;

std::string onnximport::formatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// Python's math.isclose with its default tolerance, as the reference uses
/// it to skip an axis.
static bool isClose(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

/// What the scales or sizes operand (and keep_aspect_ratio_policy) give on
/// each axis: the ONNX output length, coordinate scale and output_width.
static void onnxLengths(const ResizeRequest &r,
                        SmallVectorImpl<AxisCase> &axes) {
  size_t n = r.axes.size();
  double g = 0;
  if (r.sizes && r.keepAspectRatioPolicy != "stretch") {
    bool larger = r.keepAspectRatioPolicy == "not_larger";
    g = larger ? INFINITY : 0;
    for (size_t i = 0; i < n; ++i) {
      double q = double((*r.sizes)[i]) / double(r.lengths[i]);
      g = larger ? std::min(g, q) : std::max(g, q);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    AxisCase a;
    a.axis = r.axes[i];
    a.length = r.lengths[i];
    if (r.sizes && r.keepAspectRatioPolicy == "stretch") {
      a.out = (*r.sizes)[i];
      a.scale = double(a.out) / double(a.length);
    } else if (r.sizes) {
      a.out = int64_t(g * double(a.length) + 0.5);
      a.scale = g;
    } else {
      a.scale = double((*r.scales)[i]);
      a.out = int64_t(std::floor(a.scale * double(a.length)));
    }
    // In sizes mode the reference's (out / L) * L is meant to be `out` and
    // is off by an ulp for some pairs; scales mode's s * L is exact.
    double width = a.scale * double(a.length);
    a.width =
        std::fabs(width - double(a.out)) <= 4e-16 * std::max<double>(1, a.out)
            ? double(a.out)
            : width;
    if (!r.roi.empty())
      a.roi = r.roi[i];
    axes.push_back(a);
  }
}

static std::optional<CoordinateTransformMode> interpCtm(StringRef ctm) {
  if (ctm == "half_pixel_symmetric")
    return CoordinateTransformMode::HalfPixel;
  if (ctm == "tf_crop_and_resize")
    return CoordinateTransformMode::AlignCorners;
  return symbolizeCoordinateTransformMode(ctm);
}

/// Chooses interp's shape_calculation_mode and the scale its coordinate
/// transform will divide by on each axis.
static std::optional<Rejection> chooseShapeMode(const ResizeRequest &r,
                                                SmallVectorImpl<AxisCase> &axes,
                                                ResizeMapping &m) {
  m.shapeMode = ShapeCalcMode::Sizes;
  for (AxisCase &a : axes) {
    m.sizes.push_back(a.out);
    double s = a.length ? double(a.out) / double(a.length) : 1.0;
    m.scales.push_back(s > 0 ? float(s) : 1.0f); // ignored in sizes mode
    a.interpScale = s;
  }
  if (r.sizes && r.keepAspectRatioPolicy == "stretch")
    return std::nullopt;
  // Scales mode is exact when ONNX's scale is a float32 value and interp's
  // float32 length rule gives ONNX's length; sizes mode when out / L is
  // ONNX's scale bit for bit (s * L integral), which never depends on a
  // length rule, so it is preferred for keep_aspect_ratio_policy.
  bool okScales = llvm::all_of(axes, [](const AxisCase &a) {
    return double(float(a.scale)) == a.scale &&
           rules::scaledLength(a.length, float(a.scale)) == a.out;
  });
  bool okSizes = llvm::all_of(axes, [](const AxisCase &a) {
    return a.length > 0 && double(a.out) / double(a.length) == a.scale;
  });
  if (okSizes && (!okScales || r.keepAspectRatioPolicy != "stretch")) {
    for (auto [i, a] : llvm::enumerate(axes))
      m.scales[i] = float(a.scale);
    return std::nullopt;
  }
  if (okScales) {
    m.shapeMode = ShapeCalcMode::Scales;
    for (auto [i, a] : llvm::enumerate(axes)) {
      m.scales[i] = float(a.scale);
      a.interpScale = double(float(a.scale));
    }
    return std::nullopt;
  }
  if (r.mode == "nearest")
    return std::nullopt; // sizes mode; the index tables decide
  StringRef attr = r.sizes ? "keep_aspect_ratio_policy" : "scales";
  for (const AxisCase &a : axes) {
    if (double(float(a.scale)) != a.scale) {
      const AxisCase *bad = llvm::find_if(axes, [](const AxisCase &b) {
        return double(b.out) / double(b.length) != b.scale;
      });
      return reject(attr,
                    formatv("the scale {0} is not a float32 value (so scales "
                            "mode cannot take it), and on axis {1} the output "
                            "length {2} over the input length {3} is not the "
                            "scale (so sizes mode samples elsewhere)",
                            formatNumber(a.scale), bad->axis, bad->out,
                            bad->length));
    }
    std::optional<int64_t> len = rules::scaledLength(a.length, float(a.scale));
    if (len != a.out)
      return reject(attr,
                    formatv("on axis {0}, ONNX's output length is {1} for "
                            "input length {2} and scale {3}, interp's float32 "
                            "rule gives {4}, and the scale times the length "
                            "is not an integer (sizes mode would move the "
                            "sampling positions)",
                            a.axis, a.out, a.length, formatNumber(a.scale),
                            len ? std::to_string(*len) : "no length"));
  }
  return reject("scales", "the output lengths cannot be expressed");
}

void onnximport::onnxAxes(const ResizeRequest &r,
                          SmallVectorImpl<AxisCase> &axes) {
  onnxLengths(r, axes);
  // The reference leaves an axis alone when its scale is ~1, its length
  // unchanged and its roi the whole axis. A length-1 axis gives x0
  // everywhere, unless exclude_outside drops it.
  for (AxisCase &a : axes) {
    a.skipped = isClose(a.scale, 1.0) && a.out == a.length &&
                (r.roi.empty() ||
                 (isClose(a.roi.first, 0.0) && isClose(a.roi.second, 1.0)));
    a.resized = !a.skipped && !(a.length == 1 && !r.excludeOutside);
  }
}

/// The mapping of `r` with ONNX's coordinate transformation mode's
/// counterpart in interp.
static std::optional<Rejection> mapDirectly(const ResizeRequest &r,
                                            ResizeMapping &m) {
  SmallVector<AxisCase> axes;
  onnxAxes(r, axes);
  bool noReference = r.legacy || r.ctm == "tf_half_pixel_for_nn";
  const char *operand = r.sizes ? "sizes" : "scales";
  for (const AxisCase &a : axes)
    if (r.scales && noReference &&
        int64_t(std::trunc(float(a.scale) * float(a.length))) != a.out)
      return reject("scales",
                    formatv("on axis {0}, the specification's output length "
                            "floor({1} * {2}) = {3} differs from ONNX "
                            "Runtime's float32 product",
                            a.axis, a.length, formatNumber(a.scale), a.out));
  if (std::optional<Rejection> rej = chooseShapeMode(r, axes, m))
    return rej;

  // interp copies an axis whose length does not change; ONNX resamples it
  // unless its scale is 1 (ONNX Runtime, the legacy ops' oracle, copies
  // only when the whole shape is unchanged).
  bool whole =
      llvm::all_of(axes, [](const AxisCase &a) { return a.out == a.length; });
  for (const AxisCase &a : axes) {
    bool copies = a.interpScale == 1.0 || a.out == a.length;
    if ((noReference && whole) || !copies || a.skipped || a.length <= 1 ||
        r.mode == "nearest")
      continue;
    return reject(operand,
                  formatv("on axis {0} the output length equals the input "
                          "length {1} but the scale is {2}: interp copies the "
                          "axis, ONNX resamples it",
                          a.axis, a.length, formatNumber(a.scale)));
  }

  const char *ctmAttr = "coordinate_transformation_mode";
  std::optional<CoordinateTransformMode> ictm =
      r.legacy ? CoordinateTransformMode::Asymmetric : interpCtm(r.ctm);
  m.ctm = *ictm;
  bool nearest = r.mode == "nearest";
  for (const AxisCase &a : axes) {
    if (!a.resized)
      continue;
    if (r.ctm == "half_pixel_symmetric" && !nearest && a.width != a.out)
      return reject(ctmAttr,
                    formatv("'half_pixel_symmetric' on axis {0}: the scale "
                            "times the length ({1}) is not the output length "
                            "{2}, so ONNX shifts the samples by an offset "
                            "interp cannot express",
                            a.axis, formatNumber(a.width), a.out));
    if (r.ctm == "tf_crop_and_resize" &&
        (a.roi.first != 0.0 || a.roi.second != 1.0))
      return reject("roi", formatv("'tf_crop_and_resize' crops axis {0} to "
                                   "[{1}, {2}]; interp cannot crop",
                                   a.axis, formatNumber(a.roi.first),
                                   formatNumber(a.roi.second)));
    if (r.ctm == "tf_crop_and_resize" && !nearest && a.out == 1 && a.length > 1)
      return reject(ctmAttr, formatv("'tf_crop_and_resize' with output length "
                                     "1 on axis {0} samples the centre",
                                     a.axis));
    if (m.ctm == CoordinateTransformMode::AlignCorners && !nearest &&
        a.out > 1 && a.width != a.out)
      return reject(ctmAttr,
                    formatv("'{0}' on axis {1}: ONNX divides by the scale "
                            "times the length minus 1 ({2}), interp by the "
                            "output length minus 1 ({3})",
                            r.ctm, a.axis, formatNumber(a.width - 1),
                            a.out - 1));
    if (r.ctm == "pytorch_half_pixel" && !nearest && a.out == 1 &&
        a.length > 1) {
      bool aaActive = r.antialias && llvm::any_of(axes, [&](auto &b) {
                        return !b.skipped && b.scale < 1;
                      });
      if (a.width != 1 || r.mode == "cubic" || aaActive)
        return reject(ctmAttr,
                      formatv("'pytorch_half_pixel' with output length 1 on "
                              "axis {0}: ONNX's reference samples at -0.5 (or "
                              "the half-pixel centre), interp at 0",
                              a.axis));
    }
  }
  return mapKernel(r, axes, m, noReference);
}

std::optional<Rejection> onnximport::mapResize(const ResizeRequest &r,
                                               ResizeMapping &m) {
  std::optional<Rejection> rejection = mapDirectly(r, m);
  // align_corners divides by ONNX's fractional s*L - 1 where interp's
  // align_corners divides by out - 1; asymmetric with a pads_end may
  // sample at the same places (ResizeAlignCorners.cpp).
  if (!rejection || r.legacy || r.ctm != "align_corners" || r.mode == "cubic")
    return rejection;
  ResizeMapping rewritten;
  std::optional<Rejection> why = mapAlignCornersAsAsymmetric(r, rewritten);
  if (!why) {
    m = std::move(rewritten);
    return std::nullopt;
  }
  rejection->reason += "; as 'asymmetric' with a pads_end: " + why->reason;
  return rejection;
}
