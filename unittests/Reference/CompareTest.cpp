//===- CompareTest.cpp - tests of the one tolerance policy ----------------===//
//
// Expected bounds are the formulas of interp/Reference/Compare.h evaluated
// by hand; the half-precision bounds are checked against the spacing of the
// type's values (one unit in the last place near 1 is 2^-10 for f16 and 2^-7
// for bf16), which the policy must accept.
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Compare.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace mlir::interp::reference;

namespace {

TEST(ToleranceTest, FloatBoundsScaleWithTheInputMagnitude) {
  Tolerance f32 = resultTolerance(ElementType::F32, 1.0);
  EXPECT_DOUBLE_EQ(f32.bound(0.0), 2e-5);
  EXPECT_DOUBLE_EQ(f32.bound(-2.0), 2e-5 + 2e-5);
  Tolerance f32x100 = resultTolerance(ElementType::F32, 100.0);
  EXPECT_DOUBLE_EQ(f32x100.bound(0.0), 2e-3);
  EXPECT_DOUBLE_EQ(f32x100.bound(1.0), 2e-3 + 1e-3);
  Tolerance f64 = resultTolerance(ElementType::F64, 10.0);
  EXPECT_DOUBLE_EQ(f64.bound(1.0), 1e-8 + 1e-8);
}

TEST(ToleranceTest, HalfPrecisionAcceptsOneUnitInTheLastPlace) {
  // 1 + 2^-10 is the f16 value after 1; 1 + 2^-7 the bf16 one.
  EXPECT_LE(std::ldexp(1.0, -10),
            resultTolerance(ElementType::F16, 1).bound(1));
  EXPECT_LE(std::ldexp(1.0, -7),
            resultTolerance(ElementType::BF16, 1).bound(1));
  // Two units are too many.
  EXPECT_GT(std::ldexp(1.0, -9), resultTolerance(ElementType::F16, 1).bound(1));
  EXPECT_GT(std::ldexp(1.0, -6),
            resultTolerance(ElementType::BF16, 1).bound(1));
}

TEST(ToleranceTest, IntegersMayBeOneRoundingStepOff) {
  for (ElementType type :
       {ElementType::I8, ElementType::U8, ElementType::I32, ElementType::I64}) {
    Tolerance tolerance = resultTolerance(type, 1000.0);
    EXPECT_EQ(tolerance.bound(0), 1.0);
    EXPECT_EQ(tolerance.bound(1e6), 1.0);
  }
}

TEST(InputMagnitudeTest, LargestFiniteMagnitudeAtLeastOne) {
  double inf = std::numeric_limits<double>::infinity();
  Tensor small = Tensor::fromDoubles(ElementType::F32, {2}, {0.25, -0.5});
  Tensor big = Tensor::fromDoubles(ElementType::F64, {3}, {-7.5, inf, 3});
  EXPECT_EQ(inputMagnitude(small), 1.0);
  EXPECT_EQ(inputMagnitude({small, big}), 7.5);
  EXPECT_EQ(inputMagnitude({}), 1.0);
}

TEST(CompareTest, CountsMismatchesAndFindsTheFirstAndTheWorst) {
  Tensor want = Tensor::fromDoubles(ElementType::F64, {4}, {1, 2, 3, 4});
  Tensor got = Tensor::fromDoubles(ElementType::F64, {4}, {1, 2.5, 3, 3});
  Comparison result = compareTensors(got, want, Tolerance{0.1, 0});
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.compared, 4);
  EXPECT_EQ(result.mismatches, 2);
  EXPECT_EQ(result.firstMismatch, 1);
  EXPECT_EQ(result.worst, 3);
  EXPECT_DOUBLE_EQ(result.maxAbsDiff, 1.0);
  EXPECT_DOUBLE_EQ(result.maxRelDiff, 0.25);
  // |d| <= abs + rel * |want|: 0.5 <= 0 + 0.25 * 2 and 1 <= 0.25 * 4.
  EXPECT_TRUE(compareTensors(got, want, Tolerance{0, 0.25}).ok());
  EXPECT_FALSE(compareTensors(got, want, Tolerance{0, 0.2}).ok());
}

TEST(CompareTest, NaNMatchesOnlyNaNAndInfinitiesOnlyThemselves) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  double inf = std::numeric_limits<double>::infinity();
  Tensor want = Tensor::fromDoubles(ElementType::F32, {3}, {nan, inf, -inf});
  EXPECT_TRUE(compareTensors(want, want, Tolerance{}).ok());
  Tensor got = Tensor::fromDoubles(ElementType::F32, {3}, {0, inf, inf});
  Comparison result = compareTensors(got, want, Tolerance{1e9, 1e9});
  EXPECT_EQ(result.mismatches, 2);
  EXPECT_EQ(result.firstMismatch, 0);
}

} // namespace
