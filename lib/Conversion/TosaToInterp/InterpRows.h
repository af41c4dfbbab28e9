//===- InterpRows.h - interp's tables for a candidate mapping ---*- C++ -*-===//
//
// Private to lib/Conversion/TosaToInterp. The candidate mappings of one
// tosa.resize axis onto interp.interpolate_v4 (a shape calculation mode, a
// coordinate transformation mode, which float32 scale), interp's table for
// each (rules::buildAxisTable, the code --convert-interp-to-linalg builds its
// tables with), and its comparison with the rows upstream's lowering reads
// (TosaRows.h).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TOSATOINTERP_INTERPROWS_H
#define LIB_CONVERSION_TOSATOINTERP_INTERPROWS_H

#include "TosaRows.h"

#include "interp/Semantics/AxisTable.h"

#include <map>
#include <optional>

namespace mlir::interp::tosa_resize {

struct Candidate {
  ShapeCalcMode shapeMode;
  CoordinateTransformMode coordinateMode;
  /// Scales mode: the float32 scale just below scale_n / scale_d instead of
  /// the nearest one (givenScale).
  bool scaleBelow = false;
};

/// Every candidate, in the order the rule tries them: sizes mode first (its
/// coordinate scale out / in is float64, closer to n / d than a float32
/// scale), then scales mode with the nearest float32 scale, then with the
/// one below. Within each, asymmetric, half_pixel, align_corners,
/// tf_half_pixel_for_nn, pytorch_half_pixel.
llvm::SmallVector<Candidate, 15> candidates();

/// The interp op of `mode` under `candidate` on `axes` of `resize`.
Step makeStep(InterpolateMode mode, const Candidate &candidate,
              llvm::SmallVector<int, 2> axes, const Resize &resize);

/// interp `nearest` under `candidate` copies `target[o]` for every o.
bool nearestMatches(const Axis &axis, const Candidate &candidate,
                    const std::vector<int64_t> &target);

/// interp `linear` under `candidate` reads the same samples as the float
/// BILINEAR `rows`, with bit-identical weights (narrowed to float32 when
/// the data accumulates in float32, as the lowering of interp stores them).
/// A passing row (dx = 0) must be a single tap of weight 1.
bool floatLinearMatches(const Axis &axis, const Candidate &candidate,
                        const std::vector<FloatTaps> &rows, bool narrowToF32);

/// interp `linear` on i32 (float64 weights) under `candidate` against the
/// integer BILINEAR `rows`: nullopt when interp reads a sample TOSA does
/// not, otherwise the largest per-row sum of |w_interp - a / scale_n|.
std::optional<double> integerLinearError(const Axis &axis,
                                         const Candidate &candidate,
                                         const std::vector<IntegerTaps> &rows);

/// interp `linear` under `candidate`, row by row: row(o) is the nonzero
/// taps of output index o (input index to weight, as floatLinearMatches
/// narrows them), taps() the table's tap count (the terms each output sums,
/// zero weights included).
class LinearRows {
public:
  LinearRows(rules::AxisTable table, bool narrowToF32)
      : table(std::move(table)), narrowToF32(narrowToF32) {}
  std::map<int64_t, double> row(int64_t o) const;
  int64_t taps() const { return table.taps; }

private:
  rules::AxisTable table;
  bool narrowToF32;
};
std::optional<LinearRows>
floatLinearRows(const Axis &axis, const Candidate &candidate, bool narrowToF32);

} // namespace mlir::interp::tosa_resize

#endif // LIB_CONVERSION_TOSATOINTERP_INTERPROWS_H
