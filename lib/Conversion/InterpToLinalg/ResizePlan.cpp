//===- ResizePlan.cpp - the lowering's strategy as a pure function --------===//

#include "interp/Conversion/InterpToLinalg/ResizePlan.h"

#include "interp/Semantics/Rules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::interp;
using llvm::SmallVector;

SmallVector<size_t> interp::orderSeparablePasses(const ResizeFacts &facts) {
  SmallVector<size_t> passes;
  for (size_t i = 0; i < facts.axes.size(); ++i)
    if (!facts.axes[i].identity)
      passes.push_back(i);
  auto cost = [&](llvm::ArrayRef<size_t> order) {
    SmallVector<double> shape;
    for (std::optional<int64_t> size : facts.inSizes)
      shape.push_back(size ? static_cast<double>(*size) : 64.0);
    double total = 0.0;
    for (size_t i : order) {
      const AxisFacts &axis = facts.axes[i];
      if (std::optional<int64_t> out = facts.outSizes[axis.dim])
        shape[axis.dim] = static_cast<double>(*out);
      double elements = 1.0;
      for (double n : shape)
        elements *= n;
      double taps = axis.taps ? static_cast<double>(*axis.taps) : 2.0;
      double inner = 1.0;
      for (int64_t d = axis.dim + 1; d < facts.rank; ++d)
        inner *= shape[d];
      bool gathers = passGathers(axis.hasRun, inner);
      total += elements * taps * (gathers ? kGatherPenalty : 1.0);
    }
    return total;
  };
  SmallVector<size_t> best = passes;
  double bestCost = cost(best);
  llvm::sort(passes);
  do {
    double c = cost(passes);
    if (c < bestCost) {
      bestCost = c;
      best = passes;
    }
  } while (std::next_permutation(passes.begin(), passes.end()));
  return best;
}

/// The product of the resized axes' tap counts when every one is static
/// (nullopt otherwise, or when nothing is resized).
static std::optional<int64_t> staticTapProduct(const ResizeFacts &facts) {
  int64_t product = 1;
  bool any = false;
  for (const AxisFacts &axis : facts.axes) {
    if (axis.identity)
      continue;
    if (!axis.taps)
      return std::nullopt;
    product *= *axis.taps;
    any = true;
  }
  if (!any)
    return std::nullopt;
  return product;
}

/// The outer axes a direct pass leaves to come before it: while the tap
/// product is above kMaxDirectCombinations; and, when every tap read is
/// expensive (data converted on each read, or an innermost axis that
/// gathers: no affine run), the outermost one when fusing it reads fewer
/// elements than the direct pass would (only when it can be fused:
/// `fusable`). Per slab: the
/// fused pass reads in x T_outer and then out x T_inner, the direct pass
/// out x T_inner x T_outer (over the inner axes' lengths; unknown ones do
/// not fuse).
static size_t peeledAxes(const ResizeFacts &facts,
                         llvm::ArrayRef<size_t> resized, bool fusable) {
  const AxisFacts &inner = facts.axes[resized.back()];
  bool expensiveReads =
      facts.convertsElements || (inner.dim == facts.rank - 1 && !inner.hasRun);
  int64_t product = 1;
  for (size_t i : resized)
    product *= *facts.axes[i].taps;
  auto fusingReadsLess = [&]() {
    double in = 1, out = 1, innerTaps = 1;
    for (size_t i : resized.drop_front()) {
      const AxisFacts &axis = facts.axes[i];
      std::optional<int64_t> inLength = facts.inSizes[axis.dim];
      std::optional<int64_t> outLength = facts.outSizes[axis.dim];
      if (!inLength || !outLength)
        return false;
      in *= *inLength;
      out *= *outLength;
      innerTaps *= *axis.taps;
    }
    double outerTaps = *facts.axes[resized.front()].taps;
    return in * outerTaps + out * innerTaps < out * innerTaps * outerTaps;
  };
  size_t peeled = 0;
  while (peeled + 1 < resized.size() &&
         (product > kMaxDirectCombinations ||
          (peeled == 0 && fusable && expensiveReads && fusingReadsLess())))
    product /= *facts.axes[resized[peeled++]].taps;
  return peeled;
}

