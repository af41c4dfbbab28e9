//===- AxisTableTest.cpp - per-axis tables and their affine runs ----------===//

#include "interp/Semantics/AxisTable.h"

#include <gtest/gtest.h>

using namespace mlir::interp;
using namespace mlir::interp::rules;

namespace {

AxisTable tableFor(AxisKernel kernel, CoordinateTransformMode mode,
                   NearestMode nearest, int64_t in, int64_t out) {
  return buildAxisTable(makeAxisTableParams(kernel, mode, nearest,
                                            ShapeCalcMode::Sizes, 1.0f, in, out,
                                            false, -0.75));
}

/// Every output index of the run reads what the formula says, and the
/// periods just outside it do not.
void expectRunMatchesTable(const AxisTable &table, const AffineTapRun &run) {
  auto matches = [&](int64_t k) {
    for (int64_t p = 0; p < run.period; ++p)
      for (int64_t t = 0; t < table.taps; ++t)
        if (table.indices[(run.period * k + p) * table.taps + t] !=
            run.inputStep * k + run.phaseStep * p + run.offsets[t])
          return false;
    return true;
  };
  for (int64_t k = run.firstPeriod; k < run.endPeriod; ++k)
    EXPECT_TRUE(matches(k)) << "period " << k;
  if (run.firstPeriod > 0) {
    EXPECT_FALSE(matches(run.firstPeriod - 1));
  }
  if (run.endOutput() < table.outLength) {
    EXPECT_FALSE(matches(run.endPeriod));
  }
}

} // namespace

// x2 up, half_pixel: x = k + p/2 - 1/4, so phase 0 reads (k-1, k) and
// phase 1 reads (k, k+1). The first and last outputs clamp.
TEST(AffineTapRun, LinearOnnxUpByTwo) {
  AxisTable table =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 8, 16);
  std::optional<AffineTapRun> run = findAffineTapRun(table);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->period, 2);
  EXPECT_EQ(run->inputStep, 1);
  EXPECT_EQ(run->phaseStep, 1);
  EXPECT_EQ(run->offsets, (std::vector<int64_t>{-1, 0}));
  EXPECT_EQ(run->firstPeriod, 1);
  EXPECT_EQ(run->endPeriod, 7);
  expectRunMatchesTable(table, *run);
}

// Cubic x2 half_pixel: four taps from floor(x) - 1, same phase step.
TEST(AffineTapRun, CubicUpByTwo) {
  AxisTable table =
      tableFor(AxisKernel::Cubic, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 16, 32);
  std::optional<AffineTapRun> run = findAffineTapRun(table);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->period, 2);
  EXPECT_EQ(run->phaseStep, 1);
  EXPECT_EQ(run->offsets, (std::vector<int64_t>{-2, -1, 0, 1}));
  EXPECT_EQ(run->firstPeriod, 2);
  EXPECT_EQ(run->endPeriod, 14);
  expectRunMatchesTable(table, *run);
}

// asymmetric + floor: out[o] = in[o / 2] everywhere, no edges.
TEST(AffineTapRun, NearestUpByTwoCoversTheAxis) {
  AxisTable table =
      tableFor(AxisKernel::Nearest, CoordinateTransformMode::Asymmetric,
               NearestMode::Floor, 5, 10);
  std::optional<AffineTapRun> run = findAffineTapRun(table);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->period, 2);
  EXPECT_EQ(run->phaseStep, 0);
  EXPECT_EQ(run->offsets, (std::vector<int64_t>{0}));
  EXPECT_EQ(run->firstPeriod, 0);
  EXPECT_EQ(run->endPeriod, 5);
  expectRunMatchesTable(table, *run);
}

// /2 down: out[o] = in[2 o], a strided read.
TEST(AffineTapRun, NearestDownByTwoIsStrided) {
  AxisTable table =
      tableFor(AxisKernel::Nearest, CoordinateTransformMode::Asymmetric,
               NearestMode::Floor, 10, 5);
  std::optional<AffineTapRun> run = findAffineTapRun(table);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->period, 1);
  EXPECT_EQ(run->inputStep, 2);
  EXPECT_EQ(run->offsets, (std::vector<int64_t>{0}));
  EXPECT_EQ(run->firstPeriod, 0);
  EXPECT_EQ(run->endPeriod, 5);
  expectRunMatchesTable(table, *run);
}

// x3/2: phases read 2k, 2k, 2k+1, which is not affine in the phase.
TEST(AffineTapRun, NonAffinePhasesHaveNoRun) {
  AxisTable table =
      tableFor(AxisKernel::Nearest, CoordinateTransformMode::Asymmetric,
               NearestMode::Floor, 4, 6);
  EXPECT_FALSE(findAffineTapRun(table));
}

