//===- Importer.cpp - ports, diagnostics and <data> attributes ------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

Location Importer::opLoc(const Layer &layer) {
  return NameLoc::get(StringAttr::get(getContext(), layer.name), layer.loc);
}

InFlightDiagnostic Importer::error(const Layer &layer) {
  InFlightDiagnostic diag = emitError(layer.loc);
  diag << describe(layer) << ": ";
  return diag;
}

TensorValue &Importer::input(const Layer &layer, unsigned i) {
  const Source &s = layer.sources[i];
  return values[{s.layer, s.output}];
}

void Importer::setOutput(const Layer &layer, unsigned i, TensorValue value) {
  unsigned index = &layer - graph.layers.data();
  values[{index, i}] = std::move(value);
}

LogicalResult Importer::expectPorts(const Layer &layer, unsigned minInputs,
                                    unsigned maxInputs) {
  unsigned n = layer.inputs.size();
  if (n < minInputs || n > maxInputs) {
    InFlightDiagnostic diag = error(layer) << "expected ";
    if (minInputs == maxInputs)
      diag << minInputs;
    else
      diag << minInputs << " to " << maxInputs;
    return diag << " input port(s), found " << n;
  }
  if (layer.outputs.size() != 1)
    return error(layer) << "expected 1 output port, found "
                        << layer.outputs.size();
  return success();
}

/// The attribute `name`, or null when it is absent.
static const std::string *find(const Layer &layer, StringRef name) {
  auto it = layer.data.find(name);
  return it == layer.data.end() ? nullptr : &it->second;
}

template <typename T, typename Parse>
static FailureOr<T> get(Importer &im, const Layer &layer, StringRef name,
                        std::optional<T> dflt, StringRef kind, Parse parse) {
  const std::string *text = find(layer, name);
  if (!text) {
    if (dflt)
      return *dflt;
    return im.error(layer) << "missing attribute '" << name << "'";
  }
  std::optional<T> value = parse(*text);
  if (!value)
    return im.error(layer) << "attribute '" << name << "' is not " << kind
                           << ": '" << *text << "'";
  return *value;
}

FailureOr<bool> Importer::getBool(const Layer &layer, StringRef name,
                                  std::optional<bool> dflt) {
  return get<bool>(*this, layer, name, dflt, "a boolean (true/false/1/0)",
                   parseBool);
}

FailureOr<SmallVector<int64_t>>
Importer::getIntList(const Layer &layer, StringRef name,
                     std::optional<SmallVector<int64_t>> dflt) {
  return get<SmallVector<int64_t>>(*this, layer, name, dflt,
                                   "a list of integers", parseIntList);
}

FailureOr<int64_t> Importer::getInt(const Layer &layer, StringRef name,
                                    std::optional<int64_t> dflt) {
  return get<int64_t>(*this, layer, name, dflt, "an integer",
                      [](StringRef s) -> std::optional<int64_t> {
                        int64_t v;
                        if (s.trim().getAsInteger(10, v))
                          return std::nullopt;
                        return v;
                      });
}

FailureOr<double> Importer::getDouble(const Layer &layer, StringRef name,
                                      std::optional<double> dflt) {
  return get<double>(*this, layer, name, dflt, "a number", parseDouble);
}

FailureOr<std::string> Importer::getString(const Layer &layer, StringRef name,
                                           std::optional<StringRef> dflt) {
  if (const std::string *text = find(layer, name))
    return *text;
  if (dflt)
    return dflt->str();
  return error(layer) << "missing attribute '" << name << "'";
}

FailureOr<ElementType> Importer::elementTypeOf(const Layer &layer,
                                               StringRef name,
                                               StringRef spelling) {
  if (std::optional<ElementType> e = parseElementType(spelling, getContext()))
    return *e;
  return error(layer) << "unsupported element type '" << spelling << "' in '"
                      << name
                      << "' (interp imports f32, f16, bf16, f64, i8, u8, i32, "
                         "i64)";
}

FailureOr<ElementType> Importer::getElementType(const Layer &layer,
                                                StringRef name) {
  FailureOr<std::string> spelling = getString(layer, name, std::nullopt);
  if (failed(spelling))
    return failure();
  return elementTypeOf(layer, name, *spelling);
}
