//===- ReferenceEval.cpp - evaluate a function with the reference ---------===//

#include "ReferenceEval.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Execution/JitModule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;
using reference::Tensor;

std::string interp_run::formatLocation(Location location) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(location))
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    os << location;
  return text;
}

static bool isSupported(Operation *op) {
  return isa<arith::ConstantOp, tensor::CastOp, InterpolateV4Op,
             InterpolateV1Op, func::ReturnOp>(op);
}

Operation *interp_run::findUnsupportedOp(func::FuncOp func) {
  // Only the entry block is evaluated: a branch to another block is itself
  // an unsupported terminator. The supported ops have no regions.
  for (Operation &op : func.getBody().front())
    if (!isSupported(&op))
      return &op;
  return nullptr;
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(dim);
  return text.empty() ? "scalar" : text;
}

static llvm::Error opError(Operation *op, const llvm::Twine &message) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      ("--check: '" + op->getName().getStringRef() + "' at " +
       interp_run::formatLocation(op->getLoc()) + ": " + message)
          .str());
}

/// The value of an arith.constant as a Tensor. Data element types are kept
/// bit for bit; other integer types (sizes/axes operands may be i16, ui64,
/// ...) become I64 (unsigned values beyond INT64_MAX saturate, as
/// getConstantIntegers does) and other float types become F64. Those are
/// only ever read as numbers (sizes, scales, axes).
static llvm::Expected<Tensor> constantToTensor(arith::ConstantOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  auto attr = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!type || !attr)
    return opError(op, "only dense tensor constants are supported");
  Type elementType = type.getElementType();
  std::optional<ElementType> dataType = toReferenceElementType(elementType);
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!dataType && !(intType && intType.getWidth() <= 64) &&
      !isa<FloatType>(elementType))
    return opError(op, "constants of element type " + llvm::Twine([&] {
                         std::string s;
                         llvm::raw_string_ostream os(s);
                         os << elementType;
                         return s;
                       }()) +
                           " are not supported");
  ElementType storage = dataType  ? *dataType
                        : intType ? ElementType::I64
                                  : ElementType::F64;
  Tensor tensor = Tensor::zeros(storage, type.getShape());
  size_t size = reference::elementSize(storage);
  auto store = [&](int64_t index, uint64_t bits) {
    // Host (little-endian) order: the low `size` bytes of `bits`.
    std::memcpy(tensor.data.data() + index * size, &bits, size);
  };
  int64_t index = 0;
  if (intType) {
    bool isUnsigned = intType.isUnsigned();
    for (const APInt &value : attr.getValues<APInt>()) {
      if (dataType) {
        store(index++, value.getZExtValue());
        continue;
      }
      int64_t number = isUnsigned ? (value.getActiveBits() > 63
                                         ? std::numeric_limits<int64_t>::max()
                                         : int64_t(value.getZExtValue()))
                                  : value.getSExtValue();
      store(index++, static_cast<uint64_t>(number));
    }
  } else {
    for (APFloat value : attr.getValues<APFloat>()) {
      if (!dataType) {
        bool losesInfo;
        value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                      &losesInfo);
      }
      store(index++, value.bitcastToAPInt().getZExtValue());
    }
  }
  return tensor;
}

/// The elements of an integer tensor.
static SmallVector<int64_t> toIntegers(const Tensor &tensor) {
  SmallVector<int64_t> result;
  size_t size = reference::elementSize(tensor.type);
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i) {
    const uint8_t *src = tensor.data.data() + i * size;
    switch (tensor.type) {
    case ElementType::I8: {
      int8_t v;
      std::memcpy(&v, src, 1);
      result.push_back(v);
      break;
    }
    case ElementType::U8:
      result.push_back(*src);
      break;
    case ElementType::I32: {
      int32_t v;
      std::memcpy(&v, src, 4);
      result.push_back(v);
      break;
    }
    case ElementType::I64: {
      int64_t v;
      std::memcpy(&v, src, 8);
      result.push_back(v);
      break;
    }
    default:
      // Not reachable for verified IR (sizes and axes are integer tensors).
      result.push_back(static_cast<int64_t>(tensor.getAsDouble(i)));
      break;
    }
  }
  return result;
}

