//===- FloatBound.cpp - float BILINEAR within a proven bound --------------===//
//
// decideFloatBilinearWithin (FloatBound.h). For one output, let M be the
// largest |v| among the input samples either lowering reads with a nonzero
// weight and m the element type's smallest normal number. Upstream's result
// and interp's differ by at most C max(M, m), where C is the sum of:
//
// - weights: the exact sums of a_y a_x v with each side's per-axis weights
//   (TOSA's 1 - dx and dx in the element type, interp's table as its
//   lowering stores it) differ by at most M (Dy Sx + Ty Dx); D is a row's
//   sum of |weight differences|, S and T the sums of interp's and TOSA's
//   weights.
// - upstream's arithmetic: two products and a sum per axis that blends,
//   each rounded in the element type (unit roundoff u), so at most 4
//   roundings on each term's path: M Ty Tx g(n, u) with Higham's
//   g(n, u) = n u / (1 - n u); each blending product may underflow by m u.
//   An axis that never blends computes v0 * 1 + v1 * 0, exact for finite
//   data.
// - interp's arithmetic: K = ky kx products of two weights and a sample,
//   summed in the accumulator (unit roundoff ua) in any order, by one
//   direct pass (K + 1 roundings on a term's path) or by separable passes
//   (ky + kx): at most M Sy Sx g(max(K + 1, ky + kx), ua), plus an
//   underflow of half the accumulator's smallest subnormal per data
//   product.
// - the store: f16 and bf16 results are rounded once more, to the element
//   type (u of the result, m u for underflow).
//
// Each factor is bounded by its largest value over the rows of its axis, so
// the bound holds for every output; a headroom factor covers the rounding
// of the bound's own arithmetic. Data must be finite and no step may
// overflow (|v| below half the largest finite value is enough).
//
//===----------------------------------------------------------------------===//

#include "FloatBound.h"

#include "InterpRows.h"

#include <cmath>
#include <limits>
#include <sstream>

using namespace mlir::interp;
using namespace mlir::interp::tosa_resize;

namespace {

constexpr double kHeadroom = 1.0 + 1e-9;

/// What the bound needs of an element type.
struct Precision {
  /// Unit roundoff, 2^-p for p significand bits.
  double unitRoundoff;
  /// The smallest normal number.
  double smallestNormal;
  /// One ulp of 1, 2^(1 - p): the unit of the tolerance.
  double epsilon() const { return 2.0 * unitRoundoff; }
};

/// `element` is a float type.
Precision precisionOf(Element element) {
  const llvm::fltSemantics &sem = *floatSemantics(element);
  int bits = static_cast<int>(llvm::APFloat::semanticsPrecision(sem));
  return {std::ldexp(1.0, -bits),
          llvm::APFloat::getSmallestNormalized(sem).convertToDouble()};
}

double gamma(double n, double u) { return n * u / (1.0 - n * u); }

/// The largest values, over one axis's rows, of the quantities the bound is
/// made of.
struct AxisFactors {
  double interpSum = 0.0;  // S
  double tosaSum = 0.0;    // T
  double difference = 0.0; // D
  int64_t interpTaps = 1;  // k
  bool tosaBlends = false;
};

using Row = std::map<int64_t, double>;

/// TOSA's weights of one row, per input index.
Row tosaRow(const FloatTaps &taps) {
  Row row;
  row[taps.index0] += taps.weight0;
  if (taps.weight1 != 0.0)
    row[taps.index1] += taps.weight1;
  return row;
}

double sumOfMagnitudes(const Row &row) {
  double sum = 0.0;
  for (const auto &entry : row)
    sum += std::abs(entry.second);
  return sum;
}

double differenceOf(const Row &a, const Row &b) {
  double sum = 0.0;
  for (const auto &[index, w] : a) {
    auto it = b.find(index);
    sum += std::abs(w - (it == b.end() ? 0.0 : it->second));
  }
  for (const auto &[index, w] : b)
    if (!a.count(index))
      sum += std::abs(w);
  return sum;
}

/// `interp` is nullptr for an axis the op leaves alone (TOSA's identity).
AxisFactors factorsOf(const Axis &axis, const std::vector<FloatTaps> &tosa,
                      const LinearRows *interp) {
  AxisFactors f;
  f.interpTaps = interp ? interp->taps() : 1;
  for (int64_t o = 0; o < axis.outLength; ++o) {
    Row t = tosaRow(tosa[o]);
    Row i = interp ? interp->row(o) : Row{{o, 1.0}};
    f.interpSum = std::max(f.interpSum, sumOfMagnitudes(i));
    f.tosaSum = std::max(f.tosaSum, sumOfMagnitudes(t));
    f.difference = std::max(f.difference, differenceOf(i, t));
    f.tosaBlends |= axis.inLength > 1 && tosa[o].weight1 != 0.0;
  }
  return f;
}

/// C of the file comment, in units of max(M, m).
double boundOf(const std::array<AxisFactors, 2> &axes, Element element) {
  const AxisFactors &y = axes[0], &x = axes[1];
  Precision e = precisionOf(element);
  bool wide = element == Element::F64;
  Precision acc = precisionOf(wide ? Element::F64 : Element::F32);
  double weights = y.difference * x.interpSum + y.tosaSum * x.difference;

  // A product and a sum per blending axis on each term's path. Products
  // with weight 0 are exact, so only blending products can underflow: two
  // per row sum along W (two row sums when H blends too), two along H.
  int tosaRoundings = 2 * (y.tosaBlends + x.tosaBlends);
  double tosaGamma = gamma(tosaRoundings, e.unitRoundoff);
  double tosaProducts =
      (x.tosaBlends ? 2.0 * (y.tosaBlends ? 2 : 1) : 0.0) + 2 * y.tosaBlends;
  double upstream = y.tosaSum * x.tosaSum * tosaGamma +
                    tosaProducts * e.unitRoundoff * (1.0 + tosaGamma) *
                        std::max(1.0, y.tosaSum) * std::max(1.0, x.tosaSum);

  // One direct pass: a weight product, a data product and K - 1 sums on a
  // term's path; separable passes: a product and k - 1 sums per pass. Data
  // products: K direct, K + k of the second axis separable. Weight
  // products do not underflow: a nonzero weight is the fraction of a
  // float64 coordinate below 2^24, so at least 2^-29.
  auto ky = static_cast<double>(y.interpTaps);
  auto kx = static_cast<double>(x.interpTaps);
  double k = ky * kx;
  double interpGamma = gamma(std::max(k + 1, ky + kx), acc.unitRoundoff);
  // Half the accumulator's smallest subnormal per product, against m.
  double underflow = acc.smallestNormal * acc.unitRoundoff / e.smallestNormal;
  double interpProducts = k + std::max(kx, ky);
  double interpMagnitude = y.interpSum * x.interpSum * (1.0 + interpGamma);
  double interp = y.interpSum * x.interpSum * interpGamma +
                  interpProducts * underflow * (1.0 + interpGamma) *
                      std::max(1.0, y.interpSum) * std::max(1.0, x.interpSum);

  // f16 and bf16: one more rounding (or underflow) into the element type.
  double store =
      wide || element == Element::F32
          ? 0.0
          : e.unitRoundoff * (interpMagnitude + interp) + e.unitRoundoff;
  return (weights + upstream + interp + store) * kHeadroom;
}

bool isTosaIdentity(const Axis &axis, const std::vector<FloatTaps> &rows) {
  if (axis.inLength != axis.outLength)
    return false;
  for (int64_t o = 0; o < axis.outLength; ++o)
    if (rows[o].index0 != o || !rows[o].passesSample())
      return false;
  return true;
}

std::string formatUlps(double ulps) {
  std::ostringstream os;
  os.precision(3);
  os << ulps;
  return os.str();
}

} // namespace

