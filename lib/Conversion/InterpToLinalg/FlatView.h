//===- FlatView.h - a tensor read as one run of its elements ----*- C++ -*-===//
//
// Passes that know more about the source's layout than linalg's indexing
// maps can say (interleaved pixels, contiguous rows) read it through a flat
// buffer with its strides, checked when the code runs (FlatView.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_FLATVIEW_H
#define LIB_CONVERSION_INTERPTOLINALG_FLATVIEW_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::interp::lowering {

/// A ranked tensor as a 1-D buffer from its first element (its offset) to
/// its last, with its sizes and strides as index values. Element
/// (i_0, .., i_n) is at sum(i_d * strides[d]) in `buffer`, whatever the
/// layout the caller's buffer has.
struct FlatView {
  Value buffer;
  SmallVector<Value> sizes, strides;
};

/// The flat view of `source` (read only).
FlatView flatView(OpBuilder &b, Location loc, Value source);

/// Whether the dimensions from `first` on are one run of elements (i1):
/// stride 1 innermost and each outer stride the product of the sizes inside
/// it, as in a row-major buffer.
Value isRowMajorFrom(OpBuilder &b, Location loc, const FlatView &view,
                     int64_t first);

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_FLATVIEW_H
