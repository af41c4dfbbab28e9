//===- Checks.cpp - run-time checks of compiled code ----------------------===//
//
// Each check returns true when compiled code may go on, and otherwise
// reports (Report.h) and returns false, upon which compiled code returns
// before writing anything.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"
#include "interp/Semantics/Validation.h"

#include <algorithm>

using namespace mlir::interp;
using runtime::reportFailure;

static constexpr char kInvalid[] = "interp: invalid run-time operands: ";

/// Reports `violation` as invalid run-time operands.
static bool reportViolation(const validation::Violation &violation) {
  return reportFailure("%s%s", kInvalid, violation.message.c_str());
}

extern "C" bool interp_check_operand_length(int32_t operand, int64_t length,
                                            int64_t numAxes) {
  validation::Result violation;
  switch (static_cast<runtime::CheckedOperand>(operand)) {
  case runtime::CheckedOperand::Sizes:
    violation =
        validation::checkShapeLength(ShapeCalcMode::Sizes, length, numAxes);
    break;
  case runtime::CheckedOperand::Scales:
    violation =
        validation::checkShapeLength(ShapeCalcMode::Scales, length, numAxes);
    break;
  case runtime::CheckedOperand::Target:
    violation = validation::checkTargetLength(length, numAxes);
    break;
  case runtime::CheckedOperand::ScalesOrSizes:
    violation = validation::checkScalesOrSizesLength(length, numAxes);
    break;
  }
  return !violation || reportViolation(*violation);
}

/// The name of the operand `operand` (a runtime::CheckedOperand) holding
/// sizes or scales, as diagnostics spell it.
static const char *operandName(int32_t operand, const char *sizesOrScales) {
  switch (static_cast<runtime::CheckedOperand>(operand)) {
  case runtime::CheckedOperand::Target:
    return "target_spatial_shape";
  case runtime::CheckedOperand::ScalesOrSizes:
    return "scales_or_sizes";
  default:
    return sizesOrScales;
  }
}

extern "C" bool interp_check_scale(float scale, int64_t index, int64_t axis,
                                   int64_t paddedLength, int32_t operand) {
  const char *name = operandName(operand, "scales");
  if (auto v = validation::checkScale(scale, index, name))
    return reportViolation(*v);
  if (auto v = validation::checkScaleOverflow(scale, index, axis, paddedLength,
                                              name))
    return reportViolation(*v);
  return true;
}

extern "C" bool interp_check_result_dim(int64_t count, int64_t size,
                                        int64_t elementBytes, int64_t dim,
                                        int32_t operand, int64_t operandIndex) {
  if (size < 0) {
    const char *name = operandName(operand, "sizes");
    llvm::SmallVector<int64_t> entries(operandIndex + 1, 0);
    entries.back() = size;
    if (auto v = validation::checkSizes(name, entries))
      return reportViolation(*v);
    return reportFailure("%snegative output size %lld in dimension %lld",
                         kInvalid, static_cast<long long>(size),
                         static_cast<long long>(dim));
  }
  if (auto v = validation::checkOutputDim(dim, size))
    return reportViolation(*v);
  if (count == 0 || size == 0)
    return true;
  uint64_t limit = 0, elements, bytes;
  if (__builtin_mul_overflow(static_cast<uint64_t>(count),
                             static_cast<uint64_t>(size), &elements) ||
      __builtin_mul_overflow(
          elements, static_cast<uint64_t>(std::max<int64_t>(elementBytes, 1)),
          &bytes) ||
      !runtime::fitsInMemory(bytes, limit)) {
    if (limit == 0) // the size overflowed before the limit was read
      limit = runtime::memoryLimit();
    return reportFailure(
        "%sthe result would have more than %lld x %lld elements of %lld "
        "bytes, more than the %llu bytes this process may allocate",
        kInvalid, static_cast<long long>(count), static_cast<long long>(size),
        static_cast<long long>(elementBytes),
        static_cast<unsigned long long>(limit));
  }
  return true;
}

extern "C" bool interp_check_dim_equals(int32_t what, int64_t dim,
                                        int64_t actual, int64_t expected) {
  if (actual == expected)
    return true;
  if (what == static_cast<int32_t>(runtime::CheckedDim::Destination))
    return reportFailure("%sresult dimension %lld is %lld but the destination "
                         "it is written to has %lld",
                         kInvalid, static_cast<long long>(dim),
                         static_cast<long long>(actual),
                         static_cast<long long>(expected));
  // The result type states `expected`; the operands give `actual`.
  return reportViolation(*validation::checkResultDim(dim, expected, actual));
}

extern "C" bool
interp_check_axis_table(int64_t axis, int32_t kernel, int32_t coordinateMode,
                        int32_t nearestMode, int32_t shapeMode,
                        float givenScale, int64_t inLength, int64_t outLength,
                        int32_t antialiasActive, double cubeCoeff) {
  (void)kernel, (void)coordinateMode, (void)nearestMode, (void)antialiasActive,
      (void)cubeCoeff;
  if (auto v = validation::checkOutputDim(axis, outLength))
    return reportViolation(*v);
  if (auto v = validation::checkEmptyAxis(axis, inLength, outLength))
    return reportViolation(*v);
  // What the checks before this one make impossible: an internal error.
  if (const char *error =
          rules::validateAxisTableParams(static_cast<ShapeCalcMode>(shapeMode),
                                         givenScale, inLength, outLength))
    return reportFailure(
        "interp: internal error: %s (axis %lld, input "
        "length %lld, output size %lld, scale %g)",
        error, static_cast<long long>(axis), static_cast<long long>(inLength),
        static_cast<long long>(outLength), static_cast<double>(givenScale));
  // A table has outLength rows of at most ~2 * inLength / outLength + 5
  // taps, 16 bytes each; refuse what cannot fit before building it.
  uint64_t rowBytes = 16 * (2 * static_cast<uint64_t>(inLength) /
                                std::max<int64_t>(outLength, 1) +
                            8);
  uint64_t limit = 0, tableBytes;
  if (__builtin_mul_overflow(static_cast<uint64_t>(outLength), rowBytes,
                             &tableBytes) ||
      !runtime::fitsInMemory(tableBytes, limit))
    return reportFailure("%sthe run-time tables of axis %lld would not fit in "
                         "memory (input length %lld, output size %lld)",
                         kInvalid, static_cast<long long>(axis),
                         static_cast<long long>(inLength),
                         static_cast<long long>(outLength));
  return true;
}

extern "C" bool interp_check_buffer_size(int64_t bytes, bool overflowed) {
  uint64_t limit = 0;
  if (!overflowed && bytes >= 0 &&
      runtime::fitsInMemory(static_cast<uint64_t>(bytes), limit))
    return true;
  if (overflowed || bytes < 0)
    return reportFailure("interp: out of memory: a buffer's size overflows "
                         "64 bits");
  return reportFailure("interp: out of memory: a buffer of %lld bytes is "
                       "more than the %llu bytes this process may allocate",
                       static_cast<long long>(bytes),
                       static_cast<unsigned long long>(limit));
}

extern "C" bool interp_check_allocation(int64_t pointer, int64_t bytes) {
  if (pointer != 0 || bytes <= 0)
    return true;
  return reportFailure("interp: out of memory: allocating %lld bytes failed",
                       static_cast<long long>(bytes));
}
