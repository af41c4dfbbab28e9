//===- ElementType.cpp - interp's data element types and their rules ------===//

#include "interp/Semantics/ElementType.h"

#include "llvm/Support/ErrorHandling.h"

#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::rules;

size_t rules::elementSize(ElementType type) {
  switch (type) {
  case ElementType::I8:
  case ElementType::U8:
    return 1;
  case ElementType::F16:
  case ElementType::BF16:
    return 2;
  case ElementType::F32:
  case ElementType::I32:
    return 4;
  case ElementType::F64:
  case ElementType::I64:
    return 8;
  }
  llvm_unreachable("unknown element type");
}

bool rules::isFloat(ElementType type) {
  switch (type) {
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::F32:
  case ElementType::F64:
    return true;
  case ElementType::I8:
  case ElementType::U8:
  case ElementType::I32:
  case ElementType::I64:
    return false;
  }
  llvm_unreachable("unknown element type");
}

llvm::StringRef rules::stringifyElementType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  case ElementType::F64:
    return "f64";
  case ElementType::I8:
    return "i8";
  case ElementType::U8:
    return "ui8";
  case ElementType::I32:
    return "i32";
  case ElementType::I64:
    return "i64";
  }
  llvm_unreachable("unknown element type");
}

bool rules::accumulatesInFloat64(ElementType type) {
  switch (type) {
  case ElementType::F64:
  case ElementType::I32:
  case ElementType::I64:
    return true;
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::F32:
  case ElementType::I8:
  case ElementType::U8:
    return false;
  }
  llvm_unreachable("unknown element type");
}

std::optional<SaturationBounds> rules::saturationBounds(ElementType type) {
  switch (type) {
  case ElementType::I8:
    return SaturationBounds{-128.0, 127.0};
  case ElementType::U8:
    return SaturationBounds{0.0, 255.0};
  case ElementType::I32:
    return SaturationBounds{-std::ldexp(1.0, 31), std::ldexp(1.0, 31) - 1.0};
  case ElementType::I64:
    return SaturationBounds{-std::ldexp(1.0, 63),
                            std::nextafter(std::ldexp(1.0, 63), 0.0)};
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::F32:
  case ElementType::F64:
    return std::nullopt;
  }
  llvm_unreachable("unknown element type");
}

std::optional<FixedPointSums> rules::pillowFixedPoint(ElementType type) {
  switch (type) {
  case ElementType::U8:
    return FixedPointSums{kPillowPrecisionBits, 0, 255};
  case ElementType::I8:
    return FixedPointSums{kPillowPrecisionBits, -128, 127};
  default:
    return std::nullopt;
  }
}

std::optional<FixedPointSums> rules::torchFixedPoint(ElementType type) {
  if (type != ElementType::U8)
    return std::nullopt;
  return FixedPointSums{kTorchMaxPrecisionBits, 0, 255,
                        FixedPointSums::Scheme::PyTorch};
}
