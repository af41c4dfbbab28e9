//===- InterpolateV11.cpp - reference evaluation of interpolate_v11 -------===//
//
// nearest, linear, linear_onnx and cubic are Interpolate-4's (evaluateV4 with
// scales_or_sizes in the role the mode gives it). bilinear_pillow and
// bicubic_pillow follow docs/Semantics.md's "Interpolate-11" steps, with
// Pillow 13.0's src/libImaging/Resample.c as the oracle:
//
// - Weights (every element type): float64, operation by operation in the
//   order of Pillow's precompute_coeffs and its bilinear_filter /
//   bicubic_filter (with `a` = cube_coeff). This file is compiled with
//   -ffp-contract=off (CMakeLists.txt) so that no multiply-add is fused.
// - 8-bit data (ui8, i8), step 9: Pillow's integer arithmetic. The weights
//   are quantised to 22-bit fixed point, each pass sums 2^21 + sum x_j k_j
//   exactly and stores clamp(S >> 22) into the 8-bit type; the pass order is
//   Pillow 13.0's (vertical first for some shapes), a pass with L == O is
//   skipped.
// - Other types, steps 6-8: the w pass, then the h pass, summed in the
//   accumulation type; integers are rounded (ties to even) and saturated
//   after each pass, floats once at the end.
// - integer_arithmetic = pytorch (interp's extension, ui8): PyTorch's CPU
//   uint8 antialias arithmetic (evaluateTorch8Bit): int16 weights with a
//   precision per axis, the w pass first.
//
// The windows are computed here again on purpose rather than shared with
// interp/Semantics (AxisRules.h, AxisRows.h, AxisTable.h), so that the
// differential test compares two derivations.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "interp/Semantics/Rules.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

using namespace mlir::interp;
using namespace mlir::interp::reference;
using namespace mlir::interp::reference::detail;

static constexpr llvm::StringLiteral kOp = "interpolate_v11";

namespace {
/// The taps of one output element along one axis: input indices lo, lo + 1,
/// ... with one weight each.
template <typename Weight> struct Window {
  int64_t lo = 0;
  llvm::SmallVector<Weight> weights;
};
} // namespace

/// Pillow's bilinear_filter and bicubic_filter (whose `a` is a macro for -0.5
/// there, cube_coeff here), written as Resample.c writes them.
static double pillowFilter(bool bicubic, double a, double x) {
  if (x < 0.0)
    x = -x;
  if (!bicubic)
    return x < 1.0 ? 1.0 - x : 0.0;
  if (x < 1.0)
    return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
  if (x < 2.0)
    return (((x - 5) * x + 8) * x - 4) * a;
  return 0.0;
}

/// Step 5 as Pillow's precompute_coeffs computes it: the window of output
/// `o` of an axis of padded length `inLength` resized to `outLength`, its
/// weights normalised by their sum (in tap order) unless that is 0.
static Window<double> pillowWindow(bool bicubic, double a, int64_t inLength,
                                   int64_t outLength, int64_t o) {
  double scale = static_cast<double>(inLength) / static_cast<double>(outLength);
  double filterscale = scale < 1.0 ? 1.0 : scale;
  double support = (bicubic ? 2.0 : 1.0) * filterscale;
  double center = (static_cast<double>(o) + 0.5) * scale;
  double invFilterscale = 1.0 / filterscale;
  // Pillow's (int) conversions truncate; negative values become 0 either way.
  int64_t lo =
      std::max<int64_t>(0, static_cast<int64_t>(center - support + 0.5));
  int64_t hi =
      std::min<int64_t>(inLength, static_cast<int64_t>(center + support + 0.5));
  Window<double> window;
  window.lo = lo;
  double ww = 0.0;
  for (int64_t j = lo; j < hi; ++j) {
    // Pillow: (x + xmin - center + 0.5) * inv_filterscale, x + xmin an int.
    double w = pillowFilter(
        bicubic, a, (static_cast<double>(j) - center + 0.5) * invFilterscale);
    window.weights.push_back(w);
    ww += w;
  }
  if (ww != 0.0)
    for (double &w : window.weights)
      w /= ww;
  return window;
}

