//===- ChannelVectorPass.cpp - fixed-point passes over interleaved pixels -===//
//
// A separable pass along the axis just outside a short innermost one (W of
// an NHWC image with C = 2..4 channels) in fixed point. The generic form of
// the pass reads and sums every channel of every tap as a scalar; here four
// taps of a pixel's channels are summed by two multiply-adds of 16-bit pairs:
//
//   - one 16-byte load holds the group's 4 pixels (4 C bytes; for C < 4 the
//     rest belongs to the next pixels and is not used);
//   - a shuffle pairs each channel of taps (k, k+1) and of (k+2, k+3), and
//     the bytes widen to 16 bits: lanes [t0c0 t1c0 t0c1 t1c1 .. | t2c0 ..]
//     (unsigned bytes by interleaving zero bytes, which the same shuffle
//     does; signed ones by a sign extension);
//   - the weights of the pairs (16-bit halves of the fixed-point weight:
//     low 15 bits, then the rest) multiply-add into 8 i32 lanes, which is
//     what x86's pmaddwd does (LLVM selects it from the mul/add of the even
//     and odd lanes), and the two halves of the vector add up at the end.
//
// Integer sums are exact in any order, so the result is the same as the
// generic form's (docs/Design.md, "8-bit passes"). Four outputs at a time
// are shifted, clamped and narrowed as one vector and, into an
// intermediate tensor, written in one store. Outputs whose 16-byte loads would
// leave the row load their taps one element at a time.
//
//===----------------------------------------------------------------------===//

#include "ChannelVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using namespace mlir::interp::lowering::channel_vector;

/// Outputs summed, narrowed and written together (sumBlock).
static constexpr int64_t kBlockOutputs = 4;

FlatSource channel_vector::flatSource(OpBuilder &b, Location loc, Value source,
                                      int64_t axis) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  auto layout =
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                             SmallVector<int64_t>(rank, ShapedType::kDynamic));
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  Value buffer = bufferization::ToBufferOp::create(b, loc, bufferType, source,
                                                   b.getUnitAttr());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  FlatSource flat;
  flat.strides.assign(metadata.getStrides().begin(),
                      metadata.getStrides().end());
  // The extent of the elements from the offset on: 1 + sum((size_d - 1) *
  // stride_d), or 0 for an empty tensor.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value extent = one;
  for (int64_t d = 0; d < rank; ++d) {
    Value last = arith::SubIOp::create(b, loc, metadata.getSizes()[d], one);
    extent = arith::AddIOp::create(
        b, loc, extent, arith::MulIOp::create(b, loc, last, flat.strides[d]));
  }
  extent = arith::MaxSIOp::create(b, loc, extent, zero);
  auto flatType = MemRefType::get(
      {ShapedType::kDynamic}, type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}));
  flat.buffer = memref::ReinterpretCastOp::create(
      b, loc, flatType, metadata.getBaseBuffer(),
      OpFoldResult(metadata.getOffset()), {OpFoldResult(extent)},
      {OpFoldResult(b.getIndexAttr(1))});
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

/// Group `g` of output pixel taps from flat position `first` (the pixel
/// of the output's first tap), as 16 signless 8-bit lanes in pair order:
/// one load and a shuffle, or, at the row's end (`tail`), a load per lane
/// from pixel min(start + tap, inLength - 1).
static Value groupBytes(OpBuilder &b, Location loc, const PixelSum &sum,
                        Value first, Value start, Value g, bool tail) {
  int64_t lanes = kGroupBytes;
  int64_t tapsPerGroup = groupTaps(sum.channels);
  Type i8 = b.getI8Type();
  auto bytesType = VectorType::get({kGroupBytes}, sum.element);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value firstTap = arith::MulIOp::create(b, loc, g, index(tapsPerGroup));
  Value groupStart = arith::AddIOp::create(
      b, loc, first,
      arith::MulIOp::create(b, loc, firstTap, index(sum.channels)));
  if (!tail) {
    Value bytes = vector::LoadOp::create(b, loc, bytesType, sum.flat.buffer,
                                         ValueRange{groupStart});
    bytes = castSignedness(b, loc, bytes, VectorType::get({kGroupBytes}, i8));
    SmallVector<int64_t> mask;
    for (int64_t lane = 0; lane < lanes; ++lane) {
      auto [tap, channel] = laneSource(lane, sum.channels);
      mask.push_back(tap * sum.channels + channel);
    }
    if (sum.channels == 1)
      return bytes;
    return vector::ShuffleOp::create(b, loc, bytes, bytes, mask);
  }
  // first = rowStart + start * C: the row starts at first - start * C.
  Value channels = arith::ConstantIndexOp::create(b, loc, sum.channels);
  Value rowStart = arith::SubIOp::create(
      b, loc, first, arith::MulIOp::create(b, loc, start, channels));
  Value lastPixel = arith::SubIOp::create(b, loc, sum.inLength, index(1));
  SmallVector<Value> elements;
  for (int64_t lane = 0; lane < lanes; ++lane) {
    auto [tap, channel] = laneSource(lane, sum.channels);
    Value pixel = arith::MinSIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, start, arith::AddIOp::create(b, loc, firstTap, index(tap))),
        lastPixel);
    Value at = arith::AddIOp::create(
        b, loc, rowStart,
        arith::AddIOp::create(b, loc,
                              arith::MulIOp::create(b, loc, pixel, channels),
                              arith::ConstantIndexOp::create(b, loc, channel)));
    Value element =
        memref::LoadOp::create(b, loc, sum.flat.buffer, ValueRange{at});
    elements.push_back(castSignedness(b, loc, element, i8));
  }
  return vector::FromElementsOp::create(b, loc, VectorType::get({lanes}, i8),
                                        elements);
}

