//===- ChannelVectorPass.cpp - fixed-point passes over interleaved pixels -===//
//
// A separable pass along the axis just outside a short innermost one (W of
// an NHWC image with C = 2..4 channels), or along the last axis, in fixed
// point. The generic form of the pass reads and sums every channel of every
// tap as a scalar; here each output's channels are summed as one vector
// (ChannelVectorSums.cpp), four outputs at a time are shifted, clamped and
// narrowed as one vector and, into the tensor between two passes, written
// in one store; a parallel loop runs over the rows.
//
//===----------------------------------------------------------------------===//

#include "ChannelVector.h"
#include "FlatView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using namespace mlir::interp::lowering::channel_vector;

/// Outputs summed, narrowed and written together (sumBlock). blockSums
/// reduces exactly four (two rounds of pairs).
static constexpr int64_t kBlockOutputs = 4;
static_assert(kBlockOutputs == 4, "blockSums joins four outputs");

FlatSource channel_vector::flatSource(OpBuilder &b, Location loc, Value source,
                                      int64_t axis) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  FlatView view = flatView(b, loc, source);
  FlatSource flat;
  flat.buffer = view.buffer;
  flat.strides = view.strides;
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  if (axis == rank - 1) {
    flat.interleaved = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             flat.strides[axis], one);
    return flat;
  }
  Value channels =
      arith::ConstantIndexOp::create(b, loc, type.getDimSize(rank - 1));
  Value unitChannel = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            flat.strides[axis + 1], one);
  Value packedPixels = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             flat.strides[axis], channels);
  flat.interleaved = arith::AndIOp::create(b, loc, unitChannel, packedPixels);
  return flat;
}

/// Lanes `mask` of (a, b), added to lanes `mask` shifted by `by` of (a, b).
static Value addShuffled(OpBuilder &b, Location loc, Value x, Value y,
                         ArrayRef<int64_t> mask, int64_t by) {
  SmallVector<int64_t> shifted;
  for (int64_t lane : mask)
    shifted.push_back(lane + by);
  return arith::AddIOp::create(
      b, loc, vector::ShuffleOp::create(b, loc, x, y, mask),
      vector::ShuffleOp::create(b, loc, x, y, shifted));
}

/// The sums of the `totals` (pixelTotal) of consecutive outputs from their
/// start (the bias), as one vector: kPixelLanes lanes per output, or one
/// lane per output for a single channel.
static Value blockSums(OpBuilder &b, Location loc, const PixelSum &sum,
                       ArrayRef<Value> totals) {
  int64_t outputs = totals.size();
  SmallVector<Value> level(totals.begin(), totals.end());
  SmallVector<int64_t> mask;
  if (sum.channels == 1) {
    // Pairwise sums of adjacent lanes, twice across pairs of vectors and
    // once within: [t0 t1 t2 t3].
    for (int64_t i = 0; i < 2 * kPixelLanes; ++i)
      mask.push_back(2 * i);
    for (int round = 0; round < 2; ++round) {
      SmallVector<Value> next;
      for (size_t i = 0; i < level.size(); i += 2)
        next.push_back(addShuffled(b, loc, level[i], level[i + 1], mask, 1));
      level = next;
    }
    level.front() = addShuffled(b, loc, level.front(), level.front(),
                                ArrayRef<int64_t>(mask).take_front(outputs), 1);
  } else {
    // The halves of each pixel's lanes added, two pixels per vector, then
    // the vectors joined: [p0 (4 lanes) p1 p2 p3].
    for (int64_t i = 0; i < 2 * kPixelLanes; ++i)
      mask.push_back(i < kPixelLanes ? i : i + kPixelLanes);
    SmallVector<Value> pairs;
    for (size_t i = 0; i < level.size(); i += 2)
      pairs.push_back(
          addShuffled(b, loc, level[i], level[i + 1], mask, kPixelLanes));
    SmallVector<int64_t> join(kBlockOutputs * kPixelLanes);
    std::iota(join.begin(), join.end(), 0);
    level = {vector::ShuffleOp::create(b, loc, pairs[0], pairs[1], join)};
  }
  return arith::AddIOp::create(
      b, loc, level.front(),
      vector::BroadcastOp::create(b, loc, level.front().getType(), sum.bias));
}

