//===- interp-bench.cpp - interp kernels vs peers (Google Benchmark) ------===//
//
// Benchmarks the ahead-of-time compiled kernels of kernels/workloads.mlir
// (called through their C interface, _mlir_ciface_<name>) on the workloads
// of the "Performance" issue, next to peers:
//
//   interp/<W>     the kernels compiled by the default interp-to-llvm
//                  pipeline (sequential code), at threads:1 only.
//   interp-omp/<W> the same kernels compiled with "num-threads=0" (OpenMP;
//                  functions renamed omp_<w>), run at each --threads count
//                  through omp_set_num_threads (LLVM's libomp).
//   copy/<W>       a STREAM-like floor: reads every input byte once and
//                  writes every output byte once (memcpy of the overlapping
//                  part, then a read-only sweep of the rest of the input or
//                  a memset of the rest of the output), split over N
//                  std::threads. Its time is the bandwidth floor of a resize
//                  that touches each byte once.
//   opencv/<W>     cv::resize per NCHW plane with cv::setNumThreads(N) (only
//                  when OpenCV was found at configure time; see runOpenCV for
//                  the semantic differences).
//   reference/<W>  the project's reference implementation
//                  (interp/Reference/Reference.h) on the full workload, one
//                  iteration, one repetition, 1 thread: it is a slow,
//                  per-element oracle, there for scale only.
//
// Every benchmark takes the thread count as its argument ("threads:N") and
// reports bytes_per_second and a "GB/s" counter computed from input + output
// bytes, so kernels can be compared with the copy floor directly.
//
// Before any timing, every selected workload's kernel output (both kernel
// sets) is checked against an independent computation (see verifyWorkload)
// and the program exits with status 1 on a mismatch.
//
// Own flags (before Google Benchmark's --benchmark_* flags):
//   --threads=1,2            thread counts to register (default 1,2)
//   --workloads=w1,w3,...    workloads to verify and register (default all)
//   --verify=1|0             check kernel outputs first (default 1)
//   --malloc=retain|fresh|glibc
//                            how the heap treats the kernels' per-call
//                            temporaries (default retain):
//                            retain: never mmap, never trim: after the first
//                              call, temporaries reuse warm heap pages (the
//                              steady state of a long-running process);
//                            fresh: every allocation >= 64 KiB is a new mmap:
//                              each call page-faults its temporaries in (a
//                              cold one-shot call);
//                            glibc: untouched; the dynamic mmap threshold
//                              makes the result depend on what ran before.
//   --list                   print the workloads and exit
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Compare.h"
#include "interp/Reference/Reference.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <benchmark/benchmark.h>

#ifdef INTERP_BENCH_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#endif
#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
// LLVM's libomp, which the OpenMP kernels call (__kmpc_*); declared here
// rather than through <omp.h>, which with gcc would be libgomp's.
extern "C" void omp_set_num_threads(int threads);
#endif

#include <malloc.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace mlir::interp;
namespace ref = mlir::interp::reference;

//===----------------------------------------------------------------------===//
// The AOT-compiled kernels (benchmarks/kernels/workloads.mlir)
//===----------------------------------------------------------------------===//

// One set per compilation of workloads.mlir: the default pipeline
// (sequential) and, with OpenMP, "num-threads=0" with every function renamed
// @w* -> @omp_w* (benchmarks/cmake/PrefixKernels.cmake).
#define INTERP_BENCH_DECLARE_KERNELS(P)                                        \
  void _mlir_ciface_##P##w1(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w2(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w3(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w4(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w5(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w6(StridedMemRefType<float, 5> *,                     \
                            StridedMemRefType<float, 5> *);                    \
  void _mlir_ciface_##P##w7(StridedMemRefType<float, 4> *,                     \
                            StridedMemRefType<float, 4> *);                    \
  void _mlir_ciface_##P##w1_f16(StridedMemRefType<uint16_t, 4> *,              \
                                StridedMemRefType<uint16_t, 4> *);             \
  void _mlir_ciface_##P##w1_u8(StridedMemRefType<uint8_t, 4> *,                \
                               StridedMemRefType<uint8_t, 4> *);               \
  void _mlir_ciface_##P##w1_dyn(StridedMemRefType<float, 4> *,                 \
                                StridedMemRefType<int64_t, 1> *,               \
                                StridedMemRefType<float, 4> *);

extern "C" {
INTERP_BENCH_DECLARE_KERNELS()
#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
INTERP_BENCH_DECLARE_KERNELS(omp_)
#endif
}

