//===- Passes.h - the passes that compute a resize --------------*- C++ -*-===//
//
// The top layer: the IR of the passes over the data (Nearest.cpp,
// DirectPass.cpp, FusedOuterAxis.cpp, SeparablePasses.cpp), the plan carried
// out (Strategy.cpp) and one op lowered from its spec (LowerResize.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_PASSES_H
#define LIB_CONVERSION_INTERPTOLINALG_PASSES_H

#include "Tables.h"

namespace mlir::interp::lowering {

/// One resized axis of a direct pass: its (index, weight) tables for the
/// outputs the pass covers, or an affine tap run of the innermost axis.
struct DirectPassAxis {
  int64_t axis = 0;
  int64_t taps = 0;
  Value indices, weights;
  std::optional<AffineRunOperands> run;
  /// Consecutive taps (rules::ConsecutiveTaps): tap t of output o reads
  /// starts[o] + t, and `indices` is unused.
  Value starts;
  /// Fixed-point sums: the weights' fraction bits (AxisTables).
  Value fractionBits;
};

//===----------------------------------------------------------------------===//
// Nearest.cpp
//===----------------------------------------------------------------------===//

/// nearest: one copying generic, through affine maps (plan kind
/// NearestCopy) or gathering through the tables (NearestGather).
Value buildNearest(OpBuilder &b, Location loc, Value source,
                   ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                   Value init, bool affine);

//===----------------------------------------------------------------------===//
// DirectPass.cpp
//===----------------------------------------------------------------------===//

struct FlatView;

/// One generic summing every tap combination of `axes` into `init`; with
/// `flatRows`, of one outer axis into `init` with the dimensions inside the
/// axis collapsed into one, reading the source through its flat view
/// (where those dimensions are one run of elements).
Value buildDirectPass(OpBuilder &b, Location loc, Value source,
                      ArrayRef<DirectPassAxis> axes, Value init,
                      const ElementTypes &types,
                      const FlatView *flatRows = nullptr);
/// The direct-pass operands of resized axes with constant or run-time
/// tables; the innermost one takes its constant table's affine run, and
/// constant tables without a run over integer data take their consecutive
/// form where they have one.
struct DirectPassInputs {
  SmallVector<DirectPassAxis> axes;
  /// The innermost axis with a constant affine run: its position in `axes`
  /// and its tables.
  std::optional<size_t> runAxis;
  const AxisTables *runTables = nullptr;
};
DirectPassInputs directPassInputs(OpBuilder &b, Location loc,
                                  ArrayRef<int64_t> axes,
                                  ArrayRef<const AxisTables *> tables,
                                  int64_t rank, const ElementTypes &types);
/// Whether a pass over `source` whose taps along `axes` (the axes without
/// an affine run) read it gathers along one of them (passGathers).
bool passGathers(Value source, ArrayRef<int64_t> axes);
/// A direct pass of `inputs` into `init`: with a constant affine run, the
/// run's outputs first and then the clamped edges with their table rows.
Value buildDirectPassWithEdges(OpBuilder &b, Location loc, Value source,
                               const DirectPassInputs &inputs, Value init,
                               const ElementTypes &types);
/// A direct pass whose innermost axis (`runAxis`) has run-time tables with
/// one of `runs` found (the first found one counts): the table pass over
/// [0, first), the run pass of that run over [first, end) and the table
/// pass over [end, L), each into its slice. The two table passes are the
/// same for every run, so they are built once, not once per run.
Value buildDirectPassWithFoundRun(OpBuilder &b, Location loc, Value source,
                                  ArrayRef<DirectPassAxis> axes, size_t runAxis,
                                  ArrayRef<RuntimeRun> runs, Value init,
                                  const ElementTypes &types);

//===----------------------------------------------------------------------===//
// FusedOuterAxis.cpp
//===----------------------------------------------------------------------===//

/// The outer resized `axis` fused with the passes `inner` builds over the
/// dimensions inside it, per output slab in a scratch buffer.
Value buildFusedOuterAxis(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, const ElementTypes &types,
    function_ref<Value(OpBuilder &, Location, Value, Value)> inner);

//===----------------------------------------------------------------------===//
// SeparablePasses.cpp
//===----------------------------------------------------------------------===//

/// How a separable pass along an outer axis iterates the dimensions inside
/// it.
struct RowForms {
  /// A tap loop runs per output row (ResizePlan::rowTapLoopPasses).
  bool tapLoopPerRow = false;
  /// Unrolled taps run over the inner dimensions as one run of elements
  /// where the source has them contiguous (ResizePlan::flatRowPasses).
  bool flatRows = false;
};

/// One separable pass along `axis` into `init` (of the source's shape with
/// the axis resized), in the `forms` the plan chose.
Value buildAxisPass(OpBuilder &b, Location loc, Value source, int64_t axis,
                    const AxisTables &tables, Value init,
                    const ElementTypes &types, RowForms forms = {});
/// Separable passes in `order` (positions in `axes`): intermediate passes
/// accumulate (or, with `storeEveryPass`, store the element type too), the
/// last one stores the element type into `init`. The passes of
/// `channelVector` take the channel-vector form (buildChannelVectorPass),
/// those of `rowTapLoops` sum their tap loops per row and those of
/// `flatRows` run over flat rows (buildAxisPass).
Value buildSeparablePasses(
    OpBuilder &b, Location loc, Value source, ArrayRef<int64_t> axes,
    ArrayRef<AxisTables> tables, ArrayRef<size_t> order,
    ArrayRef<OpFoldResult> outSizes, Value init, const ElementTypes &types,
    bool storeEveryPass = false, ArrayRef<size_t> channelVector = {},
    ArrayRef<size_t> rowTapLoops = {}, ArrayRef<size_t> flatRows = {});

//===----------------------------------------------------------------------===//
// ChannelVectorPass.cpp
//===----------------------------------------------------------------------===//

/// A fixed-point separable pass along `axis`, the dimension just outside
/// the innermost one (interp::channelVectorPass), summing each pixel's
/// channels as one vector where the source's pixels are interleaved
/// (checked on its strides when the code runs) and by `otherLayouts`
/// elsewhere, and wholly by `otherLayouts` where the tables are not
/// constant consecutive taps. `intermediate`: `init` is a tensor between
/// two passes, which bufferizes to an allocation of its own (contiguous
/// rows, so they take vector writes); the op's result may instead become
/// a caller's buffer of any layout (empty-tensor elimination).
Value buildChannelVectorPass(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, bool intermediate,
    const ElementTypes &types,
    function_ref<Value(OpBuilder &, Location)> otherLayouts);

//===----------------------------------------------------------------------===//
// Strategy.cpp: facts in, plan out, plan carried out.
//===----------------------------------------------------------------------===//

/// Computes the op into `init` (of the result's sizes) by `plan`.
Value buildPlannedResize(OpBuilder &b, Location loc, const ResizeSpec &spec,
                         const ResizePlan &plan, Value source,
                         ArrayRef<AxisTables> tables,
                         ArrayRef<OpFoldResult> paddedSizes, Value init,
                         const ElementTypes &types);

//===----------------------------------------------------------------------===//
// LowerResize.cpp: one op, from its spec to its result.
//===----------------------------------------------------------------------===//

/// The whole lowering of one op; returns the result in `resultType`.
Value lowerResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                  Type resultType);

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_PASSES_H
