//===- ResizeRules.h - when interp computes exactly what ONNX does -*- C++ -*-//
//
// The decision of the Resize / Upsample importer as a pure function: from a
// node's validated attributes, its static input lengths and its constant
// operands to the interp.interpolate_v4 that computes the same values, or
// to the attribute that makes the node inexpressible and why. The rules and
// the evidence behind each are in docs/ONNX.md.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TARGET_ONNX_RESIZERULES_H
#define INTERP_LIB_TARGET_ONNX_RESIZERULES_H

#include "interp/Semantics/Rules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir::interp::onnximport {

/// One Resize / Upsample node, its attributes spelled as in ONNX.
struct ResizeRequest {
  /// Upsample-7/9 and Resize-10: asymmetric coordinates and ONNX Runtime's
  /// nearest rounding ("simple"); the specification says nothing more.
  bool legacy = false;
  std::string mode = "nearest";
  std::string ctm = "half_pixel";
  std::string nearestMode = "round_prefer_floor";
  std::string keepAspectRatioPolicy = "stretch";
  float cubicCoeffA = -0.75f;
  bool excludeOutside = false;
  bool antialias = false;
  int64_t rank = 0;
  /// Normalized, unique; `lengths` are the input's lengths on them.
  llvm::SmallVector<int64_t> axes, lengths;
  /// Per axis (begin, end), only for tf_crop_and_resize.
  llvm::SmallVector<std::pair<double, double>> roi;
  /// Exactly one is set, with one entry per axis.
  std::optional<llvm::SmallVector<float>> scales;
  std::optional<llvm::SmallVector<int64_t>> sizes;
  /// interp weighs the data in float64 (f64, i32, i64), else in float32
  /// (rules::accumulatesInFloat64).
  bool float64Weights = false;
};

/// The interp.interpolate_v4 to emit.
struct ResizeMapping {
  InterpolateMode mode = InterpolateMode::Nearest;
  ShapeCalcMode shapeMode = ShapeCalcMode::Sizes;
  CoordinateTransformMode ctm = CoordinateTransformMode::HalfPixel;
  NearestMode nearest = NearestMode::RoundPreferFloor;
  bool antialias = false;
  float cubeCoeff = -0.75f;
  llvm::SmallVector<int64_t> axes, sizes;
  llvm::SmallVector<float> scales;
  /// One entry per dimension, or empty for none.
  llvm::SmallVector<int64_t> padsEnd;
};

/// Why a node cannot be imported exactly: the ONNX attribute (or input)
/// responsible and a sentence that says what differs.
struct Rejection {
  std::string attribute;
  std::string reason;
};

/// A Rejection of `attribute`; `reason` is anything raw_ostream prints
/// (a string, a formatv object).
template <typename T>
Rejection reject(llvm::StringRef attribute, const T &reason) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << reason;
  return Rejection{attribute.str(), s};
}

/// `v` with the digits that identify a float32 (%.9g), for messages.
std::string formatNumber(double v);

/// The mapping of `request`, or why there is none.
std::optional<Rejection> mapResize(const ResizeRequest &request,
                                   ResizeMapping &mapping);

// Per-axis exactness checks (ResizeKernel.cpp).

/// What one axis computes on each side.
struct AxisCase {
  int64_t axis;   // the ONNX axis, for messages
  int64_t length; // input length L
  int64_t out;    // output length
  double scale;   // ONNX's coordinate scale
  double width;   // ONNX's output_width (s·L, or `out` in sizes mode)
  std::pair<double, double> roi{0.0, 1.0};
  double interpScale;   // the scale interp's coordinate transform divides by
  bool skipped = false; // the reference leaves the axis as it is
  bool resized = false; // skipped axes and length-1 axes are not
};

/// ONNX's output length, scale and width on each axis of `r`, and whether
/// the reference skips or resizes it.
void onnxAxes(const ResizeRequest &r, llvm::SmallVectorImpl<AxisCase> &axes);

/// ONNX's input coordinate of output index `o` on axis `a` for the
/// coordinate transformation mode `ctm` (ResizeKernel.cpp).
double onnxCoordinate(llvm::StringRef ctm, const AxisCase &a, int64_t o);

/// The reference's nearest source index of coordinate `x` before clamping.
int64_t onnxNearest(llvm::StringRef nearestMode, double x);

/// align_corners with a fractional s*L (ONNX divides by s*L - 1) as
/// interp's asymmetric in scales mode with a pads_end per axis, for nearest
/// and linear, when every axis's taps and weights agree at interp's weight
/// precision (ResizeAlignCorners.cpp).
std::optional<Rejection> mapAlignCornersAsAsymmetric(const ResizeRequest &r,
                                                     ResizeMapping &mapping);

/// The kernel (mode, antialias, cube_coeff, nearest_mode) and its per-axis
/// checks, once lengths and coordinates are settled (ResizeKernel.cpp).
std::optional<Rejection> mapKernel(const ResizeRequest &request,
                                   llvm::ArrayRef<AxisCase> axes,
                                   ResizeMapping &mapping, bool noReference);

/// Nearest: whether ONNX and interp pick the same source element for every
/// output index (ONNX: the reference's formulas in float64, or, for the
/// legacy ops and tf_half_pixel_for_nn, which the reference does not
/// implement, the specification's with ONNX Runtime's rounding).
std::optional<Rejection> checkNearestAxis(const ResizeRequest &request,
                                          const AxisCase &a,
                                          CoordinateTransformMode ictm,
                                          NearestMode inm);

/// Cubic with exclude_outside: exact only when no tap with a non-zero Keys
/// weight falls outside the input on this axis (nothing to exclude).
std::optional<Rejection> checkCubicExcludeOutside(const ResizeRequest &request,
                                                  const AxisCase &a,
                                                  CoordinateTransformMode ictm);

} // namespace mlir::interp::onnximport

#endif // INTERP_LIB_TARGET_ONNX_RESIZERULES_H
