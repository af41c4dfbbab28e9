//===- ReferenceTest.cpp - tests of the reference implementation ----------===//
//
// Expected values are derived by hand from SEMANTICS.md (the derivation is
// in the comments) or analytically (constants and ramps that interpolation
// must preserve), never taken from the implementation's output.
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Reference.h"
#include "interp/Semantics/Rules.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir::interp;
using namespace mlir::interp::reference;

namespace {

using Shape = llvm::SmallVector<int64_t>;

/// Evaluates and fails the test (returning an empty tensor) on error.
Tensor mustEvaluateV4(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
                      llvm::ArrayRef<float> scales,
                      std::optional<llvm::ArrayRef<int64_t>> axes,
                      const V4Attributes &attrs) {
  llvm::Expected<Tensor> result = evaluateV4(data, sizes, scales, axes, attrs);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return Tensor();
  }
  return std::move(*result);
}

Tensor mustEvaluateV1(const Tensor &data, llvm::ArrayRef<int64_t> target,
                      const V1Attributes &attrs) {
  llvm::Expected<Tensor> result = evaluateV1(data, target, attrs);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return Tensor();
  }
  return std::move(*result);
}

/// The error message of a failed evaluation, or "" (and a test failure)
/// when it succeeded.
std::string errorOf(llvm::Expected<Tensor> result) {
  if (result) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(result.takeError());
}

V4Attributes v4(InterpolateMode mode, CoordinateTransformMode transform,
                ShapeCalcMode shapeMode = ShapeCalcMode::Sizes) {
  V4Attributes attrs;
  attrs.mode = mode;
  attrs.coordinateTransformationMode = transform;
  attrs.shapeCalculationMode = shapeMode;
  return attrs;
}

void expectValues(const Tensor &actual, llvm::ArrayRef<double> expected,
                  double tolerance = 0.0) {
  std::vector<double> values = actual.toDoubles();
  ASSERT_EQ(values.size(), expected.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if (tolerance == 0.0) {
      EXPECT_EQ(values[i], expected[i]) << "at flat index " << i;
    } else {
      EXPECT_NEAR(values[i], expected[i], tolerance) << "at flat index " << i;
    }
  }
}

//===----------------------------------------------------------------------===//
// nearest
//===----------------------------------------------------------------------===//

TEST(ReferenceNearest, Upsample2xAsymmetricFloor) {
  // c = x / 2, floor -> sources 0, 0, 1, 1 on each axis.
  Tensor data =
      Tensor::fromDoubles(ElementType::F32, {1, 1, 2, 2}, {1, 2, 3, 4});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::Asymmetric);
  attrs.nearestMode = NearestMode::Floor;
  Shape axes{2, 3};
  Tensor out = mustEvaluateV4(data, {4, 4}, {}, llvm::ArrayRef(axes), attrs);
  EXPECT_EQ(out.shape, (Shape{1, 1, 4, 4}));
  expectValues(out, {1, 1, 2, 2, //
                     1, 1, 2, 2, //
                     3, 3, 4, 4, //
                     3, 3, 4, 4});

  // The same through scales mode: 2 * 2.000001 -> 4.
  attrs.shapeCalculationMode = ShapeCalcMode::Scales;
  Tensor viaScales =
      mustEvaluateV4(data, {}, {2.0f, 2.0f}, llvm::ArrayRef(axes), attrs);
  EXPECT_EQ(viaScales.data, out.data);
}

TEST(ReferenceNearest, TwentyToSixRoundPreferCeil) {
  // Output 4 -> coordinate 14.5 in float64 -> source 15 (see RulesTest).
  std::vector<double> ramp;
  for (int i = 0; i < 20; ++i)
    ramp.push_back(i);
  Tensor data = Tensor::fromDoubles(ElementType::F32, {20}, ramp);
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel);
  attrs.nearestMode = NearestMode::RoundPreferCeil;
  Tensor out = mustEvaluateV4(data, {6}, {}, std::nullopt, attrs);
  // x -> (x + 0.5) * 20 / 6 - 0.5 = 1.1667, 4.5, 7.8333, 11.1667, 14.5,
  // 17.8333 -> 1, 5, 8, 11, 15, 18.
  expectValues(out, {1, 5, 8, 11, 15, 18});
}

TEST(ReferenceNearest, ScalesModeUsesGivenScale) {
  // 2 * 2.200001 -> 4 outputs, but the transform divides by 2.2, not 4/2:
  // asymmetric floor: x / 2.2 = 0, 0.45, 0.91, 1.36 -> 0, 0, 0, 1.
  // (Dividing by 2 would give 0, 0, 1, 1.)
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2}, {10, 20});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::Asymmetric,
         ShapeCalcMode::Scales);
  attrs.nearestMode = NearestMode::Floor;
  Tensor out = mustEvaluateV4(data, {}, {2.2f}, std::nullopt, attrs);
  EXPECT_EQ(out.shape, (Shape{4}));
  expectValues(out, {10, 10, 10, 20});

  // 2 * 1.3 -> 2: the lengths agree, so the short-circuit makes it an
  // identity although 1.3 != 1. (tf_half_pixel_for_nn, ceil would
  // otherwise give 0.5 / 1.3 = 0.38 -> 1 and 1.5 / 1.3 = 1.15 -> 2 -> 1.)
  attrs.coordinateTransformationMode =
      CoordinateTransformMode::TfHalfPixelForNn;
  attrs.nearestMode = NearestMode::Ceil;
  Tensor same = mustEvaluateV4(data, {}, {1.3f}, std::nullopt, attrs);
  EXPECT_EQ(same.shape, (Shape{2}));
  expectValues(same, {10, 20});
}

