//===- Report.cpp - what interp-run prints about tensors ------------------===//

#include "Report.h"

#include "interp/Semantics/ElementType.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;
using reference::Tensor;

std::string interp_run::formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(dim);
  return text;
}

std::string interp_run::formatType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Enough significant digits to tell apart every value of `type`.
static std::string formatElement(ElementType type, double value) {
  int digits = 17;
  switch (type) {
  case ElementType::F16:
    digits = 5;
    break;
  case ElementType::BF16:
    digits = 4;
    break;
  case ElementType::F32:
    digits = 9;
    break;
  default:
    break;
  }
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
  return buffer;
}

static std::string formatDouble(double value, int digits = 17) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
  return buffer;
}

static uint64_t fnv1a64(ArrayRef<uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t byte : bytes) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

/// The element at `index`, exactly for integers, with enough digits to
/// identify the value for floats.
static std::string formatElementAt(const Tensor &tensor, int64_t index) {
  if (rules::isFloat(tensor.type))
    return formatElement(tensor.type, tensor.getAsDouble(index));
  return std::to_string(tensor.getAsInteger(index));
}

std::string interp_run::summarize(const Tensor &tensor) {
  int64_t count = tensor.numElements();
  double sum = 0;
  int64_t nans = 0, minIndex = -1, maxIndex = -1;
  bool floating = rules::isFloat(tensor.type);
  for (int64_t i = 0; i < count; ++i) {
    double value = tensor.getAsDouble(i);
    sum += value;
    if (std::isnan(value)) {
      ++nans;
      continue;
    }
    if (minIndex < 0) {
      minIndex = maxIndex = i;
      continue;
    }
    if (floating) {
      if (value < tensor.getAsDouble(minIndex))
        minIndex = i;
      if (value > tensor.getAsDouble(maxIndex))
        maxIndex = i;
    } else {
      int64_t integer = tensor.getAsInteger(i);
      if (integer < tensor.getAsInteger(minIndex))
        minIndex = i;
      if (integer > tensor.getAsInteger(maxIndex))
        maxIndex = i;
    }
  }
  std::string text =
      "shape=" + formatShape(tensor.shape) +
      " dtype=" + reference::stringifyElementType(tensor.type).str() +
      " elements=" + std::to_string(count) + " sum=" + formatDouble(sum);
  if (minIndex >= 0)
    text += " min=" + formatElementAt(tensor, minIndex) +
            " max=" + formatElementAt(tensor, maxIndex);
  if (nans)
    text += " nans=" + std::to_string(nans);
  char hash[32];
  std::snprintf(hash, sizeof(hash), "%016llx",
                static_cast<unsigned long long>(fnv1a64(tensor.data)));
  return text + " fnv1a64=" + hash;
}

void interp_run::printTensorValues(llvm::raw_ostream &os,
                                   const Tensor &tensor) {
  int64_t count = tensor.numElements();
  int64_t rank = tensor.shape.size();
  int64_t rowLength = rank ? tensor.shape.back() : 1;
  if (count == 0 || rowLength == 0)
    return;
  for (int64_t row = 0; row < count / rowLength; ++row) {
    // The index of the row's first element, its last dimension shown as ':'.
    SmallVector<int64_t> index(std::max<int64_t>(rank - 1, 0));
    int64_t remainder = row;
    for (int64_t d = rank - 2; d >= 0; --d) {
      index[d] = remainder % tensor.shape[d];
      remainder /= tensor.shape[d];
    }
    os << "  [";
    for (int64_t i : index)
      os << i << ", ";
    os << (rank ? ":" : "") << "]";
    for (int64_t i = 0; i < rowLength; ++i)
      os << " " << formatElementAt(tensor, row * rowLength + i);
    os << "\n";
  }
}

bool interp_run::reportComparison(llvm::raw_ostream &os, unsigned index,
                                  const Tensor &got, const Tensor &ref,
                                  reference::Tolerance tolerance) {
  os << "check result " << index << ": ";
  if (got.type != ref.type || got.shape != ref.shape) {
    os << "FAILED: the compiled result is " << formatShape(got.shape) << " "
       << reference::stringifyElementType(got.type) << ", the reference is "
       << formatShape(ref.shape) << " "
       << reference::stringifyElementType(ref.type) << "\n";
    return false;
  }
  reference::Comparison result = reference::compareTensors(got, ref, tolerance);
  os << "compared=" << result.compared
     << " max_abs_diff=" << formatDouble(result.maxAbsDiff, 6)
     << " max_rel_diff=" << formatDouble(result.maxRelDiff, 6)
     << " tolerance=" << formatDouble(tolerance.abs, 6) << ","
     << formatDouble(tolerance.rel, 6) << " mismatches=" << result.mismatches
     << (result.ok() ? " ok" : " FAILED") << "\n";
  if (result.firstMismatch >= 0) {
    SmallVector<int64_t> position(got.shape.size());
    int64_t remainder = result.firstMismatch;
    for (int64_t d = static_cast<int64_t>(got.shape.size()) - 1; d >= 0; --d) {
      position[d] = remainder % got.shape[d];
      remainder /= got.shape[d];
    }
    os << "  first mismatch at [";
    llvm::interleaveComma(position, os);
    os << "]: got " << formatElementAt(got, result.firstMismatch)
       << ", reference " << formatElementAt(ref, result.firstMismatch) << "\n";
  }
  return result.ok();
}
