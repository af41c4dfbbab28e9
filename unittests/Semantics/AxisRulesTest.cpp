//===- AxisRulesTest.cpp - the IR domain computes the scalar domain's -----===//
//
// AxisRules.h's rules in the IR domain, folded on constants, against the
// same rules in the scalar domain (the compiler's and runtime library's
// tables), on random axes of every kernel and mode with a fixed seed. A
// difference means the portable lowering's run-time tables, checks or
// output lengths would compute something else than the runtime library.
//
//===----------------------------------------------------------------------===//

#include "interp/Semantics/AxisRows.h"
#include "interp/Semantics/IRDomain.h"
#include "interp/Semantics/ScalarDomain.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::rules;

namespace {

/// Builds folded IR in a scratch module, which is cleared between axes.
class IRDomainTest : public ::testing::Test {
protected:
  IRDomainTest() : builder(&context) {
    context.loadDialect<arith::ArithDialect, math::MathDialect>();
    module = ModuleOp::create(UnknownLoc::get(&context));
    builder.setInsertionPointToStart(module.getBody());
  }
  ~IRDomainTest() override { module->erase(); }

  IRDomain domain() { return {builder, builder.getUnknownLoc(), true}; }
  void clear() {
    module.getBody()->clear();
    builder.setInsertionPointToStart(module.getBody());
  }

  MLIRContext context;
  OpBuilder builder;
  ModuleOp module;
};

/// The constant a folded value holds, as the bits of an int64 or a double.
std::optional<int64_t> intOf(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}
std::optional<double> floatOf(Value v) {
  FloatAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  return attr.getValueAsDouble();
}
bool sameBits(double x, double y) {
  uint64_t a, b;
  std::memcpy(&a, &x, 8);
  std::memcpy(&b, &y, 8);
  return a == b;
}

/// A random valid axis: kernel, modes, lengths, scale and antialias.
struct RandomAxis {
  AxisKernel kernel;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  ShapeCalcMode shapeMode;
  float scale;
  int64_t in, out;
  bool antialias;
  double cubeCoeff;
};

std::optional<RandomAxis> randomAxis(std::mt19937_64 &rng) {
  auto pick = [&](uint64_t n) { return static_cast<int64_t>(rng() % n); };
  RandomAxis a;
  a.kernel = static_cast<AxisKernel>(pick(7));
  a.coordinateMode = static_cast<CoordinateTransformMode>(pick(5));
  a.nearestMode = static_cast<NearestMode>(pick(5));
  a.shapeMode = static_cast<ShapeCalcMode>(pick(2));
  a.in = pick(8) == 0 ? pick(2) : 1 + pick(pick(2) ? 24 : 600);
  a.scale = 1.0f;
  if (a.shapeMode == ShapeCalcMode::Scales) {
    int64_t kind = pick(3);
    a.scale = kind == 0   ? 1.0f
              : kind == 1 ? float(1 + pick(8)) / float(1 + pick(8))
                          : std::ldexp(float(1 + pick(99999)) / 1e5f,
                                       static_cast<int>(pick(6)) - 3);
    std::optional<int64_t> out = scaledLength(a.in, a.scale);
    if (!out)
      return std::nullopt;
    a.out = *out;
  } else {
    a.out = pick(8) == 0 ? pick(2) : 1 + pick(pick(2) ? 30 : 700);
  }
  if ((a.in == 0 && a.out > 0) || a.out > 2000)
    return std::nullopt;
  a.antialias = pick(2);
  a.cubeCoeff = -static_cast<double>(pick(1000)) / 1000.0;
  return a;
}

using Taps = std::vector<std::pair<int64_t, double>>;

/// The taps of `taps` a sum reads: every column of a fixed-tap kernel, the
/// taps of non-zero weight of a window.
Taps summedTaps(Taps taps, bool fixed) {
  if (fixed)
    return taps;
  Taps kept;
  for (auto tap : taps)
    if (tap.second != 0.0)
      kept.push_back(tap);
  return kept;
}

/// Row `o` of the IR domain's `columns` columns, folded and normalized.
std::optional<Taps> irRow(IRDomain &d, const generic::RowRule<IRDomain> &rule,
                          int64_t o, int64_t columns) {
  bool fixed = generic::fixedTaps(rule.kernel).has_value();
  generic::RowState<IRDomain> row = rule.row(d.f64(double(o)));
  Taps taps;
  double sum = 0.0;
  for (int64_t k = 0; k < columns; ++k) {
    generic::Entry<IRDomain> e = fixed ? rule.fixedEntry(row, d.i64(k))
                                       : rule.windowEntry(row, d.i64(k));
    std::optional<int64_t> index = intOf(e.index);
    std::optional<double> weight = floatOf(e.weight);
    if (!index || !weight)
      return std::nullopt;
    taps.push_back({*index, *weight});
    sum += *weight;
  }
  if (generic::isNormalized(rule.kernel))
    for (auto &tap : taps) {
      std::optional<double> normalized = floatOf(generic::normalizedWeight(
          d, rule.kernel, d.f64(tap.second), d.f64(sum)));
      if (!normalized)
        return std::nullopt;
      tap.second = *normalized;
    }
  return taps;
}

/// Row `o` of the scalar table.
Taps scalarRow(const AxisTable &table, int64_t o) {
  Taps taps;
  for (int64_t k = 0; k < table.taps; ++k)
    taps.push_back(
        {table.indices[o * table.taps + k], table.weights[o * table.taps + k]});
  return taps;
}

} // namespace

