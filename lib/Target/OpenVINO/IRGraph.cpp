//===- IRGraph.cpp - read the layer graph of an OpenVINO IR .xml ----------===//

#include "IRGraph.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <pugixml.hpp>

#include <unordered_map>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

std::string ovir::describe(const Layer &layer) {
  return "layer " + std::to_string(layer.id) + " ('" + layer.name + "', " +
         layer.type + " " + layer.version + ")";
}

namespace {
/// Turns byte offsets of the XML text into file:line:col locations.
class LineTable {
public:
  LineTable(StringRef text, StringRef fileName, MLIRContext *context)
      : fileName(StringAttr::get(context, fileName)) {
    starts.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        starts.push_back(i + 1);
  }
  Location at(ptrdiff_t offset) const {
    if (offset < 0)
      offset = 0;
    auto it = llvm::upper_bound(starts, static_cast<size_t>(offset));
    unsigned line = it - starts.begin();
    unsigned col = offset - starts[line - 1] + 1;
    return FileLineColLoc::get(fileName, line, col);
  }
  /// An element's offset_debug() is that of its name: point at the '<'.
  Location at(pugi::xml_node node) const {
    return at(node.offset_debug() - (node.type() == pugi::node_element));
  }

private:
  StringAttr fileName;
  std::vector<size_t> starts;
};

struct GraphReader {
  const LineTable &lines;
  Graph &graph;

  LogicalResult readInteger(pugi::xml_node node, const char *attr,
                            int64_t &value) {
    pugi::xml_attribute a = node.attribute(attr);
    if (!a)
      return emitError(lines.at(node))
             << "<" << node.name() << "> is missing attribute '" << attr << "'";
    if (StringRef(a.value()).trim().getAsInteger(10, value))
      return emitError(lines.at(node))
             << "<" << node.name() << "> attribute '" << attr
             << "' is not an integer: '" << a.value() << "'";
    return success();
  }

  LogicalResult readPort(pugi::xml_node node, Port &port) {
    port.loc = lines.at(node);
    if (failed(readInteger(node, "id", port.id)))
      return failure();
    pugi::xml_attribute precision = node.attribute("precision");
    if (!precision)
      return emitError(port.loc)
             << "<port> is missing mandatory attribute 'precision'";
    port.precision = precision.value();
    for (pugi::xml_node dim : node.children("dim")) {
      int64_t d;
      if (StringRef(dim.child_value()).trim().getAsInteger(10, d) || d < -1)
        return emitError(lines.at(dim))
               << "<dim> is not a dimension: '" << dim.child_value() << "'";
      port.dims.push_back(d);
    }
    return success();
  }

  LogicalResult readLayer(pugi::xml_node node, Layer &layer) {
    layer.loc = lines.at(node);
    if (failed(readInteger(node, "id", layer.id)))
      return failure();
    for (const char *name : {"type", "version"})
      if (!node.attribute(name))
        return emitError(layer.loc)
               << "<layer id=\"" << layer.id << "\"> is missing attribute '"
               << name << "'";
    layer.name = node.attribute("name").value();
    layer.type = node.attribute("type").value();
    layer.version = node.attribute("version").value();
    for (pugi::xml_attribute a : node.child("data").attributes())
      layer.data[a.name()] = a.value();
    for (auto [tag, ports] : {std::pair{"input", &layer.inputs},
                              std::pair{"output", &layer.outputs}})
      for (pugi::xml_node p : node.child(tag).children("port")) {
        ports->emplace_back(Port{0, "", {}, layer.loc});
        if (failed(readPort(p, ports->back())))
          return failure();
      }
    return success();
  }

  LogicalResult readEdges(pugi::xml_node edges);
  LogicalResult sort();
};
} // namespace

