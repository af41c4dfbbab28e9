//===- ScalarDomain.h - the rules' arithmetic on C++ scalars ----*- C++ -*-===//
//
// The rules of AxisRules.h are written once, generic over an arithmetic
// domain: a type that provides constants, arithmetic, comparisons, select
// and conversions on f32, f64, i64 and bool. This domain evaluates them on
// plain C++ values (the compiler's constant tables, the runtime library);
// IRDomain.h builds arith/math ops that compute the same (run-time tables
// of portable lowerings, run-time output lengths and checks).
//
// The two agree operation by operation: IEEE f32/f64 arithmetic rounded to
// nearest, comparisons that are false on NaN, min/max as std::min/std::max
// compare, select evaluating both operands, two's-complement i64 wrap.
// One deliberate difference: a conversion to i64 of a value outside its
// range is poison in IR and 0 here (C++ leaves it undefined); the rules
// bound every value before they convert it, or never select the result.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_SCALARDOMAIN_H
#define INTERP_SEMANTICS_SCALARDOMAIN_H

#include <cmath>
#include <cstdint>

namespace mlir::interp::rules {

struct ScalarDomain {
  using F32 = float;
  using F64 = double;
  using I64 = int64_t;
  using Bool = bool;

  F32 f32(float v) const { return v; }
  F64 f64(double v) const { return v; }
  I64 i64(int64_t v) const { return v; }

  F32 add(F32 x, F32 y) const { return x + y; }
  F64 add(F64 x, F64 y) const { return x + y; }
  I64 add(I64 x, I64 y) const { return wrap(uint64_t(x) + uint64_t(y)); }
  F32 sub(F32 x, F32 y) const { return x - y; }
  F64 sub(F64 x, F64 y) const { return x - y; }
  I64 sub(I64 x, I64 y) const { return wrap(uint64_t(x) - uint64_t(y)); }
  F32 mul(F32 x, F32 y) const { return x * y; }
  F64 mul(F64 x, F64 y) const { return x * y; }
  I64 mul(I64 x, I64 y) const { return wrap(uint64_t(x) * uint64_t(y)); }
  F64 div(F64 x, F64 y) const { return x / y; }
  /// x * y + z rounded once.
  F64 fma(F64 x, F64 y, F64 z) const { return std::fma(x, y, z); }

  template <typename T> Bool lt(T x, T y) const { return x < y; }
  template <typename T> Bool le(T x, T y) const { return x <= y; }
  template <typename T> Bool eq(T x, T y) const { return x == y; }
  Bool land(Bool x, Bool y) const { return x && y; }
  Bool lor(Bool x, Bool y) const { return x || y; }
  Bool lnot(Bool x) const { return !x; }
  template <typename T> T select(Bool c, T x, T y) const { return c ? x : y; }
  /// std::min and std::max: `y < x ? y : x` and `x < y ? y : x`.
  template <typename T> T min(T x, T y) const { return y < x ? y : x; }
  template <typename T> T max(T x, T y) const { return x < y ? y : x; }

  template <typename T> T floor(T x) const { return std::floor(x); }
  template <typename T> T ceil(T x) const { return std::ceil(x); }
  /// Half away from zero.
  template <typename T> T round(T x) const { return std::round(x); }
  template <typename T> T trunc(T x) const { return std::trunc(x); }
  template <typename T> T abs(T x) const { return std::fabs(x); }

  F64 toF64(I64 x) const { return static_cast<double>(x); }
  F64 toF64(F32 x) const { return static_cast<double>(x); }
  F32 toF32(I64 x) const { return static_cast<float>(x); }
  /// Truncating; 0 outside the i64 range (see the file comment).
  template <typename T> I64 toI64(T x) const {
    if (!(x >= T(-9.2233720368547758e18) && x < T(9.2233720368547758e18)))
      return 0;
    return static_cast<int64_t>(x);
  }

private:
  static I64 wrap(uint64_t v) { return static_cast<int64_t>(v); }
};

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_SCALARDOMAIN_H