TEST(ReferenceNearest, CopiesBitsOfEveryType) {
  // u8 and i64 values beyond 2^53 must survive exactly; so must NaN
  // payloads and -0.0 in f32.
  Tensor bytes = Tensor::fromDoubles(ElementType::U8, {2}, {255, 7});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::Asymmetric);
  attrs.nearestMode = NearestMode::Floor;
  Tensor outBytes = mustEvaluateV4(bytes, {4}, {}, std::nullopt, attrs);
  EXPECT_EQ(outBytes.data, (std::vector<uint8_t>{255, 255, 7, 7}));

  Tensor wide = Tensor::zeros(ElementType::I64, {2});
  int64_t big[2] = {(int64_t(1) << 62) + 1,
                    std::numeric_limits<int64_t>::min()};
  std::memcpy(wide.data.data(), big, sizeof(big));
  Tensor outWide = mustEvaluateV4(wide, {4}, {}, std::nullopt, attrs);
  int64_t got[4];
  ASSERT_EQ(outWide.data.size(), sizeof(got));
  std::memcpy(got, outWide.data.data(), sizeof(got));
  EXPECT_EQ(got[0], big[0]);
  EXPECT_EQ(got[1], big[0]);
  EXPECT_EQ(got[2], big[1]);
  EXPECT_EQ(got[3], big[1]);

  Tensor floats = Tensor::zeros(ElementType::F32, {2});
  uint32_t bits[2] = {0x7fc12345u, 0x80000000u}; // NaN payload, -0.0
  std::memcpy(floats.data.data(), bits, sizeof(bits));
  Tensor outFloats = mustEvaluateV4(floats, {4}, {}, std::nullopt, attrs);
  uint32_t gotBits[4];
  ASSERT_EQ(outFloats.data.size(), sizeof(gotBits));
  std::memcpy(gotBits, outFloats.data.data(), sizeof(gotBits));
  EXPECT_EQ(gotBits[0], bits[0]);
  EXPECT_EQ(gotBits[1], bits[0]);
  EXPECT_EQ(gotBits[2], bits[1]);
  EXPECT_EQ(gotBits[3], bits[1]);
}

TEST(ReferenceNearest, AxesOrderPairsWithSizes) {
  // axes [1, 0] with sizes [3, 4]: dim 1 -> 3, dim 0 -> 4.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2, 2}, {1, 2, 3, 4});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::Asymmetric);
  attrs.nearestMode = NearestMode::Floor;
  Shape axes{1, 0};
  Tensor out = mustEvaluateV4(data, {3, 4}, {}, llvm::ArrayRef(axes), attrs);
  EXPECT_EQ(out.shape, (Shape{4, 3}));
  // Rows: y * 2 / 4 -> 0, 0, 1, 1; columns: x * 2 / 3 -> 0, 0.67, 1.33 ->
  // 0, 0, 1.
  expectValues(out, {1, 1, 2, //
                     1, 1, 2, //
                     3, 3, 4, //
                     3, 3, 4});
}

TEST(ReferenceNearest, Upsample64AndDownsample64) {
  Tensor one = Tensor::fromDoubles(ElementType::F32, {1}, {3.5});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel);
  Tensor up = mustEvaluateV4(one, {64}, {}, std::nullopt, attrs);
  expectValues(up, std::vector<double>(64, 3.5));

  // 128 -> 2, scale 1/64: (x + 0.5) * 64 - 0.5 = 31.5, 95.5; round_prefer_
  // floor sends both ties down: 31, 95.
  std::vector<double> ramp;
  for (int i = 0; i < 128; ++i)
    ramp.push_back(i);
  Tensor data = Tensor::fromDoubles(ElementType::F32, {128}, ramp);
  Tensor down = mustEvaluateV4(data, {2}, {}, std::nullopt, attrs);
  expectValues(down, {31, 95});
}

//===----------------------------------------------------------------------===//
// linear_onnx
//===----------------------------------------------------------------------===//

TEST(ReferenceLinearOnnx, HalfPixel2x2To4x4) {
  // Per axis, half_pixel at scale 2 gives c = -0.25, 0.25, 0.75, 1.25,
  // clamped to 0, 0.25, 0.75, 1. The input is f(r, c) = 1 + c + 2r, which
  // bilinear interpolation reproduces: out = 1 + p[x] + 2 p[y] with
  // p = (0, 0.25, 0.75, 1). All values are exact in float32.
  Tensor data =
      Tensor::fromDoubles(ElementType::F32, {1, 1, 2, 2}, {1, 2, 3, 4});
  Shape axes{2, 3};
  Tensor out = mustEvaluateV4(
      data, {4, 4}, {}, llvm::ArrayRef(axes),
      v4(InterpolateMode::LinearOnnx, CoordinateTransformMode::HalfPixel));
  EXPECT_EQ(out.shape, (Shape{1, 1, 4, 4}));
  expectValues(out, {1.0, 1.25, 1.75, 2.0, //
                     1.5, 1.75, 2.25, 2.5, //
                     2.5, 2.75, 3.25, 3.5, //
                     3.0, 3.25, 3.75, 4.0});
}

TEST(ReferenceLinearOnnx, ScalesModeDividesByGivenScale) {
  // Rank 2, axes [0, 1], scales [1, 1.9]: 2 * 1.900001 -> 3 columns.
  // asymmetric: c = x / 1.9f = 0, 0.5263, 1.0526 -> clamped 1. The input
  // row is (0, 10), so the values are 0, 10 / 1.9 = 5.26316, 10. (With
  // out/in = 1.5 the middle value would be 6.667.)
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1, 2}, {0, 10});
  Tensor out = mustEvaluateV4(data, {}, {1.0f, 1.9f}, std::nullopt,
                              v4(InterpolateMode::LinearOnnx,
                                 CoordinateTransformMode::Asymmetric,
                                 ShapeCalcMode::Scales));
  EXPECT_EQ(out.shape, (Shape{1, 3}));
  expectValues(out, {0.0, 10.0 / 1.9, 10.0}, 1e-5);
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