namespace {
using K4 = void (*)(StridedMemRefType<float, 4> *,
                    StridedMemRefType<float, 4> *);
struct KernelSet {
  K4 w1, w2, w3, w4, w5;
  void (*w6)(StridedMemRefType<float, 5> *, StridedMemRefType<float, 5> *);
  K4 w7;
  void (*w1_f16)(StridedMemRefType<uint16_t, 4> *,
                 StridedMemRefType<uint16_t, 4> *);
  void (*w1_u8)(StridedMemRefType<uint8_t, 4> *,
                StridedMemRefType<uint8_t, 4> *);
  void (*w1_dyn)(StridedMemRefType<float, 4> *, StridedMemRefType<int64_t, 1> *,
                 StridedMemRefType<float, 4> *);
};
#define INTERP_BENCH_KERNEL_SET(P)                                             \
  KernelSet {                                                                  \
    _mlir_ciface_##P##w1, _mlir_ciface_##P##w2, _mlir_ciface_##P##w3,          \
        _mlir_ciface_##P##w4, _mlir_ciface_##P##w5, _mlir_ciface_##P##w6,      \
        _mlir_ciface_##P##w7, _mlir_ciface_##P##w1_f16,                        \
        _mlir_ciface_##P##w1_u8, _mlir_ciface_##P##w1_dyn                      \
  }
const KernelSet kSequential = INTERP_BENCH_KERNEL_SET();
#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
const KernelSet kOpenMP = INTERP_BENCH_KERNEL_SET(omp_);
constexpr bool kHaveOpenMPKernels = true;
#else
const KernelSet kOpenMP = kSequential;
constexpr bool kHaveOpenMPKernels = false;
#endif
} // namespace

namespace {

//===----------------------------------------------------------------------===//
// Workloads
//===----------------------------------------------------------------------===//

enum class Elem { F32, F16, U8 };

size_t elemBytes(Elem e) { return e == Elem::F32 ? 4 : e == Elem::F16 ? 2 : 1; }

ref::ElementType refType(Elem e) {
  return e == Elem::F32   ? ref::ElementType::F32
         : e == Elem::F16 ? ref::ElementType::F16
                          : ref::ElementType::U8;
}

int64_t product(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Row-major descriptor of a contiguous buffer.
template <typename T, int N>
StridedMemRefType<T, N> descriptor(void *data,
                                   const std::vector<int64_t> &shape) {
  StridedMemRefType<T, N> d;
  d.basePtr = d.data = static_cast<T *>(data);
  d.offset = 0;
  int64_t stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    d.sizes[i] = shape[i];
    d.strides[i] = stride;
    stride *= shape[i];
  }
  return d;
}

/// A kernel taking (input, output) descriptors of rank N and element T.
template <typename T, int N>
std::function<void(void *, void *)>
kernel(void (*fn)(StridedMemRefType<T, N> *, StridedMemRefType<T, N> *),
       std::vector<int64_t> in, std::vector<int64_t> out) {
  return [=](void *x, void *y) {
    auto dx = descriptor<T, N>(x, in);
    auto dy = descriptor<T, N>(y, out);
    fn(&dx, &dy);
  };
}

struct Workload {
  std::string name;  // kernel name: w1 ... w7, w1_f16, w1_u8, w1_dyn
  std::string label; // short description
  Elem elem;
  std::vector<int64_t> inShape, outShape;
  ref::V4Attributes attrs;
  std::vector<int64_t> sizes, axes;
  std::vector<float> scales;
  /// The kernel compiled by the default pipeline (sequential).
  std::function<void(void *, void *)> run;
  /// How verifyWorkload checks it.
  enum class Check { NearestIndexMath, ReferencePlane, SameAsW1 } check;
  /// cv::InterpolationFlags value, or -1 when OpenCV has no equivalent.
  int cvInterpolation = -1;
  std::string cvNote;
  /// The same kernel compiled with OpenMP (empty without OpenMP kernels).
  std::function<void(void *, void *)> runOmp = {};

