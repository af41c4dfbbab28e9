//===- ResizeProblem.cpp - compile-time facts of one resize ---------------===//

#include "interp/Semantics/ResizeProblem.h"

using namespace mlir::interp;
using namespace mlir::interp::rules;

std::optional<double> ResizeProblem::staticScale(size_t i) const {
  int64_t axis = axes[i];
  std::optional<int64_t> in = inSizes[axis], out = outSizes[axis];
  if (shapeMode == ShapeCalcMode::Sizes && in && out)
    return coordinateScale(ShapeCalcMode::Sizes, 1.0f, *out, *in);
  if (shapeMode == ShapeCalcMode::Scales && scales)
    return (*scales)[i];
  return std::nullopt;
}

std::optional<bool> ResizeProblem::antialiasActive() const {
  bool isLinear = kernel == AxisKernel::Linear;
  if (!isLinear || !antialias)
    return false;
  llvm::SmallVector<double> staticScales;
  bool anyDynamic = false;
  for (size_t i = 0; i < axes.size(); ++i) {
    if (std::optional<double> scale = staticScale(i))
      staticScales.push_back(*scale);
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
  AxisTableParams params =
      makeAxisTableParams(kernel, coordinateMode, nearestMode, shapeMode, given,
                          *in, *out, *active, cubeCoeff);
  params.torchCubic = usesTorchCubic();
  return params;
}

bool ResizeProblem::usesTorchCubic() const {
  return kernel == AxisKernel::BicubicPillow && fixedPoint &&
         fixedPoint->scheme == FixedPointSums::Scheme::PyTorch;
}
