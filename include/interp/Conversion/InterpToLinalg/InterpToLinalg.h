//===- InterpToLinalg.h - interp to linalg patterns -------------*- C++ -*-===//

#ifndef INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
#define INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H

namespace mlir {
class RewritePatternSet;
namespace interp {

/// Patterns lowering interp.interpolate_v4 / interpolate_v1 to linalg, tensor,
/// arith, math, func (run-time table calls) and memref ops.
void populateInterpToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace interp
} // namespace mlir

#endif // INTERP_CONVERSION_INTERPTOLINALG_INTERPTOLINALG_H
