//===- Tensors.cpp - element types, TensorProto constants, materialization ===//
//
// Initializers and Constant nodes become DenseElementsAttr values that stay
// known at import time (shape computations fold on them) and are
// materialized as arith.constant where an op needs them.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/InterleavedRange.h"

#include <cstring>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

TensorType TensorValue::getType() const {
  if (!shape)
    return UnrankedTensorType::get(element.type);
  return RankedTensorType::get(*shape, element.type);
}

std::optional<ElementType> onnximport::elementTypeOf(int32_t dataType,
                                                     MLIRContext *ctx) {
  // Spelled as the OpenVINO importer's table spells them.
  StringRef name;
  switch (dataType) {
  case onnx::TensorProto::FLOAT:
    name = "f32";
    break;
  case onnx::TensorProto::FLOAT16:
    name = "f16";
    break;
  case onnx::TensorProto::BFLOAT16:
    name = "bf16";
    break;
  case onnx::TensorProto::DOUBLE:
    name = "f64";
    break;
  case onnx::TensorProto::INT8:
    name = "i8";
    break;
  case onnx::TensorProto::UINT8:
    name = "u8";
    break;
  case onnx::TensorProto::INT32:
    name = "i32";
    break;
  case onnx::TensorProto::INT64:
    name = "i64";
    break;
  default:
    return std::nullopt;
  }
  return ovir::parseElementType(name, ctx);
}

StringRef onnximport::dataTypeName(int32_t dataType) {
  if (onnx::TensorProto::DataType_IsValid(dataType))
    return onnx::TensorProto::DataType_Name(
        static_cast<onnx::TensorProto::DataType>(dataType));
  return "unknown";
}

/// Appends the `bytes` low-order bytes of `v`, little-endian (the layout of
/// raw_data and of DenseElementsAttr's raw buffers on x86-64 and AArch64).
static void appendLE(std::vector<char> &raw, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    raw.push_back(char((v >> (8 * i)) & 0xff));
}

FailureOr<TensorValue> Importer::readTensor(const onnx::TensorProto &t,
                                            Location loc, const Twine &what) {
  std::optional<ElementType> element =
      elementTypeOf(t.data_type(), getContext());
  if (!element)
    return emitError(loc) << what << ": unsupported element type "
                          << dataTypeName(t.data_type())
                          << " (interp imports FLOAT, FLOAT16, BFLOAT16, "
                             "DOUBLE, INT8, UINT8, INT32, INT64)";
  if (t.data_location() == onnx::TensorProto::EXTERNAL)
    return emitError(loc) << what << ": external data is not supported";
  SmallVector<int64_t> shape(t.dims().begin(), t.dims().end());
  for (int64_t d : shape)
    if (d < 0)
      return emitError(loc) << what << ": negative dimension " << d;
  // Checked before any data is read: the dims come from the file and may be
  // chosen to overflow (2^61 INT64 elements need 0 bytes in int64).
  std::optional<int64_t> n = rules::elementCount(shape);
  std::optional<int64_t> bytes =
      n ? llvm::checkedMul<int64_t>(*n, element->bytes) : std::nullopt;
  if (!bytes || uint64_t(*bytes) > rules::kMaxBufferBytes)
    return emitError(loc) << what << ": shape [" << llvm::interleaved(shape)
                          << "] is larger than any buffer";
  std::vector<char> raw;
  if (!t.raw_data().empty()) {
    raw.assign(t.raw_data().begin(), t.raw_data().end());
  } else if (element->name == "f32") {
    for (float f : t.float_data()) {
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      appendLE(raw, bits, 4);
    }
  } else if (element->name == "f64") {
    for (double f : t.double_data()) {
      uint64_t bits;
      std::memcpy(&bits, &f, 8);
      appendLE(raw, bits, 8);
    }
  } else if (element->name == "i64") {
    for (int64_t v : t.int64_data())
      appendLE(raw, uint64_t(v), 8);
  } else {
    // i8, u8, i32, and the 16-bit floats' bit patterns live in int32_data.
    for (int32_t v : t.int32_data())
      appendLE(raw, uint64_t(uint32_t(v)), element->bytes);
  }
  if (int64_t(raw.size()) != *bytes)
    return emitError(loc) << what << ": " << raw.size()
                          << " bytes of data, but the shape needs " << *bytes;
  auto type = RankedTensorType::get(shape, element->type);
  TensorValue v;
  v.element = *element;
  v.shape = shape;
  v.constant = DenseElementsAttr::getFromRawBuffer(type, raw);
  return v;
}

Value Importer::materialize(TensorValue &value, Location loc) {
  if (!value.tensor)
    value.tensor = arith::ConstantOp::create(builder, loc, value.constant);
  return value.tensor;
}

FailureOr<SmallVector<int64_t>> Importer::getInts(const onnx::NodeProto &node,
                                                  TensorValue &value,
                                                  StringRef what) {
  if (value.element.isFloat || !value.constant)
    return error(node) << what
                       << " must be an integer tensor known at import time "
                          "(a constant, or computed from constants and "
                          "static shapes)";
  SmallVector<int64_t> result;
  for (const APInt &v : value.constant.getValues<APInt>())
    result.push_back(value.element.isUnsigned ? v.getZExtValue()
                                              : v.getSExtValue());
  return result;
}

FailureOr<SmallVector<double>> Importer::getFloats(const onnx::NodeProto &node,
                                                   TensorValue &value,
                                                   StringRef what) {
  if (!value.element.isFloat || !value.constant)
    return error(node) << what
                       << " must be a float tensor known at import time (a "
                          "constant, or computed from constants and static "
                          "shapes)";
  SmallVector<double> result;
  for (APFloat v : value.constant.getValues<APFloat>()) {
    bool lost;
    v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
    result.push_back(v.convertToDouble());
  }
  return result;
}

TensorValue Importer::constant1D(const ElementType &element,
                                 ArrayRef<int64_t> shape,
                                 ArrayRef<APFloat> floats,
                                 ArrayRef<APInt> ints) {
  TensorValue v;
  v.element = element;
  v.shape = SmallVector<int64_t>(shape);
  auto type = RankedTensorType::get(shape, element.type);
  v.constant = element.isFloat ? DenseElementsAttr::get(type, floats)
                               : DenseElementsAttr::get(type, ints);
  return v;
}

TensorValue onnximport::fromAttributes(const ElementType &element,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<Attribute> elements) {
  TensorValue v;
  v.element = element;
  v.shape = SmallVector<int64_t>(shape);
  v.constant = DenseElementsAttr::get(
      RankedTensorType::get(shape, element.type), elements);
  return v;
}
