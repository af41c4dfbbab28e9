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
//     (unsigned bytes as x - 128, so that the widening is a sign extension;
//     each output's sum starts 128 times its weights higher);
//   - the weights of the pairs (16-bit halves of the fixed-point weight:
//     low 15 bits, then the rest) multiply-add into 8 i32 lanes, which is
//     what x86's pmaddwd does (LLVM selects it from the mul/add of the even
//     and odd lanes), and the two halves of the vector add up at the end.
//
// Integer sums are exact in any order, so the result is the same as the
// generic form's (docs/Design.md, "8-bit passes"). Outputs whose 16-byte
// loads would leave the row load their taps one element at a time.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// The bytes (and 16-bit lanes) of one group, the lanes of a pixel's sum.
static constexpr int64_t kGroupBytes = 16;
static constexpr int64_t kPixelLanes = 4;
/// Bits of the low half of a weight split into 16-bit pairs (non-negative,
/// so it fits a signed 16-bit lane).
static constexpr int kLowBits = 15;

namespace {
/// The compile-time tables of the pass: per output its first tap's input
/// position, the value its sum starts from, and per group the 16 weight
/// lanes of the group's pixel lanes (laneSource), zero past its taps.
struct PairTables {
  std::vector<int64_t> starts;
  int64_t groups = 0;
  /// Each weight's low kLowBits bits, or the whole weight when every weight
  /// fits 16 bits (`high` is then empty); `high` the rest (weight >> 15).
  std::vector<int16_t> low, high;
  /// The rounding bias plus, for unsigned data, 128 times the weights.
  std::vector<int32_t> offsets;
  /// The first output whose group loads could leave the row.
  int64_t firstTail = 0;
};

/// The source as a flat buffer of its elements with its strides.
struct FlatSource {
  Value buffer;
  SmallVector<Value> strides;
  /// strides[axis + 1] == 1 and strides[axis] == channels.
  Value interleaved;
};

/// What each output pixel's sum needs.
struct PixelSum {
  const FlatSource &flat;
  const ElementTypes &types;
  Value starts, offsets, low, high;
  Value fractionBits;
  Type element;
  int64_t channels;
  /// Groups per output (static for constant tables: unrolled up to
  /// kMaxUnrolledTaps taps), the input length and the first output whose
  /// loads could leave the row (PairTables::firstTail), as index values.
  std::optional<int64_t> staticGroups;
  Value groups, inLength, firstTail;
};
} // namespace

/// Taps per group: 4 pixels of up to 4 channels, or 16 of one (a row of
/// NCHW, where the sum's lanes all belong to one output).
static int64_t groupTaps(int64_t channels) { return channels == 1 ? 16 : 4; }

/// The byte of a group's 16 that lane `lane` of its pairs takes: channel c
/// of tap t, lanes [t0c0 t1c0 t0c1 t1c1 t0c2 t1c2 t0c3 t1c3 | t2c0 t3c0 ..];
/// channels past C take channel 0 (their sums are not used); one channel:
/// tap `lane`.
static std::pair<int64_t, int64_t> laneSource(int64_t lane, int64_t channels) {
  if (channels == 1)
    return {lane, 0};
  int64_t half = lane / 8, inHalf = lane % 8;
  int64_t channel = inHalf / 2, tap = 2 * half + inHalf % 2;
  return {tap, channel < channels ? channel : 0};
}

