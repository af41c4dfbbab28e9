//===- OpenCVPeer.cpp - cv::resize on the benchmark workloads -------------===//
//
// Built only when CMake found OpenCV.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#include "interp/Semantics/ElementType.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>

using namespace interp_bench;

namespace {

/// OpenCV peers. cv::resize works on 2-D images; an NCHW tensor is resized
/// plane by plane, an NHWC one image by image with C interleaved channels
/// (cv::Mat headers over the same buffers, no copies).
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

int cvDepth(ref::ElementType type) {
  return type == ref::ElementType::F32 ? CV_32F : CV_8U;
}

void runOpenCVCall(const Workload &w, const Call &c, Data &d, CvState &cs) {
  size_t es = mlir::interp::rules::elementSize(w.type);
  const auto &is = c.inShape, &os = c.outShape;
  uint8_t *inBase = d.in.get() + c.inOffset,
          *outBase = d.out.get() + c.outOffset;
  if (is.size() == 4) {
    // NCHW: N*C one-channel planes; NHWC (axes 1, 2): N images of C
    // interleaved channels, OpenCV's own layout.
    bool nhwc = w.axes == std::vector<int64_t>{1, 2};
    int h = nhwc ? 1 : 2, channels = nhwc ? int(is[3]) : 1;
    int type = CV_MAKETYPE(cvDepth(w.type), channels);
    int H = int(is[h]), W = int(is[h + 1]), OH = int(os[h]),
        OW = int(os[h + 1]);
    int64_t images = nhwc ? is[0] : is[0] * is[1];
    size_t inImage = size_t(H) * W * channels * es,
           outImage = size_t(OH) * OW * channels * es;
    for (int64_t p = 0; p < images; ++p) {
      cv::Mat src(H, W, type, inBase + p * inImage);
      cv::Mat dst(OH, OW, type, outBase + p * outImage);
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
        reinterpret_cast<const float *>(inBase) + size_t(v) * D * H * W;
    float *out = reinterpret_cast<float *>(outBase) + size_t(v) * OD * OH * OW;
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

void runOpenCV(const Workload &w, Data &d, CvState &cs) {
  for (const Call &c : w.calls)
    runOpenCVCall(w, c, d, cs);
}

} // namespace

void interp_bench::benchOpenCV(benchmark::State &state, size_t i) {
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
