//===- ElementTypes.cpp - element loads, stores and conversions -----------===//
//
// How the reference reads elements and how a kernel's accumulated value is
// written back ("7. Precision and stores" in docs/Semantics.md). Nearest copies
// bytes and never comes through here.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir::interp;
using namespace mlir::interp::reference;

//===----------------------------------------------------------------------===//
// Raw element access
//===----------------------------------------------------------------------===//

template <typename T> static T readAs(const uint8_t *src) {
  T value;
  std::memcpy(&value, src, sizeof(T));
  return value;
}

template <typename T> static void writeAs(uint8_t *dst, T value) {
  std::memcpy(dst, &value, sizeof(T));
}

static const llvm::fltSemantics &semanticsOf16Bit(ElementType type) {
  return type == ElementType::F16 ? llvm::APFloat::IEEEhalf()
                                  : llvm::APFloat::BFloat();
}

/// One correctly rounded narrowing of `value` (ties to even) to `semantics`,
/// as raw bits. APFloat overflows to infinity and keeps NaN a NaN, as IEEE
/// conversion does, where a C++ cast of an out-of-range double is undefined.
static uint64_t narrowFloatBits(const llvm::fltSemantics &semantics,
                                double value) {
  llvm::APFloat narrowed(value);
  bool losesInfo;
  narrowed.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return narrowed.bitcastToAPInt().getZExtValue();
}

/// Widening f16/bf16 -> f64 is exact.
static double load16BitFloat(ElementType type, const uint8_t *src) {
  llvm::APFloat value(semanticsOf16Bit(type),
                      llvm::APInt(16, readAs<uint16_t>(src)));
  bool losesInfo;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

/// Round to nearest, ties to even, then saturate to `type`'s bounds
/// (rules::saturationBounds); NaN becomes 0.
template <typename Int>
static Int roundAndSaturate(ElementType type, double value) {
  if (std::isnan(value))
    return 0;
  // Assumes the default floating-point environment (round to nearest even).
  double rounded = std::nearbyint(value);
  // The bounds are exact doubles; comparing against them avoids converting
  // an out-of-range double, which is undefined.
  rules::SaturationBounds bounds = *rules::saturationBounds(type);
  if (rounded < bounds.lowest)
    return std::numeric_limits<Int>::min();
  if (rounded > bounds.highest)
    return std::numeric_limits<Int>::max();
  return static_cast<Int>(rounded);
}

/// The integer element at `src` of integer type `type`, exactly.
static int64_t loadInteger(ElementType type, const uint8_t *src) {
  switch (type) {
  case ElementType::I8:
    return readAs<int8_t>(src);
  case ElementType::U8:
    return readAs<uint8_t>(src);
  case ElementType::I32:
    return readAs<int32_t>(src);
  case ElementType::I64:
    return readAs<int64_t>(src);
  default:
    llvm_unreachable("not an integer element type");
  }
}

double reference::detail::loadElement(ElementType type, const uint8_t *src) {
  switch (type) {
  case ElementType::F16:
  case ElementType::BF16:
    return load16BitFloat(type, src);
  case ElementType::F32:
    return readAs<float>(src);
  case ElementType::F64:
    return readAs<double>(src);
  case ElementType::I8:
  case ElementType::U8:
  case ElementType::I32:
  case ElementType::I64:
    return static_cast<double>(loadInteger(type, src));
  }
  llvm_unreachable("unknown element type");
}

void reference::detail::storeRounded(ElementType type, uint8_t *dst,
                                     double value) {
  switch (type) {
  case ElementType::F16:
  case ElementType::BF16:
    return writeAs<uint16_t>(dst, static_cast<uint16_t>(narrowFloatBits(
                                      semanticsOf16Bit(type), value)));
  case ElementType::F32:
    return writeAs<uint32_t>(dst, static_cast<uint32_t>(narrowFloatBits(
                                      llvm::APFloat::IEEEsingle(), value)));
  case ElementType::F64:
    return writeAs<double>(dst, value);
  case ElementType::I8:
    return writeAs<int8_t>(dst,
                           roundAndSaturate<int8_t>(ElementType::I8, value));
  case ElementType::U8:
    return writeAs<uint8_t>(dst,
                            roundAndSaturate<uint8_t>(ElementType::U8, value));
  case ElementType::I32:
    return writeAs<int32_t>(dst,
                            roundAndSaturate<int32_t>(ElementType::I32, value));
  case ElementType::I64:
    return writeAs<int64_t>(dst,
                            roundAndSaturate<int64_t>(ElementType::I64, value));
  }
  llvm_unreachable("unknown element type");
}

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

Tensor Tensor::zeros(ElementType type, llvm::ArrayRef<int64_t> shape) {
  Tensor result;
  result.type = type;
  result.shape.assign(shape.begin(), shape.end());
  result.data.assign(result.numElements() * elementSize(type), 0);
  return result;
}

Tensor Tensor::fromDoubles(ElementType type, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<double> values) {
  Tensor result = zeros(type, shape);
  assert(static_cast<int64_t>(values.size()) == result.numElements() &&
         "value count does not match the shape");
  for (auto [i, value] : llvm::enumerate(values))
    result.setFromDouble(i, value);
  return result;
}

int64_t Tensor::numElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

double Tensor::getAsDouble(int64_t flatIndex) const {
  return detail::loadElement(type, data.data() + flatIndex * elementSize(type));
}

int64_t Tensor::getAsInteger(int64_t flatIndex) const {
  if (!rules::isFloat(type))
    return loadInteger(type, data.data() + flatIndex * elementSize(type));
  double value = std::trunc(getAsDouble(flatIndex));
  if (std::isnan(value))
    return 0;
  constexpr double limit = 0x1p63;
  if (value >= limit)
    return std::numeric_limits<int64_t>::max();
  if (value < -limit)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

void Tensor::setFromDouble(int64_t flatIndex, double value) {
  detail::storeRounded(type, data.data() + flatIndex * elementSize(type),
                       value);
}

std::vector<double> Tensor::toDoubles() const {
  std::vector<double> values;
  for (int64_t i = 0, e = numElements(); i < e; ++i)
    values.push_back(getAsDouble(i));
  return values;
}
