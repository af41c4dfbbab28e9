//===- Passes.h - interp conversion passes ----------------------*- C++ -*-===//

#ifndef INTERP_CONVERSION_PASSES_H
#define INTERP_CONVERSION_PASSES_H

#include "interp/Conversion/InterpToLinalg/InterpToLinalg.h"
#include "mlir/Pass/Pass.h"

namespace mlir::interp {

#define GEN_PASS_DECL
#include "interp/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "interp/Conversion/Passes.h.inc"

} // namespace mlir::interp

#endif // INTERP_CONVERSION_PASSES_H
