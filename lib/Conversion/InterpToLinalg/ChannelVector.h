//===- ChannelVector.h - the channel-vector passes' shared parts -*- C++
//-*-===//
//
// What ChannelVectorPass.cpp (the pass and its stores), ChannelVectorSums.cpp
// (one output's sum) and ChannelVectorTables.cpp (its weight tables,
// constant or computed when the code runs) share: the group layout, the
// flat view of the source, one pass's operands and one output's sum.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_CHANNELVECTOR_H
#define LIB_CONVERSION_INTERPTOLINALG_CHANNELVECTOR_H

#include "Passes.h"

namespace mlir::interp::lowering::channel_vector {

/// The bytes (and 16-bit lanes) of one group, the lanes of a pixel's sum.
inline constexpr int64_t kGroupBytes = 16;
inline constexpr int64_t kPixelLanes = 4;
/// Bits of the low half of a weight split into 16-bit pairs (non-negative,
/// so it fits a signed 16-bit lane).
inline constexpr int kLowBits = 15;

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
  /// Per output its first tap's pixel; the sums' start (the rounding
  /// bias, i32); the weight lanes' low and high halves (high null when
  /// every weight fits 16 bits).
  Value starts, bias, low, high;
  Value fractionBits;
  Type element;
  int64_t channels;
  /// Groups per output (static for constant tables: unrolled up to
  /// kMaxUnrolledTaps taps), the input length and the first output whose
  /// loads could leave the row (PairTables::firstTail), as index values.
  std::optional<int64_t> staticGroups;
  Value groups, inLength, firstTail;
};

/// Taps per group: 4 pixels of up to 4 channels, or 16 of one (a row of
/// NCHW, where the sum's lanes all belong to one output).
inline int64_t groupTaps(int64_t channels) { return channels == 1 ? 16 : 4; }

/// The byte of a group's 16 that lane `lane` of its pairs takes: channel c
/// of tap t, lanes [t0c0 t1c0 t0c1 t1c1 t0c2 t1c2 t0c3 t1c3 | t2c0 t3c0 ..];
/// channels past C take channel 0 (their sums are not used); one channel:
/// tap `lane`.
inline std::pair<int64_t, int64_t> laneSource(int64_t lane, int64_t channels) {
  if (channels == 1)
    return {lane, 0};
  int64_t half = lane / 8, inHalf = lane % 8;
  int64_t channel = inHalf / 2, tap = 2 * half + inHalf % 2;
  return {tap, channel < channels ? channel : 0};
}

/// The sum of output pixel `o` of the row at flat position `rowStart`
/// (ChannelVectorSums.cpp): 8 i32 lanes, the two halves of its channel
/// lanes (one channel: 8 partial sums), without the rounding bias; with
/// `tail`, its taps loaded one element at a time, clamped to the row.
Value pixelTotal(OpBuilder &b, Location loc, const PixelSum &sum,
                 Value rowStart, Value o, bool tail);

/// The source of a pass along `axis` as a flat buffer with its strides.
FlatSource flatSource(OpBuilder &b, Location loc, Value source, int64_t axis);

/// The pass's tables from compile-time constant tables, or nullopt when
/// they are not consecutive taps.
std::optional<PixelSum> constantPixelSum(OpBuilder &b, Location loc,
                                         const FlatSource &flat,
                                         const AxisTables &tables,
                                         const ElementTypes &types,
                                         Type element, int64_t channels);

/// The pass's tables computed when the code runs from run-time tables.
PixelSum runtimePixelSum(OpBuilder &b, Location loc, const FlatSource &flat,
                         const AxisTables &tables, const ElementTypes &types,
                         Type element, int64_t channels, Value inLength);

} // namespace mlir::interp::lowering::channel_vector

#endif // LIB_CONVERSION_INTERPTOLINALG_CHANNELVECTOR_H