TEST(ReferenceLinear, DownsampleWithAntialias) {
  // 4 -> 2, half_pixel, scale 0.5, antialias: a = 0.5, radius ceil(2/a) = 4.
  // x = 0: c = 0.5, weights 1 - |0.5 (0.5 - t)| for t = 0..3 are
  //   0.75, 0.75, 0.25, 0 -> (0.75*1 + 0.75*2 + 0.25*3) / 1.75 = 12/7.
  // x = 1: c = 2.5, weights 0, 0.25, 0.75, 0.75
  //   -> (0.25*2 + 0.75*3 + 0.75*4) / 1.75 = 23/7.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {4}, {1, 2, 3, 4});
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::HalfPixel);
  attrs.antialias = true;
  Tensor out = mustEvaluateV4(data, {2}, {}, std::nullopt, attrs);
  expectValues(out, {12.0 / 7.0, 23.0 / 7.0}, 1e-6);

  // Without antialias a = 1: weights 0.5, 0.5 around c -> 1.5, 3.5.
  attrs.antialias = false;
  Tensor plain = mustEvaluateV4(data, {2}, {}, std::nullopt, attrs);
  expectValues(plain, {1.5, 3.5});
}

TEST(ReferenceLinear, AntialiasNarrowsUpsampledAxesToo) {
  // 4x2 -> 2x4 with antialias: axis 0 downsamples (a = 0.5), so axis 1
  // (scale 2) uses a = 2: c = -0.25, 0.25, 0.75, 1.25 with weights
  // max(0, 1 - 2|c - t|) leave only the nearest sample -> columns 0, 0, 1, 1.
  // Axis 0 as in DownsampleWithAntialias on rows 0..3: 5/7 and 16/7.
  // The input f(r, c) = 10 r + c is a sum, so the normalized result is
  // 10 R[y] + C[x].
  Tensor data = Tensor::fromDoubles(ElementType::F64, {4, 2},
                                    {0, 1, 10, 11, 20, 21, 30, 31});
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::HalfPixel);
  attrs.antialias = true;
  Tensor out = mustEvaluateV4(data, {2, 4}, {}, std::nullopt, attrs);
  double r0 = 50.0 / 7.0, r1 = 160.0 / 7.0;
  expectValues(out, {r0, r0, r0 + 1, r0 + 1, r1, r1, r1 + 1, r1 + 1}, 1e-12);

  // Without antialias (a = 1 everywhere): rows c = 0.5, 2.5 -> 5, 25;
  // columns c = -0.25 (only t = 0 within reach), 0.25, 0.75, 1.25 (only
  // t = 1) -> 0, 0.25, 0.75, 1.
  attrs.antialias = false;
  Tensor plain = mustEvaluateV4(data, {2, 4}, {}, std::nullopt, attrs);
  expectValues(plain, {5, 5.25, 5.75, 6, 25, 25.25, 25.75, 26}, 1e-12);
}

TEST(ReferenceLinear, RampInteriorIsReproduced) {
  // x_i = 3 + 2i, 8 -> 16, half_pixel: c = x/2 - 0.25. Where 0 <= c <= 7
  // the two taps around c have weights summing to 1 and the value is
  // 3 + 2c = 2.5 + x. At the borders the out-of-range taps are dropped
  // (not extrapolated): x = 0 gives x_0 = 3, x = 15 gives x_7 = 17.
  std::vector<double> ramp;
  for (int i = 0; i < 8; ++i)
    ramp.push_back(3 + 2 * i);
  Tensor data = Tensor::fromDoubles(ElementType::F64, {8}, ramp);
  Tensor out = mustEvaluateV4(
      data, {16}, {}, std::nullopt,
      v4(InterpolateMode::Linear, CoordinateTransformMode::HalfPixel));
  std::vector<double> expected{3};
  for (int x = 1; x <= 14; ++x)
    expected.push_back(2.5 + x);
  expected.push_back(17);
  expectValues(out, expected, 1e-12);
}

TEST(ReferenceLinear, Ramp2DAlignCorners) {
  // f(r, c) = 2r + 10c on 4x5 -> 7x9, align_corners: r' = y/2, c' = x/2,
  // all inside the input, so out = y + 5x.
  std::vector<double> values;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c)
      values.push_back(2 * r + 10 * c);
  Tensor data = Tensor::fromDoubles(ElementType::F64, {4, 5}, values);
  Tensor out = mustEvaluateV4(
      data, {7, 9}, {}, std::nullopt,
      v4(InterpolateMode::Linear, CoordinateTransformMode::AlignCorners));
  std::vector<double> expected;
  for (int y = 0; y < 7; ++y)
    for (int x = 0; x < 9; ++x)
      expected.push_back(y + 5 * x);
  expectValues(out, expected, 1e-12);
}

TEST(ReferenceLinear, NoWeightGivesZero) {
  // Scales mode 1e6 * (1e-7 + 1e-6) -> 1 output whose half_pixel
  // coordinate 0.5 / 1e-7 - 0.5 = 5e6 lies beyond the input: every tap of
  // the radius-2 window is dropped, the weight sum is 0 and the result 0.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1000000},
                                    std::vector<double>(1000000, 5.0));
  Tensor out = mustEvaluateV4(data, {}, {1e-7f}, std::nullopt,
                              v4(InterpolateMode::Linear,
                                 CoordinateTransformMode::HalfPixel,
                                 ShapeCalcMode::Scales));
  EXPECT_EQ(out.shape, (Shape{1}));
  expectValues(out, {0.0});
}

TEST(ReferenceLinear, TinyScaleAntialiasAveragesEverything) {
  // scale 1e-30: 1e6 * (1e-30 + 1e-6) -> 1 output at c = 5e29. With
  // antialias a = 1e-30, every sample has weight 1 - |1e-30 (5e29 - t)|
  // = 0.5, so the result is the mean. A constant input gives the constant.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1000000},
                                    std::vector<double>(1000000, 5.0));
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::HalfPixel,
         ShapeCalcMode::Scales);
  attrs.antialias = true;
  Tensor out = mustEvaluateV4(data, {}, {1e-30f}, std::nullopt, attrs);
  expectValues(out, {5.0}, 1e-4);
}