// 1920 -> 224 reduces to 60 : 7, beyond the default period bound.
TEST(AffineTapRun, LongPeriodsAreNotSearched) {
  AxisTable table =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 1920, 224);
  EXPECT_FALSE(findAffineTapRun(table));
}

TEST(AffineTapRun, EmptyAxesHaveNoRun) {
  AxisTable table =
      tableFor(AxisKernel::Nearest, CoordinateTransformMode::Asymmetric,
               NearestMode::Floor, 4, 0);
  EXPECT_FALSE(findAffineTapRun(table));
}

// Run-time tables: the lowering asks for the ratios it specialized. The ratio
// it asks for, when it is the table's, gives the same run as the reduced
// ratio does.
TEST(AffineTapRun, GivenRatioMatchesTheTables) {
  AxisTable table =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 33, 66);
  std::optional<AffineTapRun> reduced = findAffineTapRun(table);
  std::optional<AffineTapRun> given = findAffineTapRun(table, 2, 1);
  ASSERT_TRUE(reduced && given);
  EXPECT_EQ(given->firstPeriod, reduced->firstPeriod);
  EXPECT_EQ(given->endPeriod, reduced->endPeriod);
  EXPECT_EQ(given->offsets, reduced->offsets);
  EXPECT_EQ(given->phaseStep, reduced->phaseStep);
  expectRunMatchesTable(table, *given);
}

// A length that is not a whole number of periods (sizes 7 -> 15, half_pixel
// with scale 15/7): the run stays within whole periods and matches the table
// wherever it claims to.
TEST(AffineTapRun, GivenRatioOnAnOddLength) {
  AxisTable table =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 7, 15);
  std::optional<AffineTapRun> run = findAffineTapRun(table, 2, 1);
  ASSERT_TRUE(run);
  EXPECT_LE(run->endOutput(), 14);
  expectRunMatchesTable(table, *run);
}

// /2 asked of an x2 table: with period 1, the middle output alone is always
// "affine", so a run is found, but a short one (indices advance by 1 per
// output, not 2). The lowering uses a run only when it covers at least half
// of the axis.
TEST(AffineTapRun, GivenRatioThatDoesNotFit) {
  AxisTable table =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 16, 32);
  std::optional<AffineTapRun> run = findAffineTapRun(table, 1, 2);
  ASSERT_TRUE(run);
  EXPECT_LT(2 * (run->endOutput() - run->firstOutput()), table.outLength);
  expectRunMatchesTable(table, *run);
  // Shorter than one period.
  AxisTable single =
      tableFor(AxisKernel::LinearOnnx, CoordinateTransformMode::HalfPixel,
               NearestMode::RoundPreferFloor, 4, 1);
  EXPECT_FALSE(findAffineTapRun(single, 2, 1));
}

// Extra columns repeat the row's first index with weight 0.
TEST(AxisTable, WithColumnsPadsWithZeroWeights) {
  AxisTable table =
      tableFor(AxisKernel::Linear, CoordinateTransformMode::AlignCorners,
               NearestMode::RoundPreferFloor, 5, 5);
  ASSERT_LT(table.taps, 2);
  AxisTable wide = withColumns(table, 2);
  ASSERT_EQ(wide.taps, 2);
  for (int64_t o = 0; o < table.outLength; ++o) {
    for (int64_t k = 0; k < 2; ++k) {
      bool used = k < table.taps;
      EXPECT_EQ(wide.indices[o * 2 + k],
                table.indices[o * table.taps + (used ? k : 0)]);
      EXPECT_EQ(wide.weights[o * 2 + k],
                used ? table.weights[o * table.taps + k] : 0.0);
    }
  }
}

// The static tap counts the lowering uses for run-time tables hold for every
// length pair and coordinate mode: a table never has more taps.
TEST(LengthIndependentTaps, BoundEveryTable) {
  const CoordinateTransformMode modes[] = {
      CoordinateTransformMode::HalfPixel,
      CoordinateTransformMode::PytorchHalfPixel,
      CoordinateTransformMode::Asymmetric,
      CoordinateTransformMode::TfHalfPixelForNn,
      CoordinateTransformMode::AlignCorners};
  const AxisKernel kernels[] = {AxisKernel::Nearest, AxisKernel::LinearOnnx,
                                AxisKernel::Cubic, AxisKernel::Linear};
  for (AxisKernel kernel : kernels) {
    std::optional<int64_t> bound = lengthIndependentTaps(kernel, false);
    ASSERT_TRUE(bound);
    for (CoordinateTransformMode mode : modes)
      for (int64_t in = 1; in <= 24; ++in)
        for (int64_t out = 1; out <= 24; ++out)
          EXPECT_LE(
              tableFor(kernel, mode, NearestMode::RoundPreferFloor, in, out)
                  .taps,
              *bound)
              << "in " << in << " out " << out;
  }
  EXPECT_FALSE(lengthIndependentTaps(AxisKernel::Linear, true));
  EXPECT_FALSE(lengthIndependentTaps(AxisKernel::Area, false));
}