Decision
mlir::interp::tosa_resize::decideFloatBilinearWithin(const Resize &resize,
                                                     double toleranceUlps) {
  std::array<std::vector<FloatTaps>, 2> tosa;
  llvm::SmallVector<int, 2> active;
  for (int axis = 0; axis < 2; ++axis) {
    tosa[axis] = floatBilinearRow(resize.axes[axis], resize.input);
    if (!isTosaIdentity(resize.axes[axis], tosa[axis]))
      active.push_back(axis);
  }
  Decision d;
  if (active.empty()) {
    d.rewrite = Rewrite();
    return d;
  }
  bool narrow = resize.input != Element::F64;
  double epsilon = precisionOf(resize.input).epsilon();
  std::optional<Candidate> best;
  double bestUlps = std::numeric_limits<double>::infinity();
  for (const Candidate &c : candidates()) {
    std::array<std::optional<LinearRows>, 2> interp;
    bool produces = true;
    for (int axis : active) {
      interp[axis] = floatLinearRows(resize.axes[axis], c, narrow);
      produces = produces && interp[axis].has_value();
    }
    if (!produces)
      continue;
    std::array<AxisFactors, 2> factors;
    for (int axis = 0; axis < 2; ++axis)
      factors[axis] = factorsOf(resize.axes[axis], tosa[axis],
                                interp[axis] ? &*interp[axis] : nullptr);
    double ulps = boundOf(factors, resize.input) / epsilon;
    if (ulps < bestUlps) {
      bestUlps = ulps;
      best = c;
    }
  }
  if (!best) {
    d.reason = "no interp coordinate mode gives the output lengths";
    return d;
  }
  if (bestUlps > toleranceUlps) {
    d.reason = "the smallest error bound interp's linear has against "
               "upstream's float BILINEAR is " +
               formatUlps(bestUlps) + " ulps, above float-tolerance-ulps (" +
               formatUlps(toleranceUlps) + ")";
    return d;
  }
  Rewrite rewrite;
  rewrite.steps.push_back(
      makeStep(InterpolateMode::Linear, *best, active, resize));
  rewrite.errorBoundUlps = bestUlps;
  d.rewrite = std::move(rewrite);
  return d;
}
