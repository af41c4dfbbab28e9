//===- TosaToInterp.h - tosa.resize to interp -------------------*- C++ -*-===//

#ifndef INTERP_CONVERSION_TOSATOINTERP_TOSATOINTERP_H
#define INTERP_CONVERSION_TOSATOINTERP_TOSATOINTERP_H

#include "interp/Conversion/TosaToInterp/TosaResizeRule.h"

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class RewritePatternSet;
class RewriterBase;
namespace tosa {
class ResizeOp;
} // namespace tosa
namespace interp {

/// Replaces `op` by interp.interpolate_v4 ops (and, for integer BILINEAR, a
/// widening linalg.generic) that compute what upstream's --tosa-to-linalg
/// computes for it, element for element (tosa_resize::decide). Leaves `op`
/// untouched and returns failure, with the reason in `whyNot` when given,
/// when there is no such rewrite. Ops that only `op` used (its
/// tosa.const_shape operands) are left for the caller. With
/// options.floatToleranceUlps, `errorBoundUlps` (when given) receives the
/// proven bound of a rewrite within it, and 0 for exact ones.
LogicalResult rewriteTosaResize(RewriterBase &rewriter, tosa::ResizeOp op,
                                const tosa_resize::Options &options,
                                std::string *whyNot = nullptr,
                                double *errorBoundUlps = nullptr);

/// The same as a pattern, for greedy drivers.
void populateTosaToInterpPatterns(RewritePatternSet &patterns,
                                  const tosa_resize::Options &options = {});

} // namespace interp
} // namespace mlir

#endif // INTERP_CONVERSION_TOSATOINTERP_TOSATOINTERP_H
