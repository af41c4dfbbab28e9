//===- RulesTest.cpp - tests of interp/Semantics/Rules.h ------------------===//
//
// Expected values are derived by hand from SEMANTICS.md (the derivation is
// in the comments), never taken from the implementation's output.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/Rules.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::interp;
using namespace mlir::interp::rules;

namespace {

//===----------------------------------------------------------------------===//
// Pads and shapes
//===----------------------------------------------------------------------===//

TEST(RulesPads, ResizeFillsAndTruncates) {
  EXPECT_EQ(resizePads({1, 2}, 4), (llvm::SmallVector<int64_t>{1, 2, 0, 0}));
  // Longer lists keep their first `rank` entries (the spec's Python keeps
  // only rank - 1).
  EXPECT_EQ(resizePads({1, 2, 3}, 2), (llvm::SmallVector<int64_t>{1, 2}));
  EXPECT_EQ(resizePads({}, 3), (llvm::SmallVector<int64_t>{0, 0, 0}));
  EXPECT_EQ(paddedLength(5, 1, 2), 8);
  EXPECT_EQ(paddedLength(kDynamic, 1, 2), kDynamic);
}

TEST(RulesShape, ScalesModeEpsilon) {
  // 0.53f = 0.52999997; + 1e-6f = 0.53000098; * 100 = 53.0001 -> 53.
  // Without the epsilon: 52.999996 -> 52.
  EXPECT_EQ(scaledLength(100, 0.53f), 53);
  // 0.7f + 1e-6f = 0.70000100; * 10 = 7.00001 -> 7.
  EXPECT_EQ(scaledLength(10, 0.7f), 7);
  // 1e6 * (0.5 + 1e-6) = 500001 (exact in float32 after rounding).
  EXPECT_EQ(scaledLength(1000000, 0.5f), 500001);
}

TEST(RulesShape, ScaleOneKeepsDimension) {
  // With the epsilon, 2^24 * 1.00000095f would be 16777232: scale 1 must
  // bypass the formula.
  EXPECT_EQ(scaledLength(16777216, 1.0f), 16777216);
  EXPECT_EQ(scaledLength(3000000, 1.0f), 3000000);
  EXPECT_EQ(scaledLength(0, 1.0f), 0);
  EXPECT_EQ(scaledLength(7, 1.0f), 7);
}

TEST(RulesShape, ScaledLengthOverflowIsRejected) {
  // 2^40 * 1e10 is far beyond kMaxDimension = 2^48.
  EXPECT_FALSE(scaledLength(int64_t(1) << 40, 1e10f).has_value());
  EXPECT_FALSE(
      scaledLength(4, std::numeric_limits<float>::infinity()).has_value());
}

TEST(RulesShape, ValidScales) {
  EXPECT_TRUE(isValidScale(0.25));
  EXPECT_FALSE(isValidScale(0.0));
  EXPECT_FALSE(isValidScale(-1.0));
  EXPECT_FALSE(isValidScale(std::nan("")));
  EXPECT_FALSE(isValidScale(INFINITY));
}

TEST(RulesShape, InferV4SizesFollowAxesOrder) {
  // Shape [1,2,3,4] padded by begin [0,1] -> [1,3,3,4]; axes [3,1] take
  // sizes [7,5] in that order.
  llvm::SmallVector<int64_t> axes{3, 1}, sizes{7, 5};
  EXPECT_EQ(inferV4Shape({1, 2, 3, 4}, {0, 1}, {}, llvm::ArrayRef(axes),
                         ShapeCalcMode::Sizes, llvm::ArrayRef(sizes),
                         std::nullopt),
            (llvm::SmallVector<int64_t>{1, 5, 3, 7}));
}

TEST(RulesShape, InferV4ScalesUsePaddedLength) {
  // Dim 1 padded 3 + 1 + 1 = 5, scale 2 -> trunc(5 * 2.000001) = 10.
  // Dim 0 is not an axis: its padded length 2 + 1 = 3 stays.
  llvm::SmallVector<int64_t> axes{1};
  llvm::SmallVector<float> scales{2.0f};
  EXPECT_EQ(inferV4Shape({2, 3}, {1, 1}, {0, 1}, llvm::ArrayRef(axes),
                         ShapeCalcMode::Scales, std::nullopt,
                         llvm::ArrayRef(scales)),
            (llvm::SmallVector<int64_t>{3, 10}));
}

TEST(RulesShape, InferV1KeepsUnpaddedDims) {
  llvm::SmallVector<int64_t> target{6, 8};
  EXPECT_EQ(inferV1Shape({1, 3, 4, 5}, {2, 3}, llvm::ArrayRef(target)),
            (llvm::SmallVector<int64_t>{1, 3, 6, 8}));
  EXPECT_EQ(inferV1Shape({1, 3, 4, 5}, {2, 3}, std::nullopt),
            (llvm::SmallVector<int64_t>{1, 3, kDynamic, kDynamic}));
}

//===----------------------------------------------------------------------===//
// Coordinate transform
//===----------------------------------------------------------------------===//

TEST(RulesCoordinate, CoordinateScale) {
  EXPECT_EQ(coordinateScale(ShapeCalcMode::Scales, 1.7f, 5, 3),
            static_cast<double>(1.7f));
  EXPECT_EQ(coordinateScale(ShapeCalcMode::Sizes, 1.7f, 6, 20), 6.0 / 20.0);
}

TEST(RulesCoordinate, TwentyToSixHalfPixelTieRoundsUpInDouble) {
  // Output 4 of 20 -> 6: (4 + 0.5) / 0.3 - 0.5 = 14.5 exactly in float64
  // (4.5 / 0.29999999999999999 = 15.0000000000000006 rounds to 15).
  // round_prefer_ceil sends the tie to 15. (In float32 the coordinate is
  // 14.499999 and the source would be 14.)
  double scale = coordinateScale(ShapeCalcMode::Sizes, 0.0f, 6, 20);
  double c =
      transformCoordinate(CoordinateTransformMode::HalfPixel, 4, scale, 6, 20);
  EXPECT_EQ(c, 14.5);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, c, scale < 1), 15);
}

