//===- PlanAttribute.cpp - a lowering plan as an `interp.plan` attribute -===//
//
// The printed plan and the pinned one are the same dictionary: what
// --interp-annotate-plans prints, put back on the op, pins the plan it
// describes.
//
//===----------------------------------------------------------------------===//

#include "interp/Conversion/InterpToLinalg/LoweringPlan.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::interp;
using rules::ResizeProblem;

static llvm::StringRef stringifyKind(ResizePlan::Kind kind) {
  switch (kind) {
  case ResizePlan::Kind::NearestCopy:
    return "nearest_copy";
  case ResizePlan::Kind::NearestGather:
    return "nearest_gather";
  case ResizePlan::Kind::Direct:
    return "direct";
  case ResizePlan::Kind::RuntimeRatios:
    return "runtime_ratios";
  case ResizePlan::Kind::Separable:
    return "separable";
  }
  return "";
}

static ArrayAttr indexArray(Builder &b, ArrayRef<size_t> values) {
  return b.getI64ArrayAttr(llvm::to_vector(llvm::map_range(
      values, [](size_t v) { return static_cast<int64_t>(v); })));
}

DictionaryAttr interp::planToAttr(MLIRContext *context,
                                  const LoweringPlan &plan) {
  Builder b(context);
  SmallVector<NamedAttribute> entries;
  SmallVector<Attribute> tables;
  SmallVector<int64_t> taps;
  for (auto [axis, facts] : llvm::zip_equal(plan.axes, plan.facts.axes)) {
    tables.push_back(b.getStringAttr(stringifyTableOrigin(axis.origin)));
    taps.push_back(facts.identity ? 0 : facts.taps.value_or(-1));
  }
  entries.push_back(b.getNamedAttr("tables", b.getArrayAttr(tables)));
  entries.push_back(b.getNamedAttr("taps", b.getI64ArrayAttr(taps)));
  const ResizePlan &r = plan.resize;
  entries.push_back(
      b.getNamedAttr("kind", b.getStringAttr(stringifyKind(r.kind))));
  switch (r.kind) {
  case ResizePlan::Kind::Direct:
    entries.push_back(
        b.getNamedAttr("direct_axes", indexArray(b, r.directAxes)));
    entries.push_back(b.getNamedAttr(
        "peeled", b.getI64IntegerAttr(static_cast<int64_t>(r.peeled))));
    entries.push_back(
        b.getNamedAttr("fuse_outer_axis", b.getBoolAttr(r.fuseOuterAxis)));
    break;
  case ResizePlan::Kind::RuntimeRatios: {
    SmallVector<Attribute> ratios;
    for (auto [period, step] : r.ratios)
      ratios.push_back(b.getI64ArrayAttr({period, step}));
    entries.push_back(b.getNamedAttr("ratios", b.getArrayAttr(ratios)));
    entries.push_back(b.getNamedAttr("order", indexArray(b, r.separableOrder)));
    break;
  }
  case ResizePlan::Kind::Separable:
    entries.push_back(b.getNamedAttr("order", indexArray(b, r.separableOrder)));
    entries.push_back(
        b.getNamedAttr("store_every_pass", b.getBoolAttr(r.storeEveryPass)));
    if (r.orderAtRunTime)
      entries.push_back(
          b.getNamedAttr("order_at_run_time", b.getBoolAttr(true)));
    if (!r.channelVectorPasses.empty())
      entries.push_back(b.getNamedAttr("channel_vector",
                                       indexArray(b, r.channelVectorPasses)));
    if (!r.rowTapLoopPasses.empty())
      entries.push_back(
          b.getNamedAttr("row_tap_loops", indexArray(b, r.rowTapLoopPasses)));
    if (!r.flatRowPasses.empty())
      entries.push_back(
          b.getNamedAttr("flat_rows", indexArray(b, r.flatRowPasses)));
    break;
  default:
    break;
  }
  return b.getDictionaryAttr(entries);
}

