//===- ResizeProblem.h - what one resize computes, statically ---*- C++ -*-===//
//
// The description of one resize in the terms of the rules, whatever op
// version it came from: the separable kernel and its modes, the resized
// axes, every dimension's padded input and output length (or unknown until
// run time), the given scales when constant, and what the element type
// means for the arithmetic. Pure C++: the lowering's planner
// (interp/Conversion/InterpToLinalg/LoweringPlan.h) decides from it alone,
// before any IR exists.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_RESIZEPROBLEM_H
#define INTERP_SEMANTICS_RESIZEPROBLEM_H

#include "interp/Semantics/AxisTable.h"
#include "interp/Semantics/ElementType.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::interp::rules {

struct ResizeProblem {
  AxisKernel kernel = AxisKernel::Nearest;
  CoordinateTransformMode coordinateMode = CoordinateTransformMode::HalfPixel;
  NearestMode nearestMode = NearestMode::RoundPreferFloor;
  ShapeCalcMode shapeMode = ShapeCalcMode::Sizes;
  bool antialias = false;
  double cubeCoeff = -0.75;
  /// The resized dimensions, in the op's order.
  llvm::SmallVector<int64_t> axes;
  /// Per dimension: the zero padding before and after the data.
  llvm::SmallVector<int64_t> padsBegin, padsEnd;
  /// Per dimension: the padded input length and the output length, when
  /// known at compile time.
  llvm::SmallVector<std::optional<int64_t>> inSizes, outSizes;
  /// Scales mode: the given scale of each axis, when constant.
  std::optional<llvm::SmallVector<float>> scales;

  /// The element type: integer or not, and whether each element read
  /// converts to a wider accumulator (integers, f16, bf16).
  bool integerElements = false;
  bool convertsElements = false;
  /// The accumulator's bytes (4: f32, 8: f64).
  int64_t accumulatorBytes = 4;
  /// The Pillow modes on 8-bit data sum in fixed point (SEMANTICS-v11.md
  /// step 9); every other resize sums in the float accumulator.
  std::optional<FixedPointSums> fixedPoint;

  int64_t rank() const { return static_cast<int64_t>(inSizes.size()); }
  bool isPillow() const {
    return kernel == AxisKernel::BilinearPillow ||
           kernel == AxisKernel::BicubicPillow;
  }
  /// The coordinate scale of axis `i` (a position in `axes`) when known at
  /// compile time: out / in in sizes mode, the constant scale in scales
  /// mode.
  std::optional<double> staticScale(size_t i) const;
  /// rules::antialiasActive when compile-time facts decide it: a static axis
  /// downsamples, or every axis is static. Otherwise it is decided when the
  /// code runs, by the axes without a staticScale.
  std::optional<bool> antialiasActive() const;
  /// The table parameters of axis `i` (a position in `axes`) when its
  /// lengths, its scale and antialias are all known.
  std::optional<AxisTableParams> constantTableParams(size_t i) const;
  /// bicubic_pillow in PyTorch's arithmetic: its rows use PyTorch's bicubic
  /// filter (AxisTableParams::torchCubic).
  bool usesTorchCubic() const;
};

} // namespace mlir::interp::rules

#endif // INTERP_SEMANTICS_RESIZEPROBLEM_H
