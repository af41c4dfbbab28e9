//===- ImportONNX.cpp - the ONNX graph to one func.func -------------------===//
//
// Graph inputs (in order, minus those an initializer defines) become the
// arguments, graph outputs (in order) the results; initializers are
// constants; the nodes, which ONNX stores in a topological order, are
// converted in that order by the converter of their op type.
//
//===----------------------------------------------------------------------===//

#include "interp/Target/ONNX/ImportONNX.h"
#include "Importer.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

#include <limits>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

/// The type of a graph input or output.
static FailureOr<TensorValue> readValueInfo(MLIRContext *ctx,
                                            const onnx::ValueInfoProto &info,
                                            Location loc) {
  if (!info.type().has_tensor_type())
    return emitError(loc) << "graph input '" << info.name()
                          << "' is not a tensor";
  const onnx::TypeProto::Tensor &t = info.type().tensor_type();
  std::optional<ElementType> element = elementTypeOf(t.elem_type(), ctx);
  if (!element)
    return emitError(loc) << "graph input '" << info.name()
                          << "': unsupported element type "
                          << dataTypeName(t.elem_type());
  TensorValue v;
  v.element = *element;
  if (t.has_shape()) {
    SmallVector<int64_t> shape;
    for (const onnx::TensorShapeProto::Dimension &d : t.shape().dim())
      shape.push_back(d.has_dim_value() ? d.dim_value() : ShapedType::kDynamic);
    v.shape = shape;
  }
  return v;
}

static LogicalResult convertNode(Importer &im, const onnx::NodeProto &node) {
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    return im.error(node) << "unsupported domain '" << node.domain() << "'";
  StringRef type = node.op_type();
  if (type == "Constant")
    return convertConstant(im, node);
  if (type == "Identity")
    return convertIdentity(im, node);
  if (type == "Cast")
    return convertCast(im, node);
  if (type == "Shape")
    return convertShape(im, node);
  if (type == "Gather")
    return convertGather(im, node);
  if (type == "Concat")
    return convertConcat(im, node);
  if (type == "Slice")
    return convertSlice(im, node);
  if (type == "Mul" || type == "Div" || type == "Floor")
    return convertArithmetic(im, node);
  if (type == "Resize" || type == "Upsample")
    return convertResize(im, node);
  return im.error(node) << "unsupported op type '" << type << "' (opset "
                        << im.opset << ")";
}

/// The opset of the default domain.
static std::optional<int64_t> defaultOpset(const onnx::ModelProto &model) {
  for (const onnx::OperatorSetIdProto &id : model.opset_import())
    if (id.domain().empty() || id.domain() == "ai.onnx")
      return id.version();
  return std::nullopt;
}

OwningOpRef<ModuleOp> interp::importONNX(StringRef bytes, MLIRContext *context,
                                         const ONNXImportOptions &options) {
  context->loadDialect<func::FuncDialect, arith::ArithDialect, InterpDialect>();
  Location fileLoc = FileLineColLoc::get(context, options.fileName, 0, 0);
  onnx::ModelProto model;
  if (bytes.size() > size_t(std::numeric_limits<int>::max()) ||
      !model.ParseFromArray(bytes.data(), int(bytes.size()))) {
    emitError(fileLoc) << "not an ONNX model: the file does not parse as "
                          "onnx.ModelProto";
    return {};
  }
  std::optional<int64_t> opset = defaultOpset(model);
  if (!opset) {
    emitError(fileLoc) << "the model imports no opset of the default domain";
    return {};
  }
  const onnx::GraphProto &graph = model.graph();
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(builder, fileLoc, options.functionName,
                                   builder.getFunctionType({}, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  Importer im(builder, *opset, fileLoc);

  for (const onnx::TensorProto &t : graph.initializer()) {
    Location loc = im.nameLoc(t.name());
    FailureOr<TensorValue> v =
        im.readTensor(t, loc, "initializer '" + t.name() + "'");
    if (failed(v))
      return {};
    im.values[t.name()] = std::move(*v);
  }
  for (const onnx::ValueInfoProto &info : graph.input()) {
    // Before IR version 4 initializers were listed as inputs too.
    if (im.values.count(info.name()))
      continue;
    Location loc = im.nameLoc(info.name());
    FailureOr<TensorValue> v = readValueInfo(context, info, loc);
    if (failed(v))
      return {};
    v->tensor = body->addArgument(v->getType(), loc);
    im.values[info.name()] = std::move(*v);
  }
  for (auto [i, node] : llvm::enumerate(graph.node())) {
    // Unnamed nodes get a name from their type and position, so that every
    // location and diagnostic still points at one node.
    onnx::NodeProto named = node;
    if (named.name().empty())
      named.set_name(node.op_type() + "_" + std::to_string(i));
    if (failed(convertNode(im, named)))
      return {};
  }
  SmallVector<Value> returned;
  for (const onnx::ValueInfoProto &info : graph.output()) {
    auto it = im.values.find(info.name());
    Location loc = im.nameLoc(info.name());
    if (it == im.values.end()) {
      emitError(loc) << "graph output '" << info.name() << "' is not defined";
      return {};
    }
    returned.push_back(im.materialize(it->second, loc));
  }
  func::ReturnOp::create(builder, fileLoc, returned);
  func.setFunctionType(builder.getFunctionType(
      body->getArgumentTypes(), ValueRange(returned).getTypes()));
  if (failed(verify(*module)))
    return {};
  return module;
}
