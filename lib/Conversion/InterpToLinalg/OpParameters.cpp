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

/// rules::antialiasActive: decided at compile time when it can be (a static
/// axis downsamples, or every axis is static); otherwise its IR form, the
/// same comparison of each axis's scale with 1 (sizes mode: out < in).
std::variant<bool, Value>
lowering::antialiasActive(OpBuilder &b, Location loc, const ResizeSpec &spec,
                          ArrayRef<OpFoldResult> paddedSizes) {
  bool isLinear = spec.kernel == rules::AxisKernel::Linear;
  if (!isLinear || !spec.antialias)
    return false;
  SmallVector<double> staticScales;
  SmallVector<int64_t> dynamicAxes;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    std::optional<int64_t> in = getConstantIntValue(paddedSizes[axis]);
    std::optional<int64_t> out = getConstantIntValue(spec.outSizes[axis]);
    if (spec.shapeMode == ShapeCalcMode::Sizes && in && out)
      staticScales.push_back(
          rules::coordinateScale(ShapeCalcMode::Sizes, 1.0f, *out, *in));
    else if (spec.shapeMode == ShapeCalcMode::Scales && spec.constantScales)
      staticScales.push_back((*spec.constantScales)[i]);
    else
      dynamicAxes.push_back(i);
  }
  if (rules::antialiasActive(isLinear, spec.antialias, staticScales))
    return true;
  Value dynamicAny;
  for (int64_t i : dynamicAxes) {
    int64_t axis = spec.axes[i];
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
  if (!dynamicAny)
    return false;
  return dynamicAny;
}
