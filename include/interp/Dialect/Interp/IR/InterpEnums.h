//===- InterpEnums.h - interp enums and enum attributes ---------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPENUMS_H
#define INTERP_DIALECT_INTERP_IR_INTERPENUMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

// The C++ enums; also the vocabulary of interp/Semantics.
#include "interp/Dialect/Interp/IR/InterpEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "interp/Dialect/Interp/IR/InterpAttrs.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPENUMS_H
