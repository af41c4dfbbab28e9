//===- PillowTest.cpp - the reference's bilinear_pillow and bicubic_pillow
//-===//
//
// interp.interpolate_v11's Pillow modes (docs/Semantics.md, "Interpolate-11").
// Expected values are derived by hand in the comments, or are the output of
// PIL.Image.fromarray(x).resize((OW, OH), BILINEAR / BICUBIC) with Pillow
// 13.0.0 (said so where used), never the reference's own output.
//
// Fixed point (8-bit data, step 9): k = (int)(w * 2^22 +- 0.5), and each pass
// stores clamp((2^21 + sum x_j k_j) >> 22).
//
// integer_arithmetic = pytorch (interp's extension, docs/Semantics.md
// "PyTorch's arithmetic"): k = (int)(w * 2^p +- 0.5) with the axis'
// precision p (the first p with (int)(0.5 + wmax * 2^(p+1)) >= 2^15, at most
// 22), each pass stores clamp((2^(p-1) + sum x_j k_j) >> p), w pass first.
// Expected values there are derived by hand or are the output of
// torch.nn.functional.interpolate(x, size, mode, antialias=True) with
// PyTorch 2.15.0 (said so where used).
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Reference.h"
#include "interp/Semantics/AxisRules.h"
#include "interp/Semantics/IRDomain.h"
#include "interp/Semantics/Rules.h"
#include "interp/Semantics/ScalarDomain.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::reference;

namespace {

using Shape = llvm::SmallVector<int64_t>;

V11Attributes pillow(InterpolateV11Mode mode, double cubeCoeff = -0.5) {
  V11Attributes attrs;
  attrs.mode = mode;
  attrs.shapeCalculationMode = ShapeCalcMode::Sizes;
  attrs.cubeCoeff = cubeCoeff;
  return attrs;
}

constexpr InterpolateV11Mode kBilinear = InterpolateV11Mode::BilinearPillow;
constexpr InterpolateV11Mode kBicubic = InterpolateV11Mode::BicubicPillow;

/// Resizes the rank-2 `data` (axes [0, 1]) to `sizes`; fails the test and
/// returns an empty tensor on error.
Tensor resize(const Tensor &data, llvm::ArrayRef<int64_t> sizes,
              const V11Attributes &attrs) {
  int64_t axes[] = {0, 1};
  llvm::Expected<Tensor> result =
      evaluateV11(data, sizes, {}, llvm::ArrayRef<int64_t>(axes), attrs);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return Tensor();
  }
  return std::move(*result);
}

void expectValues(const Tensor &actual, llvm::ArrayRef<double> expected,
                  double tolerance = 0.0) {
  std::vector<double> values = actual.toDoubles();
  ASSERT_EQ(values.size(), expected.size());
  for (size_t i = 0; i < values.size(); ++i)
    EXPECT_NEAR(values[i], expected[i], tolerance) << "at flat index " << i;
}

//===----------------------------------------------------------------------===//
// 8-bit data: Pillow's fixed point (step 9)
//===----------------------------------------------------------------------===//

// bilinear, ui8 1x4 -> 1x2 (h keeps its length: that pass is skipped).
// L = 4, O = 2: scale = filterscale = 2, support = 2, inv = 0.5.
// o = 0: center = 1, xmin = (int)(1 - 2 + 0.5) = 0 (clamped), xmax =
// (int)(3.5) = 3; taps 0, 1, 2 at (j - 1 + 0.5) * 0.5 = -0.25, 0.25, 0.75,
// w = 0.75, 0.75, 0.25, ww = 1.75, normalised 3/7, 3/7, 1/7.
// k = (int)(3/7 * 2^22 + 0.5) = (int)(1797559.357) = 1797559 and
// (int)(1/7 * 2^22 + 0.5) = (int)(599186.79) = 599186.
// S = 2^21 + 0 * 1797559 + 100 * 1797559 + 200 * 599186
//   = 2097152 + 179755900 + 119837200 = 301690252; S >> 22 = 71 (71.93).
// o = 1: center = 3, taps 1, 2, 3 with k = 599186, 1797559, 1797559:
// S = 2097152 + 59918600 + 359511800 + 89877950 = 511405502 >> 22 = 121.
// Pillow 13.0.0 gives [[71, 121]].
TEST(ReferencePillow, BilinearUi8DownsampleByHand) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 4}, {0, 100, 200, 50});
  expectValues(resize(x, {1, 2}, pillow(kBilinear)), {71, 121});
}

