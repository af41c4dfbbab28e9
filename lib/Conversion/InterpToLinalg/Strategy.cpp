//===- Strategy.cpp - a plan's passes to IR ------------------------------===//
//
// buildPlannedResize calls the builders the plan (LoweringPlan.h) names.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/IRDomain.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// Plan kind Direct: the peeled outer axes, then one direct pass. With
/// fuseOuterAxis the first peeled axis is fused with the rest
/// (buildFusedOuterAxis) and any further one is a separable pass inside it;
/// otherwise they are separable passes before the direct pass.
static Value buildDirectPlan(OpBuilder &b, Location loc, const ResizeSpec &spec,
                             const ResizePlan &plan, Value source,
                             ArrayRef<AxisTables> tables, Value init,
                             const ElementTypes &types) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  SmallVector<std::pair<int64_t, const AxisTables *>> resized;
  for (size_t i : plan.directAxes)
    resized.push_back({spec.axes[i], &tables[i]});
  size_t peeled = plan.peeled;

  // The peeled axes from `from` on as separable passes, then the direct
  // pass, from `slab` into `out`.
  auto passes = [&](OpBuilder &pb, Location ploc, Value slab, Value out,
                    size_t from) {
    SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(pb, ploc, out);
    for (auto [axis, t] : ArrayRef(resized).slice(from, peeled - from)) {
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(pb, ploc, slab);
      sizes[axis] = outSizes[axis];
      Value passInit =
          tensor::EmptyOp::create(pb, ploc, sizes, types.accumulator);
      slab = buildAxisPass(pb, ploc, slab, axis, *t, passInit, types);
    }
    SmallVector<int64_t> directAxes;
    SmallVector<const AxisTables *> directTables;
    for (auto [axis, t] : ArrayRef(resized).drop_front(peeled)) {
      directAxes.push_back(axis);
      directTables.push_back(t);
    }
    DirectPassInputs inputs =
        directPassInputs(pb, ploc, directAxes, directTables, rank, types);
    return buildDirectPassWithEdges(pb, ploc, slab, inputs, out, types);
  };
  if (!plan.fuseOuterAxis)
    return passes(b, loc, source, init, 0);
  auto [axis, t] = resized.front();
  return buildFusedOuterAxis(
      b, loc, source, axis, *t, init, types,
      [&](OpBuilder &ib, Location iloc, Value slab, Value out) {
        return passes(ib, iloc, slab, out, 1);
      });
}

/// Plan kind RuntimeRatios: the runtime library looks for an affine tap
/// run of each ratio; if it finds one, the direct pass with the first found
/// run computes the result, otherwise the separable passes.
static Value buildRatioSpecializations(OpBuilder &b, Location loc,
                                       const ResizeSpec &spec,
                                       const ResizePlan &plan, Value source,
                                       ArrayRef<AxisTables> tables, Value init,
                                       const ElementTypes &types) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  SmallVector<int64_t> resized;
  SmallVector<const AxisTables *> resizedTables;
  for (auto [axis, t] : llvm::zip_equal(spec.axes, tables)) {
    if (t.isIdentity)
      continue;
    resized.push_back(axis);
    resizedTables.push_back(&t);
  }
  DirectPassInputs inputs =
      directPassInputs(b, loc, resized, resizedTables, rank, types);
  size_t runAxis = llvm::find(resized, rank - 1) - resized.begin();
  SmallVector<RuntimeRun> runs;
  Value found;
  for (auto [period, inputStep] : plan.ratios) {
    runs.push_back(findRuntimeRun(b, loc, spec, *resizedTables[runAxis],
                                  spec.outSizes[rank - 1], period, inputStep,
                                  types.accumulator));
    found =
        found
            ? arith::OrIOp::create(b, loc, found, runs.back().found).getResult()
            : runs.back().found;
  }
  // The else branch computes the same result for every table: where the
  // direct pass would not pay for its compile time (the copy of the kernel
  // for strided views, say), interp-specialize-contiguous-arguments drops it.
  // (The mark is a hint: where a rewrite loses it, the kernel keeps both
  // branches.)
  InterpDialect::FastPathConditionAttrHelper(b.getContext())
      .setAttr(found.getDefiningOp(), b.getUnitAttr());
  auto branch = scf::IfOp::create(
      b, loc, found,
      [&](OpBuilder &tb, Location tloc) {
        scf::YieldOp::create(tb, tloc,
                             buildDirectPassWithFoundRun(tb, tloc, source,
                                                         inputs.axes, runAxis,
                                                         runs, init, types));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc,
                             buildSeparablePasses(eb, eloc, source, spec.axes,
                                                  tables, plan.separableOrder,
                                                  spec.outSizes, init, types));
      });
  return branch.getResult(0);
}