  int64_t inElems() const { return product(inShape); }
  int64_t outElems() const { return product(outShape); }
  size_t inBytes() const { return inElems() * elemBytes(elem); }
  size_t outBytes() const { return outElems() * elemBytes(elem); }
  size_t bytes() const { return inBytes() + outBytes(); }
};

// cv::InterpolationFlags values, so the table does not need OpenCV headers.
constexpr int kCvNearest = 0, kCvLinear = 1, kCvCubic = 2, kCvArea = 3;

std::vector<Workload> makeWorkloads(const KernelSet &k) {
  using M = InterpolateMode;
  auto v4 = [](M mode,
               CoordinateTransformMode ctm = CoordinateTransformMode::HalfPixel,
               NearestMode nm = NearestMode::RoundPreferFloor,
               bool antialias = false,
               ShapeCalcMode scm = ShapeCalcMode::Sizes) {
    ref::V4Attributes a;
    a.mode = mode;
    a.coordinateTransformationMode = ctm;
    a.nearestMode = nm;
    a.antialias = antialias;
    a.shapeCalculationMode = scm;
    a.cubeCoeff = -0.75;
    return a;
  };
  auto nearestFloor =
      v4(M::Nearest, CoordinateTransformMode::Asymmetric, NearestMode::Floor);
  std::vector<Workload> w;
  using C = Workload::Check;

  std::vector<int64_t> s540 = {1, 3, 540, 960}, s1080 = {1, 3, 1080, 1920};
  w.push_back({"w1",
               "linear_onnx half_pixel x2 up",
               Elem::F32,
               s540,
               s1080,
               v4(M::LinearOnnx),
               {1080, 1920},
               {2, 3},
               {2.f, 2.f},
               kernel<float, 4>(k.w1, s540, s1080),
               C::ReferencePlane,
               kCvLinear,
               "INTER_LINEAR: same half_pixel bilinear"});
  w.push_back({"w2",
               "linear_onnx half_pixel down to 224x224",
               Elem::F32,
               s1080,
               {1, 3, 224, 224},
               v4(M::LinearOnnx),
               {224, 224},
               {2, 3},
               {224.f / 1080, 224.f / 1920},
               kernel<float, 4>(k.w2, s1080, {1, 3, 224, 224}),
               C::ReferencePlane,
               kCvLinear,
               "INTER_LINEAR: same 2-tap bilinear, no antialias"});
  w.push_back({"w3",
               "nearest asymmetric floor x2 up",
               Elem::F32,
               {1, 64, 128, 128},
               {1, 64, 256, 256},
               nearestFloor,
               {256, 256},
               {2, 3},
               {2.f, 2.f},
               kernel<float, 4>(k.w3, {1, 64, 128, 128}, {1, 64, 256, 256}),
               C::NearestIndexMath,
               kCvNearest,
               "INTER_NEAREST: floor(dst * src/dst), same"});
  w.push_back({"w4",
               "cubic -0.75 half_pixel x2 up",
               Elem::F32,
               {1, 3, 256, 256},
               {1, 3, 512, 512},
               v4(M::Cubic),
               {512, 512},
               {2, 3},
               {2.f, 2.f},
               kernel<float, 4>(k.w4, {1, 3, 256, 256}, {1, 3, 512, 512}),
               C::ReferencePlane,
               kCvCubic,
               "INTER_CUBIC: a = -0.75, half_pixel, replicated border"});
  w.push_back(
      {"w5",
       "linear antialias half_pixel /4 down",
       Elem::F32,
       s1080,
       {1, 3, 270, 480},
       v4(M::Linear, CoordinateTransformMode::HalfPixel,
          NearestMode::RoundPreferFloor,
          /*antialias=*/true, ShapeCalcMode::Scales),
       {270, 480},
       {2, 3},
       {0.25f, 0.25f},
       kernel<float, 4>(k.w5, s1080, {1, 3, 270, 480}),
       C::ReferencePlane,
       kCvArea,
       "INTER_AREA: 4x4 box average, NOT the 8-tap triangle filter of "
       "OpenVINO's antialiased linear (different result, similar work)"});
  w.push_back({"w6",
               "linear_onnx half_pixel x2 up 5-D",
               Elem::F32,
               {1, 8, 32, 64, 64},
               {1, 8, 64, 128, 128},
               v4(M::LinearOnnx),
               {64, 128, 128},
               {2, 3, 4},
               {2.f, 2.f, 2.f},
               kernel<float, 5>(k.w6, {1, 8, 32, 64, 64}, {1, 8, 64, 128, 128}),
               C::ReferencePlane,
               kCvLinear,
               "INTER_LINEAR per depth slice, then a half_pixel blend of two "
               "resized slices along D with cv::addWeighted (trilinear)"});
  w.push_back({"w7",
               "nearest asymmetric floor /2 down",
               Elem::F32,
               s1080,
               s540,
               nearestFloor,
               {540, 960},
               {2, 3},
               {0.5f, 0.5f},
               kernel<float, 4>(k.w7, s1080, s540),
               C::NearestIndexMath,
               kCvNearest,
               "INTER_NEAREST: floor(dst * src/dst), same"});
  w.push_back({"w1_f16",
               "W1 in f16",
               Elem::F16,
               s540,
               s1080,
               v4(M::LinearOnnx),
               {1080, 1920},
               {2, 3},
               {2.f, 2.f},
               kernel<uint16_t, 4>(k.w1_f16, s540, s1080),
               C::ReferencePlane,
               -1,
               "cv::resize has no CV_16F support"});
  w.push_back({"w1_u8",
               "W1 in ui8",
               Elem::U8,
               s540,
               s1080,
               v4(M::LinearOnnx),
               {1080, 1920},
               {2, 3},
               {2.f, 2.f},
               kernel<uint8_t, 4>(k.w1_u8, s540, s1080),
               C::ReferencePlane,
               kCvLinear,
               "INTER_LINEAR on CV_8U uses 11-bit fixed-point weights (can "
               "differ by 1)"});
  {
    // W1 with a dynamic spatial shape and run-time sizes.
    auto sizes = std::make_shared<std::vector<int64_t>>(
        std::vector<int64_t>{1080, 1920});
    auto dyn = k.w1_dyn;
    auto run = [sizes, s540, s1080, dyn](void *x, void *y) {
      auto dx = descriptor<float, 4>(x, s540);
      auto dy = descriptor<float, 4>(y, s1080);
      auto ds = descriptor<int64_t, 1>(sizes->data(), {2});
      dyn(&dx, &ds, &dy);
    };
    w.push_back({"w1_dyn",
                 "W1, data 1x3x?x?, run-time sizes",
                 Elem::F32,
                 s540,
                 s1080,
                 v4(M::LinearOnnx),
                 {1080, 1920},
                 {2, 3},
                 {2.f, 2.f},
                 run,
                 C::SameAsW1,
                 kCvLinear,
                 "as W1"});
  }
  return w;
}

//===----------------------------------------------------------------------===//
// Buffers and data
//===----------------------------------------------------------------------===//

struct AlignedFree {
  void operator()(void *p) const { std::free(p); }
};
using Buffer = std::unique_ptr<uint8_t, AlignedFree>;

Buffer allocate(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  auto *p =
      static_cast<uint8_t *>(std::aligned_alloc(64, rounded ? rounded : 64));
  if (!p) {
    std::fprintf(stderr, "interp-bench: out of memory (%zu bytes)\n", bytes);
    std::exit(1);
  }
  return Buffer(p);
}

uint16_t floatToHalf(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  return bits;
}

float halfToFloat(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, 2);
  return static_cast<float>(h);
}