TEST(RulesCoordinate, EachMode) {
  // Scale 2, 3 -> 6, x = 3.
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::HalfPixel, 3, 2.0, 6, 3),
      1.25); // 3.5 / 2 - 0.5
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::PytorchHalfPixel, 3,
                                2.0, 6, 3),
            1.25);
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::Asymmetric, 3, 2.0, 6, 3),
      1.5); // 3 / 2
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::TfHalfPixelForNn, 3,
                                2.0, 6, 3),
            1.75); // 3.5 / 2
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::AlignCorners, 3, 2.0, 6, 3),
      1.2); // 3 * 2 / 5
  // pytorch_half_pixel with one output element is 0.
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::PytorchHalfPixel, 0,
                                0.25, 1, 4),
            0.0);
  // half_pixel with one output element is not: 0.5 / 0.25 - 0.5 = 1.5.
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::HalfPixel, 0, 0.25, 1, 4),
      1.5);
}

TEST(RulesCoordinate, IdentityShortCircuit) {
  // tf_half_pixel_for_nn would give (3 + 0.5) / 1 = 3.5 without it.
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::TfHalfPixelForNn, 3,
                                1.0, 5, 5),
            3.0);
  // Equal lengths with a scale != 1 (scales mode, 1 * 1.5 -> 1): half_pixel
  // would give 0.5 / 1.5 - 0.5 = -1/6.
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::HalfPixel, 0, 1.5, 1, 1),
      0.0);
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::AlignCorners, 2, 1.0, 4, 4),
      2.0);
}

TEST(RulesCoordinate, AlignCorners) {
  // One output element maps to 0, whatever the input length.
  EXPECT_EQ(
      transformCoordinate(CoordinateTransformMode::AlignCorners, 0, 0.25, 1, 4),
      0.0);
  // Multiply first: 47 * 3 / 47 = 3 exactly; 47 * (3 / 47.0) would be
  // 2.9999999999999996.
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::AlignCorners, 47, 12.0,
                                48, 4),
            3.0);
  // Last output maps to the last input.
  EXPECT_EQ(transformCoordinate(CoordinateTransformMode::AlignCorners, 6,
                                7.0 / 4, 7, 4),
            3.0);
}

//===----------------------------------------------------------------------===//
// Nearest rounding
//===----------------------------------------------------------------------===//

TEST(RulesNearest, RoundPreferFloor) {
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, 2.5, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, 0.5, false), 0);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, 2.6, false), 3);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, 2.4, false), 2);
  // Negative ties fail the `c == trunc(c) + 0.5` test and round half away
  // from zero, which is also downwards.
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, -0.5, false), -1);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, -1.5, false), -2);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferFloor, -1.4, false), -1);
}

