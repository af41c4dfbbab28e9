//===- InterpToLinalg.h - interp to linalg patterns -------------*- C++ -*-===//

#ifndef INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
#define INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H

namespace mlir {
class RewritePatternSet;
namespace interp {

/// What convert-interp-to-linalg's options select (Passes.td has the
/// details).
struct InterpToLinalgLowering {
  /// Run-time tables of the innermost axis get passes specialized for the
  /// ratios x2 and /2 (`runtime-ratios`).
  bool runtimeRatios = true;
  /// Linalg another compiler takes as it is (`portable`): no runtime
  /// library calls, projected-permutation output maps, no scf.forall, no
  /// unrealized casts. Implies no run-time ratio specializations.
  bool portable = false;
};

/// Patterns lowering interp.interpolate_v4 / _v1 / _v11 to linalg, tensor,
/// arith, math, func (run-time table calls), cf (portable checks) and memref
/// ops. A result materialized into a memref is computed in it, after its
/// run-time sizes are checked; for Interpolate-1 and -11 ops rewritten to
/// Interpolate-4 (all but v1 `area` and v11's Pillow modes) that check needs
/// the rewrite done before the conversion (populateLegalizeV1Patterns and
/// populateLegalizeV11Patterns applied greedily, as
/// --convert-interp-to-linalg does): within one dialect conversion the new
/// op's uses are replaced only after it is lowered.
void populateInterpToLinalgConversionPatterns(
    RewritePatternSet &patterns, const InterpToLinalgLowering &lowering = {});

} // namespace interp
} // namespace mlir

#endif // INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
