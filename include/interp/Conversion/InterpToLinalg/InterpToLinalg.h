//===- InterpToLinalg.h - interp to linalg patterns -------------*- C++ -*-===//

#ifndef INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
#define INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H

namespace mlir {
class RewritePatternSet;
namespace interp {

/// Patterns lowering interp.interpolate_v4 / interpolate_v1 to linalg, tensor,
/// arith, math, func (run-time table calls) and memref ops. With
/// `runtimeRatios`, run-time tables of the innermost axis get passes
/// specialized for the ratios x2 and /2 (convert-interp-to-linalg's
/// `runtime-ratios` option).
void populateInterpToLinalgConversionPatterns(RewritePatternSet &patterns,
                                              bool runtimeRatios = true);

} // namespace interp
} // namespace mlir

#endif // INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