/// Where a pass writes its outputs: a row of [outputs, channels] (or of
/// outputs along the last axis), one element at a time; or, with `flat`,
/// the same row as one run of elements with unit stride (a collapsed row
/// of an intermediate tensor), which also takes consecutive outputs in one
/// vector write.
struct RowWriter {
  int64_t channels;
  bool flat;

  Value insert(OpBuilder &b, Location loc, Value element, Value row, Value o,
               int64_t c) const {
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    if (channels == 1)
      return tensor::InsertOp::create(b, loc, element, row, ValueRange{o});
    if (!flat)
      return tensor::InsertOp::create(b, loc, element, row,
                                      ValueRange{o, index(c)});
    Value at = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, o, index(channels)), index(c));
    return tensor::InsertOp::create(b, loc, element, row, ValueRange{at});
  }

  /// `elements` (consecutive outputs' channels, in order) from output `o`.
  Value write(OpBuilder &b, Location loc, Value elements, Value row,
              Value o) const {
    if (flat) {
      Value at = arith::MulIOp::create(
          b, loc, o, arith::ConstantIndexOp::create(b, loc, channels));
      return vector::TransferWriteOp::create(
                 b, loc, elements, row, ValueRange{at}, ArrayRef<bool>{true})
          .getResult();
    }
    int64_t count = cast<VectorType>(elements.getType()).getNumElements();
    for (int64_t i = 0; i < count; ++i)
      row = insert(
          b, loc, vector::ExtractOp::create(b, loc, elements, i), row,
          arith::AddIOp::create(
              b, loc, o, arith::ConstantIndexOp::create(b, loc, i / channels)),
          i % channels);
    return row;
  }
};

/// Output pixel `o` stored into `row`.
static Value sumPixel(OpBuilder &b, Location loc, const PixelSum &sum,
                      const RowWriter &writer, Value rowStart, Value o,
                      Value row, bool tail) {
  Value total = pixelTotal(b, loc, sum, rowStart, o, tail);
  if (sum.channels == 1) {
    // Every lane is the one output's.
    Value reduced =
        vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, total);
    Value stored =
        storeSum(b, loc, arith::AddIOp::create(b, loc, sum.bias, reduced), row,
                 sum.types, sum.fractionBits);
    return writer.insert(b, loc, stored, row, o, 0);
  }
  Value halves[2];
  for (int64_t h = 0; h < 2; ++h)
    halves[h] = vector::ExtractStridedSliceOp::create(
        b, loc, total, ArrayRef<int64_t>{h * kPixelLanes},
        ArrayRef<int64_t>{kPixelLanes}, ArrayRef<int64_t>{1});
  auto sumType = VectorType::get({kPixelLanes}, b.getI32Type());
  Value acc = arith::AddIOp::create(
      b, loc, vector::BroadcastOp::create(b, loc, sumType, sum.bias),
      arith::AddIOp::create(b, loc, halves[0], halves[1]));
  Value stored = storeSum(b, loc, acc, row, sum.types, sum.fractionBits);
  for (int64_t c = 0; c < sum.channels; ++c)
    row = writer.insert(b, loc, vector::ExtractOp::create(b, loc, stored, c),
                        row, o, c);
  return row;
}

