//===- threads.cpp - compiled kernels called from several host threads ----===//
//
// Four host threads call the kernels of thread-kernels.mlir (sequential and
// OpenMP builds, omp_ prefix) concurrently on their own inputs, over and
// over, and compare every result with the one the same kernel computed
// alone beforehand. One thread also passes invalid run-time sizes with the
// error handler set: that call must fail alone, at once, and the handler
// must see it on its own thread. Built with -fsanitize=thread.
//
//===----------------------------------------------------------------------===//

#include "interp/Runtime/InterpRuntime.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

template <typename T, int N> struct MemRef {
  T *allocated, *aligned;
  int64_t offset, sizes[N], strides[N];
};
using F4 = MemRef<float, 4>;
using U4 = MemRef<uint8_t, 4>;
using I1 = MemRef<int64_t, 1>;

#define KERNELS(prefix)                                                        \
  extern "C" void _mlir_ciface_##prefix##static_linear(F4 *, F4 *);            \
  extern "C" void _mlir_ciface_##prefix##dynamic_cubic(F4 *, F4 *, I1 *);      \
  extern "C" void _mlir_ciface_##prefix##fused_ui8(U4 *, U4 *);
KERNELS()
KERNELS(omp_)

template <typename T, int N>
static MemRef<T, N> view(std::vector<T> &data, const int64_t (&sizes)[N]) {
  MemRef<T, N> m{data.data(), data.data(), 0, {}, {}};
  int64_t stride = 1;
  for (int d = N - 1; d >= 0; --d) {
    m.sizes[d] = sizes[d];
    m.strides[d] = stride;
    stride *= sizes[d];
  }
  return m;
}

template <typename T, int N> static std::vector<T> take(MemRef<T, N> &m) {
  int64_t count = 1;
  for (int d = 0; d < N; ++d)
    count *= m.sizes[d];
  std::vector<T> values(m.aligned + m.offset, m.aligned + m.offset + count);
  std::free(m.allocated);
  return values;
}

struct Inputs {
  std::vector<float> linear, cubic;
  std::vector<uint8_t> bytes;
  std::vector<int64_t> sizes;
};

static Inputs inputsFor(unsigned seed) {
  Inputs in;
  uint32_t state = seed * 2654435761u + 1;
  auto next = [&] { return state = state * 1664525u + 1013904223u; };
  in.linear.resize(1 * 3 * 20 * 30);
  for (float &v : in.linear)
    v = static_cast<float>(next() % 2001) / 1000.0f - 1.0f;
  in.cubic.resize(1 * 3 * 9 * 13);
  for (float &v : in.cubic)
    v = static_cast<float>(next() % 2001) / 1000.0f - 1.0f;
  in.bytes.resize(2 * 4 * 8 * 8);
  for (uint8_t &v : in.bytes)
    v = static_cast<uint8_t>(next());
  in.sizes = {18, 26};
  return in;
}

using Results = std::vector<std::vector<float>>;

/// Every kernel of one build on `in`; the uint8 result as floats.
static Results runAll(Inputs &in, bool openmp) {
  F4 x = view(in.linear, {1, 3, 20, 30}), y = view(in.cubic, {1, 3, 9, 13});
  U4 z = view(in.bytes, {2, 4, 8, 8});
  I1 s = view(in.sizes, {2});
  F4 r1, r2;
  U4 r3;
  if (openmp) {
    _mlir_ciface_omp_static_linear(&r1, &x);
    _mlir_ciface_omp_dynamic_cubic(&r2, &y, &s);
    _mlir_ciface_omp_fused_ui8(&r3, &z);
  } else {
    _mlir_ciface_static_linear(&r1, &x);
    _mlir_ciface_dynamic_cubic(&r2, &y, &s);
    _mlir_ciface_fused_ui8(&r3, &z);
  }
  std::vector<uint8_t> bytes = take(r3);
  return {take(r1), take(r2), std::vector<float>(bytes.begin(), bytes.end())};
}

static thread_local int errorsOnThisThread = 0;
static std::atomic<int> errors{0};

static void onError(const char *, void *) {
  ++errorsOnThisThread;
  ++errors;
}

int main() {
  interp_set_error_handler(onError, nullptr);
  constexpr int kThreads = 4, kRounds = 40;
  std::vector<Results> expected;
  std::vector<Inputs> inputs;
  for (int t = 0; t < kThreads; ++t) {
    inputs.push_back(inputsFor(t));
    expected.push_back(runAll(inputs.back(), /*openmp=*/false));
  }
  std::atomic<int> mismatches{0}, badFailures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      Inputs in = inputs[t];
      for (int round = 0; round < kRounds; ++round) {
        if (runAll(in, round % 2) != expected[t])
          ++mismatches;
        if (t == 0 && round % 8 == 0) {
          // Invalid sizes: refused on this thread, nothing returned.
          std::vector<int64_t> negative = {-1, 5};
          I1 s = view(negative, {2});
          F4 y = view(in.cubic, {1, 3, 9, 13}), r;
          int before = errorsOnThisThread;
          _mlir_ciface_dynamic_cubic(&r, &y, &s);
          if (errorsOnThisThread != before + 1 || r.allocated != nullptr)
            ++badFailures;
        }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  std::printf("%d threads x %d rounds: %d mismatches, %d errors reported, %d "
              "wrongly reported\n",
              kThreads, kRounds, mismatches.load(), errors.load(),
              badFailures.load());
  return mismatches != 0 || badFailures != 0 || errors != kRounds / 8;
}