/// Pins the passes named `name` on `plan` to some of those the planner
/// chose (`chosen`; an empty list: none, e.g. to compare the generic form).
static LogicalResult
pinPassSubset(StringRef name, Attribute attr, SmallVector<size_t> &chosen,
              llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto array = dyn_cast<ArrayAttr>(attr);
  SmallVector<size_t> pinned;
  for (Attribute entry : array ? array.getValue() : ArrayRef<Attribute>()) {
    auto position = dyn_cast<IntegerAttr>(entry);
    if (!position || position.getValue().isNegative() ||
        !llvm::is_contained(chosen, position.getValue().getZExtValue()) ||
        llvm::is_contained(pinned, position.getValue().getZExtValue())) {
      array = nullptr;
      break;
    }
    pinned.push_back(position.getValue().getZExtValue());
  }
  if (!array) {
    Builder b(attr.getContext());
    InFlightDiagnostic diag = emitError();
    diag << "plan: '" << name
         << "' must list distinct axis positions among those the planner "
            "chose for it ("
         << indexArray(b, chosen) << "); got " << attr;
    return failure();
  }
  chosen = std::move(pinned);
  return success();
}

/// The table sources `pinned` names (empty when it names none).
static FailureOr<SmallVector<std::optional<TableOrigin>>>
pinnedTables(DictionaryAttr pinned, size_t numAxes,
             llvm::function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<std::optional<TableOrigin>> sources;
  Attribute attr = pinned.get("tables");
  if (!attr)
    return sources;
  auto array = dyn_cast<ArrayAttr>(attr);
  if (!array || array.size() != numAxes) {
    emitError() << "plan: 'tables' must be an array of " << numAxes
                << " strings (one per axis)";
    return failure();
  }
  for (Attribute entry : array) {
    auto name = dyn_cast<StringAttr>(entry);
    std::optional<TableOrigin> source =
        name ? symbolizeTableOrigin(name.getValue()) : std::nullopt;
    if (!source) {
      emitError() << "plan: a table source is one of \"identity\", "
                     "\"constant\", \"runtime\", \"computed\"; got "
                  << entry;
      return failure();
    }
    sources.push_back(source);
  }
  return sources;
}

/// Pins `kind` on `plan`: the planner's own choice, or a separable plan
/// (not for nearest, whose tables have no weights), or nearest's gather.
static LogicalResult
pinKind(Attribute attr, LoweringPlan &plan,
        llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto name = dyn_cast<StringAttr>(attr);
  ResizePlan &r = plan.resize;
  if (name && name.getValue() == stringifyKind(r.kind))
    return success();
  ResizePlan pinned;
  if (name && name.getValue() == "separable" && !plan.facts.nearest) {
    pinned.kind = ResizePlan::Kind::Separable;
    pinned.separableOrder = orderSeparablePasses(plan.facts);
    pinned.storeEveryPass = plan.facts.pillow && plan.facts.integerElements;
  } else if (name && name.getValue() == "nearest_gather" &&
             plan.facts.nearest) {
    pinned.kind = ResizePlan::Kind::NearestGather;
  } else {
    emitError() << "plan: 'kind' " << attr
                << " cannot be pinned here: the planner's choice is \""
                << stringifyKind(r.kind) << "\", and the kinds that may "
                << (plan.facts.nearest ? "replace it are \"nearest_gather\""
                                       : "replace it are \"separable\"");
    return failure();
  }
  r = pinned;
  return success();
}

/// Pins the separable pass order: a permutation of the axes with a pass.
static LogicalResult
pinOrder(Attribute attr, LoweringPlan &plan,
         llvm::function_ref<InFlightDiagnostic()> emitError) {
  ResizePlan &r = plan.resize;
  if (r.kind != ResizePlan::Kind::Separable &&
      r.kind != ResizePlan::Kind::RuntimeRatios) {
    emitError() << "plan: 'order' applies to kind \"separable\" or "
                   "\"runtime_ratios\", not \""
                << stringifyKind(r.kind) << "\"";
    return failure();
  }
  if (plan.facts.pillow && plan.facts.integerElements) {
    emitError() << "plan: the pass order of a Pillow mode on integer data is "
                   "part of its semantics (every pass stores) and cannot be "
                   "pinned";
    return failure();
  }
  SmallVector<size_t> order;
  auto array = dyn_cast<ArrayAttr>(attr);
  for (Attribute entry : array ? array.getValue() : ArrayRef<Attribute>()) {
    auto value = dyn_cast<IntegerAttr>(entry);
    if (!value || value.getInt() < 0)
      break;
    order.push_back(static_cast<size_t>(value.getInt()));
  }
  SmallVector<size_t> expected = r.separableOrder, sorted = order;
  llvm::sort(expected);
  llvm::sort(sorted);
  if (!array || sorted != expected) {
    Builder b(attr.getContext());
    emitError() << "plan: 'order' must be a permutation of the positions of "
                   "the axes that have a pass, "
                << indexArray(b, expected);
    return failure();
  }
  r.separableOrder = order;
  return success();
}

