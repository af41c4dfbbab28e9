//===- InterpEnums.h - interp enums -----------------------------*- C++ -*-===//
//
// The C++ enums generated from InterpEnums.td, with only the light LLVM
// headers they need, so that the pure rules library (interp/Semantics) and
// the runtime library can use them without the MLIR IR.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPENUMS_H
#define INTERP_DIALECT_INTERP_IR_INTERPENUMS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

#include "interp/Dialect/Interp/IR/InterpEnums.h.inc"

#endif // INTERP_DIALECT_INTERP_IR_INTERPENUMS_H
