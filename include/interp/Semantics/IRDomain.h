//===- IRDomain.h - the rules' arithmetic as arith/math ops -----*- C++ -*-===//
//
// The domain (ScalarDomain.h) in which AxisRules.h's rules build IR: every
// value is an mlir::Value of type f32, f64, i64 or i1, every operation one
// arith or math op with the semantics ScalarDomain.h lists (min/max as
// compare-and-select, so NaN handling is std::min's, not arith.minimumf's).
// Header-only: its users already link the arith and math dialects.
//
// With `fold` set, ops are created with createOrFold, so rules applied to
// constants fold to constants: unittests/Semantics/AxisRulesTest.cpp
// compares them with the scalar domain's values.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_IRDOMAIN_H
#define INTERP_SEMANTICS_IRDOMAIN_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir::interp::rules {

struct IRDomain {
  using F32 = Value;
  using F64 = Value;
  using I64 = Value;
  using Bool = Value;

  OpBuilder &b;
  Location loc;
  bool fold = false;

  template <typename OpT, typename... Args> Value create(Args &&...args) {
    if (fold)
      return b.createOrFold<OpT>(loc, std::forward<Args>(args)...);
    return OpT::create(b, loc, std::forward<Args>(args)...).getResult();
  }

  F32 f32(float v) { return create<arith::ConstantOp>(b.getF32FloatAttr(v)); }
  F64 f64(double v) { return create<arith::ConstantOp>(b.getF64FloatAttr(v)); }
  I64 i64(int64_t v) {
    return create<arith::ConstantOp>(b.getI64IntegerAttr(v));
  }

  static bool isFloat(Value x) { return isa<FloatType>(x.getType()); }
  Value add(Value x, Value y) {
    return isFloat(x) ? create<arith::AddFOp>(x, y)
                      : create<arith::AddIOp>(x, y);
  }
  Value sub(Value x, Value y) {
    return isFloat(x) ? create<arith::SubFOp>(x, y)
                      : create<arith::SubIOp>(x, y);
  }
  Value mul(Value x, Value y) {
    return isFloat(x) ? create<arith::MulFOp>(x, y)
                      : create<arith::MulIOp>(x, y);
  }
  Value div(Value x, Value y) { return create<arith::DivFOp>(x, y); }
  /// x * y + z rounded once (f64). math.fma has no folder: with `fold`,
  /// constant operands fold here (APFloat's fusedMultiplyAdd, to nearest).
  Value fma(Value x, Value y, Value z) {
    FloatAttr a, m, c;
    if (fold && matchPattern(x, m_Constant(&a)) &&
        matchPattern(y, m_Constant(&m)) && matchPattern(z, m_Constant(&c))) {
      APFloat r = a.getValue();
      r.fusedMultiplyAdd(m.getValue(), c.getValue(),
                         APFloat::rmNearestTiesToEven);
      return create<arith::ConstantOp>(FloatAttr::get(x.getType(), r));
    }
    return create<math::FmaOp>(x, y, z);
  }

  Value compare(arith::CmpFPredicate f, arith::CmpIPredicate i, Value x,
                Value y) {
    return isFloat(x) ? create<arith::CmpFOp>(f, x, y)
                      : create<arith::CmpIOp>(i, x, y);
  }
  Value lt(Value x, Value y) {
    return compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt, x, y);
  }
  Value le(Value x, Value y) {
    return compare(arith::CmpFPredicate::OLE, arith::CmpIPredicate::sle, x, y);
  }
  Value eq(Value x, Value y) {
    return compare(arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq, x, y);
  }
  Value land(Value x, Value y) { return create<arith::AndIOp>(x, y); }
  Value lor(Value x, Value y) { return create<arith::OrIOp>(x, y); }
  Value lnot(Value x) {
    return create<arith::XOrIOp>(
        x, create<arith::ConstantOp>(b.getBoolAttr(true)));
  }
  Value select(Value c, Value x, Value y) {
    return create<arith::SelectOp>(c, x, y);
  }
  Value min(Value x, Value y) { return select(lt(y, x), y, x); }
  Value max(Value x, Value y) { return select(lt(x, y), y, x); }

  Value floor(Value x) { return create<math::FloorOp>(x); }
  Value ceil(Value x) { return create<math::CeilOp>(x); }
  Value round(Value x) { return create<math::RoundOp>(x); }
  Value trunc(Value x) { return create<math::TruncOp>(x); }
  Value abs(Value x) { return create<math::AbsFOp>(x); }

  /// i64 -> f64 and f32 -> f64.
  Value toF64(Value x) {
    if (isFloat(x))
      return create<arith::ExtFOp>(b.getF64Type(), x);
    return create<arith::SIToFPOp>(b.getF64Type(), x);
  }
  Value toF32(Value x) { return create<arith::SIToFPOp>(b.getF32Type(), x); }
  /// Truncating; poison outside the i64 range.
  Value toI64(Value x) { return create<arith::FPToSIOp>(b.getI64Type(), x); }
};

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_IRDOMAIN_H