/// The elements of a float tensor, converted to float32 as OpenVINO reads
/// scales (and as getConstantScales does).
static SmallVector<float> toScales(const Tensor &tensor) {
  SmallVector<float> result;
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i) {
    APFloat value(tensor.getAsDouble(i));
    bool losesInfo;
    value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    result.push_back(value.convertToFloat());
  }
  return result;
}

/// Fails when `tensor` does not have a shape `type` allows.
static llvm::Error checkShape(Operation *op, const Tensor &tensor, Type type,
                              StringRef what) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return llvm::Error::success();
  bool matches = ranked.getRank() == static_cast<int64_t>(tensor.shape.size());
  for (int64_t d = 0; matches && d < ranked.getRank(); ++d)
    matches = ranked.isDynamicDim(d) || ranked.getDimSize(d) == tensor.shape[d];
  if (matches)
    return llvm::Error::success();
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  os << type;
  return opError(op, what + " has shape " + formatShape(tensor.shape) +
                         ", which does not match its type " + typeText);
}

llvm::Expected<SmallVector<Tensor>>
interp_run::evaluateWithReference(func::FuncOp func, ArrayRef<Tensor> inputs) {
  llvm::DenseMap<Value, Tensor> values;
  for (auto [argument, input] : llvm::zip(func.getArguments(), inputs))
    values[argument] = input;
  for (Operation &operation : func.getBody().front()) {
    Operation *op = &operation;
    if (!isSupported(op))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          ("--check supports functions made of interp ops, constants and "
           "tensor.cast; found '" +
           op->getName().getStringRef() + "' at " +
           formatLocation(op->getLoc()))
              .str());
    // Every operand was produced by an earlier op of the block or is an
    // argument (the verifier guarantees dominance).
    SmallVector<const Tensor *> operands;
    for (Value operand : op->getOperands()) {
      auto it = values.find(operand);
      if (it == values.end())
        return opError(op, "an operand has no value");
      operands.push_back(&it->second);
    }

    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto tensor = constantToTensor(constant);
      if (!tensor)
        return tensor.takeError();
      values[constant.getResult()] = std::move(*tensor);
    } else if (auto castOp = dyn_cast<tensor::CastOp>(op)) {
      if (auto err =
              checkShape(op, *operands[0], castOp.getType(), "the cast value"))
        return std::move(err);
      // Copy before inserting: inserting may move the map's storage.
      Tensor copy = *operands[0];
      values[castOp.getResult()] = std::move(copy);
    } else if (auto v4 = dyn_cast<InterpolateV4Op>(op)) {
      reference::V4Attributes attrs = toReferenceAttributes(v4);
      SmallVector<int64_t> sizes = toIntegers(*operands[1]);
      SmallVector<float> scales = toScales(*operands[2]);
      std::optional<SmallVector<int64_t>> axes;
      if (v4.getAxes())
        axes = toIntegers(*operands[3]);
      std::optional<ArrayRef<int64_t>> axesRef;
      if (axes)
        axesRef = ArrayRef<int64_t>(*axes);
      auto result =
          reference::evaluateV4(*operands[0], sizes, scales, axesRef, attrs);
      if (!result)
        return opError(op, "the reference rejects the operands: " +
                               llvm::toString(result.takeError()));
      if (auto err =
              checkShape(op, *result, v4.getType(), "the reference result"))
        return std::move(err);
      values[v4.getResult()] = std::move(*result);
    } else if (auto v1 = dyn_cast<InterpolateV1Op>(op)) {
      reference::V1Attributes attrs = toReferenceAttributes(v1);
      SmallVector<int64_t> target = toIntegers(*operands[1]);
      auto result = reference::evaluateV1(*operands[0], target, attrs);
      if (!result)
        return opError(op, "the reference rejects the operands: " +
                               llvm::toString(result.takeError()));
      if (auto err =
              checkShape(op, *result, v1.getType(), "the reference result"))
        return std::move(err);
      values[v1.getResult()] = std::move(*result);
    } else if (isa<func::ReturnOp>(op)) {
      SmallVector<Tensor> results;
      for (const Tensor *tensor : operands)
        results.push_back(*tensor);
      return results;
    }
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "--check: the function has no func.return");
}
