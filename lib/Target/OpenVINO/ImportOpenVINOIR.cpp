//===- ImportOpenVINOIR.cpp - the layer graph to one func.func ------------===//
//
// Parameters (document order) become the arguments, Results (document order)
// the results; every other layer is converted in a topological order by the
// converter of its type.
//
//===----------------------------------------------------------------------===//

#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"
#include "Importer.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

static LogicalResult convertParameter(Importer &im, const Layer &layer,
                                      Block &body, TensorValue &value) {
  if (failed(im.expectPorts(layer, 0, 0)))
    return failure();
  FailureOr<ElementType> element = im.getElementType(layer, "element_type");
  FailureOr<std::string> text = im.getString(layer, "shape", std::nullopt);
  if (failed(element) || failed(text))
    return failure();
  auto shape = parsePartialShape(*text);
  if (!shape)
    return im.error(layer) << "attribute 'shape' is not a partial shape: '"
                           << *text << "'";
  value.element = *element;
  value.shape = *shape;
  value.tensor = body.addArgument(value.getType(), im.opLoc(layer));
  return success();
}

static LogicalResult convertLayer(Importer &im, const Layer &layer) {
  std::optional<unsigned> opset = parseOpset(layer.version);
  if (!opset)
    return im.error(layer) << "unsupported version '" << layer.version
                           << "' (interp imports opset1 and later)";
  StringRef type = layer.type;
  if (type == "Const")
    return convertConst(im, layer);
  if (type == "Convert")
    return convertConvert(im, layer);
  if (type == "ShapeOf")
    return convertShapeOf(im, layer, *opset);
  if (type == "Gather")
    return convertGather(im, layer);
  if (type == "Concat")
    return convertConcat(im, layer);
  if (type == "Squeeze" || type == "Unsqueeze")
    return convertSqueeze(im, layer, type == "Squeeze");
  if (type == "StridedSlice")
    return convertStridedSlice(im, layer);
  if (type == "Multiply" || type == "Divide")
    return convertBinary(im, layer);
  if (type == "Floor")
    return convertFloor(im, layer);
  if (type == "Interpolate")
    return convertInterpolate(im, layer, *opset);
  return im.error(layer) << "unsupported layer type '" << layer.type
                         << "' (version " << layer.version << ")";
}

OwningOpRef<ModuleOp>
interp::importOpenVINOIR(StringRef xml, const llvm::MemoryBuffer *weights,
                         MLIRContext *context,
                         const OpenVINOImportOptions &options) {
  context->loadDialect<func::FuncDialect, InterpDialect>();
  context->loadAllAvailableDialects();
  Graph graph;
  if (failed(readGraph(xml, options.xmlFileName, context, graph)))
    return {};
  Location fileLoc = FileLineColLoc::get(context, options.xmlFileName, 1, 1);
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(builder, fileLoc, options.functionName,
                                   builder.getFunctionType({}, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  Importer im(graph, weights, options.weightsFileName, builder);

  SmallVector<unsigned> results;
  for (auto [i, layer] : llvm::enumerate(graph.layers)) {
    if (layer.type == "Parameter") {
      TensorValue value;
      if (failed(convertParameter(im, layer, *body, value)))
        return {};
      im.setOutput(layer, 0, std::move(value));
    } else if (layer.type == "Result") {
      if (layer.inputs.size() != 1 || !layer.outputs.empty()) {
        im.error(layer) << "expected 1 input port and no output port";
        return {};
      }
      results.push_back(i);
    }
  }
  for (unsigned i : graph.order) {
    const Layer &layer = graph.layers[i];
    if (layer.type != "Parameter" && layer.type != "Result" &&
        failed(convertLayer(im, layer)))
      return {};
  }
  SmallVector<Value> returned;
  for (unsigned i : results) {
    const Layer &layer = graph.layers[i];
    returned.push_back(im.materialize(im.input(layer, 0), im.opLoc(layer)));
  }
  func::ReturnOp::create(builder, fileLoc, returned);
  func.setFunctionType(builder.getFunctionType(
      body->getArgumentTypes(), ValueRange(returned).getTypes()));
  if (failed(verify(*module)))
    return {};
  return module;
}
