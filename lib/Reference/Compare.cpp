//===- Compare.cpp - how close a result must be to the reference ----------===//

#include "interp/Reference/Compare.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace mlir::interp::reference {

double Tolerance::bound(double want) const {
  return abs + rel * std::fabs(want);
}

double inputMagnitude(llvm::ArrayRef<Tensor> inputs) {
  double magnitude = 1.0;
  for (const Tensor &input : inputs)
    for (int64_t i = 0, e = input.numElements(); i < e; ++i) {
      double value = std::fabs(input.getAsDouble(i));
      if (std::isfinite(value))
        magnitude = std::max(magnitude, value);
    }
  return magnitude;
}

Tolerance resultTolerance(ElementType type, double inputMagnitude) {
  double m = inputMagnitude;
  switch (type) {
  case ElementType::F32:
    return {2e-5 * m, 1e-5 * m};
  case ElementType::F64:
    return {1e-9 * m, 1e-9 * m};
  case ElementType::F16:
    return {2e-5 * m + 6e-8, 1e-5 * m + std::ldexp(1.0, -10)};
  case ElementType::BF16:
    return {2e-5 * m, 1e-5 * m + std::ldexp(1.0, -7)};
  case ElementType::I8:
  case ElementType::U8:
  case ElementType::I32:
  case ElementType::I64:
    return {1, 0};
  }
  return {1, 0};
}

Comparison compareElements(int64_t count,
                           llvm::function_ref<double(int64_t)> got,
                           llvm::function_ref<double(int64_t)> want,
                           Tolerance tolerance) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  Comparison result;
  result.compared = count;
  double worstDiff = -1;
  for (int64_t i = 0; i < count; ++i) {
    double a = got(i), b = want(i);
    double absDiff, relDiff;
    bool match;
    if (std::isnan(a) || std::isnan(b)) {
      match = std::isnan(a) && std::isnan(b);
      absDiff = relDiff = match ? 0 : inf;
    } else if (a == b) {
      match = true; // also equal infinities
      absDiff = relDiff = 0;
    } else if (std::isinf(a) || std::isinf(b)) {
      match = false;
      absDiff = relDiff = inf;
    } else {
      absDiff = std::fabs(a - b);
      relDiff = b != 0 ? absDiff / std::fabs(b) : inf;
      match = absDiff <= tolerance.bound(b);
    }
    result.maxAbsDiff = std::max(result.maxAbsDiff, absDiff);
    result.maxRelDiff = std::max(result.maxRelDiff, relDiff);
    if (absDiff > worstDiff) {
      worstDiff = absDiff;
      result.worst = i;
    }
    if (!match) {
      if (result.firstMismatch < 0)
        result.firstMismatch = i;
      ++result.mismatches;
    }
  }
  return result;
}

Comparison compareTensors(const Tensor &got, const Tensor &want,
                          Tolerance tolerance) {
  assert(got.type == want.type && got.shape == want.shape &&
         "compareTensors needs tensors of one type and shape");
  return compareElements(
      want.numElements(), [&](int64_t i) { return got.getAsDouble(i); },
      [&](int64_t i) { return want.getAsDouble(i); }, tolerance);
}

} // namespace mlir::interp::reference
