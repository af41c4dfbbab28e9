//===- MemrefCopy.cpp - memref.copy of non-contiguous memrefs -------------===//
//
// The LLVM lowering of memref.copy calls memrefCopy when either side is not
// contiguous (interp kernels do, for strided views), a function MLIR's C
// runner utils define. The runtime defines it too, with the same ABI and
// meaning, so that an ahead-of-time compiled kernel links against
// libinterp_runtime.so alone. In a process that loads both, either
// definition serves.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstring>

extern "C" void memrefCopy(int64_t elemSize, UnrankedMemRefType<char> *srcArg,
                           UnrankedMemRefType<char> *dstArg) {
  DynamicMemRefType<char> src(*srcArg);
  DynamicMemRefType<char> dst(*dstArg);
  int64_t rank = src.rank;
  for (int64_t d = 0; d < rank; ++d)
    if (src.sizes[d] == 0)
      return;
  char *srcPtr = src.data + src.offset * elemSize;
  char *dstPtr = dst.data + dst.offset * elemSize;
  if (rank == 0) {
    std::memcpy(dstPtr, srcPtr, elemSize);
    return;
  }
  // Rows along the last dimension go in one memcpy when both sides are
  // contiguous there; the other dimensions count like an odometer.
  int64_t last = rank - 1;
  bool rows = src.strides[last] == 1 && dst.strides[last] == 1;
  int64_t chunk = rows ? src.sizes[last] * elemSize : elemSize;
  auto *indices =
      static_cast<int64_t *>(__builtin_alloca(rank * sizeof(int64_t)));
  std::memset(indices, 0, rank * sizeof(int64_t));
  while (true) {
    std::memcpy(dstPtr, srcPtr, chunk);
    int64_t d = rows ? last - 1 : last;
    for (; d >= 0; --d) {
      srcPtr += src.strides[d] * elemSize;
      dstPtr += dst.strides[d] * elemSize;
      if (++indices[d] < src.sizes[d])
        break;
      srcPtr -= src.sizes[d] * src.strides[d] * elemSize;
      dstPtr -= dst.sizes[d] * dst.strides[d] * elemSize;
      indices[d] = 0;
    }
    if (d < 0)
      return;
  }
}
