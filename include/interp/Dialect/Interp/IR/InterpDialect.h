//===- InterpDialect.h - interp dialect -------------------------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPDIALECT_H
#define INTERP_DIALECT_INTERP_IR_INTERPDIALECT_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "interp/Dialect/Interp/IR/InterpOpsDialect.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPDIALECT_H
