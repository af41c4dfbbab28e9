//===- FusedOuterAxis.cpp - an outer axis fused with the passes inside ----===//
//
// Above kMaxDirectCombinations tap combinations (three linear axes), or
// when data converted on every tap read makes it read less, the outermost
// resized axis is not summed per output element: each of its outputs first
// combines its taps into a scratch slab that stays in cache, and the passes
// of the inner axes compute the output slab from it.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

namespace {
/// The tasks of the fused axis's scf.forall: the `length` outputs along the
/// axis in `blocks` blocks of `chunk`, times the dimensions before it.
struct TaskSplit {
  Value length, chunk, blocks, tasks;
};

/// The output block one task computes; along the axis, `count` outputs from
/// `start`.
struct TaskBlock {
  SmallVector<OpFoldResult> offsets, sizes;
  Value start, count;
};
} // namespace

/// Blocks of ceil(L / wanted) outputs, at least one each, so that no block
/// is empty; tasks = (dimensions before `axis`) x blocks.
static TaskSplit splitIntoTasks(OpBuilder &b, Location loc,
                                ArrayRef<OpFoldResult> outSizes, int64_t axis) {
  auto indexConst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t outerCount = 1;
  for (int64_t d = 0; d < axis; ++d)
    if (std::optional<int64_t> size = getConstantIntValue(outSizes[d]))
      outerCount *= std::max<int64_t>(*size, 1);
  int64_t wantedBlocks =
      std::max<int64_t>(1, llvm::divideCeil(kFusedAxisTasks, outerCount));
  TaskSplit split;
  split.length = asIndexValue(b, loc, outSizes[axis]);
  split.chunk = b.createOrFold<arith::MaxUIOp>(
      loc, indexConst(1),
      b.createOrFold<arith::CeilDivUIOp>(loc, split.length,
                                         indexConst(wantedBlocks)));
  split.blocks =
      b.createOrFold<arith::CeilDivUIOp>(loc, split.length, split.chunk);
  split.tasks = split.blocks;
  for (int64_t d = 0; d < axis; ++d)
    split.tasks = b.createOrFold<arith::MulIOp>(
        loc, split.tasks, asIndexValue(b, loc, outSizes[d]));
  return split;
}

/// The output block of `task` = (i_0, ..., i_{axis-1}, block), the block
/// fastest.
static TaskBlock taskBlock(OpBuilder &b, Location loc, Value task,
                           const TaskSplit &split,
                           ArrayRef<OpFoldResult> outSizes, int64_t axis) {
  int64_t rank = outSizes.size();
  Value rest = task;
  Value block = b.createOrFold<arith::RemUIOp>(loc, rest, split.blocks);
  rest = b.createOrFold<arith::DivUIOp>(loc, rest, split.blocks);
  TaskBlock result;
  result.offsets.assign(rank, b.getIndexAttr(0));
  result.sizes.assign(outSizes.begin(), outSizes.end());
  for (int64_t d = axis - 1; d >= 0; --d) {
    Value size = asIndexValue(b, loc, outSizes[d]);
    result.offsets[d] =
        getAsOpFoldResult(b.createOrFold<arith::RemUIOp>(loc, rest, size));
    rest = b.createOrFold<arith::DivUIOp>(loc, rest, size);
    result.sizes[d] = b.getIndexAttr(1);
  }
  result.start = b.createOrFold<arith::MulIOp>(loc, block, split.chunk);
  // The last block is shorter unless the blocks divide the axis.
  std::optional<int64_t> staticLength = getConstantIntValue(split.length);
  std::optional<int64_t> staticChunk = getConstantIntValue(split.chunk);
  result.count =
      staticLength && staticChunk && *staticLength % *staticChunk == 0
          ? split.chunk
          : b.createOrFold<arith::MinUIOp>(
                loc, split.chunk,
                b.createOrFold<arith::SubIOp>(loc, split.length, result.start));
  result.offsets[axis] = getAsOpFoldResult(result.start);
  result.sizes[axis] = getAsOpFoldResult(result.count);
  return result;
}

/// A scratch slab of static `sizes` on the task's stack (kMaxScratchBytes
/// bound it; static by the plan): a failing heap allocation could not
/// return from inside a parallel loop. interp-scope-loop-allocas frees it
/// at the end of each task.
static Value allocateScratchSlab(OpBuilder &b, Location loc,
                                 ArrayRef<OpFoldResult> sizes,
                                 FloatType accType) {
  auto slabType = RankedTensorType::get(
      llvm::map_to_vector(
          sizes, [](OpFoldResult size) { return *getConstantIntValue(size); }),
      accType);
  return bufferization::ToTensorOp::create(
      b, loc, slabType,
      memref::AllocaOp::create(b, loc,
                               MemRefType::get(slabType.getShape(), accType)),
      /*restrict=*/true, /*writable=*/true);
}

