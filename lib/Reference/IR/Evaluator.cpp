//===- Evaluator.cpp - evaluate a function with the reference -------------===//

#include "interp/Reference/IR/Evaluator.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Reference/Compare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::reference;

std::string reference::formatLocation(Location location) {
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
             InterpolateV1Op, InterpolateV11Op, func::ReturnOp>(op);
}

Operation *reference::findUnsupportedOp(func::FuncOp func) {
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
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 ("'" + op->getName().getStringRef() + "' at " +
                                  formatLocation(op->getLoc()) + ": " + message)
                                     .str());
}

/// The value of an arith.constant as a Tensor. Data element types are kept
/// bit for bit; other integer types (sizes and axes may be i16, ui64, ...)
/// become I64 as getIntegers reads them and other float types become F32 as
/// getScales reads them: those constants are only ever read as sizes, axes
/// or scales.
static llvm::Expected<Tensor> constantToTensor(arith::ConstantOp op) {
  if (std::optional<Tensor> data = toReferenceTensor(op.getValue()))
    return std::move(*data);
  auto type = dyn_cast<RankedTensorType>(op.getType());
  if (type && type.hasStaticShape()) {
    if (auto ints = dyn_cast<DenseIntElementsAttr>(op.getValue())) {
      SmallVector<int64_t> values = getIntegers(ints);
      Tensor tensor = Tensor::zeros(ElementType::I64, type.getShape());
      std::memcpy(tensor.data.data(), values.data(), tensor.data.size());
      return tensor;
    }
    if (auto floats = dyn_cast<DenseFPElementsAttr>(op.getValue())) {
      SmallVector<float> values = getScales(floats);
      Tensor tensor = Tensor::zeros(ElementType::F32, type.getShape());
      std::memcpy(tensor.data.data(), values.data(), tensor.data.size());
      return tensor;
    }
  }
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  os << op.getType();
  return opError(op, "constants of type " + typeText + " are not supported");
}

/// The elements of an integer tensor.
static SmallVector<int64_t> toIntegers(const Tensor &tensor) {
  SmallVector<int64_t> result;
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
    result.push_back(tensor.getAsInteger(i));
  return result;
}

/// The elements of a float tensor, rounded to float32 as OpenVINO reads
/// scales (and as getScales does: C++'s double-to-float conversion rounds
/// to nearest even, too).
static SmallVector<float> toScales(const Tensor &tensor) {
  SmallVector<float> result;
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
    result.push_back(static_cast<float>(tensor.getAsDouble(i)));
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

static std::optional<ArrayRef<int64_t>>
asOptionalRef(const std::optional<SmallVector<int64_t>> &values) {
  if (!values)
    return std::nullopt;
  return ArrayRef<int64_t>(*values);
}

static llvm::Expected<Tensor> evaluateOp(InterpolateV4Op op,
                                         ArrayRef<const Tensor *> operands) {
  V4Attributes attrs = toReferenceAttributes(op);
  SmallVector<int64_t> sizes = toIntegers(*operands[1]);
  SmallVector<float> scales = toScales(*operands[2]);
  std::optional<SmallVector<int64_t>> axes;
  if (op.getAxes())
    axes = toIntegers(*operands[3]);
  return evaluateV4(*operands[0], sizes, scales, asOptionalRef(axes), attrs);
}

static llvm::Expected<Tensor> evaluateOp(InterpolateV1Op op,
                                         ArrayRef<const Tensor *> operands) {
  V1Attributes attrs = toReferenceAttributes(op);
  SmallVector<int64_t> target = toIntegers(*operands[1]);
  return evaluateV1(*operands[0], target, attrs);
}

static llvm::Expected<Tensor> evaluateOp(InterpolateV11Op op,
                                         ArrayRef<const Tensor *> operands) {
  V11Attributes attrs = toReferenceAttributes(op);
  SmallVector<int64_t> sizes;
  SmallVector<float> scales;
  if (op.getShapeCalculationMode() == ShapeCalcMode::Sizes)
    sizes = toIntegers(*operands[1]);
  else
    scales = toScales(*operands[1]);
  std::optional<SmallVector<int64_t>> axes;
  if (op.getAxes())
    axes = toIntegers(*operands[2]);
  return evaluateV11(*operands[0], sizes, scales, asOptionalRef(axes), attrs);
}

/// The reference's result of the interp op `op`, which must have a shape
/// its type allows.
static llvm::Expected<Tensor>
evaluateInterpolate(Operation *op, ArrayRef<const Tensor *> operands) {
  auto evaluate = [&]() -> llvm::Expected<Tensor> {
    if (auto v4 = dyn_cast<InterpolateV4Op>(op))
      return evaluateOp(v4, operands);
    if (auto v1 = dyn_cast<InterpolateV1Op>(op))
      return evaluateOp(v1, operands);
    return evaluateOp(cast<InterpolateV11Op>(op), operands);
  };
  llvm::Expected<Tensor> result = evaluate();
  if (!result)
    return opError(op, "the reference rejects the operands: " +
                           llvm::toString(result.takeError()));
  if (auto err = checkShape(op, *result, op->getResult(0).getType(),
                            "the reference result"))
    return std::move(err);
  return result;
}

llvm::Expected<Evaluation>
reference::evaluateFunction(func::FuncOp func, ArrayRef<Tensor> inputs) {
  Evaluation evaluation;
  llvm::DenseMap<Value, Tensor> values;
  for (auto [argument, input] : llvm::zip(func.getArguments(), inputs))
    values[argument] = input;
  for (Operation &operation : func.getBody().front()) {
    Operation *op = &operation;
    if (!isSupported(op))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          ("the reference evaluates functions made of interp ops, constants "
           "and tensor.cast; found '" +
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
    } else if (isa<InterpolateV4Op, InterpolateV1Op, InterpolateV11Op>(op)) {
      evaluation.dataMagnitude =
          std::max(evaluation.dataMagnitude, inputMagnitude(*operands[0]));
      auto result = evaluateInterpolate(op, operands);
      if (!result)
        return result.takeError();
      values[op->getResult(0)] = std::move(*result);
    } else if (isa<func::ReturnOp>(op)) {
      for (const Tensor *tensor : operands)
        evaluation.results.push_back(*tensor);
      return evaluation;
    }
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the function has no func.return");
}
