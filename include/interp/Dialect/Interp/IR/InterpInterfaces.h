//===- InterpInterfaces.h - interp op interfaces ----------------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_H
#define INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_H

#include "interp/Semantics/ResizeProblem.h"

#include "mlir/IR/OpDefinition.h"

#include <optional>

#include "interp/Dialect/Interp/IR/InterpInterfaces.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_H
