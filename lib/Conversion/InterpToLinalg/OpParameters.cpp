//===- OpParameters.cpp - op-level quantities in IR -----------------------===//

#include "ResizeLowering.h"

#include "interp/Dialect/Interp/IR/InterpShapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

Value lowering::asIndexValue(OpBuilder &b, Location loc, OpFoldResult ofr) {
  return getValueOrCreateConstantIndexOp(b, loc, ofr);
}

Value lowering::asI64(OpBuilder &b, Location loc, OpFoldResult ofr) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                    asIndexValue(b, loc, ofr));
}

Value lowering::scaleValue(OpBuilder &b, Location loc, const ResizeSpec &spec,
                           int64_t i) {
  if (spec.constantScales)
    return arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr((*spec.constantScales)[i]));
  return extractScale(b, loc, spec.scales, i);
}

/// linear, antialias set and any axis scale < 1 (docs/Semantics.md, linear).
std::variant<bool, Value>
lowering::antialiasActive(OpBuilder &b, Location loc, const ResizeSpec &spec,
                          ArrayRef<OpFoldResult> paddedSizes) {
  if (spec.kernel != rules::AxisKernel::Linear || !spec.antialias)
    return false;
  Value dynamicAny;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    std::optional<int64_t> in = getConstantIntValue(paddedSizes[axis]);
    std::optional<int64_t> out = getConstantIntValue(spec.outSizes[axis]);
    Value downsample;
    if (spec.shapeMode == ShapeCalcMode::Sizes) {
      if (in && out) {
        if (*out < *in)
          return true;
        continue;
      }
      downsample =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                asIndexValue(b, loc, spec.outSizes[axis]),
                                asIndexValue(b, loc, paddedSizes[axis]));
    } else {
      if (spec.constantScales) {
        if ((*spec.constantScales)[i] < 1.0f)
          return true;
        continue;
      }
      Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
      downsample = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         scaleValue(b, loc, spec, i), one);
    }
    dynamicAny = dynamicAny
                     ? arith::OrIOp::create(b, loc, dynamicAny, downsample)
                     : downsample;
  }
  if (!dynamicAny)
    return false;
  return dynamicAny;
}
