//===- Passes.h - interp's dialect-independent transforms -------*- C++ -*-===//

#ifndef INTERP_TRANSFORMS_PASSES_H
#define INTERP_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::interp {

#define GEN_PASS_DECL
#include "interp/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "interp/Transforms/Passes.h.inc"

} // namespace mlir::interp

#endif // INTERP_TRANSFORMS_PASSES_H
