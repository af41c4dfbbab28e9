//===- ElementConversion.cpp - accumulator and store rule in IR -----------===//
//
// How a kernel reads data elements into its accumulator and writes the sum
// back: docs/Semantics.md, "Element types and stores".
//
//===----------------------------------------------------------------------===//

#include "ResizeLowering.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Semantics/ElementType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

FloatType lowering::accumulatorType(Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  std::optional<rules::ElementType> kind = toReferenceElementType(elementType);
  if (kind && rules::accumulatesInFloat64(*kind))
    return Float64Type::get(ctx);
  return Float32Type::get(ctx);
}

/// arith only works on signless integers, and no bufferizable op reinterprets
/// an unsigned tensor as signless, so unsigned scalars cross over with a cast
/// that the LLVM lowering removes (both sides become the same LLVM integer).
Value lowering::castSignedness(OpBuilder &b, Location loc, Value value,
                               Type type) {
  if (value.getType() == type)
    return value;
  return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
}

Value lowering::zeroOf(OpBuilder &b, Location loc, Type type) {
  if (type.isUnsignedInteger()) {
    Type signless = b.getIntegerType(type.getIntOrFloatBitWidth());
    return castSignedness(
        b, loc, arith::ConstantOp::create(b, loc, b.getZeroAttr(signless)),
        type);
  }
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
}

Value lowering::toAccumulator(OpBuilder &b, Location loc, Value value,
                              FloatType accType, bool isUnsigned) {
  Type type = value.getType();
  if (type == accType)
    return value;
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (floatType.getWidth() < accType.getWidth())
      return arith::ExtFOp::create(b, loc, accType, value);
    return arith::TruncFOp::create(b, loc, accType, value);
  }
  if (isUnsigned) {
    Type signless = b.getIntegerType(type.getIntOrFloatBitWidth());
    return arith::UIToFPOp::create(b, loc, accType,
                                   castSignedness(b, loc, value, signless));
  }
  return arith::SIToFPOp::create(b, loc, accType, value);
}

Value lowering::toAccumulatorByTable(OpBuilder &b, Location loc, Value value,
                                     FloatType accType, bool isUnsigned) {
  Type type = value.getType();
  if (!type.isInteger(8))
    return toAccumulator(b, loc, value, accType, isUnsigned);
  // Entry u holds the element whose bits are u: u, or u - 256 for i8.
  SmallVector<Attribute> values;
  for (int64_t bits = 0; bits < 256; ++bits)
    values.push_back(b.getFloatAttr(
        accType,
        static_cast<double>(!isUnsigned && bits >= 128 ? bits - 256 : bits)));
  auto tableType = RankedTensorType::get({256}, accType);
  Value table = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tableType, values));
  Value bits = castSignedness(b, loc, value, b.getI8Type());
  Value index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), bits);
  return tensor::ExtractOp::create(b, loc, table, index);
}

/// The store rule of docs/Semantics.md: floats round to nearest; integers
/// round to nearest even, saturate, and NaN becomes 0.
static Value fromAccumulator(OpBuilder &b, Location loc, Value value,
                             Type elementType, bool isUnsigned) {
  auto accType = cast<FloatType>(value.getType());
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    if (floatType == accType)
      return value;
    return arith::TruncFOp::create(b, loc, floatType, value);
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  auto intType = b.getIntegerType(width);
  // Unsigned data may be lowered as its signless bitcast (portable).
  Type boundsType =
      isUnsigned ? b.getIntegerType(width, /*isSigned=*/false) : elementType;
  rules::SaturationBounds bounds =
      *rules::saturationBounds(*toReferenceElementType(boundsType));
  double lo = bounds.lowest, hi = bounds.highest;
  Value rounded = math::RoundEvenOp::create(b, loc, value);
  Value loValue =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, lo));
  Value hiValue =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, hi));
  // Ordered compares and selects rather than maximumf/minimumf: each is one
  // vmaxps/vminps on x86, where arith-expand turns maximumf into two compares
  // and two selects for its NaN rule. NaN clamps to `lo` here and becomes 0
  // below.
  Value aboveLo = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                        rounded, loValue);
  Value clamped = arith::SelectOp::create(b, loc, aboveLo, rounded, loValue);
  Value belowHi = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                        clamped, hiValue);
  clamped = arith::SelectOp::create(b, loc, belowHi, clamped, hiValue);
  Value converted =
      isUnsigned
          ? arith::FPToUIOp::create(b, loc, intType, clamped).getResult()
          : arith::FPToSIOp::create(b, loc, intType, clamped).getResult();
  // Unsigned: `lo` is 0, so the clamp already made NaN 0.
  if (isUnsigned)
    return castSignedness(b, loc, converted, elementType);
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  Value result = arith::SelectOp::create(b, loc, isNaN, zeroOf(b, loc, intType),
                                         converted);
  return castSignedness(b, loc, result, elementType);
}

/// The last pass writes the result's element type directly, stored by the
/// rule of fromAccumulator (no separate conversion pass).
Value lowering::storeAccumulated(OpBuilder &b, Location loc, Value sum,
                                 Value init, FloatType accType,
                                 bool isUnsigned) {
  Type outType = getElementTypeOrSelf(init.getType());
  if (outType == accType)
    return sum;
  return fromAccumulator(b, loc, sum, outType, isUnsigned);
}