TEST(ReferenceLinear, Downsample64ConstantStaysConstant) {
  // Normalized weights preserve constants whatever the window.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2, 128},
                                    std::vector<double>(256, -2.5));
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::HalfPixel);
  attrs.antialias = true;
  Tensor out = mustEvaluateV4(data, {1, 2}, {}, std::nullopt, attrs);
  EXPECT_EQ(out.shape, (Shape{1, 2}));
  expectValues(out, {-2.5, -2.5}, 1e-5);
}

//===----------------------------------------------------------------------===//
// cubic
//===----------------------------------------------------------------------===//

TEST(ReferenceCubic, ConstantStaysConstant) {
  // Keys weights sum to 1 and clamped taps read the same constant.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1, 1, 3, 5},
                                    std::vector<double>(15, 7.25));
  Shape axes{2, 3};
  Tensor out = mustEvaluateV4(
      data, {7, 4}, {}, llvm::ArrayRef(axes),
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel));
  EXPECT_EQ(out.shape, (Shape{1, 1, 7, 4}));
  expectValues(out, std::vector<double>(28, 7.25), 1e-5);

  Tensor data64 = Tensor::fromDoubles(ElementType::F64, {3, 5},
                                      std::vector<double>(15, 7.25));
  Tensor out64 = mustEvaluateV4(
      data64, {2, 320}, {}, std::nullopt,
      v4(InterpolateMode::Cubic, CoordinateTransformMode::PytorchHalfPixel));
  expectValues(out64, std::vector<double>(640, 7.25), 1e-12);
}

/// Cubic 4 -> 8, half_pixel, a = -0.75, input (0, 0, k, k): with the Keys
/// weights w(0.25) = 0.87890625, w(0.75) = 0.26171875,
/// w(1.25) = -0.10546875, w(1.75) = -0.03515625, the exact values are
///   x: c     taps (clamped)  value / k
///   0: -0.25 0 0 0 0         0
///   1:  0.25 0 0 0 1         w(1.75)                       = -0.03515625
///   2:  0.75 0 0 0 1         w(1.25)                       = -0.10546875
///   3:  1.25 0 0 1 1         w(0.75) + w(1.75)             =  0.2265625
///   4:  1.75 0 0 1 1         w(0.25) + w(1.25)             =  0.7734375
///   5:  2.25 0 1 1 1         1 - w(1.25)                   =  1.10546875
///   6:  2.75 0 1 1 1         1 - w(1.75)                   =  1.03515625
///   7:  3.25 1 1 1 1         1
const double kStepResponse[8] = {0,         -0.03515625, -0.10546875, 0.2265625,
                                 0.7734375, 1.10546875,  1.03515625,  1};

TEST(ReferenceCubic, StepOvershootsInFloat) {
  Tensor data = Tensor::fromDoubles(ElementType::F32, {4}, {0, 0, 255, 255});
  Tensor out = mustEvaluateV4(
      data, {8}, {}, std::nullopt,
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel));
  std::vector<double> expected;
  for (double r : kStepResponse)
    expected.push_back(255 * r);
  expectValues(out, expected, 1e-4);
}

TEST(ReferenceCubic, U8OvershootSaturates) {
  // 255 * response = 0, -8.96, -26.89, 57.77, 197.23, 281.89, 263.96, 255:
  // negatives saturate to 0, values above 255 to 255, the rest round.
  Tensor data = Tensor::fromDoubles(ElementType::U8, {4}, {0, 0, 255, 255});
  Tensor out = mustEvaluateV4(
      data, {8}, {}, std::nullopt,
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel));
  EXPECT_EQ(out.data, (std::vector<uint8_t>{0, 0, 0, 58, 197, 255, 255, 255}));
}

TEST(ReferenceCubic, I8OvershootSaturatesAndRoundsNegatives) {
  // 127 * response = 0, -4.46, -13.39, 28.77, 98.23, 140.39, 131.46, 127.
  Tensor data = Tensor::fromDoubles(ElementType::I8, {4}, {0, 0, 127, 127});
  Tensor out = mustEvaluateV4(
      data, {8}, {}, std::nullopt,
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel));
  expectValues(out, {0, -4, -13, 29, 98, 127, 127, 127});
}

TEST(ReferenceCubic, CubeCoeffIsUsed) {
  // a = -0.5 at s = 0.5 (4 -> 8 asymmetric, x = 1: c = 0.5, base 0):
  // w(1.5) = -0.5 * 0.125 = -0.0625, w(0.5) = 1.5*0.125 - 2.5*0.25 + 1
  // = 0.5625. Input (0, 0, 16, 0): of taps -1..2 only tap 2 (w(1.5))
  // reads 16 -> -1 (with the default a = -0.75 it would be -1.5).
  Tensor data = Tensor::fromDoubles(ElementType::F32, {4}, {0, 0, 16, 0});
  V4Attributes attrs =
      v4(InterpolateMode::Cubic, CoordinateTransformMode::Asymmetric);
  attrs.cubeCoeff = -0.5;
  Tensor out = mustEvaluateV4(data, {8}, {}, std::nullopt, attrs);
  EXPECT_NEAR(out.getAsDouble(1), -1.0, 1e-6);
}

TEST(ReferenceCubic, Upsample64ConstantStaysConstant) {
  Tensor data =
      Tensor::fromDoubles(ElementType::F32, {2}, std::vector<double>(2, 100.0));
  Tensor out = mustEvaluateV4(
      data, {128}, {}, std::nullopt,
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel));
  expectValues(out, std::vector<double>(128, 100.0), 1e-4);
}