static std::optional<PairTables> pairTables(const rules::AxisTable &table,
                                            const rules::FixedPointSums &fixed,
                                            int bits, int64_t channels,
                                            bool isUnsigned) {
  std::optional<rules::ConsecutiveTaps> consecutive =
      rules::consecutiveTaps(table);
  if (!consecutive)
    return std::nullopt;
  PairTables pairs;
  pairs.starts = consecutive->starts;
  int64_t tapsPerGroup = groupTaps(channels);
  pairs.groups = llvm::divideCeil(table.taps, tapsPerGroup);
  int64_t padded = pairs.groups * tapsPerGroup;
  std::vector<int32_t> weights(table.outLength * padded, 0);
  bool fits16 = true;
  for (int64_t o = 0; o < table.outLength; ++o)
    for (int64_t k = 0; k < table.taps; ++k) {
      int32_t w = rules::fixedPointWeight(
          fixed, bits, consecutive->weights[o * table.taps + k]);
      weights[o * padded + k] = w;
      fits16 &= w >= INT16_MIN && w <= INT16_MAX;
    }
  int32_t bias = int32_t(1) << (bits - 1);
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t g = 0; g < pairs.groups; ++g)
      for (int64_t lane = 0; lane < kGroupBytes; ++lane) {
        int32_t w = weights[o * padded + g * tapsPerGroup +
                            laneSource(lane, channels).first];
        if (fits16) {
          pairs.low.push_back(int16_t(w));
          continue;
        }
        pairs.low.push_back(int16_t(w & ((1 << kLowBits) - 1)));
        pairs.high.push_back(int16_t(w >> kLowBits));
      }
    // Wrapping: only the final sum needs to fit.
    uint32_t offset = uint32_t(bias);
    if (isUnsigned)
      for (int64_t k = 0; k < table.taps; ++k)
        offset += 128u * uint32_t(weights[o * padded + k]);
    pairs.offsets.push_back(int32_t(offset));
  }
  // The last group's load ends (start + 4 (groups - 1)) C + 16 bytes into
  // the row.
  pairs.firstTail = table.outLength;
  for (int64_t o = 0; o < table.outLength; ++o)
    if ((pairs.starts[o] + tapsPerGroup * (pairs.groups - 1)) * channels +
            kGroupBytes >
        table.inLength * channels) {
      pairs.firstTail = o;
      break;
    }
  return pairs;
}

template <typename T>
static Value intTable(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                      ArrayRef<T> values) {
  auto type = RankedTensorType::get(shape, b.getIntegerType(8 * sizeof(T)));
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, values));
}

static FlatSource flatSource(OpBuilder &b, Location loc, Value source,
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

/// Output pixel `o` of the row at flat position `rowStart`, stored into
/// `row` (its outputs by channels).
static Value sumPixel(OpBuilder &b, Location loc, const PixelSum &sum,
                      Value rowStart, Value o, Value row, bool tail) {
  auto accType = VectorType::get({2 * kPixelLanes}, b.getI32Type());
  auto pixelType = VectorType::get({kGroupBytes}, b.getI16Type());
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
    // Unsigned x as x - 128: a sign extension, which LLVM's multiply-add
    // pattern needs (known non-negative lanes lose it to a zero extension).
    if (sum.types.isUnsigned)
      bytes = arith::XOrIOp::create(
          gb, gloc, bytes,
          arith::ConstantOp::create(
              gb, gloc,
              DenseElementsAttr::get(cast<VectorType>(bytes.getType()),
                                     gb.getI8IntegerAttr(-128))));
    Value pixels = arith::ExtSIOp::create(gb, gloc, pixelType, bytes);
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
  Value total = low;
  if (sum.high)
    total = arith::AddIOp::create(
        b, loc, low,
        arith::ShLIOp::create(
            b, loc, high,
            arith::ConstantOp::create(
                b, loc,
                DenseElementsAttr::get(accType,
                                       b.getI32IntegerAttr(kLowBits)))));
  Value offset = tensor::ExtractOp::create(b, loc, sum.offsets, ValueRange{o});
  if (sum.channels == 1) {
    // Every lane is the one output's.
    Value reduced =
        vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, total);
    Value stored =
        storeSum(b, loc, arith::AddIOp::create(b, loc, offset, reduced), row,
                 sum.types, sum.fractionBits);
    return tensor::InsertOp::create(b, loc, stored, row, ValueRange{o});
  }
  Value halves[2];
  for (int64_t h = 0; h < 2; ++h)
    halves[h] = vector::ExtractStridedSliceOp::create(
        b, loc, total, ArrayRef<int64_t>{h * kPixelLanes},
        ArrayRef<int64_t>{kPixelLanes}, ArrayRef<int64_t>{1});
  auto sumType = VectorType::get({kPixelLanes}, b.getI32Type());
  Value acc = arith::AddIOp::create(
      b, loc, vector::BroadcastOp::create(b, loc, sumType, offset),
      arith::AddIOp::create(b, loc, halves[0], halves[1]));
  Value stored = storeSum(b, loc, acc, row, sum.types, sum.fractionBits);
  for (int64_t c = 0; c < sum.channels; ++c) {
    Value element = vector::ExtractOp::create(b, loc, stored, c);
    row = tensor::InsertOp::create(
        b, loc, element, row,
        ValueRange{o, arith::ConstantIndexOp::create(b, loc, c)});
  }
  return row;
}

