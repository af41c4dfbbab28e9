//===- InterpOps.h - interp operations --------------------------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPOPS_H
#define INTERP_DIALECT_INTERP_IR_INTERPOPS_H

#include "interp/Dialect/Interp/IR/InterpAttrs.h"
#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Dialect/Interp/IR/InterpInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "interp/Dialect/Interp/IR/InterpOps.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPOPS_H