/// Plan kind Separable whose pass order is decided when the code runs (the
/// Pillow modes on 8-bit data with run-time lengths): Pillow 13.0's rule
/// on the padded input and output lengths of axes [h, w] picks the plan's
/// order (horizontal first) or its reverse.
static Value buildRunTimeOrder(OpBuilder &b, Location loc,
                               const ResizeSpec &spec, const ResizePlan &plan,
                               Value source, ArrayRef<AxisTables> tables,
                               ArrayRef<OpFoldResult> paddedSizes, Value init,
                               const ElementTypes &types) {
  int64_t h = spec.axes[0], w = spec.axes[1];
  rules::IRDomain d{b, loc, /*fold=*/true};
  Value verticalFirst = rules::generic::pillowVerticalFirst(
      d, asI64(b, loc, paddedSizes[h]), asI64(b, loc, spec.outSizes[h]),
      asI64(b, loc, paddedSizes[w]), asI64(b, loc, spec.outSizes[w]));
  SmallVector<size_t> reversed(llvm::reverse(plan.separableOrder));
  auto passes = [&](ArrayRef<size_t> order) {
    return [&, order](OpBuilder &nb, Location nloc) {
      scf::YieldOp::create(
          nb, nloc,
          buildSeparablePasses(nb, nloc, source, spec.axes, tables, order,
                               spec.outSizes, init, types, plan.storeEveryPass,
                               plan.channelVectorPasses, plan.rowTapLoopPasses,
                               plan.flatRowPasses));
    };
  };
  return scf::IfOp::create(b, loc, verticalFirst, passes(reversed),
                           passes(plan.separableOrder))
      .getResult(0);
}

Value lowering::buildPlannedResize(OpBuilder &b, Location loc,
                                   const ResizeSpec &spec,
                                   const ResizePlan &plan, Value source,
                                   ArrayRef<AxisTables> tables,
                                   ArrayRef<OpFoldResult> paddedSizes,
                                   Value init, const ElementTypes &types) {
  switch (plan.kind) {
  case ResizePlan::Kind::NearestCopy:
  case ResizePlan::Kind::NearestGather:
    return buildNearest(b, loc, source, spec.axes, tables, init,
                        plan.kind == ResizePlan::Kind::NearestCopy);
  case ResizePlan::Kind::Direct:
    return buildDirectPlan(b, loc, spec, plan, source, tables, init, types);
  case ResizePlan::Kind::RuntimeRatios:
    return buildRatioSpecializations(b, loc, spec, plan, source, tables, init,
                                     types);
  case ResizePlan::Kind::Separable:
    if (plan.orderAtRunTime)
      return buildRunTimeOrder(b, loc, spec, plan, source, tables, paddedSizes,
                               init, types);
    return buildSeparablePasses(b, loc, source, spec.axes, tables,
                                plan.separableOrder, spec.outSizes, init, types,
                                plan.storeEveryPass, plan.channelVectorPasses,
                                plan.rowTapLoopPasses, plan.flatRowPasses);
  }
  llvm_unreachable("unknown plan kind");
}