bool interp::channelVectorPass(const ResizeFacts &facts, size_t i) {
  const AxisFacts &axis = facts.axes[i];
  // Run-time tables of the Pillow filters are windows of consecutive taps
  // too.
  if (!facts.fixedPointSums || !facts.vectorCode || axis.identity ||
      (axis.constantTable ? !axis.consecutiveTaps : !facts.pillow))
    return false;
  // The last axis: one channel (a row of NCHW).
  if (axis.dim == facts.rank - 1)
    return true;
  if (axis.dim != facts.rank - 2 ||
      llvm::any_of(facts.axes, [&](const AxisFacts &other) {
        return !other.identity && other.dim == facts.rank - 1;
      }))
    return false;
  std::optional<int64_t> channels = facts.inSizes[facts.rank - 1];
  return channels && *channels >= kMinVectorChannels &&
         *channels <= kMaxVectorChannels;
}

/// The plan's kind and the fields of that kind but the row forms
/// (planRowForms).
static ResizePlan planStrategy(const ResizeFacts &facts) {
  ResizePlan plan;
  if (facts.pillow) {
    plan.kind = ResizePlan::Kind::Separable;
    for (size_t i = facts.axes.size(); i-- > 0;)
      if (!facts.axes[i].identity)
        plan.separableOrder.push_back(i);
    plan.storeEveryPass = facts.integerElements;
    for (size_t i : plan.separableOrder)
      if (channelVectorPass(facts, i))
        plan.channelVectorPasses.push_back(i);
    if (facts.pillowPassOrder && plan.separableOrder.size() == 2) {
      // axes = [h, w]: the vertical pass is position 0.
      std::optional<int64_t> inH = facts.inSizes[facts.axes[0].dim],
                             outH = facts.outSizes[facts.axes[0].dim],
                             inW = facts.inSizes[facts.axes[1].dim],
                             outW = facts.outSizes[facts.axes[1].dim];
      if (!inH || !outH || !inW || !outW)
        plan.orderAtRunTime = true;
      else if (rules::pillowVerticalFirst(*inH, *outH, *inW, *outW))
        std::reverse(plan.separableOrder.begin(), plan.separableOrder.end());
    }
    return plan;
  }
  if (facts.nearest) {
    plan.kind = llvm::all_of(facts.axes,
                             [](const AxisFacts &axis) {
                               return axis.identity || axis.runCoversAxis;
                             })
                    ? ResizePlan::Kind::NearestCopy
                    : ResizePlan::Kind::NearestGather;
    return plan;
  }

  std::optional<int64_t> taps = staticTapProduct(facts);
  bool direct = taps && *taps <= kMaxDirectTaps;
  const AxisFacts *innermost = nullptr;
  for (const AxisFacts &axis : facts.axes)
    if (axis.dim == facts.rank - 1 && !axis.identity)
      innermost = &axis;
  bool allConstant = llvm::all_of(facts.axes, [](const AxisFacts &axis) {
    return axis.identity || axis.constantTable;
  });

  // Direct passes need an innermost axis that does not gather: constant
  // tables (gathering only at the clamped edges when they have a run), or
  // run-time tables with a run the runtime library finds.
  if (direct && (allConstant || (innermost && innermost->hasRun))) {
    plan.kind = ResizePlan::Kind::Direct;
    for (size_t i = 0; i < facts.axes.size(); ++i)
      if (!facts.axes[i].identity)
        plan.directAxes.push_back(i);
    llvm::sort(plan.directAxes, [&](size_t a, size_t b) {
      return facts.axes[a].dim < facts.axes[b].dim;
    });
    bool fusable =
        facts.outerSlabBytes && *facts.outerSlabBytes <= kMaxScratchBytes;
    plan.peeled = peeledAxes(facts, plan.directAxes, fusable);
    plan.fuseOuterAxis = plan.peeled > 0 && fusable;
    return plan;
  }
  plan.separableOrder = orderSeparablePasses(facts);
  if (direct && innermost && !innermost->constantTable && facts.runtimeRatios) {
    // A static output shorter than one period has no run (and no valid run
    // buffer layout).
    std::optional<int64_t> length = facts.outSizes[facts.rank - 1];
    for (auto ratio : kRuntimeRunRatios)
      if (!length || *length >= ratio.first)
        plan.ratios.push_back(ratio);
    plan.kind = plan.ratios.empty() ? ResizePlan::Kind::Separable
                                    : ResizePlan::Kind::RuntimeRatios;
    return plan;
  }
  plan.kind = ResizePlan::Kind::Separable;
  return plan;
}

