//===- ResizePlan.h - how the lowering computes one resize ------*- C++ -*-===//
//
// The strategy of --convert-interp-to-linalg as a value: planResize is a
// pure function from what is known about an op's per-axis tables (tap
// counts, constant or run-time, affine tap runs, static lengths, element
// conversion) to how the op is computed. The IR builders only carry the
// plan out; docs/Design.md explains each strategy, benchmarks/LOG.md holds
// the measurements behind the thresholds below, which live here and nowhere
// else.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_CONVERSION_INTERPTOLINALG_RESIZEPLAN_H
#define INTERP_CONVERSION_INTERPTOLINALG_RESIZEPLAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

namespace mlir::interp {

/// Resized axes whose tap counts multiply to at most this many are summed
/// per output element by one direct pass (after the outer axes beyond
/// kMaxDirectCombinations) instead of separable passes throughout.
inline constexpr int64_t kMaxDirectTaps = 8;

/// Tap combinations one direct pass sums per output element at most when
/// there are more resized axes: beyond it, the arithmetic per output costs
/// more than computing the outer axis first into a slab that stays in cache
/// (a fused outer axis).
inline constexpr int64_t kMaxDirectCombinations = 4;

/// The parallel tasks a fused outer axis is split into at least (as far as
/// it has outputs): enough for a few threads to balance, few enough that
/// each task's scratch allocation does not count.
inline constexpr int64_t kFusedAxisTasks = 64;

/// The scratch slab of a fused outer axis lives on the stack of the thread
/// computing a task (an allocation inside a parallel loop could not return
/// when it fails): at most this many bytes, and a slab this small stays in
/// cache between its write and its reads. Larger slabs are not fused.
inline constexpr int64_t kMaxScratchBytes = 64 * 1024;

/// Taps up to this many are unrolled into a pass's body; beyond, and for
/// run-time tap counts, the body loops over the taps.
inline constexpr int64_t kMaxUnrolledTaps = 32;

/// How much more a separable pass along the innermost (contiguous) axis
/// costs per element when it gathers (no affine tap run).
inline constexpr double kGatherPenalty = 4.0;

/// A pass gathers when fewer elements than this lie inside its axis (the
/// product of the later dimensions' lengths): along W of NCHW (1) and of
/// NHWC (C = 3) its taps are scalar reads, not vector rows.
inline constexpr double kMinVectorInnerElements = 16.0;

/// Whether a pass along an axis gathers: no affine tap run, and fewer than
/// kMinVectorInnerElements elements inside the axis. Its taps are then
/// scalar reads, which the plan charges kGatherPenalty for and which read
/// 8-bit data through a table of its values instead of converting each
/// one.
inline bool passGathers(bool hasRun, double innerElements) {
  return !hasRun && innerElements < kMinVectorInnerElements;
}

/// The ratios (period, input step) for which run-time tables of the
/// innermost axis get a direct pass specialized at compile time: x2 up and
/// /2 down, the commonest integer ratios. Each one costs a guarded copy of
/// the direct pass; any other ratio runs the separable passes.
inline constexpr std::pair<int64_t, int64_t> kRuntimeRunRatios[] = {{2, 1},
                                                                    {1, 2}};

/// Table entries (output index x tap) an axis's constant table may have:
/// beyond, the runtime library builds the table when the code runs, so that
/// compile time, compiler memory and the constant data emitted stay bounded
/// whatever the static lengths.
inline constexpr int64_t kMaxConstantTableEntries = int64_t(1) << 18;

/// True when the table of an axis with `outLength` outputs and `taps` taps
/// each is a compile-time constant.
inline bool useConstantTable(int64_t outLength, int64_t taps) {
  return outLength <= kMaxConstantTableEntries / std::max<int64_t>(taps, 1);
}

/// Taps of a pass along the last dimension up to this many are unrolled;
/// beyond, a tap loop sums them: the loop over outputs around it is then
/// the innermost one, and interp-unroll-jam-tap-loops gives a few outputs
/// an accumulator each, where unrolled taps make every output one chain of
/// dependent adds (benchmarks/LOG.md, 2026-12-02, "tap loops along the
/// last axis").
inline constexpr int64_t kMaxUnrolledLastAxisTaps = 16;

/// True when a pass unrolls `taps` (nullopt: known at run time only);
/// `lastAxis`: the pass resizes the last dimension.
inline bool unrollsTaps(std::optional<int64_t> taps, bool lastAxis) {
  return taps &&
         *taps <= (lastAxis ? kMaxUnrolledLastAxisTaps : kMaxUnrolledTaps);
}

/// What planResize knows about one axis of the op.
struct AxisFacts {
  /// The dimension the axis resizes.
  int64_t dim = 0;
  /// The table maps every index to itself: no pass.
  bool identity = false;
  /// The taps per output index, when static.
  std::optional<int64_t> taps;
  /// The table is a compile-time constant.
  bool constantTable = false;
  /// The constant table has an affine tap run (rules::AffineTapRun), and
  /// whether a direct pass can iterate it (a non-negative phase step), and
  /// whether it covers the whole axis (what nearest needs to copy).
  bool hasRun = false;
  bool directRun = false;
  bool runCoversAxis = false;
  /// The constant table reads consecutive positions per output
  /// (rules::consecutiveTaps).
  bool consecutiveTaps = false;
};

/// What planResize knows about the op.
struct ResizeFacts {
  bool nearest = false;
  int64_t rank = 0;
  /// Data elements convert to the accumulator type on every tap read
  /// (integers, f16, bf16).
  bool convertsElements = false;
  /// Run-time tables may get the direct passes of kRuntimeRunRatios.
  bool runtimeRatios = true;
  /// Interpolate-11's Pillow modes: separable passes in the op's axis order
  /// reversed (Pillow's horizontal pass first; on 8-bit data, the order of
  /// Pillow 13.0's rule), each storing integer data into its element type
  /// (docs/Semantics.md, Interpolate-11).
  bool pillow = false;
  /// The data is an integer type.
  bool integerElements = false;
  /// The Pillow modes on 8-bit data in Pillow's arithmetic: Pillow 13.0's
  /// pass order (rules::generic::pillowVerticalFirst). (PyTorch's
  /// arithmetic always runs the horizontal pass first.)
  bool pillowPassOrder = false;
  /// The sums are fixed point (8-bit data in the Pillow modes).
  bool fixedPointSums = false;
  /// The lowering may emit vector-dialect code (not portable).
  bool vectorCode = true;
  /// One per op axis, in the op's order.
  llvm::SmallVector<AxisFacts> axes;
  /// The padded input and the output dimensions, where static.
  llvm::SmallVector<std::optional<int64_t>> inSizes, outSizes;
  /// The bytes of the scratch slab fusing the outermost resized axis would
  /// take (the input's dimensions inside that axis, in the accumulator
  /// type), when static.
  std::optional<int64_t> outerSlabBytes;
};

/// How the op is computed.
struct ResizePlan {
  enum class Kind {
    /// nearest, every resized axis an affine copy (integer ratios).
    NearestCopy,
    /// nearest, gathering through the tables.
    NearestGather,
    /// Static tap counts multiplying to at most kMaxDirectTaps: one direct
    /// pass over `directAxes` from `peeled` on; the first `peeled` of them
    /// come before it: with `fuseOuterAxis`, the first fused with it and
    /// any further one a separable pass inside the fused axis; otherwise
    /// separable passes into full intermediates.
    Direct,
    /// Run-time tables on the innermost axis: for each of `ratios` in turn,
    /// a direct pass over every resized axis guarded by the run the runtime
    /// finds; otherwise the separable passes of `separableOrder`.
    RuntimeRatios,
    /// One pass per resized axis, in `separableOrder`.
    Separable,
  };
  Kind kind = Kind::Separable;
  /// Direct: the resized axes (positions in ResizeFacts::axes), outermost
  /// dimension first.
  llvm::SmallVector<size_t> directAxes;
  size_t peeled = 0;
  bool fuseOuterAxis = false;
  /// RuntimeRatios: (period, input step) pairs.
  llvm::SmallVector<std::pair<int64_t, int64_t>> ratios;
  /// Separable and RuntimeRatios: the pass order (positions in
  /// ResizeFacts::axes; identity axes left out).
  llvm::SmallVector<size_t> separableOrder;
  /// Separable: every pass, not only the last, stores the data's element
  /// type (the Pillow modes on integer data).
  bool storeEveryPass = false;
  /// Separable, the Pillow modes on 8-bit data with lengths known at run
  /// time only: Pillow's rule picks the pass order when the code runs,
  /// `separableOrder` (horizontal first) or its reverse.
  bool orderAtRunTime = false;
  /// Separable, fixed point: the passes (positions in ResizeFacts::axes)
  /// that sum each pixel's channels as one vector (channelVectorPass).
  llvm::SmallVector<size_t> channelVectorPasses;
  /// Separable: the passes (positions in ResizeFacts::axes) whose tap loop
  /// (taps not unrolled) runs once per output row instead of once per
  /// output, over the whole row (rowTapLoopPass).
  llvm::SmallVector<size_t> rowTapLoopPasses;
  /// Separable: the passes (positions in ResizeFacts::axes) with unrolled
  /// taps along an outer dimension with two or more dimensions inside it,
  /// which iterate those dimensions as one run of elements where the
  /// source has them contiguous (flatRowsPass).
  llvm::SmallVector<size_t> flatRowPasses;
};

/// The strategy for an op with these facts.
ResizePlan planResize(const ResizeFacts &facts);

/// A pixel's channels (the innermost dimension's length) that a channel
/// vector holds at most and at least.
inline constexpr int64_t kMaxVectorChannels = 4;
inline constexpr int64_t kMinVectorChannels = 2;

/// Whether the separable pass of axis `i` sums its taps in vectors
/// (ChannelVectorPass.cpp): fixed-point sums along the last dimension (one
/// channel: a row of NCHW) or along the one just outside an innermost
/// dimension that is not resized and holds kMinVectorChannels to
/// kMaxVectorChannels channels (W of an NHWC image), with a constant table
/// of consecutive taps or the run-time table of a Pillow filter (a window).
/// Its generic form reads every tap (and channel) as a scalar.
bool channelVectorPass(const ResizeFacts &facts, size_t i);

/// The inner extent (the dimensions inside a pass's axis) below which a
/// pass along an outer axis keeps the tap loop per output: a row loop over
/// fewer elements would spend its time on loop overhead.
inline constexpr int64_t kMinRowTapLoopElements = 16;

/// Whether the separable pass of axis `i`, in `order`, sums its taps in
/// the row form: outside portable linalg (facts.vectorCode), taps in a loop
/// (not unrolled) along an outer dimension
/// whose inner extent at that pass is dynamic or at least
/// kMinRowTapLoopElements. Each tap's weight and index are then read once
/// per output row and added over the row's contiguous elements (a loop
/// LLVM vectorizes), in the order the per-output loop adds them: the sums
/// are the same.
bool rowTapLoopPass(const ResizeFacts &facts, llvm::ArrayRef<size_t> order,
                    size_t i);

/// Whether the separable pass of axis `i`, in `order`, runs over flat
/// rows: outside portable linalg (facts.vectorCode: the source is read
/// through a buffer), unrolled taps (a direct pass of the axis) along a
/// dimension with two or more dimensions inside it, at most one of them of
/// dynamic length at that pass. Its loop over the inner dimensions then
/// vectorizes over their whole run; otherwise over the innermost dimension
/// alone, which in NHWC is 3 channels.
bool flatRowsPass(const ResizeFacts &facts, llvm::ArrayRef<size_t> order,
                  size_t i);

/// The plan's row forms (rowTapLoopPasses, flatRowPasses) for its kind and
/// pass order, as planResize chooses them.
void planRowForms(const ResizeFacts &facts, ResizePlan &plan);

/// The separable pass order of least estimated work: each pass costs its
/// output elements times its taps (kGatherPenalty more for an axis that
/// gathers: no affine run and fewer than kMinVectorInnerElements elements
/// inside it), so shrinking passes run first and the gathering axis runs
/// while the tensor is small. Unknown lengths count as 64 (input) or as
/// unchanged (output), unknown tap counts as 2.
llvm::SmallVector<size_t> orderSeparablePasses(const ResizeFacts &facts);

} // namespace mlir::interp

#endif // INTERP_CONVERSION_INTERPTOLINALG_RESIZEPLAN_H