LogicalResult GraphReader::readEdges(pugi::xml_node edges) {
  // Not a DenseMap: ids come from the file, and DenseMap reserves two
  // int64 keys.
  std::unordered_map<int64_t, unsigned> byId;
  // (layer index, port id) -> port index, one map for each direction: edges
  // resolve in constant time, so a layer with many inputs (a Concat of
  // 100,000 shapes) imports in linear time.
  llvm::DenseMap<std::pair<unsigned, int64_t>, unsigned> inputPort, outputPort;
  for (auto [i, layer] : llvm::enumerate(graph.layers)) {
    if (!byId.try_emplace(layer.id, i).second)
      return emitError(layer.loc) << "duplicate layer id " << layer.id;
    layer.sources.assign(layer.inputs.size(), Source{~0u, 0});
    for (auto [ports, map] : {std::pair{&layer.inputs, &inputPort},
                              std::pair{&layer.outputs, &outputPort}})
      for (auto [p, port] : llvm::enumerate(*ports))
        if (!map->try_emplace({unsigned(i), port.id}, p).second)
          return emitError(port.loc) << "duplicate port id " << port.id
                                     << " in " << describe(layer);
  }
  auto findPort =
      [](const llvm::DenseMap<std::pair<unsigned, int64_t>, unsigned> &ports,
         unsigned layer, int64_t id) -> int {
    auto it = ports.find({layer, id});
    return it == ports.end() ? -1 : int(it->second);
  };
  for (pugi::xml_node edge : edges.children("edge")) {
    Location loc = lines.at(edge);
    int64_t from, fromPort, to, toPort;
    if (failed(readInteger(edge, "from-layer", from)) ||
        failed(readInteger(edge, "from-port", fromPort)) ||
        failed(readInteger(edge, "to-layer", to)) ||
        failed(readInteger(edge, "to-port", toPort)))
      return failure();
    auto src = byId.find(from), dst = byId.find(to);
    if (src == byId.end())
      return emitError(loc) << "edge from nonexistent layer " << from;
    if (dst == byId.end())
      return emitError(loc) << "edge to nonexistent layer " << to;
    Layer &producer = graph.layers[src->second];
    Layer &consumer = graph.layers[dst->second];
    int out = findPort(outputPort, src->second, fromPort);
    if (out < 0)
      return emitError(loc) << "edge from nonexistent output port " << fromPort
                            << " of " << describe(producer);
    int in = findPort(inputPort, dst->second, toPort);
    if (in < 0)
      return emitError(loc) << "edge to nonexistent input port " << toPort
                            << " of " << describe(consumer);
    if (consumer.sources[in].layer != ~0u)
      return emitError(loc) << "input port " << toPort << " of "
                            << describe(consumer) << " has more than one edge";
    consumer.sources[in] = Source{src->second, static_cast<unsigned>(out)};
  }
  for (Layer &layer : graph.layers)
    for (auto [i, s] : llvm::enumerate(layer.sources))
      if (s.layer == ~0u)
        return emitError(layer.inputs[i].loc)
               << "input port " << layer.inputs[i].id << " of "
               << describe(layer) << " has no edge";
  return success();
}

/// Kahn's algorithm, taking ready layers in document order.
LogicalResult GraphReader::sort() {
  size_t n = graph.layers.size();
  std::vector<unsigned> pending(n, 0);
  std::vector<SmallVector<unsigned>> users(n);
  for (auto [i, layer] : llvm::enumerate(graph.layers)) {
    pending[i] = layer.sources.size();
    for (const Source &s : layer.sources)
      users[s.layer].push_back(i);
  }
  std::vector<unsigned> ready;
  for (unsigned i = 0; i < n; ++i)
    if (!pending[i])
      ready.push_back(i);
  for (size_t next = 0; next < ready.size(); ++next)
    for (unsigned user : users[ready[next]])
      if (--pending[user] == 0)
        ready.push_back(user);
  if (ready.size() != n) {
    for (unsigned i = 0; i < n; ++i)
      if (pending[i])
        return emitError(graph.layers[i].loc)
               << "the graph has a cycle through " << describe(graph.layers[i]);
  }
  graph.order = std::move(ready);
  return success();
}

LogicalResult ovir::readGraph(StringRef xml, StringRef fileName,
                              MLIRContext *context, Graph &graph) {
  LineTable lines(xml, fileName, context);
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_buffer(
      xml.data(), xml.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed)
    return emitError(lines.at(parsed.offset))
           << "malformed XML: " << parsed.description();
  pugi::xml_node net = doc.child("net");
  if (!net)
    return emitError(lines.at(0)) << "not an OpenVINO IR: no <net> element";
  pugi::xml_node layers = net.child("layers");
  if (!layers)
    return emitError(lines.at(net)) << "<net> has no <layers>";
  GraphReader reader{lines, graph};
  for (pugi::xml_node node : layers.children("layer")) {
    graph.layers.emplace_back(
        Layer{0, "", "", "", {}, {}, {}, {}, lines.at(node)});
    if (failed(reader.readLayer(node, graph.layers.back())))
      return failure();
  }
  if (failed(reader.readEdges(net.child("edges"))))
    return failure();
  return reader.sort();
}
