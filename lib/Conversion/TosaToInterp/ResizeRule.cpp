//===- ResizeRule.cpp - when tosa.resize is an interp op ------------------===//
//
// tosa_resize::decide (TosaResizeRule.h). Every candidate mapping, a shape
// calculation mode and a coordinate transformation mode, is checked by
// building interp's table for the axis and comparing it with the rows
// upstream's lowering reads (InterpRows.h, TosaRows.h):
//
// - NEAREST_NEIGHBOR: the same source index for every output index; interp
//   copies the element, as TOSA does. Exact for every input.
// - float BILINEAR: with at most one axis that blends two samples, TOSA
//   computes fl(v0 * w0 + v1 * w1) along it, and interp `linear` computes
//   the same products and sum when its float32 (float64 for f64) weights are
//   bit-identical. Rows where dx = 0 read `v0 * 1 + v1 * 0`, which is `v0`
//   only for finite `v1`: these need the assume-finite option, except when
//   both input axes have length 1 (no arithmetic at all). With the
//   float-tolerance-ulps option, what no mapping reproduces becomes one
//   `linear` op within a proven bound instead (FloatBound.cpp).
// - integer BILINEAR (i8 -> i32): TOSA's result is the exact integer
//   sum(a_y * a_x * v) with weights a summing to scale_n. interp gets the
//   same from `linear` on the i32 data times n_y * n_x, when its float64
//   weights are close enough to a / n that the error stays below 1/2 before
//   its round-to-nearest store.
//
// When no mapping fits both axes, one op per axis (H, then W): both sides are
// separable, and a gather or an exact integer pass composes exactly.
//
//===----------------------------------------------------------------------===//

#include "FloatBound.h"
#include "InterpRows.h"
#include "TosaRows.h"

#include <limits>

using namespace mlir::interp;
using namespace mlir::interp::tosa_resize;

