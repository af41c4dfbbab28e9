//===- InterpAttrs.h - interp enum attributes -------------------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPATTRS_H
#define INTERP_DIALECT_INTERP_IR_INTERPATTRS_H

#include "interp/Dialect/Interp/IR/InterpEnums.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#define GET_ATTRDEF_CLASSES
#include "interp/Dialect/Interp/IR/InterpAttrs.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPATTRS_H