// A tie: bilinear ui8 [0, 2], 1x2 -> 1x4. L = 2, O = 4: scale = 0.5,
// filterscale = 1, support = 1.
// o = 1: center = 0.75, taps 0, 1 at -0.25, 0.75: w = 0.75, 0.25 (sum 1),
//   k = 3145728, 1048576: S = 2^21 + 2 * 1048576 = 2^22 -> 1. The exact
//   value is 0.5: the float rule (ties to even) stored 0, Pillow's +2^21
//   rounds half up.
// o = 2: center = 1.25, w = 0.25, 0.75: S = 2^21 + 2 * 3145728 = 2 * 2^22
//   -> 2 (1.5: both rules give 2).
// o = 0 (center 0.25, taps [0, 1)) and o = 3 (center 1.75, taps [1, 2))
// read one tap of weight 1. Pillow 13.0.0 gives [[0, 1, 2, 2]].
TEST(ReferencePillow, TieRoundsHalfUp) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 2}, {0, 2});
  expectValues(resize(x, {1, 4}, pillow(kBilinear)), {0, 1, 2, 2});
}

// The same taps on i8 [0, -2]: the shift is arithmetic (a floor).
// o = 1: S = 2^21 - 2 * 1048576 = 0 -> 0 (exact value -0.5).
// o = 2: S = 2^21 - 2 * 3145728 = -2^22 -> -1 (exact -1.5; ties to even
// would give -2).
TEST(ReferencePillow, I8ShiftIsAFloor) {
  Tensor x = Tensor::fromDoubles(ElementType::I8, {1, 2}, {0, -2});
  expectValues(resize(x, {1, 4}, pillow(kBilinear)), {0, 0, -1, -2});
}

// bicubic (a = -0.5) of the step [0, 0, 255, 255], 1x4 -> 1x8.
// L = 4, O = 8: scale = 0.5, filterscale = 1, support = 2. Filter values:
// f(0.25) = (1.5 * 0.25 - 2.5) * 0.25^2 + 1 = 0.8671875,
// f(0.75) = (1.5 * 0.75 - 2.5) * 0.75^2 + 1 = 0.2265625,
// f(1.25) = (((1.25 - 5) * 1.25 + 8) * 1.25 - 4) * -0.5 = -0.0703125,
// f(1.75) = (((1.75 - 5) * 1.75 + 8) * 1.75 - 4) * -0.5 = -0.0234375.
// o = 2: center 1.25, taps 0, 1, 2 at -0.75, 0.25, 1.25 (tap 3 is beyond
//   xmax = (int)3.75): 255 * -0.0703125 / 1.0234375 = -17.5 -> clamped to 0.
// o = 3: center 1.75, taps 0..3 at -1.25, -0.25, 0.75, 1.75 (sum 1):
//   255 * (0.2265625 - 0.0234375) = 51.8 -> 52.
// o = 4: taps 0..3 at -1.75, -0.75, 0.25, 1.25:
//   255 * (0.8671875 - 0.0703125) = 203.2 -> 203.
// o = 5: center 2.75, taps 1, 2, 3 at -1.25, -0.25, 0.75 (xmin =
//   (int)1.25 = 1, xmax = 4): 255 * 1.09375 / 1.0234375 = 272.5 -> 255.
// o = 6, 7 overshoot too (260.6, 255). Pillow 13.0.0 gives
// [[0, 0, 0, 52, 203, 255, 255, 255]].
TEST(ReferencePillow, BicubicOvershootIsClipped) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 4}, {0, 0, 255, 255});
  expectValues(resize(x, {1, 8}, pillow(kBicubic)),
               {0, 0, 0, 52, 203, 255, 255, 255});
}

