//===- PortableChecks.cpp - run-time checks as cf.assert ------------------===//
//
// A portable lowering cannot call libinterp_runtime, so each run-time check
// is its condition in arith ops, asserted by cf.assert: a compiler that
// takes the IR turns a failed assertion into its own error status (IREE:
// FAILED_PRECONDITION with the message). The conditions transcribe those of
// lib/Runtime/Checks.cpp (which call interp/Semantics/Validation.h) from
// the same arguments; the messages name the rule of docs/Semantics.md
// without the run-time values, which cf.assert cannot format. What the
// runtime library checks against the process's memory limit (the result's
// and the tables' sizes) is left to the host compiler's allocator.
//
//===----------------------------------------------------------------------===//

#include "ResizeLowering.h"

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
/// Builds i64/f32 comparisons and their conjunction.
struct Conditions {
  OpBuilder &b;
  Location loc;
  Value all;

  Value i64(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  void require(Value condition) {
    all = all ? arith::AndIOp::create(b, loc, all, condition).getResult()
              : condition;
  }
  void requireInt(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    require(arith::CmpIOp::create(b, loc, predicate, lhs, rhs));
  }
};
} // namespace

Value lowering::emitPortableCheck(OpBuilder &b, Location loc,
                                  runtime::Function fn, ValueRange args) {
  Conditions c{b, loc, Value()};
  std::string message = kInvalid;
  using P = arith::CmpIPredicate;
  switch (fn) {
  case runtime::Function::CheckOperandLength: {
    // (operand, length, expected): shape-length.
    c.requireInt(P::eq, args[1], args[2]);
    message += std::string("'") + operandName(constantArg(args[0]), "sizes") +
               "' must have one element per axis (" +
               std::to_string(constantArg(args[2])) + ") (shape-length)";
    break;
  }
  case runtime::Function::CheckScale: {
    // (scale, index, axis, padded, operand): scales-value, then
    // scales-overflow as rules::scaledLength computes it in float32.
    Value scale = args[0];
    auto f32 = [&](float v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
    };
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, scale, f32(0));
    Value finite =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, scale,
                              f32(std::numeric_limits<float>::infinity()));
    c.require(positive);
    c.require(finite);
    Value padded = arith::SIToFPOp::create(b, loc, b.getF32Type(), args[3]);
    Value product = arith::MulFOp::create(
        b, loc, padded,
        arith::AddFOp::create(b, loc, scale, f32(rules::kScaleEpsilon)));
    Value fits =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, product,
                              f32(static_cast<float>(rules::kMaxDimension)));
    Value isOne =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, scale, f32(1));
    c.require(arith::OrIOp::create(b, loc, isOne, fits));
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
    c.requireInt(P::eq, args[2], args[3]);
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
    c.requireInt(P::sge, args[1], c.i64(0));
    c.requireInt(P::sle, args[1], c.i64(rules::kMaxDimension));
    message += "output dimension " + std::to_string(constantArg(args[3])) +
               " must be in [0, " + std::to_string(rules::kMaxDimension) +
               "] (sizes-sign, output-dims)";
    break;
  }
  case runtime::Function::CheckAxisTable: {
    // (axis, kernel, coordinate, nearest, shape mode, scale, in, out,
    // antialias, cube): output-dims and empty-axis.
    Value in = args[6], out = args[7];
    c.requireInt(P::sge, out, c.i64(0));
    c.requireInt(P::sle, out, c.i64(rules::kMaxDimension));
    Value emptyInput = arith::CmpIOp::create(b, loc, P::eq, in, c.i64(0));
    Value emptyOutput = arith::CmpIOp::create(b, loc, P::eq, out, c.i64(0));
    Value nonEmptyInput = arith::XOrIOp::create(
        b, loc, emptyInput,
        arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
    c.require(arith::OrIOp::create(b, loc, nonEmptyInput, emptyOutput));
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
