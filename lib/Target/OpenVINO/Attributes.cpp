//===- Attributes.cpp - OpenVINO IR attribute spellings -------------------===//

#include "Attributes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <cstdlib>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

std::optional<ElementType> ovir::parseElementType(StringRef name,
                                                  MLIRContext *context) {
  Builder b(context);
  ElementType e;
  e.name = name.str();
  if (name == "f32")
    e.type = b.getF32Type(), e.bytes = 4, e.isFloat = true;
  else if (name == "f16")
    e.type = b.getF16Type(), e.bytes = 2, e.isFloat = true;
  else if (name == "bf16")
    e.type = b.getBF16Type(), e.bytes = 2, e.isFloat = true;
  else if (name == "f64")
    e.type = b.getF64Type(), e.bytes = 8, e.isFloat = true;
  else if (name == "i8")
    e.type = b.getI8Type(), e.bytes = 1;
  else if (name == "u8")
    e.type = IntegerType::get(context, 8, IntegerType::Unsigned), e.bytes = 1,
    e.isUnsigned = true;
  else if (name == "i32")
    e.type = b.getI32Type(), e.bytes = 4;
  else if (name == "i64")
    e.type = b.getI64Type(), e.bytes = 8;
  else
    return std::nullopt;
  e.scalar = e.isFloat ? e.type : b.getIntegerType(e.bytes * 8);
  return e;
}

std::optional<bool> ovir::parseBool(StringRef text) {
  std::string lower = text.trim().lower();
  if (lower == "true" || lower == "1")
    return true;
  if (lower == "false" || lower == "0")
    return false;
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> ovir::parseIntList(StringRef text) {
  SmallVector<int64_t> values;
  if (text.trim().empty())
    return values;
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  for (StringRef part : parts) {
    int64_t v;
    if (part.trim().getAsInteger(10, v))
      return std::nullopt;
    values.push_back(v);
  }
  return values;
}

std::optional<double> ovir::parseDouble(StringRef text) {
  std::string s = text.trim().str();
  if (s.empty())
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (*end != '\0' || errno == ERANGE)
    return std::nullopt;
  return v;
}

std::optional<std::optional<SmallVector<int64_t>>>
ovir::parsePartialShape(StringRef text) {
  text = text.trim();
  if (text == "...")
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> dims;
  if (text.empty())
    return std::optional(dims);
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  for (StringRef part : parts) {
    part = part.trim();
    int64_t d;
    if (part == "?" || part == "-1" || part.contains("..")) {
      // A range `a..b`, `a..` or `..b`: the bounds must be integers.
      auto [lo, hi] = part.split("..");
      int64_t bound;
      if ((!lo.empty() && lo != "?" && lo != "-1" &&
           lo.getAsInteger(10, bound)) ||
          (!hi.empty() && hi.getAsInteger(10, bound)))
        return std::nullopt;
      dims.push_back(ShapedType::kDynamic);
    } else if (!part.getAsInteger(10, d) && d >= 0) {
      dims.push_back(d);
    } else {
      return std::nullopt;
    }
  }
  return std::optional(dims);
}

std::optional<unsigned> ovir::parseOpset(StringRef version) {
  unsigned n;
  if (!version.consume_front("opset") || version.getAsInteger(10, n) || n == 0)
    return std::nullopt;
  return n;
}