// The i8 range clips too: [-128, -128, 127, 127] at o = 2 is
// (-128 * (0.2265625 + 0.8671875) + 127 * -0.0703125) / 1.0234375 = -145.5
// -> -128, at o = 5 (128 * 0.0703125 + 127 * 1.09375) / 1.0234375 = 144.5
// -> 127.
TEST(ReferencePillow, BicubicI8OvershootIsClipped) {
  Tensor x =
      Tensor::fromDoubles(ElementType::I8, {1, 4}, {-128, -128, 127, 127});
  Tensor r = resize(x, {1, 8}, pillow(kBicubic));
  std::vector<double> values = r.toDoubles();
  ASSERT_EQ(values.size(), 8u);
  EXPECT_EQ(values[2], -128);
  EXPECT_EQ(values[5], 127);
}

// The intermediate is 8-bit: rows [0, 0, 255, 255] and [0, 0, 0, 0],
// 2x4 -> 4x8 bicubic. W grows, so the w pass runs first (H - OH = -2 is
// not > 0). Row 0 of the intermediate is the test above, [.., 272.5 -> 255
// at column 5, ..]; row 1 is zeros. The h pass, output row 1: center 0.75,
// taps 0, 1 at -0.25, 0.75, weights 0.8671875 and 0.2265625 over 1.09375
// (0.7929, 0.2071): 255 * 0.7929 = 202.2 -> 202. With the intermediate
// unclipped (272.5) it would be 216. Pillow 13.0.0 gives exactly this.
TEST(ReferencePillow, IntermediateIs8Bit) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {2, 4},
                                 {0, 0, 255, 255, 0, 0, 0, 0});
  expectValues(resize(x, {4, 8}, pillow(kBicubic)),
               {0, 0, 0, 57, 221, 255, 255, 255, //
                0, 0, 0, 41, 161, 202, 202, 202, //
                0, 0, 0, 11, 42,  53,  53,  53,  //
                0, 0, 0, 0,  0,   0,   0,   0});
}

// Pass order (Pillow 13.0): the h pass runs first iff (H - OH) > 0 and
// (H - OH) > 2 (W - OW). Both shapes below run both passes, and their
// results depend on the order: each test also composes the two one-axis
// resizes in either order and checks that the op equals the right one and
// differs from the other. Expected values: Pillow 13.0.0.
TEST(ReferencePillow, VerticalFirstWhenHeightShrinksMost) {
  // 5x3 -> 2x2: H - OH = 3 > 2 * (3 - 2) = 2: vertical first.
  Tensor x = Tensor::fromDoubles(
      ElementType::U8, {5, 3},
      {76, 70, 193, 104, 42, 250, 209, 164, 2, 44, 178, 140, 98, 2, 243});
  V11Attributes attrs = pillow(kBilinear);
  Tensor r = resize(x, {2, 2}, attrs);
  expectValues(r, {104, 139, 106, 134});
  Tensor hFirst = resize(resize(x, {5, 2}, attrs), {2, 2}, attrs);
  Tensor vFirst = resize(resize(x, {2, 3}, attrs), {2, 2}, attrs);
  EXPECT_EQ(r.data, vFirst.data);
  EXPECT_NE(r.data, hFirst.data); // Pillow <= 12 gave [105, 138, 106, 134].
}

