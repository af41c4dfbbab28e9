//===- OpParameters.cpp - op-level quantities in IR -----------------------===//

#include "Arithmetic.h"

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

/// rules::antialiasActive: the problem's decision (ResizeProblem::
/// antialiasActive) when compile-time facts make it; otherwise the same
/// comparison with 1 of the scale of each axis the problem has no static
/// scale for (sizes mode: out < in), at run time.
std::variant<bool, Value>
lowering::antialiasActive(OpBuilder &b, Location loc, const ResizeSpec &spec,
                          ArrayRef<OpFoldResult> paddedSizes) {
  if (std::optional<bool> decided = spec.problem.antialiasActive())
    return *decided;
  Value dynamicAny;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    if (spec.problem.staticScale(i))
      continue;
    Value downsample;
    if (spec.shapeMode == ShapeCalcMode::Sizes) {
      downsample =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                asIndexValue(b, loc, spec.outSizes[axis]),
                                asIndexValue(b, loc, paddedSizes[axis]));
    } else {
      Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
      downsample = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         scaleValue(b, loc, spec, i), one);
    }
    dynamicAny = dynamicAny
                     ? arith::OrIOp::create(b, loc, dynamicAny, downsample)
                     : downsample;
  }
  return dynamicAny;
}
