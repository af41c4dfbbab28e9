//===- RuntimeDeclarations.h - the runtime interface in IR ------*- C++ -*-===//
//
// Declarations of the functions of RuntimeFunctions.def in a module, with
// MLIR types derived from their C prototypes: what the lowering and the
// passes that call the runtime use, so the interface is written once.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_RUNTIME_IR_RUNTIMEDECLARATIONS_H
#define INTERP_RUNTIME_IR_RUNTIMEDECLARATIONS_H

#include "interp/Runtime/RuntimeFunctions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace mlir::interp::runtime {

/// The MLIR type of `fn`, from its C prototype: bool is i1, the integer
/// and float types their MLIR counterparts, a StridedMemRefType<T, N>* a
/// memref of N dynamic dimensions (C interface).
FunctionType functionType(Builder &builder, Function fn);

/// `fn`'s private declaration in `module`, created on first use.
func::FuncOp declare(OpBuilder &builder, ModuleOp module, Function fn);

/// The runtime function `call` calls, if it calls one.
std::optional<Function> calledFunction(func::CallOp call);

} // namespace mlir::interp::runtime

#endif // INTERP_RUNTIME_IR_RUNTIMEDECLARATIONS_H
