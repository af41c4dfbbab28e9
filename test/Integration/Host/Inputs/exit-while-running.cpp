//===- exit-while-running.cpp - the default handler under running kernels -===//
//
// Two host threads call OpenMP kernels of thread-kernels.mlir (omp_ prefix)
// without end while the main thread makes a call with invalid sizes and no
// handler set: the default handler must end the process with status 1 and
// its message, not crash in destructors run under the other threads.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

template <typename T, int N> struct MemRef {
  T *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
using F4 = MemRef<float, 4>;
using I1 = MemRef<int64_t, 1>;

extern "C" void _mlir_ciface_omp_static_linear(F4 *, F4 *);
extern "C" void _mlir_ciface_omp_dynamic_cubic(F4 *, F4 *, I1 *);

static F4 view(std::vector<float> &data, int64_t h, int64_t w) {
  return F4{data.data(), data.data(), 0, {1, 3, h, w},
            {3 * h * w, h * w, w, 1}};
}

int main() {
  std::atomic<int> started{0};
  for (int t = 0; t < 2; ++t)
    std::thread([&] {
      std::vector<float> x(3 * 20 * 30, 0.5f);
      F4 in = view(x, 20, 30);
      for (;;) {
        F4 r;
        _mlir_ciface_omp_static_linear(&r, &in);
        std::free(r.allocated);
        ++started;
      }
    }).detach();
  while (started < 4)
    std::this_thread::yield();
  std::vector<float> y(3 * 9 * 13, 0.5f);
  std::vector<int64_t> sizes = {-1, 5};
  F4 in = view(y, 9, 13), r;
  I1 s{sizes.data(), sizes.data(), 0, {2}, {1}};
  _mlir_ciface_omp_dynamic_cubic(&r, &in, &s);
  return 3; // not reached: the default handler exits with 1
}