namespace {

const char *axisName(int axis) { return axis == 0 ? "H" : "W"; }

/// The error bounds of the integer chain, with headroom for the rounding of
/// the bounds themselves. interp's result is R + e in float64 for TOSA's
/// exact integer R (|R| <= vmax); its store rounds to nearest, so |e| < 1/2
/// gives R. With per-axis weight errors E (sums of |w - a/n| per row) the
/// weights of one output differ from TOSA's by at most Ey (1 + Ex) + Ex in
/// sum; the float64 products and sums of the at most 4 taps add less than
/// 16 vmax 2^-53.
constexpr double kUnitRoundoff = 0x1p-53;
constexpr double kHeadroom = 1.0 + 1e-6;

bool oneOpChainExact(double vmax, double errorH, double errorW) {
  double bound =
      vmax * (errorH * (1.0 + errorW) + errorW) + 16.0 * vmax * kUnitRoundoff;
  return bound * kHeadroom < 0.5;
}

/// One op per axis: each op's exact result is an integer again (the input
/// is a multiple of n_y * n_x, each pass divides by one n), so each needs
/// its own error below 1/2.
bool perAxisChainExact(double vmax, double error) {
  double bound = vmax * error + 8.0 * vmax * kUnitRoundoff;
  return bound * kHeadroom < 0.5;
}

bool isIdentity(const Axis &axis, const std::vector<int64_t> &target) {
  if (axis.inLength != axis.outLength)
    return false;
  for (int64_t o = 0; o < axis.outLength; ++o)
    if (target[o] != o)
      return false;
  return true;
}

Decision refuse(std::string reason) {
  Decision d;
  d.reason = std::move(reason);
  return d;
}

Decision accept(Rewrite rewrite) {
  Decision d;
  d.rewrite = std::move(rewrite);
  return d;
}

/// Gathers: one interp `nearest` over the non-identity axes when one
/// candidate reproduces all of them, else one per axis.
Decision planGather(const Resize &resize,
                    const std::array<std::vector<int64_t>, 2> &targets,
                    Rewrite rewrite) {
  llvm::SmallVector<int, 2> active;
  for (int axis = 0; axis < 2; ++axis)
    if (!isIdentity(resize.axes[axis], targets[axis]))
      active.push_back(axis);
  if (active.empty())
    return accept(std::move(rewrite));
  auto all = candidates();
  for (const Candidate &c : all) {
    if (llvm::all_of(active, [&](int axis) {
          return nearestMatches(resize.axes[axis], c, targets[axis]);
        })) {
      rewrite.steps.push_back(
          makeStep(InterpolateMode::Nearest, c, active, resize));
      return accept(std::move(rewrite));
    }
  }
  for (int axis : active) {
    const Candidate *found = nullptr;
    for (const Candidate &c : all) {
      if (nearestMatches(resize.axes[axis], c, targets[axis])) {
        found = &c;
        break;
      }
    }
    if (!found)
      return refuse(std::string("no interp coordinate mode reproduces the "
                                "sample TOSA picks for every output along ") +
                    axisName(axis));
    rewrite.steps.push_back(
        makeStep(InterpolateMode::Nearest, *found, {axis}, resize));
  }
  return accept(std::move(rewrite));
}

Decision decideNearest(const Resize &resize) {
  std::array<std::vector<int64_t>, 2> targets;
  for (int axis = 0; axis < 2; ++axis)
    targets[axis] = nearestRow(resize.axes[axis], resize.input);
  return planGather(resize, targets, Rewrite());
}

Decision decideFloatBilinearExactly(const Resize &resize, bool assumeFinite) {
  std::array<std::vector<FloatTaps>, 2> rows;
  std::array<bool, 2> blends = {false, false};
  for (int axis = 0; axis < 2; ++axis) {
    rows[axis] = floatBilinearRow(resize.axes[axis], resize.input);
    for (const FloatTaps &taps : rows[axis]) {
      if (taps.clampedBlend())
        return refuse(
            std::string("BILINEAR blends a sample with itself along ") +
            axisName(axis) +
            " (a coordinate before the first or after the last sample): "
            "v * (1 - dx) + v * dx is not v in floating point");
      blends[axis] |= !taps.passesSample();
    }
  }
  bool noArithmetic =
      resize.axes[0].inLength == 1 && resize.axes[1].inLength == 1;
  if (!noArithmetic && !assumeFinite)
    return refuse("float BILINEAR multiplies both neighbours even with "
                  "weight 0, so an infinite or NaN neighbour makes NaN where "
                  "interp reads only what it needs: equal only for finite "
                  "data (option assume-finite)");
  if (blends[0] && blends[1])
    return refuse("BILINEAR blends along both H and W: TOSA rounds after "
                  "each axis, interp multiplies the weights first");
  bool exactBlends =
      resize.input == Element::F32 || resize.input == Element::F64;
  if ((blends[0] || blends[1]) && !exactBlends)
    return refuse("f16/bf16 BILINEAR blends in f16/bf16 arithmetic, interp "
                  "in float32");

  // Every output copies one sample: a gather.
  std::array<std::vector<int64_t>, 2> targets;
  for (int axis = 0; axis < 2; ++axis)
    for (const FloatTaps &taps : rows[axis])
      targets[axis].push_back(taps.index0);
  if (!blends[0] && !blends[1])
    return planGather(resize, targets, Rewrite());

  int blendAxis = blends[0] ? 0 : 1;
  int copyAxis = 1 - blendAxis;
  bool narrow = resize.input != Element::F64;
  bool copyIdentity = isIdentity(resize.axes[copyAxis], targets[copyAxis]);
  llvm::SmallVector<int, 2> active;
  for (int axis = 0; axis < 2; ++axis)
    if (axis == blendAxis || !copyIdentity)
      active.push_back(axis);
  auto all = candidates();
  // One `linear` op when a candidate reproduces both axes.
  for (const Candidate &c : all) {
    if (llvm::all_of(active, [&](int axis) {
          return floatLinearMatches(resize.axes[axis], c, rows[axis], narrow);
        })) {
      Rewrite rewrite;
      rewrite.steps.push_back(
          makeStep(InterpolateMode::Linear, c, active, resize));
      return accept(std::move(rewrite));
    }
  }
  // Otherwise a gather along the copying axis and `linear` along the other.
  const Candidate *blendCandidate = nullptr;
  for (const Candidate &c : all) {
    if (floatLinearMatches(resize.axes[blendAxis], c, rows[blendAxis],
                           narrow)) {
      blendCandidate = &c;
      break;
    }
  }
  if (!blendCandidate)
    return refuse(std::string("no interp coordinate mode gives the "
                              "float BILINEAR weights bit for bit along ") +
                  axisName(blendAxis));
  const Candidate *copyCandidate = nullptr;
  if (!copyIdentity) {
    for (const Candidate &c : all) {
      if (nearestMatches(resize.axes[copyAxis], c, targets[copyAxis])) {
        copyCandidate = &c;
        break;
      }
    }
    if (!copyCandidate)
      return refuse(std::string("no interp coordinate mode reproduces the "
                                "sample TOSA picks for every output along ") +
                    axisName(copyAxis));
  }
  Rewrite rewrite;
  for (int axis = 0; axis < 2; ++axis) {
    if (axis == blendAxis)
      rewrite.steps.push_back(
          makeStep(InterpolateMode::Linear, *blendCandidate, {axis}, resize));
    else if (copyCandidate)
      rewrite.steps.push_back(
          makeStep(InterpolateMode::Nearest, *copyCandidate, {axis}, resize));
  }
  return accept(std::move(rewrite));
}

/// Exactly where that is possible; else, with a tolerance, within it.
Decision decideFloatBilinear(const Resize &resize, const Options &options) {
  bool tolerant = options.floatToleranceUlps > 0.0;
  Decision exact =
      decideFloatBilinearExactly(resize, options.assumeFinite || tolerant);
  if (exact.rewrite || !tolerant)
    return exact;
  Decision within =
      decideFloatBilinearWithin(resize, options.floatToleranceUlps);
  if (!within.rewrite)
    within.reason = exact.reason + "; " + within.reason;
  return within;
}

Decision decideIntegerBilinear(const Resize &resize) {
  const Axis &h = resize.axes[0];
  const Axis &w = resize.axes[1];
  // |v| <= 128 for i8; TOSA's i32 result reaches 128 n_y n_x.
  double vmax =
      128.0 * static_cast<double>(h.scaleN) * static_cast<double>(w.scaleN);
  if (vmax > static_cast<double>(std::numeric_limits<int32_t>::max()))
    return refuse("128 * scale_y_n * scale_x_n overflows i32");
  std::array<std::vector<IntegerTaps>, 2> rows;
  std::array<bool, 2> identity;
  for (int axis = 0; axis < 2; ++axis) {
    const Axis &a = resize.axes[axis];
    rows[axis] = integerBilinearRow(a);
    identity[axis] = a.inLength == a.outLength;
    for (int64_t o = 0; o < a.outLength; ++o) {
      const IntegerTaps &taps = rows[axis][o];
      if (taps.weight0 < 0 || taps.weight1 < 0)
        return refuse(std::string("integer BILINEAR at a negative "
                                  "coordinate along ") +
                      axisName(axis) +
                      ": the lowering's truncating division extrapolates");
      identity[axis] =
          identity[axis] && taps.index0 == o && taps.weight0 == a.scaleN;
    }
  }
  Rewrite rewrite;
  rewrite.widenToI32 = true;
  rewrite.widenFactor = h.scaleN * w.scaleN;
  llvm::SmallVector<int, 2> active;
  for (int axis = 0; axis < 2; ++axis)
    if (!identity[axis])
      active.push_back(axis);
  if (active.empty())
    return accept(std::move(rewrite));
  auto all = candidates();
  for (const Candidate &c : all) {
    std::array<double, 2> error = {0.0, 0.0};
    bool ok = true;
    for (int axis : active) {
      std::optional<double> e =
          integerLinearError(resize.axes[axis], c, rows[axis]);
      if (!e) {
        ok = false;
        break;
      }
      error[axis] = *e;
    }
    if (ok && oneOpChainExact(vmax, error[0], error[1])) {
      rewrite.steps.push_back(
          makeStep(InterpolateMode::Linear, c, active, resize));
      return accept(std::move(rewrite));
    }
  }
  for (int axis : active) {
    const Candidate *found = nullptr;
    for (const Candidate &c : all) {
      std::optional<double> e =
          integerLinearError(resize.axes[axis], c, rows[axis]);
      if (e && perAxisChainExact(vmax, *e)) {
        found = &c;
        break;
      }
    }
    if (!found)
      return refuse(std::string("no interp coordinate mode gives TOSA's "
                                "integer BILINEAR weights (to within what the "
                                "rounding i32 store absorbs) along ") +
                    axisName(axis));
    rewrite.steps.push_back(
        makeStep(InterpolateMode::Linear, *found, {axis}, resize));
  }
  return accept(std::move(rewrite));
}

const char *elementName(Element e) {
  switch (e) {
  case Element::F16:
    return "f16";
  case Element::BF16:
    return "bf16";
  case Element::F32:
    return "f32";
  case Element::F64:
    return "f64";
  case Element::I8:
    return "i8";
  case Element::I16:
    return "i16";
  case Element::I32:
    return "i32";
  case Element::I48:
    return "i48";
  case Element::I64:
    return "i64";
  case Element::Other:
    break;
  }
  return "other";
}

} // namespace