//===----------------------------------------------------------------------===//
// pads
//===----------------------------------------------------------------------===//

TEST(ReferencePads, ZeroPaddingOnTheAxis) {
  // Padded (0, 1, 2, 0, 0) kept at length 5 (identity).
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2}, {1, 2});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel);
  attrs.padsBegin = {1};
  attrs.padsEnd = {2};
  Tensor out = mustEvaluateV4(data, {5}, {}, std::nullopt, attrs);
  expectValues(out, {0, 1, 2, 0, 0});
}

TEST(ReferencePads, NonAxisDimsArePaddedToo) {
  // pads_begin [1] is zero-filled to [1, 0]: dim 0 (not an axis) grows to 2.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1, 2}, {1, 2});
  V4Attributes attrs =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel);
  attrs.padsBegin = {1};
  Shape axes{1};
  Tensor out = mustEvaluateV4(data, {2}, {}, llvm::ArrayRef(axes), attrs);
  EXPECT_EQ(out.shape, (Shape{2, 2}));
  expectValues(out, {0, 0, 1, 2});
}

TEST(ReferencePads, PadZerosTakePartInBlends) {
  // Padded (0, 4), align_corners 2 -> 3: c = 0, 0.5, 1 -> 0, 2, 4.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {1}, {4});
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::AlignCorners);
  attrs.padsBegin = {1};
  Tensor out = mustEvaluateV4(data, {3}, {}, std::nullopt, attrs);
  expectValues(out, {0, 2, 4});
}

//===----------------------------------------------------------------------===//
// Stores
//===----------------------------------------------------------------------===//

TEST(ReferenceStore, IntegerRoundsTiesToEven) {
  // linear_onnx, rank 2, 2x2 -> 2x3, align_corners: rows unchanged,
  // columns at 0, 0.5, 1. Rows (1, 2) and (2, 3) give ties 1.5 -> 2 and
  // 2.5 -> 2.
  Tensor data = Tensor::fromDoubles(ElementType::U8, {2, 2}, {1, 2, 2, 3});
  auto attrs =
      v4(InterpolateMode::LinearOnnx, CoordinateTransformMode::AlignCorners);
  Tensor out = mustEvaluateV4(data, {2, 3}, {}, std::nullopt, attrs);
  EXPECT_EQ(out.data, (std::vector<uint8_t>{1, 2, 2, 2, 2, 3}));

  // Negative ties: -1.5 -> -2, -2.5 -> -2 (in float64 for i32).
  Tensor neg = Tensor::fromDoubles(ElementType::I32, {2, 2}, {-1, -2, -2, -3});
  Tensor outNeg = mustEvaluateV4(neg, {2, 3}, {}, std::nullopt, attrs);
  expectValues(outNeg, {-1, -2, -2, -2, -2, -3});
}

TEST(ReferenceStore, I64Saturates) {
  // v = 31 * 2^58 (exact in double). Cubic step response (see
  // kStepResponse, all weights multiples of 2^-8, so every product and sum
  // is exact in float64): x = 5 is v * 283/256 > 2^63 - 1 -> saturates;
  // x = 2 is v * -27/256 = -837 * 2^50; x = 7 is v.
  int64_t v = int64_t(31) << 58;
  auto attrs = v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel);
  Tensor data =
      Tensor::fromDoubles(ElementType::I64, {4}, {0, 0, double(v), double(v)});
  Tensor out = mustEvaluateV4(data, {8}, {}, std::nullopt, attrs);
  int64_t got[8];
  ASSERT_EQ(out.data.size(), sizeof(got));
  std::memcpy(got, out.data.data(), sizeof(got));
  EXPECT_EQ(got[5], std::numeric_limits<int64_t>::max());
  EXPECT_EQ(got[2], -(int64_t(837) << 50));
  EXPECT_EQ(got[7], v);

  Tensor negative = Tensor::fromDoubles(ElementType::I64, {4},
                                        {0, 0, -double(v), -double(v)});
  Tensor outNeg = mustEvaluateV4(negative, {8}, {}, std::nullopt, attrs);
  ASSERT_EQ(outNeg.data.size(), sizeof(got));
  std::memcpy(got, outNeg.data.data(), sizeof(got));
  EXPECT_EQ(got[5], std::numeric_limits<int64_t>::min());
  EXPECT_EQ(got[7], -v);
}

TEST(ReferenceStore, SetFromDoubleRules) {
  Tensor t = Tensor::zeros(ElementType::I8, {6});
  t.setFromDouble(0, 300.0);
  t.setFromDouble(1, -300.0);
  t.setFromDouble(2, std::nan(""));
  t.setFromDouble(3, 0.5);  // tie -> 0
  t.setFromDouble(4, -3.5); // tie -> -4
  t.setFromDouble(5, INFINITY);
  expectValues(t, {127, -128, 0, 0, -4, 127});
}

TEST(ReferenceStore, F16RoundsToNearestEven) {
  // Adjacent f16 values near 1 are 2^-10 apart. linear, align_corners,
  // 2 -> 3 puts the midpoint (exact in float) in the middle:
  //   (1, 1 + 2^-10): midpoint 1 + 2^-11 ties to 1 (even mantissa);
  //   (1 + 2^-10, 1 + 2^-9): midpoint ties to 1 + 2^-9 (even mantissa).
  double ulp = std::ldexp(1.0, -10);
  V4Attributes attrs =
      v4(InterpolateMode::Linear, CoordinateTransformMode::AlignCorners);
  Tensor low = Tensor::fromDoubles(ElementType::F16, {2}, {1, 1 + ulp});
  expectValues(mustEvaluateV4(low, {3}, {}, std::nullopt, attrs),
               {1, 1, 1 + ulp});
  Tensor high =
      Tensor::fromDoubles(ElementType::F16, {2}, {1 + ulp, 1 + 2 * ulp});
  expectValues(mustEvaluateV4(high, {3}, {}, std::nullopt, attrs),
               {1 + ulp, 1 + 2 * ulp, 1 + 2 * ulp});

  // bf16 keeps 7 fraction bits: the same with 2^-7.
  double bulp = std::ldexp(1.0, -7);
  Tensor bf = Tensor::fromDoubles(ElementType::BF16, {2}, {1, 1 + bulp});
  expectValues(mustEvaluateV4(bf, {3}, {}, std::nullopt, attrs),
               {1, 1, 1 + bulp});
}

