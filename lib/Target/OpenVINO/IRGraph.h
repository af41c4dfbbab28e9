//===- IRGraph.h - the layer graph of an OpenVINO IR .xml -------*- C++ -*-===//
//
// The XML reading step of the importer: layers with their ports and <data>
// attributes, the edges resolved to (layer, port) pairs, and a topological
// order. Nothing here knows about MLIR ops.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_TARGET_OPENVINO_IRGRAPH_H
#define INTERP_LIB_TARGET_OPENVINO_IRGRAPH_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::interp::ovir {

/// One <port> of a layer.
struct Port {
  int64_t id = 0;
  std::string precision;
  /// The <dim> children (-1 for a dynamic dimension). Hints only.
  SmallVector<int64_t> dims;
  Location loc;
};

/// The producer of one input port.
struct Source {
  unsigned layer = 0;  // index into Graph::layers
  unsigned output = 0; // index into that layer's outputs
};

struct Layer {
  int64_t id = 0;
  std::string name, type, version;
  llvm::StringMap<std::string> data; // attributes of <data>
  SmallVector<Port> inputs, outputs;
  SmallVector<Source> sources; // one per input port, in port order
  Location loc;                // file:line:col of the <layer> element
};

struct Graph {
  std::vector<Layer> layers;   // document order
  std::vector<unsigned> order; // a topological order of `layers`
};

/// Parses `xml` into `graph`: checks the element structure, that every edge
/// names existing layers and ports, that every input port has exactly one
/// edge, and that the graph has no cycle. Diagnostics are emitted at
/// `fileName:line:col` locations.
LogicalResult readGraph(StringRef xml, StringRef fileName, MLIRContext *context,
                        Graph &graph);

/// A description of `layer` for diagnostics: `layer 3 ('name', Type
/// opset4)`.
std::string describe(const Layer &layer);

} // namespace mlir::interp::ovir

#endif // INTERP_LIB_TARGET_OPENVINO_IRGRAPH_H