TEST(ReferencePillow, HorizontalFirstOtherwise) {
  // 3x5 -> 2x2: H - OH = 1 is not > 2 * (5 - 2) = 6: horizontal first.
  Tensor x = Tensor::fromDoubles(
      ElementType::U8, {3, 5},
      {50, 29, 14, 7, 53, 50, 151, 221, 46, 60, 230, 192, 164, 156, 127});
  V11Attributes attrs = pillow(kBilinear);
  Tensor r = resize(x, {2, 2}, attrs);
  expectValues(r, {68, 51, 171, 129});
  Tensor hFirst = resize(resize(x, {3, 2}, attrs), {2, 2}, attrs);
  Tensor vFirst = resize(resize(x, {2, 5}, attrs), {2, 2}, attrs);
  EXPECT_EQ(r.data, hFirst.data);
  EXPECT_NE(r.data, vFirst.data); // [69, 51, 172, 130]
}

// 100x10 -> 10x10 and 10x100 -> 10x10: one axis keeps its length, so only
// one pass runs whichever the rule picks (vertical first for the first,
// horizontal for the second); each equals the one-axis resize of its
// transpose, and a constant image stays constant.
TEST(ReferencePillow, OneAxisShapesAreTransposes) {
  std::vector<double> tall(1000), wide(1000);
  for (int64_t i = 0; i < 100; ++i)
    for (int64_t j = 0; j < 10; ++j) {
      double v = (i * 37 + j * 11) % 256;
      tall[i * 10 + j] = v;
      wide[j * 100 + i] = v;
    }
  for (InterpolateV11Mode mode : {kBilinear, kBicubic}) {
    Tensor t = resize(Tensor::fromDoubles(ElementType::U8, {100, 10}, tall),
                      {10, 10}, pillow(mode));
    Tensor w = resize(Tensor::fromDoubles(ElementType::U8, {10, 100}, wide),
                      {10, 10}, pillow(mode));
    std::vector<double> tv = t.toDoubles(), wv = w.toDoubles();
    ASSERT_EQ(tv.size(), 100u);
    ASSERT_EQ(wv.size(), 100u);
    for (int64_t i = 0; i < 10; ++i)
      for (int64_t j = 0; j < 10; ++j)
        EXPECT_EQ(tv[i * 10 + j], wv[j * 10 + i]) << i << ", " << j;
    Tensor c = resize(Tensor::fromDoubles(ElementType::U8, {100, 10},
                                          std::vector<double>(1000, 77)),
                      {10, 10}, pillow(mode));
    expectValues(c, std::vector<double>(100, 77));
  }
}

// An axis that keeps its length is the identity (the pass is skipped; run,
// it would have one tap of k = 2^22 and S >> 22 = x, also for negative x).
TEST(ReferencePillow, SameLengthIsIdentity) {
  Tensor x =
      Tensor::fromDoubles(ElementType::I8, {2, 3}, {-128, -1, 0, 1, 127, -77});
  for (InterpolateV11Mode mode : {kBilinear, kBicubic})
    EXPECT_EQ(resize(x, {2, 3}, pillow(mode)).data, x.data);
}

