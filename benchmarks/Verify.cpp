//===- Verify.cpp - check the kernels before timing them ------------------===//
//
// Every selected workload's kernel output (both kernel sets) is checked
// against an independent computation before any timing:
//   nearest_index_math: every element, exactly, against the asymmetric +
//     floor index map computed here in float32
//     (in = floor(out / (out_len/in_len))).
//   reference_plane: the first (n=0, c=0) plane (3-D volume for w6) against
//     the reference implementation run on that plane of the input alone (the
//     resized axes never mix channels, so this is exact), under the project's
//     tolerance (interp/Reference/Compare.h).
//   same_as_w1: bitwise against the static w1 kernel on the same input.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#include "interp/Reference/Compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

using namespace interp_bench;

namespace {

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
      [&](int64_t i) { return valueAt(got, w.type, gotOffset + i); },
      [&](int64_t i) { return want.getAsDouble(i); }, tol);
  if (!result.ok()) {
    int64_t at = result.firstMismatch;
    std::ostringstream os;
    os << w.name << ": |kernel - " << against << "| > "
       << tol.bound(want.getAsDouble(at)) << " at flat element "
       << gotOffset + at << " (kernel " << valueAt(got, w.type, gotOffset + at)
       << ", " << against << " " << want.getAsDouble(at) << "), "
       << result.mismatches << " mismatches";
    fail(os.str());
  }
  std::fprintf(
      stderr, "interp-bench: %-7s ok: %lld elements vs %s, max abs diff %.3g\n",
      w.name.c_str(), static_cast<long long>(want.numElements()), against,
      result.maxAbsDiff);
}

} // namespace

/// Checks the kernel output of workload `i` (computed by the caller into
/// gData[i].out):
///   NearestIndexMath: every element, exactly, against the asymmetric + floor
///     index map computed here in float32 (in = floor(out / (out_len/in_len))).
///   ReferencePlane: the first (n=0, c=0) plane (3-D volume for W6) against
///     the reference implementation run on that plane of the input alone
///     (the resized axes never mix channels, so this is exact).
///   SameAsW1: bitwise against the static W1 kernel on the same input.
void interp_bench::verifyWorkload(size_t i, bool omp) {
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
    ref::Tensor x = ref::Tensor::zeros(w.type, planeIn);
    std::memcpy(x.data.data(), d.in.get(), x.data.size());
    auto r = w.evaluateReference(x);
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
    w1->run(d.in.get(), scratch.get(), omp);
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
