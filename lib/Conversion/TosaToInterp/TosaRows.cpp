//===- TosaRows.cpp - what upstream's lowering reads, per axis ------------===//
//
// Transcribes the arithmetic of upstream's GenericResizeConverter (MLIR 22)
// per axis. Along an axis of input length I > 1, output index o has the
// coordinate val / n with val = o * d + offset, all in i32:
//
//   float:   ix = floordivsi(val, n), dx = T(remsi(val, n)) / T(n) in T
//   integer: ix = divsi(val, n) (truncating), dx = val - ix * n
//
// NEAREST adds 1 when dx >= 1/2 (2 * dx >= n for integers) and clamps to
// [0, I - 1]; BILINEAR reads the clamped ix and ix + 1 with weights 1 - dx
// and dx. An axis of length 1 reads sample 0 with no arithmetic (integer
// BILINEAR multiplies it by n). The element type T matters: bf16 rounds
// the remainder and n before dividing, so its ties are not the exact ones
// for n > 256.
//
//===----------------------------------------------------------------------===//

#include "TosaRows.h"

#include "llvm/ADT/APInt.h"

#include <algorithm>
#include <limits>

using namespace mlir::interp::tosa_resize;
using llvm::APFloat;

namespace {
constexpr int64_t kI32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kI32Max = std::numeric_limits<int32_t>::max();
// Rows are compared one by one for every candidate mapping: keep the
// compile-time work bounded (TOSA's own level limit is 16384).
constexpr int64_t kMaxCheckedLength = int64_t(1) << 24;
// The float path converts the remainder and n with sitofp/uitofp. Up to
// 2^24 both are exact in f32, so every lowering of those conversions to
// f16/bf16 (directly or through f32) rounds once, as APFloat does here.
constexpr int64_t kMaxFloatScaleN = int64_t(1) << 24;

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

int64_t clampIndex(int64_t i, int64_t length) {
  return std::clamp<int64_t>(i, 0, length - 1);
}

APFloat fromInteger(int64_t value, const llvm::fltSemantics &sem) {
  APFloat result(sem);
  result.convertFromAPInt(llvm::APInt(64, value, /*isSigned=*/true),
                          /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
  return result;
}

double toDouble(APFloat value) {
  bool losesInfo = false;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

/// The float path's (ix, dx) for output index o, dx in the element type.
std::pair<int64_t, APFloat> floatIndexAndDelta(const Axis &axis, int64_t o,
                                               const llvm::fltSemantics &sem) {
  int64_t val = o * axis.scaleD + axis.offset;
  int64_t ix = floorDiv(val, axis.scaleN);
  APFloat dx = fromInteger(val % axis.scaleN, sem);
  dx.divide(fromInteger(axis.scaleN, sem), APFloat::rmNearestTiesToEven);
  return {ix, dx};
}
} // namespace

const llvm::fltSemantics *
mlir::interp::tosa_resize::floatSemantics(Element element) {
  switch (element) {
  case Element::F16:
    return &APFloat::IEEEhalf();
  case Element::BF16:
    return &APFloat::BFloat();
  case Element::F32:
    return &APFloat::IEEEsingle();
  case Element::F64:
    return &APFloat::IEEEdouble();
  default:
    return nullptr;
  }
}

const char *mlir::interp::tosa_resize::checkAxisArithmetic(const Axis &axis,
                                                           bool isFloat) {
  if (axis.inLength < 1 || axis.outLength < 1)
    return "an empty H or W axis";
  if (axis.inLength > kMaxCheckedLength || axis.outLength > kMaxCheckedLength)
    return "H or W is longer than 2^24, too long to compare at compile time";
  // The lowering materializes scale, offset and border as i32 constants.
  if (axis.scaleN < 1 || axis.scaleD < 1 || axis.scaleN > kI32Max ||
      axis.scaleD > kI32Max || axis.offset < kI32Min || axis.offset > kI32Max)
    return "a scale that is not positive, or a scale or offset outside i32";
  if (axis.inLength == 1)
    return nullptr; // no arithmetic on this axis
  int64_t last = (axis.outLength - 1) * axis.scaleD;
  if (last > kI32Max || last + axis.offset > kI32Max || axis.offset < kI32Min)
    return "the coordinates o * scale_d + offset overflow i32 in the lowering";
  if (isFloat && axis.scaleN > kMaxFloatScaleN)
    return "scale_n above 2^24 (not exact in the lowering's float conversion)";
  if (!isFloat && axis.scaleN > (int64_t(1) << 30))
    return "scale_n above 2^30 (the lowering's 2 * dx overflows i32)";
  return nullptr;
}

std::vector<int64_t> mlir::interp::tosa_resize::nearestRow(const Axis &axis,
                                                           Element element) {
  std::vector<int64_t> row(axis.outLength, 0);
  if (axis.inLength == 1)
    return row;
  const llvm::fltSemantics *sem = floatSemantics(element);
  for (int64_t o = 0; o < axis.outLength; ++o) {
    int64_t ix;
    bool up;
    if (sem) {
      auto [i, dx] = floatIndexAndDelta(axis, o, *sem);
      ix = i;
      // arith.cmpf oge against 0.5 in the element type.
      APFloat::cmpResult c = dx.compare(APFloat(*sem, "0.5"));
      up = c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual;
    } else {
      int64_t val = o * axis.scaleD + axis.offset;
      ix = val / axis.scaleN; // arith.divsi truncates
      int64_t dx = val - ix * axis.scaleN;
      up = 2 * dx >= axis.scaleN;
    }
    row[o] = clampIndex(ix + (up ? 1 : 0), axis.inLength);
  }
  return row;
}

std::vector<FloatTaps>
mlir::interp::tosa_resize::floatBilinearRow(const Axis &axis, Element element) {
  std::vector<FloatTaps> row(axis.outLength);
  if (axis.inLength == 1)
    return row; // sample 0, weight 1, no arithmetic
  const llvm::fltSemantics &sem = *floatSemantics(element);
  for (int64_t o = 0; o < axis.outLength; ++o) {
    auto [ix, dx] = floatIndexAndDelta(axis, o, sem);
    APFloat oneMinusDx(sem, "1");
    oneMinusDx.subtract(dx, APFloat::rmNearestTiesToEven);
    FloatTaps &taps = row[o];
    taps.index0 = clampIndex(ix, axis.inLength);
    taps.index1 = clampIndex(ix + 1, axis.inLength);
    taps.weight0 = toDouble(oneMinusDx);
    taps.weight1 = toDouble(dx);
  }
  return row;
}

std::vector<IntegerTaps>
mlir::interp::tosa_resize::integerBilinearRow(const Axis &axis) {
  std::vector<IntegerTaps> row(axis.outLength);
  for (int64_t o = 0; o < axis.outLength; ++o) {
    IntegerTaps &taps = row[o];
    if (axis.inLength == 1) {
      taps.weight0 = axis.scaleN; // the lowering multiplies by n
      continue;
    }
    int64_t val = o * axis.scaleD + axis.offset;
    int64_t ix = val / axis.scaleN;
    int64_t dx = val - ix * axis.scaleN;
    taps.index0 = clampIndex(ix, axis.inLength);
    taps.index1 = clampIndex(ix + 1, axis.inLength);
    taps.weight0 = axis.scaleN - dx;
    taps.weight1 = dx;
  }
  return row;
}