/// The lengths of the dimensions inside the axis of pass `i` as that pass
/// sees them (output lengths where an earlier pass in `order` resized
/// them), nullopt where dynamic.
static SmallVector<std::optional<int64_t>>
innerLengths(const ResizeFacts &facts, ArrayRef<size_t> order, size_t i) {
  auto position = llvm::find(order, i);
  SmallVector<std::optional<int64_t>> lengths;
  for (int64_t dim = facts.axes[i].dim + 1; dim < facts.rank; ++dim) {
    bool resizedBefore = llvm::any_of(
        llvm::make_range(order.begin(), position),
        [&](size_t earlier) { return facts.axes[earlier].dim == dim; });
    lengths.push_back(resizedBefore ? facts.outSizes[dim] : facts.inSizes[dim]);
  }
  return lengths;
}

bool interp::rowTapLoopPass(const ResizeFacts &facts, ArrayRef<size_t> order,
                            size_t i) {
  const AxisFacts &axis = facts.axes[i];
  // Portable linalg keeps the per-output loop: with the row form,
  // iree_portable.py failed 13 of its 300 cases (not yet diagnosed).
  if (!facts.vectorCode || axis.identity || axis.dim + 1 >= facts.rank ||
      unrollsTaps(axis.taps, /*lastAxis=*/false))
    return false;
  int64_t inner = 1;
  for (std::optional<int64_t> length : innerLengths(facts, order, i)) {
    if (!length)
      return true;
    inner *= *length;
  }
  return inner >= kMinRowTapLoopElements;
}

bool interp::flatRowsPass(const ResizeFacts &facts, ArrayRef<size_t> order,
                          size_t i) {
  const AxisFacts &axis = facts.axes[i];
  if (!facts.vectorCode || axis.identity || axis.dim + 2 >= facts.rank ||
      !unrollsTaps(axis.taps, /*lastAxis=*/false))
    return false;
  // Restoring the shape takes one dynamic length at most: MLIR 22's
  // expand-strided-metadata crashes on a memref.expand_shape group with
  // two.
  return llvm::count(innerLengths(facts, order, i), std::nullopt) <= 1;
}

void interp::planRowForms(const ResizeFacts &facts, ResizePlan &plan) {
  plan.rowTapLoopPasses.clear();
  plan.flatRowPasses.clear();
  if (plan.kind != ResizePlan::Kind::Separable)
    return;
  for (size_t i : plan.separableOrder) {
    if (rowTapLoopPass(facts, plan.separableOrder, i))
      plan.rowTapLoopPasses.push_back(i);
    if (flatRowsPass(facts, plan.separableOrder, i))
      plan.flatRowPasses.push_back(i);
  }
}

ResizePlan interp::planResize(const ResizeFacts &facts) {
  ResizePlan plan = planStrategy(facts);
  planRowForms(facts, plan);
  return plan;
}