/// Pairs (a[2i], a[2i+1]) times (w[2i], w[2i+1]), summed per pair into i32:
/// what x86's pmaddwd computes, in the form interp-select-x86-multiply-add
/// replaces by it where the target has it.
static Value multiplyAddPairs(OpBuilder &b, Location loc, Value a, Value w) {
  int64_t pairs = cast<VectorType>(a.getType()).getNumElements() / 2;
  SmallVector<int64_t> even, odd;
  for (int64_t i = 0; i < pairs; ++i) {
    even.push_back(2 * i);
    odd.push_back(2 * i + 1);
  }
  auto wide = VectorType::get({pairs}, b.getI32Type());
  auto lanes = [&](Value v, ArrayRef<int64_t> mask) -> Value {
    return arith::ExtSIOp::create(
        b, loc, wide, vector::ShuffleOp::create(b, loc, v, v, mask));
  };
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, lanes(a, even), lanes(w, even)),
      arith::MulIOp::create(b, loc, lanes(a, odd), lanes(w, odd)));
}

/// The 16 weight lanes of group `g` of output `o` from a weight table,
/// loaded as they are used: derived in IR from packed pairs, the even lanes
/// become shifts in LLVM's instruction combining, and the multiply-add is
/// no longer recognized.
static Value groupWeights(OpBuilder &b, Location loc, Value table, Value o,
                          Value g) {
  auto type = VectorType::get({kGroupBytes}, b.getI16Type());
  Value zero = arith::ConstantOp::create(b, loc, b.getI16IntegerAttr(0));
  return vector::TransferReadOp::create(
      b, loc, type, table,
      ValueRange{o, g, arith::ConstantIndexOp::create(b, loc, 0)}, zero,
      ArrayRef<bool>{true});
}

/// A group's 16 bytes as 16-bit lanes. Unsigned bytes take a zero byte
/// above each (LLVM folds this shuffle into the group's pairing shuffle:
/// one vpshufb or vpermt2b); signed ones a sign extension.
static Value widenPixels(OpBuilder &b, Location loc, Value bytes,
                         bool isUnsigned) {
  auto pixelType = VectorType::get({kGroupBytes}, b.getI16Type());
  if (!isUnsigned)
    return arith::ExtSIOp::create(b, loc, pixelType, bytes);
  auto bytesType = cast<VectorType>(bytes.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(bytesType, b.getI8IntegerAttr(0)));
  SmallVector<int64_t> mask;
  for (int64_t lane = 0; lane < kGroupBytes; ++lane) {
    mask.push_back(lane);
    mask.push_back(kGroupBytes);
  }
  Value wide = vector::ShuffleOp::create(b, loc, bytes, zeros, mask);
  return vector::BitCastOp::create(b, loc, pixelType, wide);
}

/// The sum of output pixel `o` of the row at flat position `rowStart`: 8
/// i32 lanes, the two halves of its channel lanes (one channel: 8 partial
/// sums), without the rounding bias.
static Value pixelTotal(OpBuilder &b, Location loc, const PixelSum &sum,
                        Value rowStart, Value o, bool tail) {
  auto accType = VectorType::get({2 * kPixelLanes}, b.getI32Type());
  Value channels = arith::ConstantIndexOp::create(b, loc, sum.channels);
  Value start = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      tensor::ExtractOp::create(b, loc, sum.starts, ValueRange{o}));
  Value first = arith::AddIOp::create(
      b, loc, rowStart, arith::MulIOp::create(b, loc, start, channels));
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
  // Adds group g to the (low, high) sums.
  auto group = [&](OpBuilder &gb, Location gloc, Value g, Value &low,
                   Value &high) {
    Value bytes = groupBytes(gb, gloc, sum, first, start, g, tail);
    Value pixels = widenPixels(gb, gloc, bytes, sum.types.isUnsigned);
    low = arith::AddIOp::create(
        gb, gloc, low,
        multiplyAddPairs(gb, gloc, pixels,
                         groupWeights(gb, gloc, sum.low, o, g)));
    if (sum.high)
      high = arith::AddIOp::create(
          gb, gloc, high,
          multiplyAddPairs(gb, gloc, pixels,
                           groupWeights(gb, gloc, sum.high, o, g)));
  };
  Value low = zero, high = zero;
  if (sum.staticGroups &&
      *sum.staticGroups * groupTaps(sum.channels) <= kMaxUnrolledTaps) {
    for (int64_t g = 0; g < *sum.staticGroups; ++g)
      group(b, loc, arith::ConstantIndexOp::create(b, loc, g), low, high);
  } else {
    auto loop = scf::ForOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, 0), sum.groups,
        arith::ConstantIndexOp::create(b, loc, 1), ValueRange{low, high},
        [&](OpBuilder &lb, Location lloc, Value g, ValueRange iter) {
          Value l = iter[0], h = iter[1];
          group(lb, lloc, g, l, h);
          scf::YieldOp::create(lb, lloc, ValueRange{l, h});
        });
    low = loop.getResult(0);
    high = loop.getResult(1);
  }
  // weight = high 2^15 + low: the sums combine the same way, exactly in
  // i32 (wrapping on the way, the total fits).
  if (!sum.high)
    return low;
  return arith::AddIOp::create(
      b, loc, low,
      arith::ShLIOp::create(
          b, loc, high,
          arith::ConstantOp::create(
              b, loc,
              DenseElementsAttr::get(accType, b.getI32IntegerAttr(kLowBits)))));
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
    SmallVector<int64_t> join(4 * kPixelLanes);
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
        Value blocks = arith::ConstantIndexOp::create(fb, floc, kBlockOutputs);
        Value blocksEnd = arith::MulIOp::create(
            fb, floc, arith::DivUIOp::create(fb, floc, sum.firstTail, blocks),
            blocks);
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