// Every column of sampled rows: the same samples and weights, bit for bit,
// wherever the scalar row has a tap of non-zero weight, and nothing else of
// non-zero weight in the IR's columns, whose samples are all in the input.
TEST_F(IRDomainTest, RowsMatchTheScalarDomain) {
  std::mt19937_64 rng(20261203);
  int checkedAxes = 0, checkedRows = 0;
  while (checkedAxes < 3000) {
    std::optional<RandomAxis> a = randomAxis(rng);
    if (!a)
      continue;
    ++checkedAxes;
    ScalarDomain s;
    generic::AxisValues<ScalarDomain> sv =
        generic::axisValues(s, a->kernel, a->shapeMode, a->scale, a->in, a->out,
                            a->antialias, a->cubeCoeff);
    AxisTableParams params = makeAxisTableParams(
        a->kernel, a->coordinateMode, a->nearestMode, a->shapeMode, a->scale,
        a->in, a->out, a->antialias, a->cubeCoeff);
    AxisTable table = buildAxisTable(params);

    clear();
    IRDomain d = domain();
    generic::AxisValues<IRDomain> v = generic::axisValues(
        d, a->kernel, a->shapeMode, d.f32(a->scale), d.i64(a->in),
        d.i64(a->out),
        d.create<arith::ConstantOp>(builder.getBoolAttr(a->antialias)),
        a->cubeCoeff);
    generic::RowRule<IRDomain> rule{d, a->kernel, a->coordinateMode,
                                    a->nearestMode, v};
    // The narrow window of linear without antialias, when it applies.
    rule.narrowLinearWindow = a->kernel == AxisKernel::Linear &&
                              sv.antialiasFactor == 1.0 && rng() % 2;
    std::optional<int64_t> fixed = generic::fixedTaps(a->kernel);
    int64_t columns = fixed ? *fixed : 2;
    if (!fixed && !rule.narrowLinearWindow) {
      std::optional<int64_t> bound = intOf(rule.windowColumns());
      ASSERT_TRUE(bound) << "the column bound did not fold";
      EXPECT_EQ(*bound, axisTableTapBound(params));
      columns = *bound;
    }
    std::string where =
        "kernel " + std::to_string(int(a->kernel)) + ", coordinate " +
        std::to_string(int(a->coordinateMode)) + ", in " +
        std::to_string(a->in) + ", out " + std::to_string(a->out) + ", scale " +
        std::to_string(a->scale);
    // The first, last and a few random rows.
    std::vector<int64_t> rows;
    if (a->out > 0)
      rows = {0, a->out - 1, static_cast<int64_t>(rng() % a->out),
              static_cast<int64_t>(rng() % a->out)};
    for (int64_t o : rows) {
      ++checkedRows;
      std::optional<Taps> ir = irRow(d, rule, o, columns);
      ASSERT_TRUE(ir) << "a column did not fold: " << where;
      for (auto [index, weight] : *ir)
        ASSERT_TRUE(index >= 0 && index < std::max<int64_t>(a->in, 1))
            << where << ", row " << o << ": index " << index;
      Taps irTaps = summedTaps(*ir, fixed.has_value());
      Taps scalarTaps = summedTaps(scalarRow(table, o), fixed.has_value());
      ASSERT_EQ(irTaps.size(), scalarTaps.size()) << where << ", row " << o;
      for (size_t k = 0; k < irTaps.size(); ++k) {
        EXPECT_EQ(irTaps[k].first, scalarTaps[k].first)
            << where << ", row " << o << ", tap " << k;
        EXPECT_TRUE(sameBits(irTaps[k].second, scalarTaps[k].second))
            << where << ", row " << o << ", tap " << k << ": "
            << irTaps[k].second << " vs " << scalarTaps[k].second;
        // The Pillow modes' 8-bit weights (SEMANTICS-v11.md step 9).
        if (a->kernel == AxisKernel::BilinearPillow ||
            a->kernel == AxisKernel::BicubicPillow)
          EXPECT_EQ(
              intOf(generic::pillowFixedWeight(d, d.f64(irTaps[k].second))),
              pillowFixedWeight(scalarTaps[k].second))
              << where << ", row " << o << ", tap " << k;
      }
    }
  }
  EXPECT_GT(checkedRows, 5000);
}

