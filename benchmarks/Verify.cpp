//===- Verify.cpp - check the kernels before timing them ------------------===//
//
// Every selected workload's kernel output (both kernel sets) is checked
// against an independent computation before any timing:
//   nearest_index_math: every element, exactly, against the asymmetric +
//     floor index map computed here in float32
//     (in = floor(out / (out_len/in_len))).
//   reference_plane: plane 0 (index 0 of every dimension the op does not
//     resize: the n=0, c=0 plane of NCHW, a 3-D volume for w6, one channel
//     of NHWC) of every call against the reference implementation run on
//     that plane of the input alone (the op never mixes elements across
//     those dimensions, so this is exact), under the project's tolerance
//     (interp/Reference/Compare.h).
//   same_as_w1: bitwise against the static w1 kernel on the same input.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#include "interp/Reference/Compare.h"
#include "interp/Semantics/ElementType.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

using namespace interp_bench;
using namespace mlir::interp;

namespace {

[[noreturn]] void fail(const std::string &message) {
  std::fprintf(stderr, "interp-bench: verification FAILED: %s\n",
               message.c_str());
  std::exit(1);
}

/// Compares the kernel output, element `i` of which is `got(i)`, with
/// `want`, computed from `input`, under the project's tolerance
/// (interp/Reference/Compare.h).
template <typename Got>
void compare(const Workload &w, Got got, const ref::Tensor &input,
             const ref::Tensor &want, const std::string &against) {
  ref::Tolerance tol =
      ref::resultTolerance(want.type, ref::inputMagnitude(input));
  ref::Comparison result = ref::compareElements(
      want.numElements(), got, [&](int64_t i) { return want.getAsDouble(i); },
      tol);
  if (!result.ok()) {
    int64_t at = result.firstMismatch;
    std::ostringstream os;
    os << w.name << ": |kernel - " << against << "| > "
       << tol.bound(want.getAsDouble(at)) << " at element " << at << " of "
       << against << " (kernel " << got(at) << ", " << against << " "
       << want.getAsDouble(at) << "), " << result.mismatches << " mismatches";
    fail(os.str());
  }
  std::fprintf(
      stderr, "interp-bench: %-7s ok: %lld elements vs %s, max abs diff %.3g\n",
      w.name.c_str(), static_cast<long long>(want.numElements()),
      against.c_str(), result.maxAbsDiff);
}

/// Row-major strides of `shape`, in elements.
std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// The flat element of a `shape` tensor that element `i` of its plane 0 (the
/// sub-tensor at index 0 of every dimension the op does not resize) is.
int64_t planeElement(const Workload &w, const std::vector<int64_t> &shape,
                     int64_t i) {
  std::vector<int64_t> strides = stridesOf(shape);
  int64_t flat = 0;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    if (!w.isResizedAxis(d))
      continue;
    flat += (i % shape[d]) * strides[d];
    i /= shape[d];
  }
  return flat;
}

/// Plane 0 of a shape: 1 along every dimension the op does not resize.
std::vector<int64_t> planeShape(const Workload &w,
                                const std::vector<int64_t> &shape) {
  std::vector<int64_t> plane = shape;
  for (size_t d = 0; d < plane.size(); ++d)
    if (!w.isResizedAxis(d))
      plane[d] = 1;
  return plane;
}

} // namespace

/// Checks the kernel output of workload `i` (computed by the caller into
/// gData[i].out):
///   NearestIndexMath: every element, exactly, against the asymmetric + floor
///     index map computed here in float32 (in = floor(out / (out_len/in_len))).
///   ReferencePlane: plane 0 of every call against the reference on that
///     plane of the input alone (see the file comment).
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
    if (w.calls.size() != 1 || w.axes != std::vector<int64_t>{2, 3} ||
        w.type != ref::ElementType::F32)
      fail(w.name + ": nearest_index_math checks one f32 NCHW call");
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
    // Per call, plane 0 of the input alone through the reference (the op
    // never mixes elements across the dimensions it does not resize, so this
    // is exact, whatever the layout: NCHW planes or one channel of NHWC).
    size_t es = rules::elementSize(w.type);
    for (size_t k = 0; k < w.calls.size(); ++k) {
      const Call &c = w.calls[k];
      std::vector<int64_t> planeIn = planeShape(w, c.inShape),
                           planeOut = planeShape(w, c.outShape);
      ref::Tensor x = ref::Tensor::zeros(w.type, planeIn);
      const uint8_t *in = d.in.get() + c.inOffset;
      for (int64_t i = 0, n = x.numElements(); i < n; ++i)
        std::memcpy(x.data.data() + i * es,
                    in + planeElement(w, c.inShape, i) * es, es);
      Workload one = w;
      one.sizes = c.sizes;
      auto r = one.evaluateReference(x);
      if (!r)
        fail(w.name + ": reference error: " + llvm::toString(r.takeError()));
      if (r->shape != llvm::ArrayRef<int64_t>(planeOut))
        fail(w.name + ": reference produced an unexpected shape");
      const uint8_t *out = d.out.get() + c.outOffset;
      std::string against = "reference (plane 0";
      if (w.calls.size() > 1)
        against += " of call " + std::to_string(k);
      compare(
          w,
          [&](int64_t i) {
            return valueAt(out, w.type, planeElement(w, c.outShape, i));
          },
          x, *r, against + ")");
    }
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