TEST(ReferenceStore, F16Conversions) {
  Tensor t = Tensor::zeros(ElementType::F16, {5});
  t.setFromDouble(0, 0.1);     // nearest f16 is 0x2E66 = 0.0999755859375
  t.setFromDouble(1, 70000.0); // beyond 65504: overflows to +inf
  t.setFromDouble(2, std::nan(""));
  t.setFromDouble(3, -INFINITY);
  t.setFromDouble(4, 65519.0); // below the 65520 midpoint: rounds to 65504
  uint16_t bits[5];
  std::memcpy(bits, t.data.data(), sizeof(bits));
  EXPECT_EQ(bits[0], 0x2E66);
  EXPECT_EQ(bits[1], 0x7C00);
  EXPECT_EQ(bits[2] & 0x7C00, 0x7C00);
  EXPECT_NE(bits[2] & 0x03FF, 0);
  EXPECT_EQ(bits[3], 0xFC00);
  EXPECT_EQ(bits[4], 0x7BFF);
  EXPECT_EQ(t.getAsDouble(0), 0.0999755859375);
}

//===----------------------------------------------------------------------===//
// Interpolate-1
//===----------------------------------------------------------------------===//

V1Attributes v1(InterpolateV1Mode mode, Shape axes, bool alignCorners) {
  V1Attributes attrs;
  attrs.mode = mode;
  attrs.axes = axes;
  attrs.alignCorners = alignCorners;
  return attrs;
}

TEST(ReferenceV1, AreaAveragesPairs) {
  // 4 -> 2: each output covers two whole samples.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {4}, {1, 3, 5, 10});
  Tensor out =
      mustEvaluateV1(data, {2}, v1(InterpolateV1Mode::Area, {0}, false));
  expectValues(out, {2, 7.5}, 1e-6);
}

TEST(ReferenceV1, AreaFractionalOverlap) {
  // 3 -> 2: outputs cover [0, 1.5) and [1.5, 3):
  //   (x0 + 0.5 x1) / 1.5 = (3 + 3) / 1.5 = 4,
  //   (0.5 x1 + x2) / 1.5 = (3 + 9) / 1.5 = 8.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {3}, {3, 6, 9});
  Tensor out =
      mustEvaluateV1(data, {2}, v1(InterpolateV1Mode::Area, {0}, false));
  expectValues(out, {4, 8}, 1e-5);
  Tensor data64 = Tensor::fromDoubles(ElementType::F64, {3}, {3, 6, 9});
  expectValues(
      mustEvaluateV1(data64, {2}, v1(InterpolateV1Mode::Area, {0}, false)),
      {4, 8}, 1e-12);
}

TEST(ReferenceV1, Area2DBlocksAndBatch) {
  // 1x2x4x4 -> 1x2x2x2 over axes {2, 3}: each output is the mean of a 2x2
  // block; channel 1 is channel 0 + 100.
  std::vector<double> values;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 16; ++i)
      values.push_back(i + 100 * c);
  Tensor data = Tensor::fromDoubles(ElementType::F64, {1, 2, 4, 4}, values);
  Tensor out =
      mustEvaluateV1(data, {2, 2}, v1(InterpolateV1Mode::Area, {2, 3}, false));
  EXPECT_EQ(out.shape, (Shape{1, 2, 2, 2}));
  // (0+1+4+5)/4 = 2.5, (2+3+6+7)/4 = 4.5, (8+9+12+13)/4 = 10.5, 12.5.
  expectValues(out, {2.5, 4.5, 10.5, 12.5, 102.5, 104.5, 110.5, 112.5}, 1e-12);
}

TEST(ReferenceV1, AreaUpsampleAndDownsample64) {
  // 2 -> 4: each output covers half a sample -> x0, x0, x1, x1.
  Tensor two = Tensor::fromDoubles(ElementType::F32, {2}, {1, 9});
  expectValues(
      mustEvaluateV1(two, {4}, v1(InterpolateV1Mode::Area, {0}, false)),
      {1, 1, 9, 9}, 1e-6);
  // 128 -> 2 of the ramp 0..127: means of 0..63 and 64..127.
  std::vector<double> ramp;
  for (int i = 0; i < 128; ++i)
    ramp.push_back(i);
  Tensor data = Tensor::fromDoubles(ElementType::F64, {128}, ramp);
  expectValues(
      mustEvaluateV1(data, {2}, v1(InterpolateV1Mode::Area, {0}, false)),
      {31.5, 95.5}, 1e-12);
}

TEST(ReferenceV1, AreaIntegerRoundsTiesToEven) {
  // Means 1.5 -> 2 and 2.5 -> 2.
  Tensor data = Tensor::fromDoubles(ElementType::U8, {4}, {1, 2, 2, 3});
  Tensor out =
      mustEvaluateV1(data, {2}, v1(InterpolateV1Mode::Area, {0}, false));
  EXPECT_EQ(out.data, (std::vector<uint8_t>{2, 2}));
}

TEST(ReferenceV1, AreaRunsOnPaddedInput) {
  // Padded (0, 4, 8, 0) -> 2: (0 + 4) / 2 = 2, (8 + 0) / 2 = 4.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2}, {4, 8});
  V1Attributes attrs = v1(InterpolateV1Mode::Area, {0}, false);
  attrs.padsBegin = {1};
  attrs.padsEnd = {1};
  expectValues(mustEvaluateV1(data, {2}, attrs), {2, 4}, 1e-6);
}