/// Outputs [o, o + kBlockOutputs) stored into `row` together: their sums
/// shifted, clamped and narrowed as one vector (saturating packs on x86)
/// and, for a flat row, written in one store.
static Value sumBlock(OpBuilder &b, Location loc, const PixelSum &sum,
                      const RowWriter &writer, Value rowStart, Value o,
                      Value row) {
  SmallVector<Value> totals;
  for (int64_t i = 0; i < kBlockOutputs; ++i)
    totals.push_back(
        pixelTotal(b, loc, sum, rowStart,
                   arith::AddIOp::create(
                       b, loc, o, arith::ConstantIndexOp::create(b, loc, i)),
                   /*tail=*/false));
  Value stored = storeSum(b, loc, blockSums(b, loc, sum, totals), row,
                          sum.types, sum.fractionBits);
  if (sum.channels != 1 && sum.channels != kPixelLanes) {
    // Each pixel's first C lanes.
    SmallVector<int64_t> used;
    for (int64_t i = 0; i < kBlockOutputs; ++i)
      for (int64_t c = 0; c < sum.channels; ++c)
        used.push_back(i * kPixelLanes + c);
    stored = vector::ShuffleOp::create(b, loc, stored, stored, used);
  }
  return writer.write(b, loc, stored, row, o);
}

/// The row's outputs [first, end) into `row`, kBlockOutputs at a time from
/// `first` to `blocksEnd` (outside the row's tail) and one at a time after.
static Value sumPixels(OpBuilder &b, Location loc, const PixelSum &sum,
                       const RowWriter &writer, Value rowStart, Value first,
                       Value blocksEnd, Value end, Value row, bool tail) {
  if (blocksEnd)
    row = scf::ForOp::create(
              b, loc, first, blocksEnd,
              arith::ConstantIndexOp::create(b, loc, kBlockOutputs),
              ValueRange{row},
              [&](OpBuilder &lb, Location lloc, Value o, ValueRange iter) {
                scf::YieldOp::create(
                    lb, lloc,
                    sumBlock(lb, lloc, sum, writer, rowStart, o, iter[0]));
              })
              .getResult(0);
  return scf::ForOp::create(
             b, loc, blocksEnd ? blocksEnd : first, end,
             arith::ConstantIndexOp::create(b, loc, 1), ValueRange{row},
             [&](OpBuilder &lb, Location lloc, Value o, ValueRange iter) {
               scf::YieldOp::create(
                   lb, lloc,
                   sumPixel(lb, lloc, sum, writer, rowStart, o, iter[0], tail));
             })
      .getResult(0);
}

