//===- Importer.cpp - inputs, outputs, diagnostics and attributes ---------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

Location Importer::opLoc(const onnx::NodeProto &node) {
  return nameLoc(node.name());
}

Location Importer::nameLoc(StringRef name) {
  return NameLoc::get(StringAttr::get(getContext(), name), fileLoc);
}

InFlightDiagnostic Importer::error(const onnx::NodeProto &node) {
  InFlightDiagnostic diag = emitError(opLoc(node));
  diag << node.op_type() << " node '" << node.name() << "': ";
  return diag;
}

TensorValue *Importer::input(const onnx::NodeProto &node, int i) {
  if (i >= node.input_size() || node.input(i).empty())
    return nullptr;
  auto it = values.find(node.input(i));
  return it == values.end() ? nullptr : &it->second;
}

void Importer::setOutput(const onnx::NodeProto &node, int i,
                         TensorValue value) {
  values[node.output(i)] = std::move(value);
}

LogicalResult Importer::expectInputs(const onnx::NodeProto &node, int min,
                                     int max) {
  int n = node.input_size();
  if (n < min || n > max) {
    InFlightDiagnostic diag = error(node) << "expected ";
    if (min == max)
      diag << min;
    else
      diag << min << " to " << max;
    return diag << " input(s), found " << n;
  }
  for (int i = 0; i < n; ++i) {
    if (i < min && node.input(i).empty())
      return error(node) << "input " << i << " is required";
    if (!node.input(i).empty() && !values.count(node.input(i)))
      return error(node) << "input '" << node.input(i) << "' is not defined";
  }
  if (node.output_size() < 1)
    return error(node) << "expected an output";
  return success();
}

const onnx::AttributeProto *Importer::attr(const onnx::NodeProto &node,
                                           StringRef name) {
  for (const onnx::AttributeProto &a : node.attribute())
    if (a.name() == name)
      return &a;
  return nullptr;
}

/// Checks that attribute `a` has `type`.
static LogicalResult expectType(Importer &im, const onnx::NodeProto &node,
                                const onnx::AttributeProto &a,
                                onnx::AttributeProto::AttributeType type,
                                StringRef kind) {
  if (a.type() == type)
    return success();
  return im.error(node) << "attribute '" << a.name() << "' is not " << kind;
}

FailureOr<int64_t> Importer::getInt(const onnx::NodeProto &node, StringRef name,
                                    int64_t dflt) {
  const onnx::AttributeProto *a = attr(node, name);
  if (!a)
    return dflt;
  if (failed(
          expectType(*this, node, *a, onnx::AttributeProto::INT, "an integer")))
    return failure();
  return a->i();
}

FailureOr<float> Importer::getFloat(const onnx::NodeProto &node, StringRef name,
                                    float dflt) {
  const onnx::AttributeProto *a = attr(node, name);
  if (!a)
    return dflt;
  if (failed(
          expectType(*this, node, *a, onnx::AttributeProto::FLOAT, "a float")))
    return failure();
  return a->f();
}

FailureOr<std::string> Importer::getString(const onnx::NodeProto &node,
                                           StringRef name, StringRef dflt) {
  const onnx::AttributeProto *a = attr(node, name);
  if (!a)
    return dflt.str();
  if (failed(expectType(*this, node, *a, onnx::AttributeProto::STRING,
                        "a string")))
    return failure();
  return a->s();
}

FailureOr<std::optional<SmallVector<int64_t>>>
Importer::getInts(const onnx::NodeProto &node, StringRef name) {
  const onnx::AttributeProto *a = attr(node, name);
  if (!a)
    return std::optional<SmallVector<int64_t>>();
  if (failed(expectType(*this, node, *a, onnx::AttributeProto::INTS,
                        "a list of integers")))
    return failure();
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>(a->ints().begin(), a->ints().end()));
}
