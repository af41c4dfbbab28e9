//===- Passes.h - interp dialect transformations ----------------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_H
#define INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace interp {

#define GEN_PASS_DECL
#include "interp/Dialect/Interp/Transforms/Passes.h.inc"

/// Patterns rewriting interp.interpolate_v1 into interp.interpolate_v4.
void populateLegalizeV1Patterns(RewritePatternSet &patterns);

/// Patterns rewriting interp.interpolate_v11 with an Interpolate-4 mode into
/// interp.interpolate_v4.
void populateLegalizeV11Patterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "interp/Dialect/Interp/Transforms/Passes.h.inc"

} // namespace interp
} // namespace mlir

#endif // INTERP_DIALECT_INTERP_TRANSFORMS_PASSES_H
