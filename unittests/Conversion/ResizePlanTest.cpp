//===- ResizePlanTest.cpp - the lowering's strategy, decision by decision -===//
//
// planResize is a pure function of the facts about an op's tables; these
// tests pin each of its decisions on the workloads that motivated them
// (docs/Design.md) and on the edges between strategies.
//
//===----------------------------------------------------------------------===//

#include "interp/Conversion/InterpToLinalg/ResizePlan.h"

#include <gtest/gtest.h>

using namespace mlir::interp;
using Kind = ResizePlan::Kind;

namespace {

/// An axis with a constant table of `taps` taps along `dim`.
AxisFacts constantAxis(int64_t dim, int64_t taps, bool run = false) {
  AxisFacts axis;
  axis.dim = dim;
  axis.taps = taps;
  axis.constantTable = true;
  axis.hasRun = axis.directRun = run;
  return axis;
}

/// An axis whose table the runtime builds, with a static tap count or not.
AxisFacts runtimeAxis(int64_t dim, std::optional<int64_t> taps) {
  AxisFacts axis;
  axis.dim = dim;
  axis.taps = taps;
  return axis;
}

ResizeFacts factsFor(std::vector<int64_t> in, std::vector<int64_t> out,
                     std::vector<AxisFacts> axes, bool converts = false) {
  ResizeFacts facts;
  facts.rank = in.size();
  facts.convertsElements = converts;
  for (int64_t d : in)
    facts.inSizes.push_back(d < 0 ? std::nullopt : std::optional(d));
  for (int64_t d : out)
    facts.outSizes.push_back(d < 0 ? std::nullopt : std::optional(d));
  facts.axes.assign(axes.begin(), axes.end());
  // What factsOf computes: the input inside the outermost resized axis, in
  // f32.
  int64_t outer = facts.rank;
  for (const AxisFacts &axis : axes)
    outer = std::min(outer, axis.dim);
  int64_t bytes = 4;
  for (int64_t d = outer + 1; d < facts.rank; ++d) {
    if (in[d] < 0)
      return facts;
    bytes *= in[d];
  }
  facts.outerSlabBytes = bytes;
  return facts;
}

TEST(ResizePlan, NearestCopiesWhenEveryAxisIsAffine) {
  ResizeFacts facts =
      factsFor({1, 3, 540, 960}, {1, 3, 1080, 1920},
               {constantAxis(2, 1, true), constantAxis(3, 1, true)});
  facts.nearest = true;
  facts.axes[0].runCoversAxis = facts.axes[1].runCoversAxis = true;
  EXPECT_EQ(planResize(facts).kind, Kind::NearestCopy);
  facts.axes[1].runCoversAxis = false;
  EXPECT_EQ(planResize(facts).kind, Kind::NearestGather);
  // Identity axes do not count.
  facts.axes[1].identity = true;
  EXPECT_EQ(planResize(facts).kind, Kind::NearestCopy);
}

TEST(ResizePlan, TwoLinearAxesAreOneDirectPass) {
  // W1 in f32: x2 on H and W, 4 combinations per output.
  ResizePlan plan = planResize(
      factsFor({1, 3, 540, 960}, {1, 3, 1080, 1920},
               {constantAxis(2, 2, true), constantAxis(3, 2, true)}));
  EXPECT_EQ(plan.kind, Kind::Direct);
  EXPECT_EQ(plan.peeled, 0u);
  EXPECT_FALSE(plan.fuseOuterAxis);
  EXPECT_EQ(plan.directAxes, (llvm::SmallVector<size_t>{0, 1}));
}

TEST(ResizePlan, DirectAxesGoOutermostFirst) {
  ResizePlan plan = planResize(
      factsFor({1, 3, 540, 960}, {1, 3, 1080, 1920},
               {constantAxis(3, 2, true), constantAxis(2, 2, true)}));
  EXPECT_EQ(plan.directAxes, (llvm::SmallVector<size_t>{1, 0}));
}

TEST(ResizePlan, ConvertedDataFusesTheOuterAxisWhenThatReadsLess) {
  // W1 in ui8 (x2): fused 960 x 2 + 1920 x 2 < 1920 x 4 reads.
  ResizePlan up =
      planResize(factsFor({1, 3, 540, 960}, {1, 3, 1080, 1920},
                          {constantAxis(2, 2, true), constantAxis(3, 2, true)},
                          /*converts=*/true));
  EXPECT_EQ(up.kind, Kind::Direct);
  EXPECT_EQ(up.peeled, 1u);
  EXPECT_TRUE(up.fuseOuterAxis);
  // W2's 1920 -> 224 would read more fused: direct.
  ResizePlan down =
      planResize(factsFor({1, 3, 1080, 1920}, {1, 3, 224, 224},
                          {constantAxis(2, 2), constantAxis(3, 2)},
                          /*converts=*/true));
  EXPECT_EQ(down.kind, Kind::Direct);
  EXPECT_EQ(down.peeled, 0u);
  // Unknown inner lengths do not fuse.
  ResizePlan unknown =
      planResize(factsFor({1, 3, 540, -1}, {1, 3, 1080, -1},
                          {constantAxis(2, 2, true), constantAxis(3, 2, true)},
                          /*converts=*/true));
  EXPECT_EQ(unknown.peeled, 0u);
}

TEST(ResizePlan, AGatheringInnermostAxisFusesTheOuterAxisToo) {
  // fmap_linear: f32, align_corners 128x256 -> 512x1024. The W table
  // (ratio 255/1023) has no affine run, so every tap is a gather: fused,
  // 256 x 2 + 1024 x 2 reads per row instead of 1024 x 4 gathers.
  ResizePlan gathering =
      planResize(factsFor({8, 19, 128, 256}, {8, 19, 512, 1024},
                          {constantAxis(2, 2), constantAxis(3, 2)}));
  EXPECT_EQ(gathering.kind, Kind::Direct);
  EXPECT_EQ(gathering.peeled, 1u);
  EXPECT_TRUE(gathering.fuseOuterAxis);
  // W1 in f32: the W axis has its run; plain loads, no fusion.
  ResizePlan affine = planResize(
      factsFor({1, 3, 540, 960}, {1, 3, 1080, 1920},
               {constantAxis(2, 2, true), constantAxis(3, 2, true)}));
  EXPECT_EQ(affine.peeled, 0u);
  EXPECT_FALSE(affine.fuseOuterAxis);
}

TEST(ResizePlan, ThreeLinearAxesFuseTheOutermost) {
  // W6: x2 on three axes, 8 combinations; the 64 x 64 slab is 16 KB.
  ResizePlan plan =
      planResize(factsFor({1, 2, 64, 64, 64}, {1, 2, 128, 128, 128},
                          {constantAxis(2, 2, true), constantAxis(3, 2, true),
                           constantAxis(4, 2, true)}));
  EXPECT_EQ(plan.kind, Kind::Direct);
  EXPECT_EQ(plan.peeled, 1u);
  EXPECT_TRUE(plan.fuseOuterAxis);
}

TEST(ResizePlan, SlabsBeyondTheScratchBudgetAreNotFused) {
  // A 256 x 256 f32 slab is 256 KB: the outer axis is a separable pass.
  ResizePlan plan =
      planResize(factsFor({1, 1, 64, 256, 256}, {1, 1, 128, 512, 512},
                          {constantAxis(2, 2, true), constantAxis(3, 2, true),
                           constantAxis(4, 2, true)}));
  EXPECT_EQ(plan.kind, Kind::Direct);
  EXPECT_EQ(plan.peeled, 1u);
  EXPECT_FALSE(plan.fuseOuterAxis);
  // And converted data does not peel just to fuse.
  ResizePlan ui8 =
      planResize(factsFor({1, 1, 64, 1 << 15}, {1, 1, 128, 1 << 16},
                          {constantAxis(2, 2, true), constantAxis(3, 2, true)},
                          /*converts=*/true));
  EXPECT_EQ(ui8.peeled, 0u);
}

TEST(ResizePlan, CubicOnTwoAxesIsSeparableShrinkingFirst) {
  // 16 combinations: separable. H shrinks (x0.5), W grows (x2): H first.
  ResizePlan plan =
      planResize(factsFor({1, 1, 200, 100}, {1, 1, 100, 200},
                          {constantAxis(3, 4), constantAxis(2, 4)}));
  EXPECT_EQ(plan.kind, Kind::Separable);
  EXPECT_EQ(plan.separableOrder, (llvm::SmallVector<size_t>{1, 0}));
}

TEST(ResizePlan, AGatheringInnermostAxisRunsWhileTheTensorIsSmall) {
  // Both grow x2; the innermost one gathers (no affine run) and costs
  // kGatherPenalty more per element: it goes first, on the smaller tensor.
  ResizeFacts facts = factsFor({1, 1, 100, 100}, {1, 1, 200, 200},
                               {constantAxis(2, 4), constantAxis(3, 4)});
  EXPECT_EQ(planResize(facts).separableOrder,
            (llvm::SmallVector<size_t>{1, 0}));
  // With an affine run it no longer gathers; the order of the axes
  // themselves decides between equal costs.
  facts.axes[1].hasRun = true;
  EXPECT_EQ(planResize(facts).separableOrder,
            (llvm::SmallVector<size_t>{0, 1}));
}

TEST(ResizePlan, WOfAnNHWCImageGathersToo) {
  // img_aa: 1080x1920x3 -> 224x224x3 (antialiased, 10 taps along H, 18
  // along W). W has C = 3 elements inside it, fewer than a vector: its taps
  // are scalar reads, so W runs last, on the 224 rows H left (W first
  // would gather 1080 x 224 x 3 x 18 taps).
  ResizeFacts facts =
      factsFor({1, 1080, 1920, 3}, {1, 224, 224, 3},
               {constantAxis(1, 10), constantAxis(2, 18)}, true);
  EXPECT_EQ(planResize(facts).separableOrder,
            (llvm::SmallVector<size_t>{0, 1}));
  // With 64 channels inside W its taps are vector rows: the cheaper pass
  // by element count, W (it shrinks more), goes first.
  facts = factsFor({1, 1080, 1920, 64}, {1, 224, 224, 64},
                   {constantAxis(1, 10), constantAxis(2, 18)}, true);
  EXPECT_EQ(planResize(facts).separableOrder,
            (llvm::SmallVector<size_t>{1, 0}));
}

TEST(ResizePlan, RuntimeTablesTryTheSpecializedRatios) {
  ResizeFacts facts = factsFor({1, 3, -1, -1}, {1, 3, -1, -1},
                               {runtimeAxis(2, 2), runtimeAxis(3, 2)});
  ResizePlan plan = planResize(facts);
  EXPECT_EQ(plan.kind, Kind::RuntimeRatios);
  ASSERT_EQ(plan.ratios.size(), 2u);
  EXPECT_EQ(plan.ratios[0], (std::pair<int64_t, int64_t>{2, 1}));
  EXPECT_EQ(plan.ratios[1], (std::pair<int64_t, int64_t>{1, 2}));
  EXPECT_EQ(plan.separableOrder.size(), 2u);
  // Without the option: separable.
  facts.runtimeRatios = false;
  EXPECT_EQ(planResize(facts).kind, Kind::Separable);
}

TEST(ResizePlan, AStaticOutputShorterThanAPeriodSkipsThatRatio) {
  ResizeFacts facts = factsFor({1, -1}, {1, 1}, {runtimeAxis(1, 2)});
  ResizePlan plan = planResize(facts);
  EXPECT_EQ(plan.kind, Kind::RuntimeRatios);
  ASSERT_EQ(plan.ratios.size(), 1u);
  EXPECT_EQ(plan.ratios[0], (std::pair<int64_t, int64_t>{1, 2}));
}

TEST(ResizePlan, RunTimeTapCountsAreSeparable) {
  // linear with antialias or area at run time.
  ResizePlan plan =
      planResize(factsFor({1, -1}, {1, -1}, {runtimeAxis(1, std::nullopt)}));
  EXPECT_EQ(plan.kind, Kind::Separable);
}

TEST(ResizePlan, AConstantInnermostRunAllowsRuntimeOuterTables) {
  // The innermost axis does not gather (constant table with a run), so the
  // direct pass takes the outer run-time table too.
  ResizePlan plan =
      planResize(factsFor({1, -1, 960}, {1, -1, 1920},
                          {runtimeAxis(1, 2), constantAxis(2, 2, true)}));
  EXPECT_EQ(plan.kind, Kind::Direct);
}

TEST(ResizePlan, ConstantTableBudget) {
  EXPECT_TRUE(useConstantTable(1920, 2));
  EXPECT_TRUE(useConstantTable(kMaxConstantTableEntries / 4, 4));
  EXPECT_FALSE(useConstantTable(kMaxConstantTableEntries / 4 + 1, 4));
  EXPECT_FALSE(useConstantTable(int64_t(1) << 31, 1));
}

TEST(ResizePlan, UnrolledTaps) {
  EXPECT_TRUE(unrollsTaps(4, false));
  EXPECT_TRUE(unrollsTaps(kMaxUnrolledTaps, false));
  EXPECT_FALSE(unrollsTaps(kMaxUnrolledTaps + 1, false));
  EXPECT_FALSE(unrollsTaps(std::nullopt, false));
}

// Along the last dimension a tap loop takes over sooner: its output loop is
// the innermost one, which the unroll-jam pass gives several accumulators.
TEST(ResizePlan, UnrolledTapsAlongTheLastAxis) {
  EXPECT_LT(kMaxUnrolledLastAxisTaps, kMaxUnrolledTaps);
  EXPECT_TRUE(unrollsTaps(kMaxUnrolledLastAxisTaps, true));
  EXPECT_FALSE(unrollsTaps(kMaxUnrolledLastAxisTaps + 1, true));
  EXPECT_TRUE(unrollsTaps(kMaxUnrolledLastAxisTaps + 1, false));
  EXPECT_FALSE(unrollsTaps(std::nullopt, true));
}

TEST(ResizePlan, RunTimeTapLoopsAlongOuterAxesRunPerRow) {
  // A Pillow filter with run-time sizes on an HWC image: W first (its
  // row of 3 channels is too short), then H over rows of W x 3 outputs.
  ResizeFacts hwc =
      factsFor({-1, -1, 3}, {-1, -1, 3},
               {runtimeAxis(0, std::nullopt), runtimeAxis(1, std::nullopt)});
  ResizePlan plan = planResize(hwc);
  ASSERT_EQ(plan.kind, Kind::Separable);
  EXPECT_EQ(plan.rowTapLoopPasses, (llvm::SmallVector<size_t>{0}));
  EXPECT_FALSE(rowTapLoopPass(hwc, plan.separableOrder, 1));
  // NCHW: H's rows are W long; W is the last axis.
  ResizeFacts nchw =
      factsFor({1, 3, -1, -1}, {1, 3, -1, -1},
               {runtimeAxis(2, std::nullopt), runtimeAxis(3, std::nullopt)});
  EXPECT_TRUE(rowTapLoopPass(nchw, {1, 0}, 0));
  EXPECT_FALSE(rowTapLoopPass(nchw, {1, 0}, 1));
  // Static rows: the lengths the pass sees, resized by an earlier pass or
  // not, against kMinRowTapLoopElements.
  ResizeFacts rows =
      factsFor({40, 8}, {10, 2},
               {runtimeAxis(0, std::nullopt), runtimeAxis(1, std::nullopt)});
  EXPECT_FALSE(rowTapLoopPass(rows, {1, 0}, 0)); // rows of 2
  EXPECT_FALSE(rowTapLoopPass(rows, {0, 1}, 0)); // rows of 8
  ResizeFacts longRows =
      factsFor({40, 16}, {10, 2},
               {runtimeAxis(0, std::nullopt), runtimeAxis(1, std::nullopt)});
  EXPECT_TRUE(rowTapLoopPass(longRows, {0, 1}, 0));  // rows of 16
  EXPECT_FALSE(rowTapLoopPass(longRows, {1, 0}, 0)); // rows of 2
  // Unrolled taps have no loop to move.
  ResizeFacts unrolled = factsFor({40, -1}, {10, -1}, {runtimeAxis(0, 4)});
  EXPECT_FALSE(rowTapLoopPass(unrolled, {0}, 0));
  ResizeFacts many =
      factsFor({400, -1}, {10, -1}, {runtimeAxis(0, kMaxUnrolledTaps + 1)});
  EXPECT_TRUE(rowTapLoopPass(many, {0}, 0));
  // Portable linalg keeps the loop per output.
  many.vectorCode = false;
  EXPECT_FALSE(rowTapLoopPass(many, {0}, 0));
}

TEST(ResizePlan, UnrolledTapsAlongOuterAxesRunOverFlatRows) {
  // NHWC: H (unrolled taps) has W and C inside it; W has C alone.
  ResizeFacts nhwc = factsFor({1, 64, 64, 3}, {1, 16, 16, 3},
                              {constantAxis(1, 10), constantAxis(2, 10)});
  ResizePlan plan = planResize(nhwc);
  ASSERT_EQ(plan.kind, Kind::Separable);
  EXPECT_EQ(plan.flatRowPasses, (llvm::SmallVector<size_t>{0}));
  EXPECT_FALSE(flatRowsPass(nhwc, plan.separableOrder, 1));
  // NCHW: H has W alone inside it.
  ResizeFacts nchw = factsFor({1, 3, 64, 64}, {1, 3, 16, 16},
                              {constantAxis(2, 10), constantAxis(3, 10)});
  EXPECT_FALSE(flatRowsPass(nchw, {0, 1}, 0));
  // Dynamic lengths inside the axis as the pass sees them: one at most.
  ResizeFacts dynamic = factsFor({1, 64, -1, -1}, {1, 16, 16, -1},
                                 {runtimeAxis(1, 10), runtimeAxis(2, 10)});
  EXPECT_FALSE(flatRowsPass(dynamic, {0, 1}, 0)); // W and C dynamic
  EXPECT_TRUE(flatRowsPass(dynamic, {1, 0}, 0));  // W resized to 16 first
  // Tap loops take the row form instead; portable linalg neither.
  ResizeFacts many = factsFor({1, 400, 8, 3}, {1, 10, 8, 3},
                              {constantAxis(1, kMaxUnrolledTaps + 1)});
  EXPECT_FALSE(flatRowsPass(many, {0}, 0));
  nhwc.vectorCode = false;
  EXPECT_FALSE(flatRowsPass(nhwc, {0, 1}, 0));
}

} // namespace