/// The row's outputs [first, end) into `row`.
static Value sumPixels(OpBuilder &b, Location loc, const PixelSum &sum,
                       Value rowStart, Value first, Value end, Value row,
                       bool tail) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  return scf::ForOp::create(
             b, loc, first, end, one, ValueRange{row},
             [&](OpBuilder &lb, Location lloc, Value o, ValueRange iter) {
               scf::YieldOp::create(
                   lb, lloc,
                   sumPixel(lb, lloc, sum, rowStart, o, iter[0], tail));
             })
      .getResult(0);
}

/// The pass over interleaved pixels: a parallel loop over the rows (the
/// dimensions outside `axis`), each row's outputs summed as vectors.
static Value buildInterleavedPass(OpBuilder &b, Location loc, int64_t axis,
                                  const PixelSum &sum, Value init) {
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
        Value zero = arith::ConstantIndexOp::create(fb, floc, 0);
        row = sumPixels(fb, floc, sum, rowStart, zero, sum.firstTail, row,
                        /*tail=*/false);
        row = sumPixels(fb, floc, sum, rowStart, sum.firstTail,
                        getValueOrCreateConstantIndexOp(fb, floc, outLength),
                        row, /*tail=*/true);
        auto inParallel = scf::InParallelOp::create(fb, floc);
        OpBuilder::InsertionGuard guard(fb);
        fb.setInsertionPointToStart(inParallel.getBody());
        tensor::ParallelInsertSliceOp::create(fb, floc, row, out, offsets,
                                              sizes, strides);
      });
  return forall.getResult(0);
}

/// The pass's tables from compile-time constant tables, or nullopt when
/// they are not consecutive taps.
static std::optional<PixelSum>
constantPixelSum(OpBuilder &b, Location loc, const FlatSource &flat,
                 const AxisTables &tables, const ElementTypes &types,
                 Type element, int64_t channels) {
  // Starts are i32.
  if (!tables.constantFractionBits ||
      tables.constantTable->inLength > INT32_MAX)
    return std::nullopt;
  std::optional<PairTables> pairs =
      pairTables(*tables.constantTable, *types.fixedPoint,
                 *tables.constantFractionBits, channels, types.isUnsigned);
  if (!pairs)
    return std::nullopt;
  int64_t outLength = tables.constantTable->outLength;
  SmallVector<int64_t> laneShape = {outLength, pairs->groups, kGroupBytes};
  SmallVector<int32_t> starts(pairs->starts.begin(), pairs->starts.end());
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  return PixelSum{flat,
                  types,
                  intTable<int32_t>(b, loc, {outLength}, starts),
                  intTable<int32_t>(b, loc, {outLength}, pairs->offsets),
                  intTable<int16_t>(b, loc, laneShape, pairs->low),
                  pairs->high.empty()
                      ? Value()
                      : intTable<int16_t>(b, loc, laneShape, pairs->high),
                  tables.fractionBits,
                  element,
                  channels,
                  pairs->groups,
                  index(pairs->groups),
                  index(tables.constantTable->inLength),
                  index(pairs->firstTail)};
}

