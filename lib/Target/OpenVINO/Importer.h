//===- Importer.h - private interface of the OpenVINO IR importer -*- C++
//-*-===//
//
// The state shared by the layer converters: the values of the output ports
// imported so far (with what is known of them at import time), the builder,
// diagnostics naming the layer, and the <data> attribute readers.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TARGET_OPENVINO_IMPORTER_H
#define INTERP_LIB_TARGET_OPENVINO_IMPORTER_H

#include "Attributes.h"
#include "IRGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <map>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace mlir::interp::ovir {

/// The value of one output port. Small tensors (shape computations) also
/// keep their elements, each a constant attribute or a scalar SSA value,
/// so that shape layers fold element by element; `tensor` is materialized
/// from them when an op needs it.
struct TensorValue {
  ElementType element;
  std::optional<SmallVector<int64_t>> shape; // std::nullopt: dynamic rank
  Value tensor;                              // may be null until needed
  /// Row-major elements (for static shapes up to kMaxElements).
  std::optional<SmallVector<OpFoldResult>> elements;
  /// Set for constants too large for `elements`.
  DenseElementsAttr constant;

  static constexpr int64_t kMaxElements = 4096;
  TensorType getType() const;
  bool isConstant() const;
  int64_t getNumElements() const; // of a static shape
};

class Importer {
public:
  Importer(const Graph &graph, const llvm::MemoryBuffer *weights,
           StringRef weightsName, OpBuilder &builder)
      : graph(graph), weights(weights), weightsName(weightsName),
        builder(builder) {}

  const Graph &graph;
  const llvm::MemoryBuffer *weights;
  StringRef weightsName;
  OpBuilder &builder;
  /// By (layer index, output index); a std::map keeps references stable.
  std::map<std::pair<unsigned, unsigned>, TensorValue> values;

  MLIRContext *getContext() { return builder.getContext(); }
  /// `loc("layer name")`, the location of every op made for `layer`.
  Location opLoc(const Layer &layer);
  /// An error at the layer's XML position, naming the layer.
  InFlightDiagnostic error(const Layer &layer);

  /// The value feeding input `i` of `layer`.
  TensorValue &input(const Layer &layer, unsigned i);
  void setOutput(const Layer &layer, unsigned i, TensorValue value);
  /// Checks the number of input ports and the output port.
  LogicalResult expectPorts(const Layer &layer, unsigned minInputs,
                            unsigned maxInputs);

  // <data> attributes; missing ones take `dflt` when given, else fail.
  FailureOr<bool> getBool(const Layer &layer, StringRef name,
                          std::optional<bool> dflt);
  FailureOr<SmallVector<int64_t>>
  getIntList(const Layer &layer, StringRef name,
             std::optional<SmallVector<int64_t>> dflt);
  FailureOr<int64_t> getInt(const Layer &layer, StringRef name,
                            std::optional<int64_t> dflt);
  FailureOr<double> getDouble(const Layer &layer, StringRef name,
                              std::optional<double> dflt);
  FailureOr<std::string> getString(const Layer &layer, StringRef name,
                                   std::optional<StringRef> dflt);
  FailureOr<ElementType> getElementType(const Layer &layer, StringRef name);
  FailureOr<ElementType> elementTypeOf(const Layer &layer, StringRef name,
                                       StringRef spelling);

  // Values (Values.cpp).
  /// The tensor of `value`, creating constants or from_elements as needed.
  Value materialize(TensorValue &value, Location loc);
  /// The elements of a small static tensor, extracting them at run time
  /// when they are not known; fails (with a diagnostic) otherwise.
  FailureOr<SmallVector<OpFoldResult>> getElements(const Layer &layer,
                                                   TensorValue &value);
  /// Constant integer elements (sign- or zero-extended), or failure.
  FailureOr<SmallVector<int64_t>>
  getConstantInts(const Layer &layer, TensorValue &value, StringRef what);
  /// A scalar SSA value of `element.scalar` for `ofr`.
  Value toScalar(OpFoldResult ofr, const ElementType &element, Location loc);
  /// Fails with a diagnostic unless a tensor of `shape` is small enough to
  /// be built element by element (TensorValue::kMaxElements); called before
  /// a layer computes its result's elements.
  LogicalResult checkFoldable(const Layer &layer, ArrayRef<int64_t> shape);
  /// A value from elements, folded into a constant when all are known.
  TensorValue fromElements(const ElementType &element,
                           SmallVector<int64_t> shape,
                           SmallVector<OpFoldResult> elements);
};

// The layer converters, one per layer type.
LogicalResult convertConst(Importer &im, const Layer &layer);
LogicalResult convertConvert(Importer &im, const Layer &layer);
LogicalResult convertShapeOf(Importer &im, const Layer &layer, unsigned opset);
LogicalResult convertGather(Importer &im, const Layer &layer);
LogicalResult convertConcat(Importer &im, const Layer &layer);
LogicalResult convertSqueeze(Importer &im, const Layer &layer, bool squeeze);
LogicalResult convertStridedSlice(Importer &im, const Layer &layer);
LogicalResult convertBinary(Importer &im, const Layer &layer);
LogicalResult convertFloor(Importer &im, const Layer &layer);
LogicalResult convertInterpolate(Importer &im, const Layer &layer,
                                 unsigned opset);

} // namespace mlir::interp::ovir

#endif // INTERP_LIB_TARGET_OPENVINO_IMPORTER_H