// A cube_coeff for which the weights' sum nearly cancels: at o = 5 above
// the sum is f(1.25) + f(0.25) + f(0.75) = 1 - 0.046875 a, about -3.6e-8
// at a = 21.333334 (64/3 as float32); a normalised weight times 2^22
// leaves int32, where Pillow's conversion is undefined. The reference
// reports it rather than guess.
TEST(ReferencePillow, FixedPointOverflowIsAnError) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 4}, {0, 0, 255, 255});
  int64_t axes[] = {0, 1};
  int64_t sizes[] = {1, 8};
  llvm::Expected<Tensor> r =
      evaluateV11(x, sizes, {}, llvm::ArrayRef<int64_t>(axes),
                  pillow(kBicubic, static_cast<double>(64.0f / 3.0f)));
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_NE(llvm::toString(r.takeError()).find("overflow int32"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Other types: float weights and sums (steps 6-8)
//===----------------------------------------------------------------------===//

// f64: the step row of BicubicOvershootIsClipped, unclipped:
// o = 2: 255 * -0.0703125 / 1.0234375, o = 5: 255 * 1.09375 / 1.0234375,
// o = 6: 255 * 1.09375 / 1.0703125.
TEST(ReferencePillow, F64KeepsOvershoot) {
  Tensor x = Tensor::fromDoubles(ElementType::F64, {1, 4}, {0, 0, 255, 255});
  Tensor r = resize(x, {1, 8}, pillow(kBicubic));
  std::vector<double> v = r.toDoubles();
  ASSERT_EQ(v.size(), 8u);
  EXPECT_NEAR(v[2], 255 * -0.0703125 / 1.0234375, 1e-12);
  EXPECT_NEAR(v[3], 255 * (0.2265625 - 0.0234375), 1e-12);
  EXPECT_NEAR(v[5], 255 * 1.09375 / 1.0234375, 1e-12);
  EXPECT_NEAR(v[6], 255 * 1.09375 / 1.0703125, 1e-12);
}

// f32 keeps the accumulation between passes: IntermediateIs8Bit's element
// (1, 5) is 272.519 * 0.8671875 / 1.09375 = 216.07 here, not 202.
TEST(ReferencePillow, F32IntermediateIsNotClipped) {
  Tensor x = Tensor::fromDoubles(ElementType::F32, {2, 4},
                                 {0, 0, 255, 255, 0, 0, 0, 0});
  Tensor r = resize(x, {4, 8}, pillow(kBicubic));
  std::vector<double> v = r.toDoubles();
  ASSERT_EQ(v.size(), 32u);
  EXPECT_NEAR(v[8 + 5], 255 * 1.09375 / 1.0234375 * 0.8671875 / 1.09375, 1e-3);
}

// i32 stores each pass rounded to nearest, ties to even: the tie of
// TieRoundsHalfUp gives 0 here (0.5 -> 0), and 1.5 -> 2.
TEST(ReferencePillow, I32RoundsTiesToEven) {
  Tensor x = Tensor::fromDoubles(ElementType::I32, {1, 2}, {0, 2});
  expectValues(resize(x, {1, 4}, pillow(kBilinear)), {0, 0, 2, 2});
}

//===----------------------------------------------------------------------===//
// integer_arithmetic = pytorch (ui8)
//===----------------------------------------------------------------------===//

V11Attributes torch(InterpolateV11Mode mode) {
  V11Attributes attrs = pillow(mode, -0.5);
  attrs.integerArithmetic = IntegerArithmetic::PyTorch;
  return attrs;
}

// The rules the lowering shares (Rules.h over AxisRules.h).
// Precision: the first p with (int)(0.5 + wmax * 2^(p + 1)) >= 2^15.
//   wmax = 1: p = 13 gives 16384.5 -> 16384, p = 14 gives 32768.5: 14.
//   wmax = 3/7: 2^16 * 3/7 = 28086.9 < 2^15, 2^17 * 3/7 = 56173.7: 16.
//   wmax = 405/380 (below): 2^15 * 1.0658 = 34923.8: 14.
//   wmax = 32767.5 / 2^16 exactly: p = 15 reaches 32767.5 + 0.5 = 2^15: 15;
//   one ulp less stays below 2^15 there: 16.
//   wmax = 0.0044370 (a 300 -> 1 bilinear axis, below), or 0: no p up to
//   21 gets there (2^22 * 0.0044370 = 18610): the cap, 22.
TEST(ReferenceTorch, PrecisionRule) {
  EXPECT_EQ(rules::torchWeightPrecision(1.0), 14);
  EXPECT_EQ(rules::torchWeightPrecision(3.0 / 7.0), 16);
  EXPECT_EQ(rules::torchWeightPrecision(405.0 / 380.0), 14);
  double edge = 32767.5 / 65536.0;
  EXPECT_EQ(rules::torchWeightPrecision(edge), 15);
  EXPECT_EQ(rules::torchWeightPrecision(std::nextafter(edge, 0.0)), 16);
  EXPECT_EQ(rules::torchWeightPrecision(599.0 / 600.0 / 225.0), 22);
  EXPECT_EQ(rules::torchWeightPrecision(0.0), 22);
}

// Quantization: (int)(w * 2^p + 0.5), or (int)(w * 2^p - 0.5) when negative
// (truncated: half away from zero).
//   405/380 * 2^14 = 17461.89 -> 17462; -25/380 * 2^14 = -1077.89 -> -1078;
//   3/7 * 2^16 = 28086.86 -> 28087 (and -28087); 1/7 * 2^16 = 9362.29 ->
//   9362; 0.5 * 2^14 = 8192 exactly.
TEST(ReferenceTorch, FixedWeights) {
  EXPECT_EQ(rules::torchFixedWeight(405.0 / 380.0, 14), 17462);
  EXPECT_EQ(rules::torchFixedWeight(-25.0 / 380.0, 14), -1078);
  EXPECT_EQ(rules::torchFixedWeight(3.0 / 7.0, 16), 28087);
  EXPECT_EQ(rules::torchFixedWeight(-3.0 / 7.0, 16), -28087);
  EXPECT_EQ(rules::torchFixedWeight(1.0 / 7.0, 16), 9362);
  EXPECT_EQ(rules::torchFixedWeight(0.5, 14), 8192);
}

// PyTorch's bicubic filter (a = -0.5) with its fused multiply-adds.
//   f(0.5) = fma(0.5, 0.5 * fma(0.5, 1.5, -2.5), 1) = 0.5 * -0.875 + 1
//          = 0.5625, exact either way; f(1.5) = fma(fma(1.75, 1.5, -4), 1.5,
//          2) = -1.375 * 1.5 + 2 = -0.0625; 0 from 2 on and for NaN.
//   f(1.1): -0x1.4bc6a7ef9db38p-5, the three fmas evaluated in exact
//          rational arithmetic (Python's fractions), each rounded once;
//          computed unfused, ((-0.5 x + 2.5) x - 4) x + 2 gives
//          -0x1.4bc6a7ef9db40p-5, and Pillow's order another value again.
TEST(ReferenceTorch, CubicFilter) {
  EXPECT_EQ(rules::torchCubicWeight(0.5), 0.5625);
  EXPECT_EQ(rules::torchCubicWeight(-0.5), 0.5625);
  EXPECT_EQ(rules::torchCubicWeight(1.5), -0.0625);
  EXPECT_EQ(rules::torchCubicWeight(2.0), 0.0);
  EXPECT_EQ(rules::torchCubicWeight(std::nan("")), 0.0);
  EXPECT_EQ(rules::torchCubicWeight(1.1), -0x1.4bc6a7ef9db38p-5);
}

// The lowering's run-time tables evaluate the same rules in the IR domain
// (IRDomain.h); folded on constants they give the scalar domain's values,
// bit for bit (the filter's fmas included).
TEST(ReferenceTorch, RulesAgreeInTheIRDomain) {
  MLIRContext context;
  context.loadDialect<arith::ArithDialect, math::MathDialect>();
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  builder.setInsertionPointToStart(module->getBody());
  rules::IRDomain ir{builder, builder.getUnknownLoc(), /*fold=*/true};
  rules::ScalarDomain scalar;
  auto floatOf = [](Value v) -> std::optional<double> {
    FloatAttr attr;
    if (!matchPattern(v, m_Constant(&attr)))
      return std::nullopt;
    return attr.getValueAsDouble();
  };
  auto intOf = [](Value v) -> std::optional<int64_t> {
    APInt value;
    if (!matchPattern(v, m_ConstantInt(&value)))
      return std::nullopt;
    return value.getSExtValue();
  };
  for (int i = -2600; i <= 2600; ++i) {
    double x = i / 1000.0 + 1e-7 * (i % 7);
    std::optional<double> folded =
        floatOf(rules::generic::torchCubicWeight(ir, ir.f64(x)));
    ASSERT_TRUE(folded.has_value()) << x;
    double expected = rules::generic::torchCubicWeight(scalar, x);
    EXPECT_EQ(std::memcmp(&*folded, &expected, sizeof(double)), 0) << x;
  }
  for (double largest :
       {0.0, 0.0044370370370370372, 0.25, 3.0 / 7.0, 32767.5 / 65536.0,
        std::nextafter(0.5, 0.0), 0.5, 1.0, 405.0 / 380.0, 1.2}) {
    rules::generic::TorchPrecision<rules::IRDomain> p =
        rules::generic::torchWeightPrecision(ir, ir.f64(largest));
    rules::generic::TorchPrecision<rules::ScalarDomain> q =
        rules::generic::torchWeightPrecision(scalar, largest);
    EXPECT_EQ(intOf(p.bits), q.bits) << largest;
    EXPECT_EQ(floatOf(p.scale), q.scale) << largest;
    for (double w : {largest, -largest / 7, largest / 3, 0.0})
      EXPECT_EQ(intOf(rules::generic::torchFixedWeight(ir, ir.f64(w), p.scale)),
                rules::generic::torchFixedWeight(scalar, w, q.scale))
          << w;
  }
}

// bilinear 1x4 -> 1x2 as in BilinearUi8DownsampleByHand: the same
// normalised weights 3/7, 3/7, 1/7 (o = 0) and 1/7, 3/7, 3/7 (o = 1), so
// wmax = 3/7, p = 16, k = 28087 and 9362:
// o = 0: S = 2^15 + 100 * 28087 + 200 * 9362 = 4713868 >> 16 = 71 (71.93);
// o = 1: S = 2^15 + 100 * 9362 + 200 * 28087 + 50 * 28087 = 7990718 >> 16
//   = 121 (121.93). PyTorch 2.15.0 gives [71, 121] (as Pillow).
TEST(ReferenceTorch, BilinearDownsampleByHand) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 4}, {0, 100, 200, 50});
  expectValues(resize(x, {1, 2}, torch(kBilinear)), {71, 121});
}