TEST(RulesNearest, RoundPreferCeilIsHalfAwayFromZero) {
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, 0.5, false), 1);
  // Python's round(2.5) would give 2.
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, 2.5, false), 3);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, 2.4, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, -0.5, false), -1);
  EXPECT_EQ(roundNearest(NearestMode::RoundPreferCeil, -1.5, false), -2);
}

TEST(RulesNearest, FloorAndCeil) {
  EXPECT_EQ(roundNearest(NearestMode::Floor, 2.5, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::Floor, 2.0, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::Floor, -0.5, false), -1);
  EXPECT_EQ(roundNearest(NearestMode::Ceil, 2.5, false), 3);
  EXPECT_EQ(roundNearest(NearestMode::Ceil, 2.0, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::Ceil, -0.5, false), 0);
  EXPECT_EQ(roundNearest(NearestMode::Ceil, -1.5, false), -1);
}

TEST(RulesNearest, Simple) {
  // Upsampling truncates toward zero.
  EXPECT_EQ(roundNearest(NearestMode::Simple, 2.7, false), 2);
  EXPECT_EQ(roundNearest(NearestMode::Simple, -0.7, false), 0);
  EXPECT_EQ(roundNearest(NearestMode::Simple, -1.7, false), -1);
  // Downsampling takes the ceiling.
  EXPECT_EQ(roundNearest(NearestMode::Simple, 2.2, true), 3);
  EXPECT_EQ(roundNearest(NearestMode::Simple, 2.0, true), 2);
  EXPECT_EQ(roundNearest(NearestMode::Simple, -0.7, true), 0);
}

TEST(RulesNearest, ClampAndRoundHalfAway) {
  EXPECT_EQ(clampIndex(-3, 5), 0);
  EXPECT_EQ(clampIndex(7, 5), 4);
  EXPECT_EQ(clampIndex(2, 5), 2);
  EXPECT_EQ(roundHalfAwayFromZero(2.5), 3.0);
  EXPECT_EQ(roundHalfAwayFromZero(-2.5), -3.0);
  EXPECT_EQ(roundHalfAwayFromZero(0.49), 0.0);
}

//===----------------------------------------------------------------------===//
// Kernel weights
//===----------------------------------------------------------------------===//

TEST(RulesWeights, CubicAtIntegerPosition) {
  // s = 0: distances 1, 0, 1, 2 give (0, 1, 0, 0) for any a.
  for (double a : {-0.75, -0.5, -1.0}) {
    EXPECT_EQ(cubicWeight(a, 1.0), 0.0) << "a = " << a;
    EXPECT_EQ(cubicWeight(a, 0.0), 1.0) << "a = " << a;
    EXPECT_EQ(cubicWeight(a, 2.0), 0.0) << "a = " << a;
  }
}

TEST(RulesWeights, CubicValues) {
  // a = -0.75, t = 0.5: 1.25 * 0.125 - 2.25 * 0.25 + 1 = 0.59375.
  EXPECT_DOUBLE_EQ(cubicWeight(-0.75, 0.5), 0.59375);
  // t = 1.5: a * (3.375 - 11.25 + 12 - 4) = -0.75 * 0.125 = -0.09375.
  EXPECT_DOUBLE_EQ(cubicWeight(-0.75, 1.5), -0.09375);
  EXPECT_DOUBLE_EQ(cubicWeight(-0.75, -1.5), -0.09375);
  EXPECT_EQ(cubicWeight(-0.75, 2.5), 0.0);
}

TEST(RulesWeights, CubicWeightsSumToOne) {
  // The Keys kernel is a partition of unity for every s and a.
  for (double a : {-0.75, -0.5, -0.6}) {
    for (double s : {0.0, 0.1, 0.25, 0.5, 0.8, 0.999}) {
      double sum = cubicWeight(a, s + 1) + cubicWeight(a, s) +
                   cubicWeight(a, 1 - s) + cubicWeight(a, 2 - s);
      EXPECT_NEAR(sum, 1.0, 1e-12) << "a = " << a << ", s = " << s;
    }
  }
}