TEST(ReferenceV1, LinearNchwIsLinearOnnxAsymmetric) {
  // asymmetric c = x / 2 = 0, 0.5, 1, 1.5 -> clamped 1; f = 1 + c + 2r:
  // out = 1 + p[x] + 2 p[y] with p = (0, 0.5, 1, 1).
  Tensor data =
      Tensor::fromDoubles(ElementType::F32, {1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor out = mustEvaluateV1(data, {4, 4},
                              v1(InterpolateV1Mode::Linear, {2, 3}, false));
  EXPECT_EQ(out.shape, (Shape{1, 1, 4, 4}));
  expectValues(out, {1, 1.5, 2, 2, //
                     2, 2.5, 3, 3, //
                     3, 3.5, 4, 4, //
                     3, 3.5, 4, 4});
}

TEST(ReferenceV1, NearestAlignCornersSimple) {
  // Defaults: align_corners, nearest_mode simple. 2 -> 4: c = x / 3 =
  // 0, 0.33, 0.67, 1, upsampling truncates -> 0, 0, 0, 1.
  Tensor data = Tensor::fromDoubles(ElementType::F32, {2}, {5, 6});
  V1Attributes attrs;
  attrs.axes = {0};
  Tensor out = mustEvaluateV1(data, {4}, attrs);
  expectValues(out, {5, 5, 5, 6});
}

TEST(ReferenceV1, CubicAlignCornersKeepsCorners) {
  // align_corners maps the ends onto the ends (s = 0 -> weights 0,1,0,0).
  Tensor data = Tensor::fromDoubles(ElementType::F64, {3}, {2, -7, 5});
  Tensor out =
      mustEvaluateV1(data, {5}, v1(InterpolateV1Mode::Cubic, {0}, true));
  // c = x * 2 / 4 = 0, 0.5, 1, 1.5, 2: integer positions copy the input.
  std::vector<double> values = out.toDoubles();
  ASSERT_EQ(values.size(), 5u);
  EXPECT_NEAR(values[0], 2, 1e-12);
  EXPECT_NEAR(values[2], -7, 1e-12);
  EXPECT_NEAR(values[4], 5, 1e-12);
  // c = 0.5, base 0, taps -1 -> 0, 0, 1, 2 with weights
  // w(1.5), w(0.5), w(0.5), w(1.5) = -0.09375, 0.59375, 0.59375, -0.09375:
  // -0.09375*2 + 0.59375*2 + 0.59375*(-7) - 0.09375*5 = -3.625.
  EXPECT_NEAR(values[1], -3.625, 1e-12);
}

//===----------------------------------------------------------------------===//
// Empty outputs and errors
//===----------------------------------------------------------------------===//

TEST(ReferenceEdges, EmptyOutputs) {
  Tensor data = Tensor::fromDoubles(ElementType::F32, {3}, {1, 2, 3});
  auto attrs = v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel);
  Tensor out = mustEvaluateV4(data, {0}, {}, std::nullopt, attrs);
  EXPECT_EQ(out.shape, (Shape{0}));
  EXPECT_TRUE(out.data.empty());

  // An empty non-axis dim empties the result.
  Tensor empty = Tensor::zeros(ElementType::F32, {0, 3});
  Shape axes{1};
  Tensor out2 = mustEvaluateV4(empty, {5}, {}, llvm::ArrayRef(axes), attrs);
  EXPECT_EQ(out2.shape, (Shape{0, 5}));
  EXPECT_TRUE(out2.data.empty());

  // An empty axis may go to length 0 (the scale is 0/0 and never used).
  Tensor none = Tensor::zeros(ElementType::F32, {0});
  Tensor out3 = mustEvaluateV4(none, {0}, {}, std::nullopt, attrs);
  EXPECT_EQ(out3.shape, (Shape{0}));

  Tensor out4 =
      mustEvaluateV1(data, {0}, v1(InterpolateV1Mode::Area, {0}, false));
  EXPECT_EQ(out4.shape, (Shape{0}));
}

TEST(ReferenceEdges, LengthOneOutputs) {
  Tensor data = Tensor::fromDoubles(ElementType::F32, {4}, {1, 2, 3, 4});
  // align_corners with one output: c = 0, cubic weights (0, 1, 0, 0).
  expectValues(mustEvaluateV4(data, {1}, {}, std::nullopt,
                              v4(InterpolateMode::Cubic,
                                 CoordinateTransformMode::AlignCorners)),
               {1}, 1e-6);
  // pytorch_half_pixel with one output: c = 0 as well.
  expectValues(mustEvaluateV4(data, {1}, {}, std::nullopt,
                              v4(InterpolateMode::Nearest,
                                 CoordinateTransformMode::PytorchHalfPixel)),
               {1});
  // half_pixel with one output: c = 0.5 * 4 - 0.5 = 1.5; linear without
  // antialias averages samples 1 and 2 -> 2.5.
  expectValues(mustEvaluateV4(data, {1}, {}, std::nullopt,
                              v4(InterpolateMode::Linear,
                                 CoordinateTransformMode::HalfPixel)),
               {2.5}, 1e-6);
}

TEST(ReferenceErrors, InvalidV4Operands) {
  Tensor data =
      Tensor::fromDoubles(ElementType::F32, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto nearest =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel);
  auto scalesMode =
      v4(InterpolateMode::Nearest, CoordinateTransformMode::HalfPixel,
         ShapeCalcMode::Scales);
  Shape outOfRange{2}, negative{-1}, duplicate{1, 1}, one{1};

  Tensor scalar = Tensor::fromDoubles(ElementType::F32, {}, {1});
  EXPECT_NE(errorOf(evaluateV4(scalar, {}, {}, std::nullopt, nearest))
                .find("rank >= 1"),
            std::string::npos);
  EXPECT_NE(
      errorOf(evaluateV4(data, {4}, {}, llvm::ArrayRef(outOfRange), nearest))
          .find("out of range"),
      std::string::npos);
  EXPECT_NE(
      errorOf(evaluateV4(data, {4}, {}, llvm::ArrayRef(negative), nearest))
          .find("out of range"),
      std::string::npos);
  EXPECT_NE(
      errorOf(evaluateV4(data, {4, 4}, {}, llvm::ArrayRef(duplicate), nearest))
          .find("twice"),
      std::string::npos);
  EXPECT_NE(errorOf(evaluateV4(data, {4}, {}, std::nullopt, nearest))
                .find("'sizes' has 1 elements but there are 2 axes"),
            std::string::npos);
  EXPECT_NE(errorOf(evaluateV4(data, {}, {2.0f}, std::nullopt, scalesMode))
                .find("'scales' has 1 elements"),
            std::string::npos);
  EXPECT_NE(errorOf(evaluateV4(data, {-1}, {}, llvm::ArrayRef(one), nearest))
                .find("non-negative"),
            std::string::npos);
  for (float bad : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN(),
                    std::numeric_limits<float>::infinity()})
    EXPECT_NE(
        errorOf(evaluateV4(data, {}, {bad}, llvm::ArrayRef(one), scalesMode))
            .find("finite and > 0"),
        std::string::npos)
        << "scale " << bad;

  // linear_onnx on rank 4 needs [2, 3] or [0, 1, 2, 3], in that order.
  Tensor data4 = Tensor::zeros(ElementType::F32, {1, 1, 2, 2});
  Shape reversed{3, 2};
  EXPECT_NE(errorOf(evaluateV4(data4, {4, 4}, {}, llvm::ArrayRef(reversed),
                               v4(InterpolateMode::LinearOnnx,
                                  CoordinateTransformMode::HalfPixel)))
                .find("linear_onnx requires axes"),
            std::string::npos);

  // An empty axis cannot produce elements.
  Tensor empty = Tensor::zeros(ElementType::F32, {0});
  EXPECT_NE(errorOf(evaluateV4(empty, {3}, {}, std::nullopt, nearest))
                .find("empty (padded) input"),
            std::string::npos);

  // Too large: one dim beyond kMaxDimension, or too many elements in total.
  Tensor single = Tensor::fromDoubles(ElementType::F32, {1}, {1});
  EXPECT_NE(errorOf(evaluateV4(single, {rules::kMaxDimension + 1}, {},
                               std::nullopt, nearest))
                .find("more than the supported"),
            std::string::npos);
  EXPECT_NE(
      errorOf(evaluateV4(data, {1 << 20, 1 << 20}, {}, std::nullopt, nearest))
          .find("reference's limit"),
      std::string::npos);
  EXPECT_NE(errorOf(evaluateV4(single, {}, {1e30f}, std::nullopt, scalesMode))
                .find("exceed the supported"),
            std::string::npos);

  // Pads: negative, or longer than the rank.
  V4Attributes badPads = nearest;
  badPads.padsBegin = {0, -1};
  EXPECT_NE(errorOf(evaluateV4(data, {2, 3}, {}, std::nullopt, badPads))
                .find("must be non-negative"),
            std::string::npos);
  badPads.padsBegin = {0, 0, 1};
  EXPECT_NE(errorOf(evaluateV4(data, {2, 3}, {}, std::nullopt, badPads))
                .find("more than the data rank"),
            std::string::npos);

  // A buffer that does not match the shape, and a non-finite cube_coeff.
  Tensor shortData = data;
  shortData.data.pop_back();
  EXPECT_NE(errorOf(evaluateV4(shortData, {2, 3}, {}, std::nullopt, nearest))
                .find("bytes"),
            std::string::npos);
  V4Attributes badCoeff =
      v4(InterpolateMode::Cubic, CoordinateTransformMode::HalfPixel);
  badCoeff.cubeCoeff = std::nan("");
  EXPECT_NE(errorOf(evaluateV4(data, {2, 3}, {}, std::nullopt, badCoeff))
                .find("cube_coeff"),
            std::string::npos);
}

