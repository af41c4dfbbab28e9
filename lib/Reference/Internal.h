//===- Internal.h - pieces shared by the reference's sources ----*- C++ -*-===//
//
// Private to lib/Reference.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_REFERENCE_INTERNAL_H
#define INTERP_LIB_REFERENCE_INTERNAL_H

#include "interp/Reference/Reference.h"
#include "interp/Semantics/Validation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace mlir::interp::reference::detail {

//===----------------------------------------------------------------------===//
// Element access (ElementTypes.cpp)
//===----------------------------------------------------------------------===//

/// The element at `src` as a double.
double loadElement(ElementType type, const uint8_t *src);

/// Writes `value` to `dst` rounded as a non-nearest kernel stores it.
void storeRounded(ElementType type, uint8_t *dst, double value);

//===----------------------------------------------------------------------===//
// Operand checks and padding (Operands.cpp)
//===----------------------------------------------------------------------===//

/// Builds an error "<op>: <message>".
llvm::Error makeError(llvm::StringRef op, const llvm::Twine &message);

/// The error of a violated rule (interp/Semantics/Validation.h), or success.
llvm::Error toError(llvm::StringRef op, const validation::Result &violation);

/// Checks that `tensor` has rank >= 1, non-negative dims, at most
/// kMaxReferenceElements elements, and a byte buffer of the right size.
llvm::Error checkData(llvm::StringRef op, const Tensor &tensor);

/// Checks that both pad lists are non-negative, at most kMaxDimension and no
/// longer than `rank`.
llvm::Error checkPads(llvm::StringRef op, llvm::ArrayRef<int64_t> padsBegin,
                      llvm::ArrayRef<int64_t> padsEnd, int64_t rank);

/// Checks that `axes` are unique and in [0, rank); with `strictlyIncreasing`
/// also that they ascend.
llvm::Error checkAxes(llvm::StringRef op, llvm::ArrayRef<int64_t> axes,
                      int64_t rank, bool strictlyIncreasing);

/// Checks an output shape: every dim at most kMaxDimension, at most
/// kMaxReferenceElements elements, and no axis of empty padded length asked
/// to produce elements.
llvm::Error checkOutputShape(llvm::StringRef op,
                             llvm::ArrayRef<int64_t> outShape,
                             llvm::ArrayRef<int64_t> paddedShape,
                             llvm::ArrayRef<int64_t> axes);

/// Element count of `shape`, or std::nullopt when it exceeds
/// kMaxReferenceElements (checked without overflowing).
std::optional<int64_t> boundedElementCount(llvm::ArrayRef<int64_t> shape);

/// `data` zero-padded by the (already rank-sized) pad lists. Fails when the
/// padded tensor would exceed kMaxReferenceElements.
llvm::Expected<Tensor> padData(llvm::StringRef op, const Tensor &data,
                               llvm::ArrayRef<int64_t> padsBegin,
                               llvm::ArrayRef<int64_t> padsEnd);

//===----------------------------------------------------------------------===//
// Indexing (Operands.cpp)
//===----------------------------------------------------------------------===//

/// Row-major flat index of `index` in `shape`.
int64_t flatIndex(llvm::ArrayRef<int64_t> index, llvm::ArrayRef<int64_t> shape);

/// Inverse of flatIndex.
void unflattenIndex(int64_t flat, llvm::ArrayRef<int64_t> shape,
                    llvm::MutableArrayRef<int64_t> index);

/// Calls `body` with every point of the box [lo[i], hi[i]] (inclusive;
/// nothing when some lo[i] > hi[i]), last coordinate fastest.
void forEachInBox(llvm::ArrayRef<int64_t> lo, llvm::ArrayRef<int64_t> hi,
                  llvm::function_ref<void(llvm::ArrayRef<int64_t>)> body);

/// `value` limited to [-1, length]. Kernels apply it before converting a
/// position to int64: a position beyond either end of an axis clamps (or is
/// dropped) exactly like the position just past that end, and the limit keeps
/// the conversion defined for coordinates far outside the input (a tiny scale
/// can put them beyond the int64 range).
double limitToAxis(double value, int64_t length);

} // namespace mlir::interp::reference::detail

#endif // INTERP_LIB_REFERENCE_INTERNAL_H
