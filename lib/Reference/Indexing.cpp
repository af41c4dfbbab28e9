//===- Indexing.cpp - multi-dimensional index helpers ---------------------===//
//
// Row-major index arithmetic and box iteration for the reference kernels.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>

using namespace mlir::interp;
using namespace mlir::interp::reference;

int64_t reference::detail::flatIndex(llvm::ArrayRef<int64_t> index,
                                     llvm::ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [i, dim] : llvm::zip_equal(index, shape))
    flat = flat * dim + i;
  return flat;
}

void reference::detail::unflattenIndex(int64_t flat,
                                       llvm::ArrayRef<int64_t> shape,
                                       llvm::MutableArrayRef<int64_t> index) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
}

void reference::detail::forEachInBox(
    llvm::ArrayRef<int64_t> lo, llvm::ArrayRef<int64_t> hi,
    llvm::function_ref<void(llvm::ArrayRef<int64_t>)> body) {
  for (auto [l, h] : llvm::zip_equal(lo, hi))
    if (l > h)
      return;
  llvm::SmallVector<int64_t> point(lo);
  // An odometer: bump the last coordinate, carrying into earlier ones.
  while (true) {
    body(point);
    int64_t d = static_cast<int64_t>(point.size()) - 1;
    for (; d >= 0; --d) {
      if (point[d] < hi[d]) {
        ++point[d];
        break;
      }
      point[d] = lo[d];
    }
    if (d < 0)
      return;
  }
}

double reference::detail::limitToAxis(double value, int64_t length) {
  return std::clamp(value, -1.0, static_cast<double>(length));
}
