//===- ResizeSpec.h - one op as the lowering sees it ------------*- C++ -*-===//
//
// The bottom layer of the lowering's private headers (ResizeSpec.h <-
// Arithmetic.h <- Tables.h <- Passes.h, each including the one before):
// one op's description (its ResizeProblem), its operands and its plan. The
// choice among the builders is made by planResize (interp/Conversion/
// InterpToLinalg/ResizePlan.h), which also holds every threshold;
// docs/Design.md describes the strategies.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_RESIZESPEC_H
#define LIB_CONVERSION_INTERPTOLINALG_RESIZESPEC_H

#include "interp/Conversion/InterpToLinalg/LoweringPlan.h"
#include "interp/Conversion/InterpToLinalg/ResizePlan.h"
#include "interp/Dialect/Interp/IR/InterpEnums.h"
#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"
#include "interp/Semantics/ElementType.h"
#include "interp/Semantics/ResizeProblem.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>
#include <variant>

namespace mlir::interp::lowering {

/// What the lowering needs to know about one op, whichever version it is.
struct ResizeSpec {
  /// The op's description (its fields below are copied from it).
  rules::ResizeProblem problem;
  /// Where run-time functions are declared.
  ModuleOp module;
  Value data;
  SmallVector<int64_t> axes;
  rules::AxisKernel kernel;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  ShapeCalcMode shapeMode;
  bool antialias;
  double cubeCoeff;
  /// Fixed-point sums (rules::ResizeProblem::fixedPoint).
  std::optional<rules::FixedPointSums> fixedPoint;
  SmallVector<int64_t> padsBegin, padsEnd;
  /// The operand the sizes or scales come from, as run-time diagnostics
  /// name it.
  runtime::CheckedOperand shapeOperand = runtime::CheckedOperand::Sizes;
  /// The scales operand (scales mode only) and its constant values, if any.
  Value scales;
  std::optional<SmallVector<float>> constantScales;
  /// Result dims, static or computed from the operands.
  SmallVector<OpFoldResult> outSizes;
  /// convert-interp-to-linalg's `portable` option, as far as the plan does
  /// not already say it (table origins, no affine runs, no fusion, no
  /// run-time ratios): checks are asserted (PortableChecks.cpp) instead of
  /// calls, unsigned data is bitcast.
  bool portable = false;
  /// The data was unsigned and is lowered as its signless bitcast
  /// (portable): conversions still read it as unsigned.
  bool unsignedData = false;
  /// Tensors and memrefs the result is materialized in that exist before
  /// the op: the lowering writes into them directly and checks their shape
  /// first.
  SmallVector<Value> destinations;
  /// How the op is lowered, decided before any IR (planFor): each axis's
  /// table source (and the compiler's tables) and the passes.
  LoweringPlan plan;
};

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_RESIZESPEC_H
