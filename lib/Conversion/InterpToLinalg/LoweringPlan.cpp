//===- LoweringPlan.cpp - the lowering of one op, decided before IR ------===//

#include "interp/Conversion/InterpToLinalg/LoweringPlan.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::interp;
using rules::ResizeProblem;

llvm::StringRef interp::stringifyTableOrigin(TableOrigin source) {
  switch (source) {
  case TableOrigin::Identity:
    return "identity";
  case TableOrigin::Constant:
    return "constant";
  case TableOrigin::Runtime:
    return "runtime";
  case TableOrigin::Computed:
    return "computed";
  }
  return "";
}

std::optional<TableOrigin> interp::symbolizeTableOrigin(llvm::StringRef name) {
  for (TableOrigin source : {TableOrigin::Identity, TableOrigin::Constant,
                             TableOrigin::Runtime, TableOrigin::Computed})
    if (stringifyTableOrigin(source) == name)
      return source;
  return std::nullopt;
}

/// The tap count of run-time tables: what every table of the kernel fits
/// in (rules::lengthIndependentTaps), when antialias is decided.
static std::optional<int64_t> runtimeTaps(const ResizeProblem &problem) {
  return rules::lengthIndependentTaps(problem.kernel,
                                      problem.antialiasActive().value_or(true));
}

/// The table of axis `i` built by the compiler, when its parameters are
/// static and it fits the budget of constant data.
static std::optional<rules::AxisTable>
constantTable(const ResizeProblem &problem, size_t i) {
  std::optional<rules::AxisTableParams> params = problem.constantTableParams(i);
  if (!params ||
      !useConstantTable(params->outLength, rules::axisTableTapBound(*params)))
    return std::nullopt;
  return rules::buildAxisTable(*params);
}

/// Axis `i` with its table from `source`, or the planner's choice.
static FailureOr<AxisPlan>
planAxis(const ResizeProblem &problem, size_t i, const LoweringTarget &target,
         std::optional<TableOrigin> pinned,
         llvm::function_ref<InFlightDiagnostic()> emitError) {
  AxisPlan axis;
  std::optional<rules::AxisTable> table = constantTable(problem, i);
  TableOrigin runtime =
      target.portable ? TableOrigin::Computed : TableOrigin::Runtime;
  TableOrigin chosen = !table                ? runtime
                       : table->isIdentity() ? TableOrigin::Identity
                                             : TableOrigin::Constant;
  axis.origin = pinned.value_or(chosen);
  bool needsTable = axis.origin == TableOrigin::Identity ||
                    axis.origin == TableOrigin::Constant;
  if ((needsTable && !table) ||
      (axis.origin == TableOrigin::Identity && !table->isIdentity()) ||
      ((axis.origin == TableOrigin::Runtime ||
        axis.origin == TableOrigin::Computed) &&
       axis.origin != runtime)) {
    if (emitError)
      emitError() << "plan: axis " << problem.axes[i] << " cannot have '"
                  << stringifyTableOrigin(axis.origin)
                  << "' tables here (the planner's choice is '"
                  << stringifyTableOrigin(chosen) << "')";
    return failure();
  }
  if (needsTable)
    axis.table = std::move(table);
  // An affine tap run is iterated as (period, phase) loops whose output map
  // is not a projected permutation, which tiling compilers refuse.
  if (axis.origin == TableOrigin::Constant && !target.portable)
    axis.run = rules::findAffineTapRun(*axis.table);
  return axis;
}

static ResizeFacts factsOf(const ResizeProblem &problem,
                           ArrayRef<AxisPlan> axes,
                           const LoweringTarget &target) {
  ResizeFacts facts;
  facts.nearest = problem.kernel == rules::AxisKernel::Nearest;
  facts.rank = problem.rank();
  facts.convertsElements = problem.convertsElements;
  facts.runtimeRatios = target.runtimeRatios && !target.portable;
  facts.pillow = problem.isPillow();
  facts.integerElements = problem.integerElements;
  facts.fixedPointSums = problem.fixedPoint.has_value();
  facts.vectorCode = !target.portable;
  facts.pillowPassOrder =
      problem.fixedPoint &&
      problem.fixedPoint->scheme == rules::FixedPointSums::Scheme::Pillow;
  for (auto [dim, axis] : llvm::zip_equal(problem.axes, axes)) {
    AxisFacts a;
    a.dim = dim;
    a.identity = axis.origin == TableOrigin::Identity;
    if (!a.identity) {
      a.taps = axis.table ? std::optional<int64_t>(axis.table->taps)
                          : runtimeTaps(problem);
      a.constantTable = axis.origin == TableOrigin::Constant;
      a.hasRun = axis.run.has_value();
      a.directRun = axis.run && axis.run->phaseStep >= 0;
      // What a nearest copy needs: affine reads over the whole axis.
      a.runCoversAxis = axis.run && axis.run->phaseStep >= 0 &&
                        axis.run->firstPeriod == 0 &&
                        axis.run->endOutput() == axis.table->outLength;
      a.consecutiveTaps =
          axis.table && rules::consecutiveTaps(*axis.table).has_value();
    }
    facts.axes.push_back(a);
  }
  facts.inSizes = problem.inSizes;
  facts.outSizes = problem.outSizes;
  // The slab of a fused outermost resized axis: the input inside it, in
  // the accumulator type. Portable lowerings do not fuse (a top-level
  // scf.forall over tensors with a stack slab).
  if (target.portable)
    return facts;
  std::optional<int64_t> outer;
  for (const AxisFacts &axis : facts.axes)
    if (!axis.identity && (!outer || axis.dim < *outer))
      outer = axis.dim;
  if (outer) {
    std::optional<int64_t> bytes = problem.accumulatorBytes;
    for (int64_t d = *outer + 1; d < facts.rank && bytes; ++d)
      if (!facts.inSizes[d] ||
          llvm::MulOverflow(*bytes, *facts.inSizes[d], *bytes))
        bytes.reset();
    facts.outerSlabBytes = bytes;
  }
  return facts;
}

FailureOr<LoweringPlan>
interp::planLowering(const ResizeProblem &problem, const LoweringTarget &target,
                     ArrayRef<std::optional<TableOrigin>> pinned,
                     llvm::function_ref<InFlightDiagnostic()> emitError) {
  LoweringPlan plan;
  for (size_t i = 0; i < problem.axes.size(); ++i) {
    FailureOr<AxisPlan> axis =
        planAxis(problem, i, target, pinned.empty() ? std::nullopt : pinned[i],
                 emitError);
    if (failed(axis))
      return failure();
    plan.axes.push_back(std::move(*axis));
  }
  plan.facts = factsOf(problem, plan.axes, target);
  plan.resize = planResize(plan.facts);
  return plan;
}

LoweringPlan interp::planLowering(const ResizeProblem &problem,
                                  const LoweringTarget &target) {
  return *planLowering(problem, target, {}, nullptr);
}
