//===- ElementConversion.cpp - accumulator and store rule in IR -----------===//
//
// How a kernel reads data elements into its accumulator and writes the sum
// back: docs/Semantics.md, "Element types and stores".
//
//===----------------------------------------------------------------------===//

#include "Arithmetic.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Semantics/ElementType.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

/// An i32 constant of `type`: a scalar, or a splat of a vector of i32.
static Value i32Constant(OpBuilder &b, Location loc, Type type, int64_t v) {
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vector, b.getI32IntegerAttr(v)));
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// `scalar` broadcast to `type` when that is a vector type.
static Value broadcastTo(OpBuilder &b, Location loc, Type type, Value scalar) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector::BroadcastOp::create(b, loc, vector, scalar);
  return scalar;
}

/// `shaped`'s shape (a vector) with `element` as its element type, or
/// `element` itself for scalars.
static Type withElementType(Type shaped, Type element) {
  if (auto vector = dyn_cast<VectorType>(shaped))
    return vector.clone(element);
  return element;
}

Value lowering::sumStart(OpBuilder &b, Location loc, const ElementTypes &types,
                         Value fractionBits) {
  if (!types.fixedPoint)
    return zeroOf(b, loc, types.accumulator);
  // The rounding bias 2^(bits - 1).
  Type i32 = b.getI32Type();
  return b.createOrFold<arith::ShLIOp>(
      loc, i32Constant(b, loc, i32, 1),
      b.createOrFold<arith::SubIOp>(loc, fractionBits,
                                    i32Constant(b, loc, i32, 1)));
}

Value lowering::addTap(OpBuilder &b, Location loc, Value sum, Value weight,
                       Value element, const ElementTypes &types, bool gathers) {
  Value product;
  if (types.fixedPoint) {
    // An 8-bit sample times a 22-bit weight, summed with the others and the
    // bias, stays within int32 (rules::kPillowPrecisionBits): the int32 sum
    // is exact in any order.
    // Scalars, or (ChannelVectorPass.cpp) vectors of a pixel's channels.
    Type elementType = getElementTypeOrSelf(element.getType());
    Type signless =
        withElementType(element.getType(),
                        b.getIntegerType(elementType.getIntOrFloatBitWidth()));
    Type i32 = withElementType(element.getType(), b.getI32Type());
    Value bits = castSignedness(b, loc, element, signless);
    Value wide = types.isUnsigned
                     ? arith::ExtUIOp::create(b, loc, i32, bits).getResult()
                     : arith::ExtSIOp::create(b, loc, i32, bits).getResult();
    product = arith::MulIOp::create(b, loc, weight, wide);
    return sum ? arith::AddIOp::create(b, loc, sum, product).getResult()
               : product;
  }
  FloatType accType = types.accumulator;
  product = arith::MulFOp::create(
      b, loc, weight,
      gathers ? toAccumulatorByTable(b, loc, element, accType, types.isUnsigned)
              : toAccumulator(b, loc, element, accType, types.isUnsigned));
  return sum ? arith::AddFOp::create(b, loc, sum, product).getResult()
             : product;
}

Value lowering::storeSum(OpBuilder &b, Location loc, Value sum, Value init,
                         const ElementTypes &types, Value fractionBits) {
  if (!types.fixedPoint)
    return storeAccumulated(b, loc, sum, init, types.accumulator,
                            types.isUnsigned);
  // Pillow's clip8: the sum shifted right arithmetically, clamped to the
  // element type's range, narrowed.
  // A scalar sum, or a vector of a pixel's channels (ChannelVectorPass.cpp),
  // stored as the same shape of the element type.
  const rules::FixedPointSums &fixed = *types.fixedPoint;
  Type type = sum.getType();
  Value shifted = arith::ShRSIOp::create(
      b, loc, sum, broadcastTo(b, loc, type, fractionBits));
  Value clamped = arith::MaxSIOp::create(
      b, loc, shifted, i32Constant(b, loc, type, fixed.lowest));
  clamped = arith::MinSIOp::create(b, loc, clamped,
                                   i32Constant(b, loc, type, fixed.highest));
  Type outType = getElementTypeOrSelf(init.getType());
  Value narrow = arith::TruncIOp::create(
      b, loc,
      withElementType(type, b.getIntegerType(outType.getIntOrFloatBitWidth())),
      clamped);
  return castSignedness(b, loc, narrow, withElementType(type, outType));
}