namespace {

/// out[o] summed in tap order in float32, as a pass over integer data sums
/// it: 0 + w_0 x_0 + w_1 x_1 + ...
float sumInTapOrder(const int64_t *index, const double *weight, int64_t taps,
                    const std::vector<float> &data) {
  float sum = 0.0f;
  for (int64_t k = 0; k < taps; ++k)
    sum += static_cast<float>(weight[k]) * data[index[k]];
  return sum;
}

/// Every row of the consecutive form reads inside the input and sums, over
/// integer data with both signs, exactly what the row of `table` sums.
void expectConsecutiveSumsEqual(const AxisTable &table) {
  std::optional<ConsecutiveTaps> consecutive = consecutiveTaps(table);
  ASSERT_TRUE(consecutive);
  ASSERT_EQ(consecutive->starts.size(), size_t(table.outLength));
  std::vector<float> data(table.inLength);
  for (int64_t i = 0; i < table.inLength; ++i)
    data[i] = static_cast<float>((i * 7919 + 13) % 511 - 255);
  std::vector<int64_t> positions(table.taps);
  for (int64_t o = 0; o < table.outLength; ++o) {
    int64_t start = consecutive->starts[o];
    ASSERT_GE(start, 0);
    ASSERT_LE(start + table.taps, table.inLength);
    for (int64_t k = 0; k < table.taps; ++k)
      positions[k] = start + k;
    EXPECT_EQ(sumInTapOrder(&table.indices[o * table.taps],
                            &table.weights[o * table.taps], table.taps, data),
              sumInTapOrder(positions.data(),
                            &consecutive->weights[o * table.taps], table.taps,
                            data))
        << "output " << o;
  }
}

AxisTable windowedTable(AxisKernel kernel, int64_t in, int64_t out,
                        bool antialias = false) {
  return buildAxisTable(makeAxisTableParams(
      kernel, CoordinateTransformMode::HalfPixel, NearestMode::RoundPreferFloor,
      ShapeCalcMode::Sizes, 1.0f, in, out, antialias, -0.5));
}

} // namespace

// The windowed kernels read consecutive positions: the Pillow filters of a
// 1080p downscale (including the rows whose window is cut by the input's
// ends and padded with zero-weight taps), antialiased linear, area.
TEST(ConsecutiveTaps, WindowedKernelsSumTheSame) {
  expectConsecutiveSumsEqual(
      windowedTable(AxisKernel::BilinearPillow, 1920, 224));
  expectConsecutiveSumsEqual(
      windowedTable(AxisKernel::BicubicPillow, 1920, 224));
  expectConsecutiveSumsEqual(
      windowedTable(AxisKernel::BicubicPillow, 1080, 224));
  expectConsecutiveSumsEqual(windowedTable(AxisKernel::BilinearPillow, 7, 3));
  expectConsecutiveSumsEqual(
      windowedTable(AxisKernel::Linear, 1080, 224, /*antialias=*/true));
  expectConsecutiveSumsEqual(windowedTable(AxisKernel::Area, 1920, 224));
}

// A row's window is moved left where it would end past the input, and its
// weights follow their positions.
TEST(ConsecutiveTaps, WindowsStayInsideTheInput) {
  AxisTable table = windowedTable(AxisKernel::BicubicPillow, 40, 7);
  std::optional<ConsecutiveTaps> consecutive = consecutiveTaps(table);
  ASSERT_TRUE(consecutive);
  int64_t last = table.outLength - 1;
  EXPECT_EQ(consecutive->starts[last], table.inLength - table.taps);
  for (int64_t k = 0; k < table.taps; ++k) {
    double w = table.weights[last * table.taps + k];
    if (w != 0.0)
      EXPECT_EQ(consecutive->weights[last * table.taps +
                                     table.indices[last * table.taps + k] -
                                     consecutive->starts[last]],
                w);
  }
}

// Clamped taps read one position twice (cubic at the edges, linear_onnx's
// last output), and a table with more taps than input positions has no
// window to fit: neither has the form.
TEST(ConsecutiveTaps, ClampedOrWideTablesHaveNoForm) {
  EXPECT_FALSE(consecutiveTaps(tableFor(AxisKernel::Cubic,
                                        CoordinateTransformMode::HalfPixel,
                                        NearestMode::RoundPreferFloor, 16, 7)));
  EXPECT_FALSE(consecutiveTaps(
      withColumns(windowedTable(AxisKernel::BilinearPillow, 2, 1), 4)));
}