TEST(RulesWeights, TriangleAndRadius) {
  EXPECT_EQ(triangleWeight(0.5, 1.0), 0.5);
  EXPECT_EQ(triangleWeight(1.0, -0.25), 0.75);
  EXPECT_EQ(triangleWeight(1.0, 1.5), 0.0);
  // Upsampling: 2 whatever a is.
  EXPECT_EQ(linearRadius(2.0, 1.0), 2);
  EXPECT_EQ(linearRadius(2.0, 2.0), 2);
  // Otherwise ceil(2 / a).
  EXPECT_EQ(linearRadius(0.5, 1.0), 2);
  EXPECT_EQ(linearRadius(0.5, 0.5), 4);
  EXPECT_EQ(linearRadius(0.3, 0.3), 7); // ceil(6.67)
  EXPECT_EQ(linearRadius(1.0, 1.0), 2);
}

TEST(RulesWeights, LinearOnnxAxes) {
  EXPECT_TRUE(isLinearOnnxAxes(2, {0, 1}));
  EXPECT_TRUE(isLinearOnnxAxes(3, {0, 1, 2}));
  EXPECT_TRUE(isLinearOnnxAxes(4, {2, 3}));
  EXPECT_TRUE(isLinearOnnxAxes(4, {0, 1, 2, 3}));
  EXPECT_TRUE(isLinearOnnxAxes(5, {2, 3, 4}));
  EXPECT_TRUE(isLinearOnnxAxes(5, {0, 1, 2, 3, 4}));
  EXPECT_FALSE(isLinearOnnxAxes(4, {3, 2}));
  EXPECT_FALSE(isLinearOnnxAxes(4, {1, 2}));
  EXPECT_FALSE(isLinearOnnxAxes(3, {1, 2}));
  EXPECT_FALSE(isLinearOnnxAxes(1, {0}));
  EXPECT_FALSE(isLinearOnnxAxes(6, {2, 3, 4, 5}));
}

//===----------------------------------------------------------------------===//
// Interpolate-1 -> Interpolate-4
//===----------------------------------------------------------------------===//

TEST(RulesV1ToV4, AreaHasNoV4Form) {
  EXPECT_FALSE(
      mapV1ToV4(InterpolateV1Mode::Area, 4, {2, 3}, true, false, {}, {}));
}

TEST(RulesV1ToV4, AlignCornersWinsAndDefaultsAreFixed) {
  auto m = mapV1ToV4(InterpolateV1Mode::Nearest, 4, {2, 3}, true, true, {}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::Nearest);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::AlignCorners);
  EXPECT_EQ(m->nearestMode, NearestMode::Simple);
  EXPECT_TRUE(m->antialias);
  EXPECT_EQ(m->cubeCoeff, -0.75);
}

TEST(RulesV1ToV4, LinearNchwIsLinearOnnxAsymmetric) {
  auto m =
      mapV1ToV4(InterpolateV1Mode::Linear, 4, {2, 3}, false, false, {}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::LinearOnnx);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::Asymmetric);
}

TEST(RulesV1ToV4, LinearAllAxesIsHalfPixel) {
  auto m = mapV1ToV4(InterpolateV1Mode::Linear, 4, {0, 1, 2, 3}, false, false,
                     {0, 0}, {0});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::LinearOnnx);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::HalfPixel);
}

TEST(RulesV1ToV4, LinearWithPadsIsAsymmetric) {
  auto m = mapV1ToV4(InterpolateV1Mode::Linear, 3, {0, 1, 2}, false, false,
                     {0, 1}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::LinearOnnx);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::Asymmetric);
}

TEST(RulesV1ToV4, LinearRank5IsLinearKeepingAntialias) {
  auto m =
      mapV1ToV4(InterpolateV1Mode::Linear, 5, {2, 3, 4}, false, true, {}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::Linear);
  EXPECT_TRUE(m->antialias);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::HalfPixel);
}

TEST(RulesV1ToV4, LinearOtherAxesIsLinearWithoutAntialias) {
  auto m = mapV1ToV4(InterpolateV1Mode::Linear, 4, {1, 2}, false, true, {}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::Linear);
  EXPECT_FALSE(m->antialias);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::HalfPixel);
}

TEST(RulesV1ToV4, CubicWithoutAlignCornersIsAsymmetric) {
  // half_pixel is reserved to linear.
  auto m = mapV1ToV4(InterpolateV1Mode::Cubic, 2, {0, 1}, false, false, {}, {});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mode, InterpolateMode::Cubic);
  EXPECT_EQ(m->coordinateMode, CoordinateTransformMode::Asymmetric);
  EXPECT_EQ(m->nearestMode, NearestMode::Simple);
}

} // namespace