TEST(ReferenceErrors, InvalidV1Operands) {
  Tensor data = Tensor::zeros(ElementType::F32, {1, 1, 2, 2});
  EXPECT_NE(errorOf(evaluateV1(data, {4, 4},
                               v1(InterpolateV1Mode::Linear, {3, 2}, false)))
                .find("strictly increasing"),
            std::string::npos);
  EXPECT_NE(errorOf(evaluateV1(data, {4},
                               v1(InterpolateV1Mode::Linear, {2, 3}, false)))
                .find("'target_spatial_shape' has 1 elements"),
            std::string::npos);
  EXPECT_NE(errorOf(evaluateV1(data, {4, -4},
                               v1(InterpolateV1Mode::Area, {2, 3}, false)))
                .find("non-negative"),
            std::string::npos);
  V1Attributes padded = v1(InterpolateV1Mode::Nearest, {2, 3}, false);
  padded.padsEnd = {0, 1};
  EXPECT_NE(errorOf(evaluateV1(data, {4, 4}, padded)).find("axes only"),
            std::string::npos);
  Tensor rank6 = Tensor::zeros(ElementType::F32, {1, 1, 1, 1, 2, 2});
  EXPECT_NE(errorOf(evaluateV1(rank6, {4, 4},
                               v1(InterpolateV1Mode::Linear, {4, 5}, false)))
                .find("rank <= 5"),
            std::string::npos);
  Tensor empty = Tensor::zeros(ElementType::F32, {0});
  EXPECT_NE(
      errorOf(evaluateV1(empty, {2}, v1(InterpolateV1Mode::Area, {0}, false)))
          .find("empty (padded) input"),
      std::string::npos);
}

} // namespace