static std::vector<Window<double>>
pillowWindows(bool bicubic, double a, int64_t inLength, int64_t outLength) {
  std::vector<Window<double>> windows;
  for (int64_t o = 0; o < outLength; ++o)
    windows.push_back(pillowWindow(bicubic, a, inLength, outLength, o));
  return windows;
}

/// Pillow's PRECISION_BITS (32 - 8 - 2).
static constexpr int kPrecisionBits = 22;

/// Step 9: the windows with Pillow's fixed-point weights
/// (normalize_coeffs_8bpc): (int)(w * 2^22 + 0.5) for w >= 0 and
/// (int)(w * 2^22 - 0.5) for w < 0. Fails when a weight does not fit in
/// int32 (Pillow's conversion would be undefined; only an extreme cube_coeff
/// gets there) or a sum could exceed int64.
static llvm::Expected<std::vector<Window<int64_t>>>
quantizedWindows(bool bicubic, double a, int64_t inLength, int64_t outLength) {
  const double one = static_cast<double>(1 << kPrecisionBits);
  std::vector<Window<int64_t>> windows;
  for (const Window<double> &window :
       pillowWindows(bicubic, a, inLength, outLength)) {
    Window<int64_t> quantized;
    quantized.lo = window.lo;
    int64_t sumOfMagnitudes = 0;
    for (double w : window.weights) {
      double scaled = w < 0 ? -0.5 + w * one : 0.5 + w * one;
      if (!(std::fabs(scaled) < 2147483648.0))
        return makeError(kOp, "cube_coeff " + std::to_string(a) +
                                  " makes a fixed-point Pillow weight "
                                  "overflow int32 (8-bit data, step 9)");
      int64_t k = static_cast<int64_t>(scaled); // truncates, as (int) does
      quantized.weights.push_back(k);
      sumOfMagnitudes += k < 0 ? -k : k;
      // |x| <= 2^8, so |2^21 + sum x_j k_j| stays below 2^63.
      if (sumOfMagnitudes > (int64_t(1) << 53))
        return makeError(kOp, "the fixed-point Pillow weights of one output "
                              "sum beyond 2^53 in magnitude");
    }
    windows.push_back(std::move(quantized));
  }
  return windows;
}

/// One pass along `axis`: out[.., o, ..] = init + sum_j w_j in[.., lo + j, ..],
/// summed in Acc in tap order; `store` writes each sum.
template <typename Acc, typename Weight>
static void pillowPass(llvm::function_ref<Acc(int64_t)> read,
                       llvm::ArrayRef<int64_t> inShape, int64_t axis,
                       llvm::ArrayRef<Window<Weight>> windows, Acc init,
                       llvm::function_ref<void(int64_t, Acc)> store) {
  llvm::SmallVector<int64_t> outShape(inShape);
  outShape[axis] = static_cast<int64_t>(windows.size());
  int64_t count = 1;
  for (int64_t d : outShape)
    count *= d;
  llvm::SmallVector<int64_t> index(outShape.size());
  for (int64_t flat = 0; flat < count; ++flat) {
    unflattenIndex(flat, outShape, index);
    const Window<Weight> &window = windows[index[axis]];
    llvm::SmallVector<int64_t> source(index);
    Acc sum = init;
    for (auto [j, w] : llvm::enumerate(window.weights)) {
      source[axis] = window.lo + static_cast<int64_t>(j);
      sum += static_cast<Acc>(w) * read(flatIndex(source, inShape));
    }
    store(flat, sum);
  }
}