/// The pass over interleaved pixels: a parallel loop over the rows (the
/// dimensions outside `axis`), each row's outputs summed as vectors.
static Value buildInterleavedPass(OpBuilder &b, Location loc, int64_t axis,
                                  const PixelSum &sum, Value init,
                                  bool intermediate) {
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t rank = initType.getRank();
  OpFoldResult outLength = tensor::getMixedSize(b, loc, init, axis);
  SmallVector<OpFoldResult> rows;
  for (int64_t d = 0; d < axis; ++d)
    rows.push_back(tensor::getMixedSize(b, loc, init, d));
  auto forall = scf::ForallOp::create(
      b, loc, rows, ValueRange{init}, std::nullopt,
      [&](OpBuilder &fb, Location floc, ValueRange args) {
        ValueRange ivs = args.take_front(axis);
        Value out = args.back();
        Value rowStart = arith::ConstantIndexOp::create(fb, floc, 0);
        for (int64_t d = 0; d < axis; ++d)
          rowStart = arith::AddIOp::create(
              fb, floc, rowStart,
              arith::MulIOp::create(fb, floc, ivs[d], sum.flat.strides[d]));
        SmallVector<OpFoldResult> offsets(ivs.begin(), ivs.end());
        SmallVector<OpFoldResult> sizes(axis, fb.getIndexAttr(1));
        SmallVector<OpFoldResult> strides(rank, fb.getIndexAttr(1));
        // The row: [outputs, channels], or [outputs] along the last axis.
        offsets.push_back(fb.getIndexAttr(0));
        sizes.push_back(outLength);
        SmallVector<int64_t> rowShape = {initType.getDimSize(axis)};
        if (axis + 1 < rank) {
          offsets.push_back(fb.getIndexAttr(0));
          sizes.push_back(fb.getIndexAttr(sum.channels));
          rowShape.push_back(sum.channels);
        }
        auto rowType =
            RankedTensorType::get(rowShape, initType.getElementType());
        Value row = tensor::ExtractSliceOp::create(fb, floc, rowType, out,
                                                   offsets, sizes, strides);
        RowWriter writer{sum.channels, intermediate};
        Value written = row;
        if (writer.flat && axis + 1 < rank)
          written = tensor::CollapseShapeOp::create(
              fb, floc, row, ArrayRef<ReassociationIndices>{{0, 1}});
        Value zero = arith::ConstantIndexOp::create(fb, floc, 0);
        // No blocks in rows shorter than one: their vector write would not
        // fit the row's type (a 1-long row's subview can take a dynamic
        // stride, and such a write does not lower).
        int64_t staticLength = initType.getDimSize(axis);
        Value blocksEnd;
        if (ShapedType::isDynamic(staticLength) ||
            staticLength >= kBlockOutputs) {
          Value blocks =
              arith::ConstantIndexOp::create(fb, floc, kBlockOutputs);
          blocksEnd = arith::MulIOp::create(
              fb, floc, arith::DivUIOp::create(fb, floc, sum.firstTail, blocks),
              blocks);
        }
        written = sumPixels(fb, floc, sum, writer, rowStart, zero, blocksEnd,
                            sum.firstTail, written, /*tail=*/false);
        written = sumPixels(
            fb, floc, sum, writer, rowStart, sum.firstTail, Value(),
            getValueOrCreateConstantIndexOp(fb, floc, outLength), written,
            /*tail=*/true);
        if (written.getType() != rowType)
          written = tensor::ExpandShapeOp::create(
              fb, floc, rowType, written,
              ArrayRef<ReassociationIndices>{{0, 1}},
              ArrayRef<OpFoldResult>{outLength, fb.getIndexAttr(sum.channels)});
        row = written;
        auto inParallel = scf::InParallelOp::create(fb, floc);
        OpBuilder::InsertionGuard guard(fb);
        fb.setInsertionPointToStart(inParallel.getBody());
        tensor::ParallelInsertSliceOp::create(fb, floc, row, out, offsets,
                                              sizes, strides);
      });
  return forall.getResult(0);
}

Value lowering::buildChannelVectorPass(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, bool intermediate,
    const ElementTypes &types,
    function_ref<Value(OpBuilder &, Location)> otherLayouts) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t channels =
      axis + 1 < sourceType.getRank() ? sourceType.getDimSize(axis + 1) : 1;
  if (!types.fixedPoint || !tables.indices || !tables.weights ||
      !tables.fractionBits)
    return otherLayouts(b, loc);
  FlatSource flat = flatSource(b, loc, source, axis);
  std::optional<PixelSum> sum =
      tables.constantTable
          ? constantPixelSum(b, loc, flat, tables, types,
                             sourceType.getElementType(), channels)
          : std::optional<PixelSum>(runtimePixelSum(
                b, loc, flat, tables, types, sourceType.getElementType(),
                channels, tensor::DimOp::create(b, loc, source, axis)));
  if (!sum)
    return otherLayouts(b, loc);
  return scf::IfOp::create(
             b, loc, flat.interleaved,
             [&](OpBuilder &tb, Location tloc) {
               scf::YieldOp::create(tb, tloc,
                                    buildInterleavedPass(tb, tloc, axis, *sum,
                                                         init, intermediate));
             },
             [&](OpBuilder &eb, Location eloc) {
               scf::YieldOp::create(eb, eloc, otherLayouts(eb, eloc));
             })
      .getResult(0);
}
