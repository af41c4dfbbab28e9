//===- Attributes.h - OpenVINO IR attribute spellings -----------*- C++ -*-===//
//
// Parsers for the values OpenVINO writes in <data> attributes: element
// types, booleans, integer lists, floats, partial shapes and opset versions.
// Each returns std::nullopt on a spelling it does not accept.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TARGET_OPENVINO_ATTRIBUTES_H
#define INTERP_LIB_TARGET_OPENVINO_ATTRIBUTES_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::interp::ovir {

/// An OpenVINO element type that interp imports.
struct ElementType {
  std::string name; // OpenVINO's spelling: f32, u8, ...
  Type type;        // the tensor element type: f32, ui8, ...
  Type scalar;      // the type of scalar arith: f32, i8 (signless), ...
  unsigned bytes = 0;
  bool isFloat = false;
  bool isUnsigned = false;
};

/// f32 f16 bf16 f64 i8 u8 i32 i64.
std::optional<ElementType> parseElementType(StringRef name,
                                            MLIRContext *context);

/// true/false/1/0, any case.
std::optional<bool> parseBool(StringRef text);
/// "2, 3", "2,3", "" (empty list).
std::optional<SmallVector<int64_t>> parseIntList(StringRef text);
/// A whole string as a double.
std::optional<double> parseDouble(StringRef text);

/// A Parameter's `shape`: "1,3,?,1..8" (dynamic dims are
/// ShapedType::kDynamic), "" (scalar); std::nullopt inside for "..."
/// (dynamic rank).
std::optional<std::optional<SmallVector<int64_t>>>
parsePartialShape(StringRef text);

/// "opset11" -> 11.
std::optional<unsigned> parseOpset(StringRef version);

} // namespace mlir::interp::ovir

#endif // INTERP_LIB_TARGET_OPENVINO_ATTRIBUTES_H
