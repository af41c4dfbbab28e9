//===- LoweringPlan.h - the whole lowering of one op, decided first -*- C++
//-*-===//
//
// planLowering decides, from a rules::ResizeProblem and the target alone,
// before any IR is emitted: where each axis's table comes from (an
// identity, a compile-time constant, the runtime library, or linalg ops for
// portable lowerings), the facts planResize reads off those tables, and
// the ResizePlan (pass kinds, order, fusion, run-time ratio guards). The
// lowering then carries the plan out. --interp-annotate-plans prints it as
// a discardable `interp.plan` attribute; the same attribute on an op pins
// (parts of) its plan, checked by pinPlan.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_CONVERSION_INTERPTOLINALG_LOWERINGPLAN_H
#define INTERP_CONVERSION_INTERPTOLINALG_LOWERINGPLAN_H

#include "interp/Conversion/InterpToLinalg/ResizePlan.h"
#include "interp/Dialect/Interp/IR/ResizeProblemOf.h"
#include "interp/Semantics/ResizeProblem.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::interp {

/// Where the (index, weight) tables of one axis come from.
enum class TableOrigin {
  /// The table maps every index to itself: the axis needs no pass.
  Identity,
  /// Built by the compiler (rules::buildAxisTable), emitted as constants.
  Constant,
  /// Built when the code runs, by libinterp_runtime.
  Runtime,
  /// Built when the code runs, by linalg ops (portable lowerings).
  Computed,
};
llvm::StringRef stringifyTableOrigin(TableOrigin source);
std::optional<TableOrigin> symbolizeTableOrigin(llvm::StringRef name);

/// What the lowering is for.
struct LoweringTarget {
  /// convert-interp-to-linalg's `portable`: no runtime library, no affine
  /// tap runs, no fused outer axis.
  bool portable = false;
  /// Run-time tables of the innermost axis get the direct passes of
  /// kRuntimeRunRatios.
  bool runtimeRatios = true;
};

/// One axis of the plan.
struct AxisPlan {
  TableOrigin origin = TableOrigin::Runtime;
  /// Constant and Identity: the table the compiler built.
  std::optional<rules::AxisTable> table;
  /// Constant (not portable): its affine tap run, if any.
  std::optional<rules::AffineTapRun> run;
};

struct LoweringPlan {
  /// One per op axis, in the op's order.
  llvm::SmallVector<AxisPlan> axes;
  ResizeFacts facts;
  ResizePlan resize;
};

/// The plan for `problem` on `target`: constant tables where everything is
/// static and the table fits useConstantTable, otherwise run-time ones.
LoweringPlan planLowering(const rules::ResizeProblem &problem,
                          const LoweringTarget &target);

/// The plan with the table source of axis i pinned to `tables[i]` where it
/// is set (`tables` empty: nothing pinned). A source the problem or the
/// target cannot carry out is reported through `emitError`.
FailureOr<LoweringPlan>
planLowering(const rules::ResizeProblem &problem, const LoweringTarget &target,
             ArrayRef<std::optional<TableOrigin>> tables,
             llvm::function_ref<InFlightDiagnostic()> emitError);

/// The plan as a dictionary attribute (what --interp-annotate-plans
/// prints): `tables`, `taps` (-1: known at run time), `kind`, and the
/// fields of `kind` (`order`, `direct_axes`, `peeled`, `fuse_outer_axis`,
/// `ratios`, `store_every_pass`, `order_at_run_time`, and the passes with
/// a form of their own: `channel_vector`, `row_tap_loops`, `flat_rows`).
DictionaryAttr planToAttr(MLIRContext *context, const LoweringPlan &plan);

/// The plan with the parts `pinned` names fixed (an `interp.plan`
/// attribute written by a user or another compiler): `tables` (a source per
/// axis), then `kind` (only "separable" or "nearest_gather", or the kind
/// the planner chooses anyway), `order` (a permutation of the axes that
/// have a pass), and `channel_vector` and `flat_rows` (some of the passes
/// the planner gives that form). Entries the plan does not have, and pins the problem or
/// the target cannot carry out, are errors.
FailureOr<LoweringPlan>
pinPlan(DictionaryAttr pinned, const rules::ResizeProblem &problem,
        const LoweringTarget &target,
        llvm::function_ref<InFlightDiagnostic()> emitError);

/// The plan of `op`: pinned by its `interp.plan` attribute when it has
/// one (errors are reported on `op`), the planner's otherwise.
FailureOr<LoweringPlan> planFor(Operation *op,
                                const rules::ResizeProblem &problem,
                                const LoweringTarget &target);

} // namespace mlir::interp

#endif // INTERP_CONVERSION_INTERPTOLINALG_LOWERINGPLAN_H
