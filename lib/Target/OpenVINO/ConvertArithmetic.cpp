//===- ConvertArithmetic.cpp - Multiply, Divide, Floor --------------------===//
//
// Element by element on small tensors (folded where the elements are
// known), as arith ops on whole tensors otherwise.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "interp/Semantics/Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

namespace {
enum class BinaryKind { Multiply, Divide };

struct Binary {
  BinaryKind kind;
  ElementType element;
  bool pythonDiv;

  /// Folds two constants; failure for an integer division by zero.
  FailureOr<Attribute> fold(Attribute a, Attribute b) const {
    if (element.isFloat) {
      APFloat x = cast<FloatAttr>(a).getValue();
      APFloat y = cast<FloatAttr>(b).getValue();
      if (kind == BinaryKind::Multiply)
        x.multiply(y, APFloat::rmNearestTiesToEven);
      else
        x.divide(y, APFloat::rmNearestTiesToEven);
      return Attribute(FloatAttr::get(element.scalar, x));
    }
    APInt x = cast<IntegerAttr>(a).getValue();
    APInt y = cast<IntegerAttr>(b).getValue();
    if (kind == BinaryKind::Multiply)
      return Attribute(IntegerAttr::get(element.scalar, x * y));
    if (y.isZero())
      return failure();
    APInt q;
    if (element.isUnsigned) {
      q = x.udiv(y);
    } else {
      q = x.sdiv(y);
      if (pythonDiv && !x.srem(y).isZero() &&
          (x.isNegative() != y.isNegative()))
        q -= 1;
    }
    return Attribute(IntegerAttr::get(element.scalar, q));
  }

  /// The op on scalars or tensors of `element.scalar`.
  Value build(OpBuilder &b, Location loc, Value x, Value y) const {
    if (element.isFloat)
      return kind == BinaryKind::Multiply
                 ? arith::MulFOp::create(b, loc, x, y).getResult()
                 : arith::DivFOp::create(b, loc, x, y).getResult();
    if (kind == BinaryKind::Multiply)
      return arith::MulIOp::create(b, loc, x, y);
    if (element.isUnsigned)
      return arith::DivUIOp::create(b, loc, x, y);
    if (pythonDiv)
      return arith::FloorDivSIOp::create(b, loc, x, y);
    return arith::DivSIOp::create(b, loc, x, y);
  }
};
} // namespace

/// Numpy broadcasting of two static shapes.
static std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      return std::nullopt;
    out[i] = x == 1 ? y : x;
  }
  return out;
}

/// The flat index into `shape` (broadcast to `out`) of output index `flat`.
static int64_t sourceIndex(ArrayRef<int64_t> shape, ArrayRef<int64_t> out,
                           int64_t flat) {
  int64_t index = 0, stride = 1;
  for (int64_t d = out.size() - 1, s = shape.size() - 1; d >= 0; --d, --s) {
    int64_t coord = flat % out[d];
    flat /= out[d];
    if (s >= 0) {
      if (shape[s] != 1)
        index += coord * stride;
      stride *= shape[s];
    }
  }
  return index;
}

static bool isSmall(const TensorValue &v) {
  return v.elements || (v.shape && !ShapedType::isDynamicShape(*v.shape) &&
                        !v.constant && v.getNumElements() <= 64);
}

