//===- ReferenceEval.h - evaluate a function with the reference -*- C++ -*-===//
//
// interp-run --check: interprets a func.func made of arith.constant,
// tensor.cast, interp.interpolate_v4, interp.interpolate_v1 and func.return on
// host tensors, computing each interp op with the reference implementation
// (interp/Reference/Reference.h). Must run on the IR before lowering.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_TOOLS_INTERP_RUN_REFERENCEEVAL_H
#define INTERP_TOOLS_INTERP_RUN_REFERENCEEVAL_H

#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

namespace interp_run {

/// The first operation of `func` that evaluateWithReference cannot
/// evaluate, or nullptr when every operation is supported.
mlir::Operation *findUnsupportedOp(mlir::func::FuncOp func);

/// Evaluates `func` on `inputs` (one per argument, already checked against
/// the argument types) with the reference implementation.
llvm::Expected<llvm::SmallVector<mlir::interp::reference::Tensor>>
evaluateWithReference(mlir::func::FuncOp func,
                      llvm::ArrayRef<mlir::interp::reference::Tensor> inputs);

/// `location` as "file:line:col" when it has one, else as MLIR prints it.
std::string formatLocation(mlir::Location location);

} // namespace interp_run

#endif // INTERP_TOOLS_INTERP_RUN_REFERENCEEVAL_H
