//===- ChannelVectorSums.cpp - one output's sum in a channel-vector pass --===//
//
// The sum of one output of a fixed-point pass over interleaved pixels
// (ChannelVectorPass.cpp): four taps of a pixel's channels summed by two
// multiply-adds of 16-bit pairs:
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
// generic form's (docs/Design.md, "8-bit passes"). Outputs whose 16-byte
// loads would leave the row load their taps one element at a time.
//
//===----------------------------------------------------------------------===//

#include "ChannelVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using namespace mlir::interp::lowering::channel_vector;

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

Value channel_vector::pixelTotal(OpBuilder &b, Location loc,
                                 const PixelSum &sum, Value rowStart, Value o,
                                 bool tail) {
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
