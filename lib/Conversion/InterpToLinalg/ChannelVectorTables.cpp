//===- ChannelVectorTables.cpp - the channel-vector passes' tables -------===//
//
// The weight lanes and starts of a channel-vector pass
// (ChannelVectorPass.cpp): from a constant table at compile time, or
// computed by linalg ops from run-time tables, by the same rules.
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

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using namespace mlir::interp::lowering::channel_vector;

namespace {
/// The compile-time tables of the pass: per output its first tap's input
/// position and, per group, the 16 weight lanes of the group's pixel lanes
/// (laneSource), zero past its taps.
struct PairTables {
  std::vector<int64_t> starts;
  int64_t groups = 0;
  /// Each weight's low kLowBits bits, or the whole weight when every weight
  /// fits 16 bits (`high` is then empty); `high` the rest (weight >> 15).
  std::vector<int16_t> low, high;
  /// The first output whose group loads could leave the row.
  int64_t firstTail = 0;
};
} // namespace

static std::optional<PairTables> pairTables(const rules::AxisTable &table,
                                            const rules::FixedPointSums &fixed,
                                            int bits, int64_t channels) {
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

/// The pass's tables from compile-time constant tables, or nullopt when
/// they are not consecutive taps.
std::optional<PixelSum> channel_vector::constantPixelSum(
    OpBuilder &b, Location loc, const FlatSource &flat,
    const AxisTables &tables, const ElementTypes &types, Type element,
    int64_t channels) {
  // Starts are i32.
  if (!tables.constantFractionBits ||
      tables.constantTable->inLength > INT32_MAX)
    return std::nullopt;
  std::optional<PairTables> pairs =
      pairTables(*tables.constantTable, *types.fixedPoint,
                 *tables.constantFractionBits, channels);
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
                  sumStart(b, loc, types, tables.fractionBits),
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
/// halves, the first output whose loads could leave the row.
PixelSum channel_vector::runtimePixelSum(OpBuilder &b, Location loc,
                                         const FlatSource &flat,
                                         const AxisTables &tables,
                                         const ElementTypes &types,
                                         Type element, int64_t channels,
                                         Value inLength) {
  Type i16 = b.getI16Type(), i64 = b.getI64Type();
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
                  sumStart(b, loc, types, tables.fractionBits),
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
