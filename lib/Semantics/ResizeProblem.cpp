//===- ResizeProblem.cpp - compile-time facts of one resize ---------------===//

#include "interp/Semantics/ResizeProblem.h"

using namespace mlir::interp;
using namespace mlir::interp::rules;

std::optional<bool> ResizeProblem::antialiasActive() const {
  bool isLinear = kernel == AxisKernel::Linear;
  if (!isLinear || !antialias)
    return false;
  llvm::SmallVector<double> staticScales;
  bool anyDynamic = false;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    std::optional<int64_t> in = inSizes[axis], out = outSizes[axis];
    if (shapeMode == ShapeCalcMode::Sizes && in && out)
      staticScales.push_back(
          coordinateScale(ShapeCalcMode::Sizes, 1.0f, *out, *in));
    else if (shapeMode == ShapeCalcMode::Scales && scales)
      staticScales.push_back((*scales)[i]);
    else
      anyDynamic = true;
  }
  if (rules::antialiasActive(isLinear, antialias, staticScales))
    return true;
  if (anyDynamic)
    return std::nullopt;
  return false;
}

std::optional<AxisTableParams>
ResizeProblem::constantTableParams(size_t i) const {
  int64_t axis = axes[i];
  std::optional<int64_t> in = inSizes[axis], out = outSizes[axis];
  std::optional<bool> active = antialiasActive();
  bool staticScale = shapeMode == ShapeCalcMode::Sizes || scales.has_value();
  if (!in || !out || !staticScale || !active)
    return std::nullopt;
  float given = shapeMode == ShapeCalcMode::Scales ? (*scales)[i] : 1.0f;
  return makeAxisTableParams(kernel, coordinateMode, nearestMode, shapeMode,
                             given, *in, *out, *active, cubeCoeff);
}