// Where PyTorch and Pillow part: bicubic [197, 7], 1x2 -> 1x3.
// L = 2, O = 3: scale 2/3, support 2, taps [0, 2) for every o.
// o = 0: center 1/3, x = 1/6 and 7/6: f = 0.9375 and -25/432 (Keys:
//   -0.5 (x - 1)(x - 2)^2), sum 380/432, normalised 405/380 = 1.0658 and
//   -25/380 = -0.0658. o = 1: center 1, f(0.5) twice: 0.5, 0.5. o = 2 is
//   o = 0 mirrored.
// wmax = 405/380: p = 14 (PrecisionRule); k = 17462, -1078 and 8192, 8192.
// o = 0: S = 2^13 + 197 * 17462 - 7 * 1078 = 3440660 >> 14 = 210 (210.001).
//   The exact value is (197 * 405 - 7 * 25) / 380 = 209.5: Pillow's 22-bit
//   weights land just below the tie (209), PyTorch's 14-bit ones above.
// o = 1: S = 2^13 + 204 * 8192 = 1679360 >> 14 = 102 (exactly 102.5).
// o = 2: S = 2^13 - 197 * 1078 + 7 * 17462 = -81940 >> 14 = -6 -> 0.
// PyTorch 2.15.0 gives [210, 102, 0]; Pillow 13.0's arithmetic [209, 102, 0].
TEST(ReferenceTorch, BicubicDiffersFromPillowByHand) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {1, 2}, {197, 7});
  expectValues(resize(x, {1, 3}, torch(kBicubic)), {210, 102, 0});
  expectValues(resize(x, {1, 3}, pillow(kBicubic)), {209, 102, 0});
}

