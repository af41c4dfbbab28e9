//===- ResizeProblemOf.h - an interp op as a rules::ResizeProblem -*- C++
//-*-===//
//
// What an interp op computes in the terms of the rules (interp/Semantics/
// ResizeProblem.h), read off its attributes, constant operands and static
// shapes: ResizeOpInterface::getResizeProblem, implemented in
// ResizeProblemOf.cpp. An Interpolate-1 op other than `area` and an
// Interpolate-11 op in an Interpolate-4 mode are described as the Interpolate-4
// op they legalize to. The lowering's patterns and --interp-annotate-plans read
// it, so the planner sees one description whatever the op version.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_DIALECT_INTERP_IR_RESIZEPROBLEMOF_H
#define INTERP_DIALECT_INTERP_IR_RESIZEPROBLEMOF_H

#include "interp/Semantics/ResizeProblem.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::interp {

/// The discardable attribute that holds an op's lowering plan
/// (interp/Conversion/InterpToLinalg/LoweringPlan.h): printed by
/// --interp-annotate-plans, pinned by a user or another compiler, kept by
/// the legalizations to Interpolate-4.
inline constexpr llvm::StringLiteral kPlanAttrName = "interp.plan";

/// The problem of an op with ResizeOpInterface (InterpInterfaces.td) with
/// ranked data and result and constant axes; std::nullopt for any other op.
std::optional<rules::ResizeProblem> resizeProblemOf(Operation *op);

} // namespace mlir::interp

#endif // INTERP_DIALECT_INTERP_IR_RESIZEPROBLEMOF_H