/// Uniform random data in [0, 1) (f32, f16) or [0, 255] (u8), fixed seed.
void fillRandom(void *data, Elem elem, int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(0.f, 1.f);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int64_t i = 0; i < n; ++i) {
    switch (elem) {
    case Elem::F32:
      static_cast<float *>(data)[i] = unit(rng);
      break;
    case Elem::F16:
      static_cast<uint16_t *>(data)[i] = floatToHalf(unit(rng));
      break;
    case Elem::U8:
      static_cast<uint8_t *>(data)[i] = static_cast<uint8_t>(byte(rng));
      break;
    }
  }
}

double valueAt(const void *data, Elem elem, int64_t i) {
  switch (elem) {
  case Elem::F32:
    return static_cast<const float *>(data)[i];
  case Elem::F16:
    return halfToFloat(static_cast<const uint16_t *>(data)[i]);
  case Elem::U8:
    return static_cast<const uint8_t *>(data)[i];
  }
  return 0;
}

/// Input and output of one workload, shared by all of its benchmarks.
struct Data {
  Buffer in, out;
};

std::vector<Workload> gAllWorkloads; // every workload (for cross-checks)
std::vector<Workload> gWorkloads;    // the selected ones
std::vector<Data> gData;

void setThreads(int threads) {
#ifdef INTERP_BENCH_HAVE_OMP_KERNELS
  omp_set_num_threads(threads);
#else
  (void)threads;
#endif
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

[[noreturn]] void fail(const std::string &message) {
  std::fprintf(stderr, "interp-bench: verification FAILED: %s\n",
               message.c_str());
  std::exit(1);
}

/// Compares the kernel output `got` (starting at flat element `gotOffset`)
/// with `want`, computed from `input`, under the project's tolerance
/// (interp/Reference/Compare.h).
void compare(const Workload &w, const void *got, int64_t gotOffset,
             const ref::Tensor &input, const ref::Tensor &want,
             const char *against) {
  ref::Tolerance tol =
      ref::resultTolerance(want.type, ref::inputMagnitude(input));
  ref::Comparison result = ref::compareElements(
      want.numElements(),
      [&](int64_t i) { return valueAt(got, w.elem, gotOffset + i); },
      [&](int64_t i) { return want.getAsDouble(i); }, tol);
  if (!result.ok()) {
    int64_t at = result.firstMismatch;
    std::ostringstream os;
    os << w.name << ": |kernel - " << against << "| > "
       << tol.bound(want.getAsDouble(at)) << " at flat element "
       << gotOffset + at << " (kernel " << valueAt(got, w.elem, gotOffset + at)
       << ", " << against << " " << want.getAsDouble(at) << "), "
       << result.mismatches << " mismatches";
    fail(os.str());
  }
  std::fprintf(
      stderr, "interp-bench: %-7s ok: %lld elements vs %s, max abs diff %.3g\n",
      w.name.c_str(), static_cast<long long>(want.numElements()), against,
      result.maxAbsDiff);
}

/// Checks the kernel output of workload `i` (computed by the caller into
/// gData[i].out):
///   NearestIndexMath: every element, exactly, against the asymmetric + floor
///     index map computed here in float32 (in = floor(out / (out_len/in_len))).
///   ReferencePlane: the first (n=0, c=0) plane (3-D volume for W6) against
///     the reference implementation run on that plane of the input alone
///     (the resized axes never mix channels, so this is exact).
///   SameAsW1: bitwise against the static W1 kernel on the same input.
void verifyWorkload(size_t i, bool omp) {
  const Workload &w0 = gWorkloads[i];
  // Messages name the kernel set ("w1" or "omp_w1").
  Workload w = w0;
  if (omp)
    w.name = "omp_" + w.name;
  const Data &d = gData[i];
  switch (w.check) {
  case Workload::Check::NearestIndexMath: {
    const auto &is = w.inShape, &os = w.outShape;
    int64_t H = is[2], W = is[3], OH = os[2], OW = os[3];
    float sy = float(OH) / float(H), sx = float(OW) / float(W);
    std::vector<int64_t> ys(OH), xs(OW);
    for (int64_t y = 0; y < OH; ++y)
      ys[y] = std::min<int64_t>(H - 1, int64_t(std::floor(float(y) / sy)));
    for (int64_t x = 0; x < OW; ++x)
      xs[x] = std::min<int64_t>(W - 1, int64_t(std::floor(float(x) / sx)));
    const float *in = reinterpret_cast<const float *>(d.in.get());
    const float *out = reinterpret_cast<const float *>(d.out.get());
    int64_t planes = is[0] * is[1];
    for (int64_t p = 0; p < planes; ++p)
      for (int64_t y = 0; y < OH; ++y)
        for (int64_t x = 0; x < OW; ++x) {
          float want = in[(p * H + ys[y]) * W + xs[x]];
          float got = out[(p * OH + y) * OW + x];
          if (std::memcmp(&want, &got, 4) != 0) {
            std::ostringstream m;
            m << w.name << ": plane " << p << " (" << y << ", " << x
              << "): kernel " << got << ", index math " << want;
            fail(m.str());
          }
        }
    std::fprintf(stderr,
                 "interp-bench: %-7s ok: %lld elements exact vs index math\n",
                 w.name.c_str(), static_cast<long long>(w.outElems()));
    return;
  }
  case Workload::Check::ReferencePlane: {
    std::vector<int64_t> planeIn = w.inShape, planeOut = w.outShape;
    planeIn[0] = planeIn[1] = planeOut[0] = planeOut[1] = 1;
    ref::Tensor x = ref::Tensor::zeros(refType(w.elem), planeIn);
    std::memcpy(x.data.data(), d.in.get(), x.data.size());
    auto r = ref::evaluateV4(x, w.sizes, w.scales,
                             llvm::ArrayRef<int64_t>(w.axes), w.attrs);
    if (!r)
      fail(w.name + ": reference error: " + llvm::toString(r.takeError()));
    if (r->shape != llvm::ArrayRef<int64_t>(planeOut))
      fail(w.name + ": reference produced an unexpected shape");
    compare(w, d.out.get(), 0, x, *r, "reference (plane 0)");
    return;
  }
  case Workload::Check::SameAsW1: {
    // Run static W1 (selected or not) on this workload's input into a
    // scratch buffer.
    auto w1 = std::find_if(gAllWorkloads.begin(), gAllWorkloads.end(),
                           [](const Workload &x) { return x.name == "w1"; });
    if (w1 == gAllWorkloads.end())
      fail(w.name + ": no workload w1 to compare with");
    Buffer scratch = allocate(w.outBytes());
    (omp ? w1->runOmp : w1->run)(d.in.get(), scratch.get());
    if (std::memcmp(scratch.get(), d.out.get(), w.outBytes()) != 0) {
      const float *a = reinterpret_cast<const float *>(scratch.get());
      const float *b = reinterpret_cast<const float *>(d.out.get());
      double worst = 0;
      for (int64_t k = 0; k < w.outElems(); ++k)
        worst = std::max(worst, double(std::fabs(a[k] - b[k])));
      if (!(worst <= 1e-6))
        fail(w.name + ": differs from the static w1 kernel, max abs diff " +
             std::to_string(worst));
      std::fprintf(stderr,
                   "interp-bench: %-7s ok: vs static w1, max abs diff %.3g\n",
                   w.name.c_str(), worst);
      return;
    }
    std::fprintf(
        stderr,
        "interp-bench: %-7s ok: %lld elements bitwise equal to static w1\n",
        w.name.c_str(), static_cast<long long>(w.outElems()));
    return;
  }
  }
}

//===----------------------------------------------------------------------===//
// Benchmarks
//===----------------------------------------------------------------------===//

void addCounters(benchmark::State &state, const Workload &w) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(w.bytes()));
  state.counters["GB/s"] = benchmark::Counter(
      double(w.bytes()) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = double(state.range(0));
}