// The w pass always runs first, where Pillow 13.0 would run the h pass
// first (H - OH = 2 > 0 and > 2 (W - OW) = -2): bicubic 4x2 -> 2x3 of a
// 0/255 pattern (the 8-bit intermediate makes the order matter). Expected:
// PyTorch 2.15.0's output; the op equals the w resize followed by the h
// resize, not the other way round ([[143, 186, 229], [149, 143, 137]]).
TEST(ReferenceTorch, WidthPassFirst) {
  Tensor x = Tensor::fromDoubles(ElementType::U8, {4, 2},
                                 {0, 255, 255, 255, 255, 0, 0, 255});
  V11Attributes attrs = torch(kBicubic);
  Tensor r = resize(x, {2, 3}, attrs);
  expectValues(r, {148, 186, 224, 148, 143, 138});
  Tensor wFirst = resize(resize(x, {4, 3}, attrs), {2, 3}, attrs);
  Tensor hFirst = resize(resize(x, {2, 2}, attrs), {2, 3}, attrs);
  EXPECT_EQ(r.data, wFirst.data);
  EXPECT_NE(r.data, hFirst.data);
}

// The precision cap: bilinear 1x300 -> 1x1. scale = support = 300, taps
// 0..299 at (j - 149.5) / 300, weights 1 - |j - 149.5| / 300 summing to
// 300 - 75 = 225, wmax = (599 / 600) / 225 = 0.0044370: p = 22 (no p up to
// 21 reaches 2^15), the largest k = 18610 still fits int16. A constant row
// stays constant (the k sum to 2^22 within a few units); a ramp 0..255
// (x_j = j * 255 / 299 rounded) has the mean 127.5 weighted symmetrically:
// PyTorch 2.15.0 gives 127.
TEST(ReferenceTorch, PrecisionCapAt22Bits) {
  expectValues(resize(Tensor::fromDoubles(ElementType::U8, {1, 300},
                                          std::vector<double>(300, 200)),
                      {1, 1}, torch(kBilinear)),
               {200});
  std::vector<double> ramp(300);
  for (int64_t j = 0; j < 300; ++j)
    ramp[j] = std::round(j * 255.0 / 299.0);
  expectValues(resize(Tensor::fromDoubles(ElementType::U8, {1, 300}, ramp),
                      {1, 1}, torch(kBilinear)),
               {127});
}