// The output length of scales mode and the run-time checks.
TEST_F(IRDomainTest, LengthsAndChecksMatchTheScalarDomain) {
  std::mt19937_64 rng(20261204);
  const float specials[] = {1.0f,     0.0f,  -1.0f, 1e-30f, 1e30f,
                            INFINITY, NAN,   0.5f,  2.0f,   1.0000001f,
                            3e9f,     1e-9f, 7.5f};
  for (int i = 0; i < 4000; ++i) {
    clear();
    IRDomain d = domain();
    ScalarDomain s;
    float scale = i % 3 == 0 ? specials[rng() % std::size(specials)]
                             : std::ldexp(float(rng() % 100000) / 1e5f,
                                          static_cast<int>(rng() % 40) - 20);
    int64_t padded = (rng() % 4 == 0) ? static_cast<int64_t>(rng() % 3)
                                      : static_cast<int64_t>(rng() >> 12);
    int64_t out = static_cast<int64_t>(rng()) >> (rng() % 64);
    std::string where = "scale " + std::to_string(scale) + ", padded " +
                        std::to_string(padded) + ", out " + std::to_string(out);
    auto boolOf = [&](Value v) { return intOf(v).value_or(-1) != 0; };
    EXPECT_EQ(boolOf(generic::isValidScale(d, d.f32(scale))),
              generic::isValidScale(s, scale))
        << where;
    bool fits = generic::scaledLengthFits(s, padded, scale);
    EXPECT_EQ(boolOf(generic::scaledLengthFits(d, d.i64(padded), d.f32(scale))),
              fits)
        << where;
    if (fits && generic::isValidScale(s, scale)) {
      EXPECT_EQ(intOf(generic::scaledLength(d, d.i64(padded), d.f32(scale))),
                generic::scaledLength(s, padded, scale))
          << where;
    }
    EXPECT_EQ(boolOf(generic::isNonNegativeLength(d, d.i64(out))),
              generic::isNonNegativeLength(s, out))
        << where;
    EXPECT_EQ(boolOf(generic::isWithinMaxDimension(d, d.i64(out))),
              generic::isWithinMaxDimension(s, out))
        << where;
    EXPECT_EQ(boolOf(generic::isValidEmptyAxis(d, d.i64(padded), d.i64(out))),
              generic::isValidEmptyAxis(s, padded, out))
        << where;
  }
}

// Pillow's fixed-point weights and pass order: hand-computed values from
// the rules' text (SEMANTICS-v11.md step 9), and the IR domain against the
// scalar one on random lengths.
TEST_F(IRDomainTest, PillowFixedPointRules) {
  // w * 2^22, +-0.5, truncated toward zero.
  EXPECT_EQ(pillowFixedWeight(1.0), 4194304);
  EXPECT_EQ(pillowFixedWeight(0.5), 2097152);
  EXPECT_EQ(pillowFixedWeight(-0.5), -2097152);
  EXPECT_EQ(pillowFixedWeight(0.1), 419430);   // 419430.4 + 0.5 = 419430.9
  EXPECT_EQ(pillowFixedWeight(-0.1), -419430); // -419430.4 - 0.5
  EXPECT_EQ(pillowFixedWeight(0.2), 838861);   // 838860.8 + 0.5 = 838861.3
  EXPECT_EQ(pillowFixedWeight(0.0), 0);
  // An exact half rounds away from zero: 2^-23 * 2^22 = 0.5.
  EXPECT_EQ(pillowFixedWeight(std::ldexp(1.0, -23)), 1);
  EXPECT_EQ(pillowFixedWeight(-std::ldexp(1.0, -23)), -1);

  // Vertical first iff H - OH > 0 and H - OH > 2 (W - OW).
  EXPECT_TRUE(pillowVerticalFirst(100, 10, 10, 10));
  EXPECT_FALSE(pillowVerticalFirst(10, 10, 100, 10));
  EXPECT_FALSE(pillowVerticalFirst(40, 20, 30, 20));  // 20 = 2 * 10
  EXPECT_TRUE(pillowVerticalFirst(41, 20, 30, 20));   // 21 > 2 * 10
  EXPECT_TRUE(pillowVerticalFirst(48, 24, 80, 160));  // W grows
  EXPECT_FALSE(pillowVerticalFirst(10, 20, 80, 160)); // H grows

  std::mt19937_64 rng(20261205);
  for (int i = 0; i < 2000; ++i) {
    clear();
    IRDomain d = domain();
    int64_t inH = rng() % 3000, outH = rng() % 3000, inW = rng() % 3000,
            outW = rng() % 3000;
    // An i1 true folds to -1.
    std::optional<int64_t> ir = intOf(generic::pillowVerticalFirst(
        d, d.i64(inH), d.i64(outH), d.i64(inW), d.i64(outW)));
    ASSERT_TRUE(ir) << "the order did not fold";
    EXPECT_EQ(*ir != 0, pillowVerticalFirst(inH, outH, inW, outW))
        << inH << "->" << outH << ", " << inW << "->" << outW;
    double w =
        std::ldexp(double(int64_t(rng() >> 11)) - std::ldexp(1.0, 52), -52);
    EXPECT_EQ(intOf(generic::pillowFixedWeight(d, d.f64(w))),
              int64_t(pillowFixedWeight(w)))
        << w;
  }
}
