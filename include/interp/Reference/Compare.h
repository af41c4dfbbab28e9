//===- Compare.h - how close a result must be to the reference --*- C++ -*-===//
//
// The one tolerance policy of the project: interp-run --check, the
// differential test and the benchmark's verification all accept a computed
// element `got` against the reference element `want` when
//
//   |got - want| <= abs + rel * |want|          (NumPy's isclose rule)
//
// with NaN matching only NaN and equal infinities matching. resultTolerance
// gives (abs, rel) for an element type and the inputs' largest magnitude M:
//
//   f32   abs = 2e-5 M,          rel = 1e-5 M
//   f64   abs = 1e-9 M,          rel = 1e-9 M
//   f16   abs = 2e-5 M + 6e-8,   rel = 1e-5 M + 2^-10 (one f16 ulp)
//   bf16  abs = 2e-5 M,          rel = 1e-5 M + 2^-7  (one bf16 ulp)
//   ints  abs = 1,               rel = 0              (one rounding step)
//
// Why M: a compiled kernel sums its taps in a different order than the
// reference (separable passes, precomputed weights), so its error grows with
// the values being summed, not with the result, which may be near zero.
// Results of nearest interpolation are copies and are checked bit for bit by
// the callers that know the mode.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_REFERENCE_COMPARE_H
#define INTERP_REFERENCE_COMPARE_H

#include "interp/Reference/Reference.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace mlir::interp::reference {

/// Accepts `got` against `want` when |got - want| <= abs + rel * |want|.
struct Tolerance {
  double abs = 0;
  double rel = 0;

  /// The largest accepted |got - want| for the reference value `want`.
  double bound(double want) const;
};

/// The largest finite magnitude over the elements of `inputs`, at least 1.
double inputMagnitude(llvm::ArrayRef<Tensor> inputs);

/// The project's tolerance for results of element type `type` computed from
/// inputs of largest magnitude `inputMagnitude` (see the file comment).
Tolerance resultTolerance(ElementType type, double inputMagnitude);

/// What comparing two sequences of elements found.
struct Comparison {
  int64_t compared = 0;
  int64_t mismatches = 0;
  /// The flat index of the first element outside the tolerance, or -1.
  int64_t firstMismatch = -1;
  /// The flat index of the element with the largest |got - want|, or -1.
  int64_t worst = -1;
  double maxAbsDiff = 0;
  double maxRelDiff = 0;

  bool ok() const { return mismatches == 0; }
};

/// Compares `count` elements: got(i) against want(i) under `tolerance`.
Comparison compareElements(int64_t count,
                           llvm::function_ref<double(int64_t)> got,
                           llvm::function_ref<double(int64_t)> want,
                           Tolerance tolerance);

/// Compares the elements of two tensors of the same type and shape.
Comparison compareTensors(const Tensor &got, const Tensor &want,
                          Tolerance tolerance);

} // namespace mlir::interp::reference

#endif // INTERP_REFERENCE_COMPARE_H
