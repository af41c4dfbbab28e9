//===- InterpDialect.cpp - interp dialect ---------------------------------===//

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::interp;

#include "interp/Dialect/Interp/IR/InterpOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "interp/Dialect/Interp/IR/InterpAttrs.cpp.inc"

void InterpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "interp/Dialect/Interp/IR/InterpOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "interp/Dialect/Interp/IR/InterpAttrs.cpp.inc"
      >();
}

Operation *InterpDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  if (auto typed = dyn_cast<TypedAttr>(value))
    if (arith::ConstantOp::isBuildableWith(typed, type))
      return arith::ConstantOp::create(builder, loc, type, typed);
  return nullptr;
}
