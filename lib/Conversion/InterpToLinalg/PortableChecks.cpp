//===- PortableChecks.cpp - run-time checks as cf.assert ------------------===//
//
// A portable lowering cannot call libinterp_runtime, so each run-time check
// is its condition in arith ops, asserted by cf.assert: a compiler that
// takes the IR turns a failed assertion into its own error status (IREE:
// FAILED_PRECONDITION with the message). The conditions are AxisRules.h's
// rules in the IR domain, the ones lib/Runtime/Checks.cpp evaluates through
// interp/Semantics/Validation.h from the same arguments; the messages name the
// rule of docs/Semantics.md without the run-time values, which cf.assert cannot
// format. What the runtime library checks against the process's memory limit
// (the result's and the tables' sizes) is left to the host compiler's
// allocator.
//
//===----------------------------------------------------------------------===//

#include "Tables.h"

#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/IRDomain.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

static constexpr char kInvalid[] = "interp: invalid run-time operands: ";

/// The compile-time constant argument `v` (every check's position and
/// operand arguments are constants).
static int64_t constantArg(Value v) {
  std::optional<int64_t> c = getConstantIntValue(v);
  assert(c && "check argument expected to be a constant");
  return *c;
}

static const char *operandName(int64_t operand, const char *sizesOrScales) {
  switch (static_cast<runtime::CheckedOperand>(operand)) {
  case runtime::CheckedOperand::Sizes:
    return "sizes";
  case runtime::CheckedOperand::Scales:
    return "scales";
  case runtime::CheckedOperand::Target:
    return "target_spatial_shape";
  case runtime::CheckedOperand::ScalesOrSizes:
    return "scales_or_sizes";
  }
  return sizesOrScales;
}

namespace {
/// The conjunction of a check's conditions.
struct Conditions {
  OpBuilder &b;
  Location loc;
  Value all;

  void require(Value condition) {
    all = all ? arith::AndIOp::create(b, loc, all, condition).getResult()
              : condition;
  }
};
} // namespace

Value lowering::emitPortableCheck(OpBuilder &b, Location loc,
                                  runtime::Function fn, ValueRange args) {
  Conditions c{b, loc, Value()};
  rules::IRDomain d{b, loc};
  std::string message = kInvalid;
  switch (fn) {
  case runtime::Function::CheckOperandLength: {
    // (operand, length, expected): shape-length.
    c.require(d.eq(args[1], args[2]));
    message += std::string("'") + operandName(constantArg(args[0]), "sizes") +
               "' must have one element per axis (" +
               std::to_string(constantArg(args[2])) + ") (shape-length)";
    break;
  }
  case runtime::Function::CheckScale: {
    // (scale, index, axis, padded, operand): scales-value, then
    // scales-overflow.
    c.require(rules::generic::isValidScale(d, args[0]));
    c.require(rules::generic::scaledLengthFits(d, args[3], args[0]));
    std::string name = operandName(constantArg(args[4]), "scales");
    message += "'" + name + "' value at index " +
               std::to_string(constantArg(args[1])) +
               " must be finite and > 0 (scales-value) and keep output "
               "dimension " +
               std::to_string(constantArg(args[2])) + " within " +
               std::to_string(rules::kMaxDimension) + " (scales-overflow)";
    break;
  }
  case runtime::Function::CheckDimEquals: {
    // (what, dim, actual, expected).
    c.require(d.eq(args[2], args[3]));
    std::string dim = std::to_string(constantArg(args[1]));
    if (constantArg(args[0]) ==
        static_cast<int64_t>(runtime::CheckedDim::Destination))
      message += "result dimension " + dim +
                 " differs from the destination it is written to";
    else
      message += "result dimension " + dim +
                 " differs from the static dimension of the result type "
                 "(result-dims)";
    break;
  }
  case runtime::Function::CheckResultDim: {
    // (count, size, bytes, dim, operand, operandIndex): sizes-sign and
    // output-dims.
    c.require(rules::generic::isNonNegativeLength(d, args[1]));
    c.require(rules::generic::isWithinMaxDimension(d, args[1]));
    message += "output dimension " + std::to_string(constantArg(args[3])) +
               " must be in [0, " + std::to_string(rules::kMaxDimension) +
               "] (sizes-sign, output-dims)";
    break;
  }
  case runtime::Function::CheckAxisTable: {
    // (axis, kernel, coordinate, nearest, shape mode, scale, in, out,
    // antialias, cube): output-dims and empty-axis.
    Value in = args[6], out = args[7];
    c.require(rules::generic::isNonNegativeLength(d, out));
    c.require(rules::generic::isWithinMaxDimension(d, out));
    c.require(rules::generic::isValidEmptyAxis(d, in, out));
    std::string axis = std::to_string(constantArg(args[0]));
    message += "output dimension " + axis + " must be in [0, " +
               std::to_string(rules::kMaxDimension) +
               "] (output-dims), and empty when the padded input dimension " +
               axis + " is empty (empty-axis)";
    break;
  }
  default:
    llvm_unreachable("not a check of convert-interp-to-linalg");
  }
  cf::AssertOp::create(b, loc, c.all, message);
  return c.all;
}