FailureOr<LoweringPlan>
interp::pinPlan(DictionaryAttr pinned, const ResizeProblem &problem,
                const LoweringTarget &target,
                llvm::function_ref<InFlightDiagnostic()> emitError) {
  static const llvm::StringLiteral known[] = {"tables",
                                              "taps",
                                              "kind",
                                              "order",
                                              "direct_axes",
                                              "peeled",
                                              "ratios",
                                              "fuse_outer_axis",
                                              "store_every_pass",
                                              "order_at_run_time",
                                              "channel_vector",
                                              "row_tap_loops",
                                              "flat_rows"};
  for (NamedAttribute entry : pinned)
    if (!llvm::is_contained(known, entry.getName().getValue())) {
      emitError() << "plan: unknown entry '" << entry.getName().getValue()
                  << "' (known: tables, taps, kind, order, direct_axes, "
                     "peeled, ratios, fuse_outer_axis, store_every_pass, "
                     "order_at_run_time, channel_vector, row_tap_loops, "
                     "flat_rows)";
      return failure();
    }
  FailureOr<SmallVector<std::optional<TableOrigin>>> sources =
      pinnedTables(pinned, problem.axes.size(), emitError);
  if (failed(sources))
    return failure();
  // The planner's choice with these tables, then the pinned strategy.
  FailureOr<LoweringPlan> plan =
      planLowering(problem, target, *sources, emitError);
  if (failed(plan))
    return failure();
  if (Attribute kind = pinned.get("kind"))
    if (failed(pinKind(kind, *plan, emitError)))
      return failure();
  if (Attribute order = pinned.get("order"))
    if (failed(pinOrder(order, *plan, emitError)))
      return failure();
  // The row forms follow the pinned kind and order.
  planRowForms(plan->facts, plan->resize);
  // Subsets of the planner's choices.
  static const llvm::StringLiteral subsets[] = {"channel_vector", "flat_rows"};
  for (StringRef name : subsets) {
    Attribute attr = pinned.get(name);
    SmallVector<size_t> &chosen = name == "channel_vector"
                                      ? plan->resize.channelVectorPasses
                                      : plan->resize.flatRowPasses;
    if (attr && failed(pinPassSubset(name, attr, chosen, emitError)))
      return failure();
  }
  // The derived entries, when given, must be what the plan derives: the
  // printed plan pins itself.
  DictionaryAttr derived = planToAttr(pinned.getContext(), *plan);
  for (NamedAttribute entry : pinned) {
    if (llvm::is_contained(subsets, entry.getName().getValue()))
      continue;
    Attribute value = derived.get(entry.getName());
    if (value == entry.getValue())
      continue;
    InFlightDiagnostic diag = emitError();
    diag << "plan: '" << entry.getName().getValue() << "' ";
    if (value)
      diag << "follows from the rest of the plan as " << value;
    else
      diag << "is not part of a plan of kind " << derived.get("kind");
    diag << "; got " << entry.getValue();
    return failure();
  }
  return plan;
}

FailureOr<LoweringPlan> interp::planFor(Operation *op,
                                        const ResizeProblem &problem,
                                        const LoweringTarget &target) {
  Attribute attr = op->getAttr(kPlanAttrName);
  if (!attr)
    return planLowering(problem, target);
  auto emitError = [&] { return op->emitOpError(); };
  auto pinned = dyn_cast<DictionaryAttr>(attr);
  if (!pinned) {
    emitError() << "plan: '" << kPlanAttrName << "' must be a dictionary; got "
                << attr;
    return failure();
  }
  return pinPlan(pinned, problem, target, emitError);
}