/// The pass's tables computed when the code runs from run-time tables (the
/// Pillow filters' windows: row o reads indices[o][0] + k with weight
/// weights[o][k], and the columns past a row's window have weight 0), by
/// the same rules as pairTables: weight lanes split into low and high
/// halves, the offsets, the first output whose loads could leave the row.
static PixelSum runtimePixelSum(OpBuilder &b, Location loc,
                                const FlatSource &flat,
                                const AxisTables &tables,
                                const ElementTypes &types, Type element,
                                int64_t channels, Value inLength) {
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  auto index = [&](OpBuilder &nb, Location nloc, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(nb, nloc, v);
  };
  auto i32c = [&](OpBuilder &nb, Location nloc, int64_t v) -> Value {
    return arith::ConstantOp::create(nb, nloc, nb.getI32IntegerAttr(v));
  };
  auto i64c = [&](OpBuilder &nb, Location nloc, int64_t v) -> Value {
    return arith::ConstantOp::create(nb, nloc, nb.getI64IntegerAttr(v));
  };
  Value outLength = tensor::DimOp::create(b, loc, tables.indices, 0);
  Value taps = tensor::DimOp::create(b, loc, tables.indices, 1);
  int64_t tapsPerGroup = groupTaps(channels);
  Value groups =
      arith::CeilDivUIOp::create(b, loc, taps, index(b, loc, tapsPerGroup));
  auto indicesType = cast<RankedTensorType>(tables.indices.getType());
  SmallVector<OpFoldResult> offsets = {b.getIndexAttr(0), b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {OpFoldResult(outLength),
                                     b.getIndexAttr(1)};
  SmallVector<OpFoldResult> unit = {b.getIndexAttr(1), b.getIndexAttr(1)};
  Value starts = tensor::ExtractSliceOp::create(
      b, loc,
      RankedTensorType::get({indicesType.getDimSize(0)},
                            indicesType.getElementType()),
      tables.indices, offsets, sizes, unit);

  // The weight lanes: lane l of group g is tap 4 g + laneSource(l).first.
  int64_t lanes = kGroupBytes;
  SmallVector<OpFoldResult> laneSizes = {
      OpFoldResult(outLength), OpFoldResult(groups), b.getIndexAttr(lanes)};
  Value lowInit = tensor::EmptyOp::create(b, loc, laneSizes, i16);
  Value highInit = tensor::EmptyOp::create(b, loc, laneSizes, i16);
  AffineMap identity = b.getMultiDimIdentityMap(3);
  auto laneTables = linalg::GenericOp::create(
      b, loc, TypeRange{lowInit.getType(), highInit.getType()}, ValueRange{},
      ValueRange{lowInit, highInit}, ArrayRef<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(3, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        Value o = linalg::IndexOp::create(nb, nloc, 0);
        Value g = linalg::IndexOp::create(nb, nloc, 1);
        Value lane = linalg::IndexOp::create(nb, nloc, 2);
        // laneSource: tap 2 (lane / 8) + lane % 2; the lane itself for one
        // channel.
        Value tap = lane;
        if (channels > 1)
          tap = arith::AddIOp::create(
              nb, nloc,
              arith::MulIOp::create(
                  nb, nloc,
                  arith::DivUIOp::create(nb, nloc, lane, index(nb, nloc, 8)),
                  index(nb, nloc, 2)),
              arith::RemUIOp::create(nb, nloc, lane, index(nb, nloc, 2)));
        Value k = arith::AddIOp::create(
            nb, nloc,
            arith::MulIOp::create(nb, nloc, g, index(nb, nloc, tapsPerGroup)),
            tap);
        Value inside =
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, k, taps);
        Value column =
            arith::SelectOp::create(nb, nloc, inside, k, index(nb, nloc, 0));
        Value w = arith::SelectOp::create(
            nb, nloc, inside,
            tensor::ExtractOp::create(nb, nloc, tables.weights,
                                      ValueRange{o, column}),
            i32c(nb, nloc, 0));
        Value low = arith::TruncIOp::create(
            nb, nloc, i16,
            arith::AndIOp::create(nb, nloc, w,
                                  i32c(nb, nloc, (1 << kLowBits) - 1)));
        Value high = arith::TruncIOp::create(
            nb, nloc, i16,
            arith::ShRSIOp::create(nb, nloc, w, i32c(nb, nloc, kLowBits)));
        linalg::YieldOp::create(nb, nloc, ValueRange{low, high});
      });

  // The offsets: the rounding bias, plus 128 times the weights for
  // unsigned data (wrapping).
  Value bias = arith::ShLIOp::create(
      b, loc, i32c(b, loc, 1),
      arith::SubIOp::create(b, loc, tables.fractionBits, i32c(b, loc, 1)));
  Value offsets32 = linalg::FillOp::create(
                        b, loc, ValueRange{bias},
                        ValueRange{tensor::EmptyOp::create(
                            b, loc, ArrayRef<OpFoldResult>{outLength}, i32)})
                        .getResult(0);
  if (types.isUnsigned) {
    MLIRContext *context = b.getContext();
    AffineMap rows =
        AffineMap::get(2, 0, {getAffineDimExpr(0, context)}, context);
    offsets32 =
        linalg::GenericOp::create(
            b, loc, TypeRange{offsets32.getType()}, ValueRange{tables.weights},
            ValueRange{offsets32},
            ArrayRef<AffineMap>{b.getMultiDimIdentityMap(2), rows},
            {utils::IteratorType::parallel, utils::IteratorType::reduction},
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              Value scaled =
                  arith::MulIOp::create(nb, nloc, args[0], i32c(nb, nloc, 128));
              linalg::YieldOp::create(
                  nb, nloc,
                  ValueRange{arith::AddIOp::create(nb, nloc, args[1], scaled)});
            })
            .getResult(0);
  }

  // The first output whose last group's load, ending (start + 4 (groups -
  // 1)) C + 16 bytes into the row, would leave it: a min-reduction.
  Value length64 = arith::IndexCastOp::create(b, loc, i64, outLength);
  Value tailInit =
      linalg::FillOp::create(b, loc, ValueRange{length64},
                             ValueRange{tensor::EmptyOp::create(
                                 b, loc, ArrayRef<OpFoldResult>{}, i64)})
          .getResult(0);
  Value groups64 = arith::IndexCastOp::create(b, loc, i64, groups);
  Value rowBytes = arith::MulIOp::create(
      b, loc, arith::IndexCastOp::create(b, loc, i64, inLength),
      i64c(b, loc, channels));
  MLIRContext *context = b.getContext();
  auto firstTail =
      linalg::GenericOp::create(
          b, loc, TypeRange{tailInit.getType()}, ValueRange{starts},
          ValueRange{tailInit},
          ArrayRef<AffineMap>{b.getMultiDimIdentityMap(1),
                              AffineMap::get(1, 0, {}, context)},
          {utils::IteratorType::reduction},
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value start = args[0];
            if (start.getType() != i64)
              start = arith::ExtSIOp::create(nb, nloc, i64, start);
            Value lastGroup = arith::MulIOp::create(
                nb, nloc,
                arith::SubIOp::create(nb, nloc, groups64, i64c(nb, nloc, 1)),
                i64c(nb, nloc, tapsPerGroup));
            Value end = arith::AddIOp::create(
                nb, nloc,
                arith::MulIOp::create(
                    nb, nloc, arith::AddIOp::create(nb, nloc, start, lastGroup),
                    i64c(nb, nloc, channels)),
                i64c(nb, nloc, kGroupBytes));
            Value leaves = arith::CmpIOp::create(
                nb, nloc, arith::CmpIPredicate::sgt, end, rowBytes);
            Value o = arith::IndexCastOp::create(
                nb, nloc, i64, linalg::IndexOp::create(nb, nloc, 0));
            Value candidate =
                arith::SelectOp::create(nb, nloc, leaves, o, length64);
            linalg::YieldOp::create(nb, nloc,
                                    ValueRange{arith::MinSIOp::create(
                                        nb, nloc, args[1], candidate)});
          })
          .getResult(0);
  Value tail = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      tensor::ExtractOp::create(b, loc, firstTail, ValueRange{}));
  return PixelSum{flat,
                  types,
                  starts,
                  offsets32,
                  laneTables.getResult(0),
                  laneTables.getResult(1),
                  tables.fractionBits,
                  element,
                  channels,
                  std::nullopt,
                  groups,
                  inLength,
                  tail};
}

Value lowering::buildChannelVectorPass(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, const ElementTypes &types,
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
               scf::YieldOp::create(
                   tb, tloc, buildInterleavedPass(tb, tloc, axis, *sum, init));
             },
             [&](OpBuilder &eb, Location eloc) {
               scf::YieldOp::create(eb, eloc, otherLayouts(eb, eloc));
             })
      .getResult(0);
}