/// The outer resized `axis` fused with the passes `inner` builds over the
/// dimensions inside it: for each output index o along `axis`, its taps are
/// combined into a slab of the source with `axis` of length 1, and `inner`
/// computes the output's slab at o from it. The slab is written and re-read
/// while in cache, where a separable pass would write and re-read a
/// full-size intermediate. (inner(slab, out) gets tensors of full rank,
/// length 1 along `axis` and the dimensions before it.)
///
/// The outputs along `axis` and the dimensions before it are split into the
/// tasks of a one-dimensional scf.forall (one loop for OpenMP to share),
/// each an scf.for over a block of outputs that reuses one scratch slab.
Value lowering::buildFusedOuterAxis(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, const ElementTypes &types,
    function_ref<Value(OpBuilder &, Location, Value, Value)> inner) {
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  int64_t taps = *tables.staticTaps();
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, init);
  SmallVector<OpFoldResult> sourceSizes = tensor::getMixedSizes(b, loc, source);
  TaskSplit split = splitIntoTasks(b, loc, outSizes, axis);

  auto forall = scf::ForallOp::create(
      b, loc, ArrayRef<OpFoldResult>{getAsOpFoldResult(split.tasks)},
      ValueRange{init}, std::nullopt);
  // The body is built with `b` itself: inside a dialect conversion, ops
  // created by a builder without the rewriter's listener are not recorded,
  // and when the conversion fails and rolls back they are unlinked but never
  // freed (test/Fuzz/regressions/leak-fused-axis-*).
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getBody()->getTerminator());
  OpBuilder &fb = b;
  Value shared = forall.getRegionIterArgs()[0];
  TaskBlock block =
      taskBlock(fb, loc, forall.getInductionVars()[0], split, outSizes, axis);
  SmallVector<OpFoldResult> strides(rank, fb.getIndexAttr(1));

  // The source at the task's outer position, all of `axis` (the table holds
  // absolute indices along it); the output block; one scratch slab.
  SmallVector<OpFoldResult> sourceOffsets(block.offsets),
      slabSizes(sourceSizes);
  sourceOffsets[axis] = fb.getIndexAttr(0);
  for (int64_t d = 0; d < axis; ++d)
    slabSizes[d] = fb.getIndexAttr(1);
  Value sourceSlab = tensor::ExtractSliceOp::create(
      fb, loc, source, sourceOffsets, slabSizes, strides);
  Value outBlock = tensor::ExtractSliceOp::create(
      fb, loc, shared, block.offsets, block.sizes, strides);
  slabSizes[axis] = fb.getIndexAttr(1);
  Value scratch = allocateScratchSlab(fb, loc, slabSizes, types.accumulator);

  auto loop = scf::ForOp::create(
      fb, loc, arith::ConstantIndexOp::create(fb, loc, 0), block.count,
      arith::ConstantIndexOp::create(fb, loc, 1), ValueRange{outBlock, scratch},
      [&](OpBuilder &lb, Location lloc, Value o, ValueRange iter) {
        Value row = arith::AddIOp::create(lb, lloc, block.start, o);
        auto rowOf = [&](Value table) -> Value {
          return tensor::ExtractSliceOp::create(
              lb, lloc, table, ArrayRef<OpFoldResult>{row, lb.getIndexAttr(0)},
              ArrayRef<OpFoldResult>{lb.getIndexAttr(1), lb.getIndexAttr(taps)},
              ArrayRef<OpFoldResult>{lb.getIndexAttr(1), lb.getIndexAttr(1)});
        };
        DirectPassAxis outer;
        outer.axis = axis;
        outer.taps = taps;
        outer.indices = rowOf(tables.indices);
        outer.weights = rowOf(tables.weights);
        Value slab =
            buildDirectPass(lb, lloc, sourceSlab, {outer}, iter[1], types);
        SmallVector<OpFoldResult> rowOffsets(rank, lb.getIndexAttr(0));
        SmallVector<OpFoldResult> rowSizes(block.sizes);
        rowOffsets[axis] = o;
        rowSizes[axis] = lb.getIndexAttr(1);
        Value outRow = tensor::ExtractSliceOp::create(
            lb, lloc, iter[0], rowOffsets, rowSizes, strides);
        Value computed = inner(lb, lloc, slab, outRow);
        Value updated = tensor::InsertSliceOp::create(
            lb, lloc, computed, iter[0], rowOffsets, rowSizes, strides);
        scf::YieldOp::create(lb, lloc, ValueRange{updated, slab});
      });

  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(b, loc, loop.getResult(0), shared,
                                        block.offsets, block.sizes, strides);
  return forall.getResult(0);
}
