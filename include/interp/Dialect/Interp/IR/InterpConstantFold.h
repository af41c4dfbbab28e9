//===- InterpConstantFold.h - fold interp ops on constants ------*- C++ -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPCONSTANTFOLD_H
#define INTERP_DIALECT_INTERP_IR_INTERPCONSTANTFOLD_H

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Reference/Reference.h"

namespace mlir::interp {

/// The reference implementation's element type for an interp data element
/// type, or std::nullopt for other types.
std::optional<reference::ElementType> toReferenceElementType(Type type);

/// The raw row-major bytes of a static dense constant of an interp data
/// element type as a reference tensor, or std::nullopt for other attributes.
std::optional<reference::Tensor> toReferenceTensor(Attribute attr);

/// The op's attributes in the reference implementation's terms.
reference::V4Attributes toReferenceAttributes(InterpolateV4Op op);
reference::V1Attributes toReferenceAttributes(InterpolateV1Op op);
reference::V11Attributes toReferenceAttributes(InterpolateV11Op op);

/// Largest result, in elements, that constant folding produces.
inline constexpr int64_t kMaxFoldedElements = int64_t(1) << 16;

/// A constant result computed by the reference implementation when every
/// operand is a constant and the result type is static and small enough;
/// null otherwise.
OpFoldResult foldConstantInterpolate(InterpolateV4Op op,
                                     InterpolateV4Op::FoldAdaptor operands);
OpFoldResult foldConstantInterpolate(InterpolateV1Op op,
                                     InterpolateV1Op::FoldAdaptor operands);
OpFoldResult foldConstantInterpolate(InterpolateV11Op op,
                                     InterpolateV11Op::FoldAdaptor operands);

} // namespace mlir::interp

#endif // INTERP_DIALECT_INTERP_IR_INTERPCONSTANTFOLD_H