/// interp/<W>: the sequential kernels (registered at threads:1 only).
void benchInterp(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  for (auto _ : state) {
    w.run(d.in.get(), d.out.get());
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

/// interp-omp/<W>: the OpenMP kernels at omp_set_num_threads(threads).
void benchInterpOmp(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  setThreads(int(state.range(0)));
  for (auto _ : state) {
    w.runOmp(d.in.get(), d.out.get());
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

/// Reads `n` bytes (8 at a time, 4 accumulators) so the read cannot be
/// optimized away.
uint64_t readSweep(const uint8_t *p, size_t n) {
  uint64_t a = 0, b = 0, c = 0, e = 0;
  size_t words = n / 8, k = 0;
  const uint64_t *q = reinterpret_cast<const uint64_t *>(p);
  for (; k + 4 <= words; k += 4) {
    a += q[k];
    b += q[k + 1];
    c += q[k + 2];
    e += q[k + 3];
  }
  for (; k < words; ++k)
    a += q[k];
  for (size_t t = words * 8; t < n; ++t)
    a += p[t];
  return a + b + c + e;
}

/// One thread's part [lo, hi) of the copy floor: bytes of the output below
/// min(in, out) are copied from the input, the rest of the output is
/// written (memset), the rest of the input is read.
uint64_t copyPart(const uint8_t *in, uint8_t *out, size_t inBytes,
                  size_t outBytes, int part, int parts) {
  size_t common = std::min(inBytes, outBytes);
  auto range = [&](size_t n, size_t &lo, size_t &hi) {
    lo = n * part / parts / 64 * 64;
    hi = part + 1 == parts ? n : n * (part + 1) / parts / 64 * 64;
  };
  size_t lo, hi;
  range(common, lo, hi);
  std::memcpy(out + lo, in + lo, hi - lo);
  uint64_t sum = 0;
  if (outBytes > common) {
    range(outBytes - common, lo, hi);
    std::memset(out + common + lo, part, hi - lo);
  } else if (inBytes > common) {
    range(inBytes - common, lo, hi);
    sum = readSweep(in + common + lo, hi - lo);
  }
  return sum;
}

void benchCopy(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  int threads = int(state.range(0));
  uint64_t sink = 0;
  for (auto _ : state) {
    std::vector<std::thread> pool;
    std::vector<uint64_t> sums(threads, 0);
    for (int t = 1; t < threads; ++t)
      pool.emplace_back([&, t] {
        sums[t] = copyPart(d.in.get(), d.out.get(), w.inBytes(), w.outBytes(),
                           t, threads);
      });
    sums[0] = copyPart(d.in.get(), d.out.get(), w.inBytes(), w.outBytes(), 0,
                       threads);
    for (auto &th : pool)
      th.join();
    for (uint64_t s : sums)
      sink += s;
    benchmark::DoNotOptimize(sink);
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
}

void benchReference(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  ref::Tensor x = ref::Tensor::zeros(refType(w.elem), w.inShape);
  std::memcpy(x.data.data(), d.in.get(), x.data.size());
  for (auto _ : state) {
    auto r = ref::evaluateV4(x, w.sizes, w.scales,
                             llvm::ArrayRef<int64_t>(w.axes), w.attrs);
    if (!r) {
      state.SkipWithError(llvm::toString(r.takeError()).c_str());
      break;
    }
    benchmark::DoNotOptimize(r->data.data());
  }
  addCounters(state, w);
}

#ifdef INTERP_BENCH_HAVE_OPENCV
/// OpenCV peers. cv::resize works on 2-D planes; the NCHW tensor is resized
/// plane by plane (cv::Mat headers over the same buffers, no copies).
/// Semantic notes (also in the workload table):
///  - linear_onnx + half_pixel == INTER_LINEAR (OpenCV uses half-pixel
///    centres and clamps at the border) for up- and non-integer downscaling.
///  - nearest + asymmetric + floor == INTER_NEAREST (floor(dst * src/dst));
///    INTER_NEAREST_EXACT would be the half_pixel/round variant instead.
///  - cubic a = -0.75 + half_pixel == INTER_CUBIC (a = -0.75, replicated
///    border, as OpenVINO clamps its tap indices).
///  - linear + antialias at /4 != INTER_AREA: OpenVINO widens the triangle
///    kernel to 8 taps per axis, INTER_AREA averages a 4x4 box; the amount of
///    work and memory traffic is comparable, the values are not.
///  - u8 INTER_LINEAR uses 11-bit fixed-point weights (results may differ by
///    one from interp's float32 computation).
///  - 5-D (W6): INTER_LINEAR on each depth slice then a linear blend of two
///    slices along D (cv::addWeighted) at half_pixel source positions.
///  - f16: cv::resize does not support CV_16F, so there is no opencv/w1_f16.
struct CvState {
  std::vector<float> volume; // W6: the HW-resized depth slices of one (n, c)
};

int cvDepth(Elem e) { return e == Elem::F32 ? CV_32F : CV_8U; }

void runOpenCV(const Workload &w, Data &d, CvState &cs) {
  int type = CV_MAKETYPE(cvDepth(w.elem), 1);
  size_t es = elemBytes(w.elem);
  const auto &is = w.inShape, &os = w.outShape;
  if (is.size() == 4) {
    int H = int(is[2]), W = int(is[3]), OH = int(os[2]), OW = int(os[3]);
    int64_t planes = is[0] * is[1];
    for (int64_t p = 0; p < planes; ++p) {
      cv::Mat src(H, W, type, d.in.get() + size_t(p) * H * W * es);
      cv::Mat dst(OH, OW, type, d.out.get() + size_t(p) * OH * OW * es);
      cv::resize(src, dst, dst.size(), 0, 0, w.cvInterpolation);
    }
    return;
  }
  // 5-D: N, C, D, H, W.
  int D = int(is[2]), H = int(is[3]), W = int(is[4]);
  int OD = int(os[2]), OH = int(os[3]), OW = int(os[4]);
  int64_t volumes = is[0] * is[1];
  cs.volume.resize(size_t(D) * OH * OW);
  float scale = float(OD) / float(D);
  for (int64_t v = 0; v < volumes; ++v) {
    const float *in =
        reinterpret_cast<const float *>(d.in.get()) + size_t(v) * D * H * W;
    float *out =
        reinterpret_cast<float *>(d.out.get()) + size_t(v) * OD * OH * OW;
    for (int z = 0; z < D; ++z) {
      cv::Mat src(H, W, CV_32F, const_cast<float *>(in) + size_t(z) * H * W);
      cv::Mat dst(OH, OW, CV_32F, cs.volume.data() + size_t(z) * OH * OW);
      cv::resize(src, dst, dst.size(), 0, 0, cv::INTER_LINEAR);
    }
    for (int z = 0; z < OD; ++z) {
      float src = std::max(0.f, (float(z) + 0.5f) / scale - 0.5f);
      int z0 = std::min(int(src), D - 1), z1 = std::min(z0 + 1, D - 1);
      float t = src - float(z0);
      cv::Mat a(OH, OW, CV_32F, cs.volume.data() + size_t(z0) * OH * OW);
      cv::Mat b(OH, OW, CV_32F, cs.volume.data() + size_t(z1) * OH * OW);
      cv::Mat dst(OH, OW, CV_32F, out + size_t(z) * OH * OW);
      cv::addWeighted(a, 1.0 - t, b, t, 0.0, dst);
    }
  }
}

void benchOpenCV(benchmark::State &state, size_t i) {
  const Workload &w = gWorkloads[i];
  Data &d = gData[i];
  cv::setNumThreads(int(state.range(0)));
  CvState cs;
  for (auto _ : state) {
    runOpenCV(w, d, cs);
    benchmark::ClobberMemory();
  }
  addCounters(state, w);
  state.SetLabel(w.cvNote);
}
#endif

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<int> threads = {1, 2};
  std::vector<std::string> selected;
  bool verify = true, list = false;
  std::string mallocMode = "retain";
  // Take our own flags out of argv; pass the rest to Google Benchmark.
  std::vector<char *> rest = {argv[0]};
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    auto value = [&](const char *flag) -> const char * {
      size_t n = std::strlen(flag);
      return arg.compare(0, n, flag) == 0 ? argv[a] + n : nullptr;
    };
    if (const char *v = value("--threads=")) {
      threads.clear();
      for (const std::string &t : splitList(v))
        threads.push_back(std::max(1, std::atoi(t.c_str())));
    } else if (const char *v = value("--workloads=")) {
      selected = splitList(v);
    } else if (const char *v = value("--verify=")) {
      verify = std::string(v) != "0";
    } else if (const char *v = value("--malloc=")) {
      mallocMode = v;
      if (mallocMode != "retain" && mallocMode != "fresh" &&
          mallocMode != "glibc") {
        std::fprintf(stderr,
                     "interp-bench: --malloc must be retain, fresh or glibc\n");
        return 1;
      }
    } else if (arg == "--list") {
      list = true;
    } else {
      rest.push_back(argv[a]);
    }
  }
  if (mallocMode == "retain") {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
  } else if (mallocMode == "fresh") {
    mallopt(M_MMAP_THRESHOLD, 64 * 1024);
  }
  benchmark::AddCustomContext("malloc", mallocMode);
  int restArgc = int(rest.size());
  benchmark::Initialize(&restArgc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(restArgc, rest.data()))
    return 1;

  std::vector<Workload> all = makeWorkloads(kSequential);
  if (kHaveOpenMPKernels) {
    std::vector<Workload> omp = makeWorkloads(kOpenMP);
    for (size_t i = 0; i < all.size(); ++i)
      all[i].runOmp = omp[i].run;
  }
  if (list) {
    for (const Workload &w : all)
      std::printf("%-7s %-40s in %zu B, out %zu B\n", w.name.c_str(),
                  w.label.c_str(), w.inBytes(), w.outBytes());
    return 0;
  }
  gAllWorkloads = all;
  for (Workload &w : all)
    if (selected.empty() ||
        std::find(selected.begin(), selected.end(), w.name) != selected.end())
      gWorkloads.push_back(std::move(w));
  for (const std::string &s : selected)
    if (std::none_of(gWorkloads.begin(), gWorkloads.end(),
                     [&](const Workload &w) { return w.name == s; })) {
      std::fprintf(stderr, "interp-bench: unknown workload '%s' (see --list)\n",
                   s.c_str());
      return 1;
    }

  // Buffers: random input (fixed seed per workload), output touched once so
  // that no benchmark pays for first-touch page faults.
  for (size_t i = 0; i < gWorkloads.size(); ++i) {
    const Workload &w = gWorkloads[i];
    Data d{allocate(w.inBytes()), allocate(w.outBytes())};
    fillRandom(d.in.get(), w.elem, w.inElems(), 1234u + uint32_t(i));
    std::memset(d.out.get(), 0, w.outBytes());
    gData.push_back(std::move(d));
  }

  if (verify) {
    setThreads(threads.empty()
                   ? 1
                   : *std::max_element(threads.begin(), threads.end()));
    for (size_t i = 0; i < gWorkloads.size(); ++i) {
      for (bool omp : {false, true}) {
        if (omp && !kHaveOpenMPKernels)
          continue;
        std::memset(gData[i].out.get(), 0xff,
                    gWorkloads[i].outBytes()); // NaN / 255 poison
        (omp ? gWorkloads[i].runOmp : gWorkloads[i].run)(gData[i].in.get(),
                                                         gData[i].out.get());
        verifyWorkload(i, omp);
      }
    }
  }

  for (size_t i = 0; i < gWorkloads.size(); ++i) {
    const Workload &w = gWorkloads[i];
    auto reg = [&](const std::string &kind,
                   void (*fn)(benchmark::State &, size_t)) {
      auto *b =
          benchmark::RegisterBenchmark((kind + "/" + w.name).c_str(), fn, i);
      b->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();
      return b;
    };
    // Sequential kernels: one thread whatever --threads says.
    reg("interp", benchInterp)->Arg(1);
    if (kHaveOpenMPKernels) {
      auto *b = reg("interp-omp", benchInterpOmp);
      for (int t : threads)
        b->Arg(t);
    }
    {
      auto *b = reg("copy", benchCopy);
      for (int t : threads)
        b->Arg(t);
    }
#ifdef INTERP_BENCH_HAVE_OPENCV
    if (w.cvInterpolation >= 0) {
      auto *b = reg("opencv", benchOpenCV);
      for (int t : threads)
        b->Arg(t);
    }
#endif
    // The reference is single-threaded and slow: one run of the full
    // workload, whatever --benchmark_repetitions/min_time say.
    if (w.name != "w1_dyn")
      reg("reference", benchReference)->Arg(1)->Iterations(1)->Repetitions(1);
  }

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
