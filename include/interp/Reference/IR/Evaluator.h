//===- Evaluator.h - evaluate a function with the reference -----*- C++ -*-===//
//
// Interprets a func.func made of arith.constant, tensor.cast,
// interp.interpolate_v1/_v4/_v11 and func.return on host
// tensors, computing each interp op with the reference implementation
// (interp/Reference/Reference.h). It runs on the IR before lowering, so a
// compiled function can be checked against what its source means:
// interp-run --check uses it.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_REFERENCE_IR_EVALUATOR_H
#define INTERP_REFERENCE_IR_EVALUATOR_H

#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

namespace mlir::interp::reference {

/// The first operation of `func` that evaluateFunction cannot evaluate, or
/// nullptr when every operation is supported.
Operation *findUnsupportedOp(func::FuncOp func);

/// What evaluateFunction computed.
struct Evaluation {
  llvm::SmallVector<Tensor> results;
  /// inputMagnitude (interp/Reference/Compare.h) over the data operands of
  /// every interp op evaluated: what the tolerance of the results scales
  /// with.
  double dataMagnitude = 1.0;
};

/// Evaluates `func` on `inputs` (one per argument, already checked against
/// the argument types) with the reference implementation. Errors name the
/// operation and its location.
llvm::Expected<Evaluation> evaluateFunction(func::FuncOp func,
                                            llvm::ArrayRef<Tensor> inputs);

/// `location` as "file:line:col" when it has one, else as MLIR prints it.
std::string formatLocation(Location location);

} // namespace mlir::interp::reference

#endif // INTERP_REFERENCE_IR_EVALUATOR_H