/// Step 9 (ui8, i8): Pillow 13.0's ImagingResample. The vertical (h) pass
/// runs first iff (H - OH) > 0 and (H - OH) > 2 (W - OW); a pass whose axis
/// keeps its length is skipped; each pass stores clamp(S >> 22) into the
/// 8-bit type.
static llvm::Error evaluatePillow8Bit(const Tensor &padded,
                                      llvm::ArrayRef<int64_t> axes,
                                      llvm::ArrayRef<int64_t> outShape,
                                      bool bicubic, double a, Tensor &result) {
  int64_t h = axes[0], w = axes[1];
  // Lengths are at most kMaxDimension, far from overflowing int64 here.
  int64_t shrinkH = padded.shape[h] - outShape[h];
  int64_t shrinkW = padded.shape[w] - outShape[w];
  bool verticalFirst = shrinkH > 0 && shrinkH > shrinkW * 2;
  std::array<int64_t, 2> order = verticalFirst ? std::array<int64_t, 2>{h, w}
                                               : std::array<int64_t, 2>{w, h};
  int64_t lowest = padded.type == ElementType::U8 ? 0 : -128;
  int64_t highest = padded.type == ElementType::U8 ? 255 : 127;
  Tensor current = padded;
  for (int64_t axis : order) {
    if (current.shape[axis] == outShape[axis])
      continue;
    llvm::Expected<std::vector<Window<int64_t>>> windows =
        quantizedWindows(bicubic, a, current.shape[axis], outShape[axis]);
    if (!windows)
      return windows.takeError();
    llvm::SmallVector<int64_t> nextShape(current.shape);
    nextShape[axis] = outShape[axis];
    Tensor next = Tensor::zeros(padded.type, nextShape);
    pillowPass<int64_t, int64_t>(
        [&](int64_t i) { return current.getAsInteger(i); }, current.shape, axis,
        *windows, int64_t(1) << (kPrecisionBits - 1),
        [&](int64_t i, int64_t sum) {
          // An arithmetic shift: floor(sum / 2^22), also for negative sums.
          int64_t shifted = sum >= 0 ? sum >> kPrecisionBits
                                     : -((-sum - 1) >> kPrecisionBits) - 1;
          next.setFromDouble(
              i, static_cast<double>(std::clamp(shifted, lowest, highest)));
        });
    current = std::move(next);
  }
  result = std::move(current);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// integer_arithmetic = pytorch (ui8): PyTorch's CPU uint8 antialias path,
// transcribed from PyTorch 2.15's aten/src/ATen/native/cpu/UpSampleKernel.cpp
// (HelperInterpBase::_compute_indices_min_size_weights_aa,
// _compute_index_ranges_int16_weights, basic_loop_separable_1d_*<uint8_t>)
// and UpSampleKernelAVXAntialias.h (upsample_avx_bilinear_bicubic_uint8),
// with F.interpolate(size=...)'s inputs: no scale factor, align_corners
// false. docs/Semantics.md, "PyTorch's arithmetic".
//===----------------------------------------------------------------------===//

/// HelperInterpLinear::aa_filter and HelperInterpCubic::aa_filter<double,
/// true> (a = -0.5), the latter as libtorch's x86-64 AVX2 build computes it:
/// its compiler folded the constants and fused three multiply-adds per lobe
/// (std::fma rounds once, as vfmadd does).
static double torchFilter(bool bicubic, double x) {
  x = std::fabs(x);
  if (!bicubic)
    return x < 1.0 ? 1.0 - x : 0.0;
  if (x < 1.0)
    return std::fma(x, x * std::fma(x, 1.5, -2.5), 1.0);
  if (x < 2.0)
    return std::fma(std::fma(std::fma(x, -0.5, 2.5), x, -4.0), x, 2.0);
  return 0.0;
}

namespace {
/// One axis' int16 weights and their precision.
struct TorchAxis {
  std::vector<Window<int64_t>> windows;
  int precision = 0;
};
} // namespace

/// _compute_index_ranges_int16_weights for an axis of length `inLength`
/// resized to `outLength` (> 0): float64 windows and weights, normalised;
/// the precision from the largest normalised weight; the weights rounded to
/// int16 at that precision.
static llvm::Expected<TorchAxis> torchAxis(bool bicubic, int64_t inLength,
                                           int64_t outLength) {
  // area_pixel_compute_scale without a given scale: (double)in / out.
  double scale = static_cast<double>(inLength) / static_cast<double>(outLength);
  double interpSize = bicubic ? 4.0 : 2.0;
  double support = scale >= 1.0 ? (interpSize * 0.5) * scale : interpSize * 0.5;
  int64_t maxInterpSize = static_cast<int64_t>(std::ceil(support)) * 2 + 1;
  double invscale = scale >= 1.0 ? 1.0 / scale : 1.0;
  double wtMax = 0.0;
  std::vector<Window<double>> windows;
  for (int64_t i = 0; i < outLength; ++i) {
    double center = scale * (static_cast<double>(i) + 0.5);
    // The casts truncate; a negative start becomes 0 either way.
    int64_t xmin =
        std::max(static_cast<int64_t>(center - support + 0.5), int64_t(0));
    int64_t xsize =
        std::min(static_cast<int64_t>(center + support + 0.5), inLength) - xmin;
    xsize = std::clamp(xsize, int64_t(0), maxInterpSize);
    Window<double> window;
    window.lo = xmin;
    double total = 0.0;
    for (int64_t j = 0; j < xsize; ++j) {
      // (j + xmin - center + 0.5) * invscale, j + xmin an integer.
      double w = torchFilter(
          bicubic, (static_cast<double>(j + xmin) - center + 0.5) * invscale);
      window.weights.push_back(w);
      total += w;
    }
    if (total != 0.0)
      for (double &w : window.weights) {
        w /= total;
        wtMax = std::max(wtMax, w);
      }
    windows.push_back(std::move(window));
  }
  // The first precision whose next step would reach 2^15.
  TorchAxis axis;
  for (axis.precision = 0; axis.precision < 22; ++axis.precision) {
    double next =
        0.5 + wtMax * static_cast<double>(int64_t(1) << (axis.precision + 1));
    if (next >= 32768.0) // (int)next >= 1 << 15
      break;
  }
  if (axis.precision == 0)
    return makeError(kOp, "a PyTorch weight needs no fraction bits (the "
                          "largest weight is " +
                              std::to_string(wtMax) + ")");
  double one = static_cast<double>(int64_t(1) << axis.precision);
  for (const Window<double> &window : windows) {
    Window<int64_t> quantized;
    quantized.lo = window.lo;
    for (double w : window.weights) {
      double v = w * one;
      int64_t k = static_cast<int64_t>(v < 0 ? -0.5 + v : 0.5 + v);
      // PyTorch stores int16; its precision rule keeps every weight there.
      if (k <= -32768 || k >= 32768)
        return makeError(kOp, "a PyTorch weight " + std::to_string(w) +
                                  " does not fit int16 at precision " +
                                  std::to_string(axis.precision));
      quantized.weights.push_back(k);
    }
    axis.windows.push_back(std::move(quantized));
  }
  return axis;
}

/// integer_arithmetic = pytorch on ui8: the w pass, then the h pass (each
/// skipped when its length stays), each S = 2^(p-1) + sum x_j k_j stored as
/// clamp(S >> p, 0, 255) with its axis' precision p.
static llvm::Error evaluateTorch8Bit(const Tensor &padded,
                                     llvm::ArrayRef<int64_t> axes,
                                     llvm::ArrayRef<int64_t> outShape,
                                     bool bicubic, Tensor &result) {
  Tensor current = padded;
  for (int64_t axis : {axes[1], axes[0]}) {
    if (current.shape[axis] == outShape[axis])
      continue;
    llvm::Expected<TorchAxis> weights =
        torchAxis(bicubic, current.shape[axis], outShape[axis]);
    if (!weights)
      return weights.takeError();
    int p = weights->precision;
    llvm::SmallVector<int64_t> nextShape(current.shape);
    nextShape[axis] = outShape[axis];
    Tensor next = Tensor::zeros(padded.type, nextShape);
    pillowPass<int64_t, int64_t>(
        [&](int64_t i) { return current.getAsInteger(i); }, current.shape, axis,
        weights->windows, int64_t(1) << (p - 1),
        [&](int64_t i, int64_t sum) {
          // An arithmetic shift: floor(sum / 2^p), also for negative sums.
          int64_t shifted = sum >= 0 ? sum >> p : -((-sum - 1) >> p) - 1;
          next.setFromDouble(
              i, static_cast<double>(std::clamp<int64_t>(shifted, 0, 255)));
        });
    current = std::move(next);
  }
  result = std::move(current);
  return llvm::Error::success();
}

/// Steps 6-8 (every type but ui8 and i8): the w pass, then the h pass;
/// integer data is stored into its element type after each pass, float data
/// keeps Acc in between.
template <typename Acc>
static void evaluatePillow(const Tensor &padded, llvm::ArrayRef<int64_t> axes,
                           llvm::ArrayRef<int64_t> outShape, bool bicubic,
                           double a, Tensor &result) {
  int64_t h = axes[0], w = axes[1];
  llvm::SmallVector<int64_t> midShape(padded.shape);
  midShape[w] = outShape[w];
  bool integer = !rules::isFloat(padded.type);
  Tensor midStored = Tensor::zeros(
      padded.type, integer ? midShape : llvm::SmallVector<int64_t>{0});
  std::vector<Acc> midAcc;
  if (!integer) {
    int64_t count = 1;
    for (int64_t d : midShape)
      count *= d;
    midAcc.resize(count);
  }
  std::vector<Window<double>> windowsW =
      pillowWindows(bicubic, a, padded.shape[w], outShape[w]);
  pillowPass<Acc, double>(
      [&](int64_t i) { return static_cast<Acc>(padded.getAsDouble(i)); },
      padded.shape, w, windowsW, Acc(0),
      [&](int64_t i, Acc sum) {
        if (integer)
          midStored.setFromDouble(i, sum);
        else
          midAcc[i] = sum;
      });
  std::vector<Window<double>> windowsH =
      pillowWindows(bicubic, a, midShape[h], outShape[h]);
  pillowPass<Acc, double>(
      [&](int64_t i) {
        return integer ? static_cast<Acc>(midStored.getAsDouble(i)) : midAcc[i];
      },
      midShape, h, windowsH, Acc(0),
      [&](int64_t i, Acc sum) { result.setFromDouble(i, sum); });
}

static llvm::Expected<Tensor>
evaluatePillowOp(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                 llvm::ArrayRef<float> scales,
                 std::optional<llvm::ArrayRef<int64_t>> axesOperand,
                 const V11Attributes &attrs) {
  if (llvm::Error error = checkData(kOp, data))
    return std::move(error);
  int64_t rank = data.shape.size();
  if (llvm::Error error = checkPads(kOp, attrs.padsBegin, attrs.padsEnd, rank))
    return std::move(error);
  if (llvm::Error error =
          toError(kOp, validation::checkCubeCoeff(attrs.cubeCoeff)))
    return std::move(error);
  if (llvm::Error error = toError(kOp, validation::checkPillowRank(rank)))
    return std::move(error);
  if (llvm::Error error = toError(
          kOp, validation::checkPillowAxesKnown(
                   axesOperand.has_value(), !axesOperand.has_value(), rank)))
    return std::move(error);
  llvm::SmallVector<int64_t> axes =
      axesOperand ? llvm::SmallVector<int64_t>(*axesOperand)
                  : llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (llvm::Error error = toError(kOp, validation::checkPillowAxes(axes)))
    return std::move(error);
  if (llvm::Error error =
          checkAxes(kOp, axes, rank, /*strictlyIncreasing=*/true))
    return std::move(error);

  // Step 1: pads on every dimension, then the output shape.
  llvm::SmallVector<int64_t> padsBegin =
      rules::resizePads(attrs.padsBegin, rank);
  llvm::SmallVector<int64_t> padsEnd = rules::resizePads(attrs.padsEnd, rank);
  llvm::SmallVector<int64_t> paddedShape;
  for (int64_t d = 0; d < rank; ++d)
    paddedShape.push_back(
        rules::paddedLength(data.shape[d], padsBegin[d], padsEnd[d]));
  bool sizesMode = attrs.shapeCalculationMode == ShapeCalcMode::Sizes;
  size_t shapeLength = sizesMode ? sizes.size() : scales.size();
  if (llvm::Error error =
          toError(kOp, validation::checkScalesOrSizesLength(shapeLength, 2)))
    return std::move(error);
  if (sizesMode) {
    if (llvm::Error error =
            toError(kOp, validation::checkSizes("scales_or_sizes", sizes)))
      return std::move(error);
  } else {
    for (auto [i, scale] : llvm::enumerate(scales)) {
      if (llvm::Error error =
              toError(kOp, validation::checkScale(scale, i, "scales_or_sizes")))
        return std::move(error);
      if (llvm::Error error =
              toError(kOp, validation::checkScaleOverflow(scale, i, axes[i],
                                                          paddedShape[axes[i]],
                                                          "scales_or_sizes")))
        return std::move(error);
    }
  }
  llvm::SmallVector<int64_t> outShape = rules::inferV4Shape(
      data.shape, padsBegin, padsEnd, llvm::ArrayRef<int64_t>(axes),
      attrs.shapeCalculationMode, sizes, scales);
  if (llvm::Error error = checkOutputShape(kOp, outShape, paddedShape, axes))
    return std::move(error);

  Tensor result = Tensor::zeros(data.type, outShape);
  if (result.numElements() == 0)
    return result;
  llvm::Expected<Tensor> padded = padData(kOp, data, padsBegin, padsEnd);
  if (!padded)
    return padded.takeError();
  bool bicubic = attrs.mode == InterpolateV11Mode::BicubicPillow;
  if (attrs.integerArithmetic == IntegerArithmetic::PyTorch) {
    // ui8, and a = -0.5 for bicubic (checked above).
    if (llvm::Error error =
            evaluateTorch8Bit(*padded, axes, outShape, bicubic, result))
      return std::move(error);
    return result;
  }
  // Step 4: `a` is the float64 attribute, not rounded to float32.
  if (data.type == ElementType::U8 || data.type == ElementType::I8) {
    if (llvm::Error error = evaluatePillow8Bit(*padded, axes, outShape, bicubic,
                                               attrs.cubeCoeff, result))
      return std::move(error);
  } else if (rules::accumulatesInFloat64(data.type))
    evaluatePillow<double>(*padded, axes, outShape, bicubic, attrs.cubeCoeff,
                           result);
  else
    evaluatePillow<float>(*padded, axes, outShape, bicubic, attrs.cubeCoeff,
                          result);
  return result;
}

llvm::Expected<Tensor>
reference::evaluateV11(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                       llvm::ArrayRef<float> scales,
                       std::optional<llvm::ArrayRef<int64_t>> axes,
                       const V11Attributes &attrs) {
  if (llvm::Error error = toError(kOp, validation::checkIntegerArithmetic(
                                           attrs.integerArithmetic, attrs.mode,
                                           data.type, attrs.cubeCoeff)))
    return std::move(error);
  if (rules::isPillowMode(attrs.mode))
    return evaluatePillowOp(data, sizes, scales, axes, attrs);
  V4Attributes v4;
  v4.mode = *rules::v4ModeOf(attrs.mode);
  v4.shapeCalculationMode = attrs.shapeCalculationMode;
  v4.coordinateTransformationMode = attrs.coordinateTransformationMode;
  v4.nearestMode = attrs.nearestMode;
  v4.antialias = attrs.antialias;
  v4.padsBegin = attrs.padsBegin;
  v4.padsEnd = attrs.padsEnd;
  v4.cubeCoeff = attrs.cubeCoeff;
  llvm::Expected<Tensor> result = evaluateV4(data, sizes, scales, axes, v4);
  if (result)
    return result;
  // Its errors name Interpolate-4 and its operands; say which op this is.
  return makeError(kOp,
                   "as Interpolate-4: " + llvm::toString(result.takeError()));
}
