//===- Importer.h - private interface of the ONNX importer ------*- C++ -*-===//
//
// The state shared by the node converters: the value of every tensor name
// imported so far (with its elements when they are known at import time, so
// that shape computations fold), the builder, diagnostics naming the node,
// and the attribute readers.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TARGET_ONNX_IMPORTER_H
#define INTERP_LIB_TARGET_ONNX_IMPORTER_H

// ElementType (and its table of the types interp takes) is the OpenVINO
// importer's: both importers accept the same element types.
#include "../OpenVINO/Attributes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "onnx/onnx_pb.h"

#include <map>

namespace mlir::interp::onnximport {

using ovir::ElementType;

/// The most elements a shape computation's folded result may have (the
/// OpenVINO importer's TensorValue::kMaxElements): results built element by
/// element from repeated inputs would otherwise grow without bound.
inline constexpr size_t kMaxFoldedElements = 4096;

/// One ONNX tensor: an SSA value, a constant, or both.
struct TensorValue {
  ElementType element;
  std::optional<SmallVector<int64_t>> shape; // std::nullopt: unknown rank
  Value tensor;                              // null until materialized
  DenseElementsAttr constant;                // set when known at import time

  TensorType getType() const;
  bool isConstant() const { return bool(constant); }
};

/// A constant of `element` and `shape` from its elements.
TensorValue fromAttributes(const ElementType &element, ArrayRef<int64_t> shape,
                           ArrayRef<Attribute> elements);

/// The ONNX element type `dataType` (TensorProto.DataType), or std::nullopt
/// for a type interp does not take.
std::optional<ElementType> elementTypeOf(int32_t dataType, MLIRContext *ctx);
/// TensorProto.DataType's name, for diagnostics.
StringRef dataTypeName(int32_t dataType);

class Importer {
public:
  Importer(OpBuilder &builder, int64_t opset, Location fileLoc)
      : builder(builder), opset(opset), fileLoc(fileLoc) {}

  OpBuilder &builder;
  /// The default domain's opset of the model.
  int64_t opset;
  std::map<std::string, TensorValue> values;
  /// The model file; the child of every node's location.
  Location fileLoc;

  MLIRContext *getContext() { return builder.getContext(); }
  /// `loc("node name"("file":0:0))`, the location of every op made for
  /// `node` (the file has no lines to point at).
  Location opLoc(const onnx::NodeProto &node);
  /// The same for a graph input, output or initializer.
  Location nameLoc(StringRef name);
  /// An error at the node's location, naming the node.
  InFlightDiagnostic error(const onnx::NodeProto &node);

  /// Input `i` of `node`, or null when absent (omitted or named "").
  TensorValue *input(const onnx::NodeProto &node, int i);
  void setOutput(const onnx::NodeProto &node, int i, TensorValue value);
  LogicalResult expectInputs(const onnx::NodeProto &node, int min, int max);

  // Attributes; missing ones are std::nullopt.
  const onnx::AttributeProto *attr(const onnx::NodeProto &node, StringRef name);
  FailureOr<int64_t> getInt(const onnx::NodeProto &node, StringRef name,
                            int64_t dflt);
  FailureOr<float> getFloat(const onnx::NodeProto &node, StringRef name,
                            float dflt);
  FailureOr<std::string> getString(const onnx::NodeProto &node, StringRef name,
                                   StringRef dflt);
  FailureOr<std::optional<SmallVector<int64_t>>>
  getInts(const onnx::NodeProto &node, StringRef name);

  /// A TensorProto as a constant TensorValue; `what` names it in errors.
  FailureOr<TensorValue> readTensor(const onnx::TensorProto &t, Location loc,
                                    const Twine &what);
  /// The tensor of `value`, creating an arith.constant for constants.
  Value materialize(TensorValue &value, Location loc);
  /// The elements of a constant integer tensor, or an error naming `what`.
  FailureOr<SmallVector<int64_t>> getInts(const onnx::NodeProto &node,
                                          TensorValue &value, StringRef what);
  /// The elements of a constant float tensor, as doubles.
  FailureOr<SmallVector<double>> getFloats(const onnx::NodeProto &node,
                                           TensorValue &value, StringRef what);
  /// A constant 1-D or scalar tensor of `element` from integer or float
  /// values (converted with the element type's rounding).
  TensorValue constant1D(const ElementType &element, ArrayRef<int64_t> shape,
                         ArrayRef<APFloat> floats, ArrayRef<APInt> ints);
};

// Node converters (one family per file).
LogicalResult convertConstant(Importer &im, const onnx::NodeProto &node);
LogicalResult convertIdentity(Importer &im, const onnx::NodeProto &node);
LogicalResult convertCast(Importer &im, const onnx::NodeProto &node);
LogicalResult convertShape(Importer &im, const onnx::NodeProto &node);
LogicalResult convertGather(Importer &im, const onnx::NodeProto &node);
LogicalResult convertConcat(Importer &im, const onnx::NodeProto &node);
LogicalResult convertSlice(Importer &im, const onnx::NodeProto &node);
LogicalResult convertArithmetic(Importer &im, const onnx::NodeProto &node);
LogicalResult convertResize(Importer &im, const onnx::NodeProto &node);

} // namespace mlir::interp::onnximport

#endif // INTERP_LIB_TARGET_ONNX_IMPORTER_H
