//===- Validation.h - the one home of interp's validation rules -*- C++ -*-===//
//
// Every rule of docs/Semantics.md's "Validation" table as a free function
// over plain values (StableHLO's TypeInference style): it returns the
// violated rule, with its id (the table's first column) and the diagnostic,
// or nothing. The verifiers, the reference implementation and the runtime
// checks of compiled code call these functions, so a rule and its message
// exist once; each rule's negative test in test/Dialect/Interp/invalid.mlir
// names the id.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_SEMANTICS_VALIDATION_H
#define INTERP_SEMANTICS_VALIDATION_H

#include "interp/Semantics/ElementType.h"
#include "interp/Semantics/Rules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::interp::validation {

/// A violated rule.
struct Violation {
  /// The rule's id in docs/Semantics.md ("axes-range", ...).
  const char *rule;
  /// The diagnostic, without the op name.
  std::string message;
};
using Result = std::optional<Violation>;

/// `values` as `[a, b, c]`.
std::string formatList(llvm::ArrayRef<int64_t> values);
/// A number as diagnostics print it: enough digits for a float32 operand,
/// short when it can be (0.5, 1e+30, inf).
std::string formatNumber(double value);

/// data-rank: the data has rank >= 1.
Result checkDataRank(int64_t rank);
/// result-rank: the result's rank is the data's.
Result checkResultRank(int64_t resultRank, int64_t dataRank);
/// element-count: a static shape's element count fits int64. `what` is
/// "data" or "result"; `type` prints the tensor type.
Result checkElementCount(llvm::StringRef what, llvm::StringRef type,
                         llvm::ArrayRef<int64_t> shape);
/// pads-range and pads-length: each pad in [0, 2^48], no more entries than
/// the rank (when known). `name` is "pads_begin" or "pads_end".
Result checkPads(llvm::StringRef name, llvm::ArrayRef<int64_t> pads,
                 std::optional<int64_t> rank);
/// cube-coeff: finite as float32 (the kernel uses it as float32).
Result checkCubeCoeff(double cubeCoeff);
/// axes-range, axes-unique and (Interpolate-1) axes-increasing. Without a
/// rank, only negative axes are out of range.
Result checkAxes(llvm::ArrayRef<int64_t> axes, std::optional<int64_t> rank,
                 bool strictlyIncreasing);
/// shape-length: the sizes or scales operand (Interpolate-4, `mode`'s) has
/// one element per axis.
Result checkShapeLength(ShapeCalcMode mode, int64_t length, int64_t numAxes);
/// shape-length for Interpolate-11's scales_or_sizes.
Result checkScalesOrSizesLength(int64_t length, int64_t numAxes);

/// shape-operand-type: Interpolate-11's scales_or_sizes holds integers in
/// sizes mode and floating-point values in scales mode.
Result checkScalesOrSizesType(ShapeCalcMode mode, bool isInteger);

/// pillow-rank: the Pillow modes need data of rank >= 2.
Result checkPillowRank(int64_t rank);

/// pillow-axes: the Pillow modes resize exactly two axes, strictly
/// increasing.
Result checkPillowAxes(llvm::ArrayRef<int64_t> axes);

/// pillow-constant-axes: the Pillow modes need constant axes (an absent
/// axes operand means [0, 1] at rank 2 and is refused at other ranks).
Result checkPillowAxesKnown(bool constant, bool absent, int64_t rank);

/// pytorch-arithmetic-mode, pytorch-arithmetic-type and
/// pytorch-arithmetic-cube-coeff: Interpolate-11's `integer_arithmetic =
/// pytorch` (an interp extension) needs bilinear_pillow or bicubic_pillow,
/// ui8 data (`type`; std::nullopt when not a data element type) and, with
/// bicubic_pillow, cube_coeff = -0.5 (PyTorch's antialiased bicubic fixes
/// a = -0.5). `pillow` is valid everywhere (it only matters on 8-bit data
/// in the Pillow modes), except pillow-fixed-point-cube-coeff:
/// bicubic_pillow on ui8/i8 data needs cube_coeff in [-2, 2], where
/// Pillow's int32 sums cannot overflow.
Result checkIntegerArithmetic(IntegerArithmetic arithmetic,
                              InterpolateV11Mode mode,
                              std::optional<rules::ElementType> type,
                              double cubeCoeff);

/// shape-length for Interpolate-1's target_spatial_shape.
Result checkTargetLength(int64_t length, int64_t numAxes);
/// sizes-sign: sizes (or Interpolate-1's target, `name`) are >= 0.
Result checkSizes(llvm::StringRef name, llvm::ArrayRef<int64_t> sizes);
/// scales-value: scale `index` is finite and > 0. `name` is the operand
/// ("scales", or Interpolate-11's "scales_or_sizes").
Result checkScale(float scale, int64_t index, llvm::StringRef name = "scales");
/// scales-overflow: scale `index` gives dimension `axis` of padded length
/// `padded` an output length of at most 2^48.
Result checkScaleOverflow(float scale, int64_t index, int64_t axis,
                          int64_t padded, llvm::StringRef name = "scales");
/// linear-onnx-axes: linear_onnx's axes are one of the lists it accepts.
Result checkLinearOnnxAxes(int64_t rank, llvm::ArrayRef<int64_t> axes);
/// v1-pads-axes: Interpolate-1's non-zero pads are on axes only.
Result checkV1PadsOnAxes(llvm::ArrayRef<int64_t> axes,
                         llvm::ArrayRef<int64_t> padsBegin,
                         llvm::ArrayRef<int64_t> padsEnd);
/// v1-linear-rank: Interpolate-1's linear supports rank <= 5.
Result checkV1LinearRank(int64_t rank);
/// output-dims: output dimension `dim` is at most 2^48.
Result checkOutputDim(int64_t dim, int64_t size);
/// result-dims: a static result dimension equals the one the operands give.
Result checkResultDim(int64_t dim, int64_t stated, int64_t inferred);
/// empty-axis: an axis whose padded input is empty has an empty output.
Result checkEmptyAxis(int64_t axis, int64_t padded, int64_t out);

} // namespace mlir::interp::validation

#endif // INTERP_SEMANTICS_VALIDATION_H