// The reference checks the extension's rules too (the verifier's messages).
TEST(ReferenceTorch, Rejections) {
  int64_t axes[] = {0, 1};
  int64_t sizes[] = {1, 3};
  auto error = [&](ElementType type, V11Attributes attrs) {
    Tensor x = Tensor::fromDoubles(type, {1, 2}, {1, 2});
    llvm::Expected<Tensor> r =
        evaluateV11(x, sizes, {}, llvm::ArrayRef<int64_t>(axes), attrs);
    return r ? std::string() : llvm::toString(r.takeError());
  };
  EXPECT_NE(error(ElementType::I8, torch(kBilinear)).find("needs ui8 data"),
            std::string::npos);
  V11Attributes bicubic = torch(kBicubic);
  bicubic.cubeCoeff = -0.75;
  EXPECT_NE(error(ElementType::U8, bicubic).find("cube_coeff = -0.5"),
            std::string::npos);
  V11Attributes cubic = torch(kBicubic);
  cubic.mode = InterpolateV11Mode::Cubic;
  EXPECT_NE(error(ElementType::U8, cubic)
                .find("bilinear_pillow and "
                      "bicubic_pillow only"),
            std::string::npos);
  V11Attributes bilinear = torch(kBilinear);
  bilinear.cubeCoeff = -0.75; // ignored by bilinear
  EXPECT_EQ(error(ElementType::U8, bilinear), "");
}

} // namespace