LogicalResult ovir::convertBinary(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 2, 2)))
    return failure();
  FailureOr<std::string> broadcast =
      im.getString(layer, "auto_broadcast", StringRef("numpy"));
  FailureOr<bool> pythonDiv = im.getBool(layer, "m_pythondiv", true);
  if (failed(broadcast) || failed(pythonDiv))
    return failure();
  if (*broadcast != "numpy" && *broadcast != "none")
    return im.error(layer) << "unsupported auto_broadcast '" << *broadcast
                           << "' (interp imports numpy and none)";
  TensorValue &a = im.input(layer, 0), &b = im.input(layer, 1);
  if (a.element.type != b.element.type)
    return im.error(layer) << "operand element types differ: " << a.element.name
                           << " and " << b.element.name;
  Binary op{layer.type == "Multiply" ? BinaryKind::Multiply
                                     : BinaryKind::Divide,
            a.element, *pythonDiv};
  Location loc = im.opLoc(layer);
  if (!a.shape || !b.shape)
    return im.error(layer) << "operands of dynamic rank are not supported";
  if (*broadcast == "none" && *a.shape != *b.shape)
    return im.error(layer) << "auto_broadcast none needs equal shapes";

  if (isSmall(a) && isSmall(b)) {
    auto shape = broadcastShapes(*a.shape, *b.shape);
    if (!shape)
      return im.error(layer) << "shapes " << a.getType() << " and "
                             << b.getType() << " do not broadcast";
    if (failed(im.checkFoldable(layer, *shape)))
      return failure();
    FailureOr<SmallVector<OpFoldResult>> xs = im.getElements(layer, a);
    FailureOr<SmallVector<OpFoldResult>> ys = im.getElements(layer, b);
    if (failed(xs) || failed(ys))
      return failure();
    int64_t n = *rules::elementCount(*shape);
    SmallVector<OpFoldResult> out;
    for (int64_t i = 0; i < n; ++i) {
      OpFoldResult x = (*xs)[sourceIndex(*a.shape, *shape, i)];
      OpFoldResult y = (*ys)[sourceIndex(*b.shape, *shape, i)];
      if (isa<Attribute>(x) && isa<Attribute>(y)) {
        FailureOr<Attribute> folded =
            op.fold(cast<Attribute>(x), cast<Attribute>(y));
        if (failed(folded))
          return im.error(layer) << "integer division by zero";
        out.push_back(*folded);
        continue;
      }
      out.push_back(op.build(im.builder, loc, im.toScalar(x, a.element, loc),
                             im.toScalar(y, b.element, loc)));
    }
    im.setOutput(layer, 0, im.fromElements(a.element, *shape, std::move(out)));
    return success();
  }
  // Whole tensors: equal shapes, or one side a single constant element.
  if (a.element.isUnsigned)
    return im.error(layer) << "run-time u8 arithmetic is not supported";
  Value x = im.materialize(a, loc), y = im.materialize(b, loc);
  auto splat = [&](TensorValue &one, TensorValue &other) -> Value {
    if (!one.isConstant() || !one.elements || one.elements->size() != 1 ||
        !other.shape || ShapedType::isDynamicShape(*other.shape) ||
        other.shape->size() < one.shape->size())
      return nullptr;
    auto type = RankedTensorType::get(*other.shape, one.element.type);
    return arith::ConstantOp::create(
        im.builder, loc,
        DenseElementsAttr::get(type, cast<Attribute>((*one.elements)[0])));
  };
  if (a.getType() != b.getType()) {
    if (Value s = splat(b, a))
      y = s;
    else if (Value s = splat(a, b))
      x = s;
    else
      return im.error(layer)
             << "broadcasting run-time tensors of types " << a.getType()
             << " and " << b.getType() << " is not supported";
  }
  TensorValue out;
  out.element = a.element;
  out.shape = llvm::to_vector(cast<RankedTensorType>(x.getType()).getShape());
  out.tensor = op.build(im.builder, loc, x, y);
  im.setOutput(layer, 0, std::move(out));
  return success();
}

LogicalResult ovir::convertFloor(Importer &im, const Layer &layer) {
  if (failed(im.expectPorts(layer, 1, 1)))
    return failure();
  TensorValue in = im.input(layer, 0);
  Location loc = im.opLoc(layer);
  if (!in.element.isFloat) { // floor of an integer is the integer
    im.setOutput(layer, 0, std::move(in));
    return success();
  }
  if (in.elements) {
    for (OpFoldResult &e : *in.elements) {
      if (auto a = dyn_cast<Attribute>(e)) {
        APFloat f = cast<FloatAttr>(a).getValue();
        f.roundToIntegral(APFloat::rmTowardNegative);
        e = FloatAttr::get(in.element.scalar, f);
      } else {
        e = math::FloorOp::create(im.builder, loc, cast<Value>(e)).getResult();
      }
    }
    in.tensor = nullptr;
  } else {
    Value t = im.materialize(in, loc);
    in.constant = nullptr;
    in.tensor = math::FloorOp::create(im.builder, loc, t);
  }
  im.setOutput(layer, 0, std::move(in));
  return success();
}