Decision mlir::interp::tosa_resize::decide(const Resize &resize,
                                           const Options &options) {
  Element in = resize.input, out = resize.output;
  bool isFloat = floatSemantics(in) != nullptr;
  enum class Kind { Gather, FloatBilinear, IntegerBilinear } kind;
  if (resize.mode == Mode::NearestNeighbor) {
    // interp has no i16 or i48; other pairs do not lower upstream.
    bool supported = in == out && in != Element::I16 && in != Element::I48 &&
                     in != Element::Other;
    if (!supported)
      return refuse(std::string("NEAREST_NEIGHBOR from ") + elementName(in) +
                    " to " + elementName(out) + " has no interp equivalent");
    kind = Kind::Gather;
  } else if (isFloat && in == out) {
    kind = Kind::FloatBilinear;
  } else if (in == Element::I8 && out == Element::I32) {
    kind = Kind::IntegerBilinear;
  } else {
    return refuse(std::string("BILINEAR from ") + elementName(in) + " to " +
                  elementName(out) + " has no interp equivalent");
  }
  for (const Axis &axis : resize.axes)
    if (const char *why = checkAxisArithmetic(axis, isFloat))
      return refuse(why);
  switch (kind) {
  case Kind::Gather:
    return decideNearest(resize);
  case Kind::FloatBilinear:
    return decideFloatBilinear(resize, options);
  case Kind::IntegerBilinear:
    return decideIntegerBilinear(resize);
  }
  return refuse("unreachable");
}
