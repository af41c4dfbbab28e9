//===- ConvertInterpolate.cpp - Interpolate-1, -4 and -11 -----------------===//
//
// The opset of a layer selects the op: opset1-3 Interpolate-1, opset4-10
// Interpolate-4, opset11 and later Interpolate-11. Attributes missing from
// <data> take OpenVINO's C++ defaults (Interpolate-1's align_corners: true).
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::ovir;

/// An enum attribute, case-insensitive as in OpenVINO's reader.
template <typename Enum>
static FailureOr<Enum> getEnum(Importer &im, const Layer &layer, StringRef name,
                               StringRef dflt) {
  FailureOr<std::string> text = im.getString(layer, name, dflt);
  if (failed(text))
    return failure();
  if (std::optional<Enum> e =
          symbolizeEnum<Enum>(StringRef(*text).trim().lower()))
    return *e;
  return im.error(layer) << "unknown " << name << " '" << *text << "'";
}

/// Verifies `op` (created with a dynamic result) and gives it the result
/// type its verified operands infer.
template <typename OpTy> static LogicalResult refineResultType(OpTy op) {
  if (failed(mlir::verify(op)))
    return failure();
  if (auto type = dyn_cast<RankedTensorType>(op.getType()))
    op.getResult().setType(type.clone(interp::inferResultShape(op)));
  return success();
}

/// A result type of the data's rank with every dimension dynamic.
static TensorType dynamicLike(const TensorValue &data) {
  if (!data.shape)
    return UnrankedTensorType::get(data.element.type);
  SmallVector<int64_t> shape(data.shape->size(), ShapedType::kDynamic);
  return RankedTensorType::get(shape, data.element.type);
}

namespace {
struct V4Attributes {
  ShapeCalcMode shapeMode;
  CoordinateTransformMode ctm;
  NearestMode nearest;
  bool antialias;
  SmallVector<int64_t> padsBegin, padsEnd;
  double cubeCoeff;
};
} // namespace

/// OpenVINO writes zero pads explicitly; the ops' default (no pads) says
/// the same and keeps the printed op free of them.
static SmallVector<int64_t> withoutZeroPads(SmallVector<int64_t> pads) {
  if (llvm::all_of(pads, [](int64_t p) { return p == 0; }))
    pads.clear();
  return pads;
}

static LogicalResult readV4Attributes(Importer &im, const Layer &layer,
                                      V4Attributes &a) {
  auto shapeMode =
      getEnum<ShapeCalcMode>(im, layer, "shape_calculation_mode", "sizes");
  auto ctm = getEnum<CoordinateTransformMode>(
      im, layer, "coordinate_transformation_mode", "half_pixel");
  auto nearest =
      getEnum<NearestMode>(im, layer, "nearest_mode", "round_prefer_floor");
  FailureOr<bool> antialias = im.getBool(layer, "antialias", false);
  auto padsBegin = im.getIntList(layer, "pads_begin", SmallVector<int64_t>());
  auto padsEnd = im.getIntList(layer, "pads_end", SmallVector<int64_t>());
  FailureOr<double> cube = im.getDouble(layer, "cube_coeff", -0.75);
  if (failed(shapeMode) || failed(ctm) || failed(nearest) ||
      failed(antialias) || failed(padsBegin) || failed(padsEnd) || failed(cube))
    return failure();
  a = {*shapeMode,
       *ctm,
       *nearest,
       *antialias,
       withoutZeroPads(*padsBegin),
       withoutZeroPads(*padsEnd),
       *cube};
  return success();
}

LogicalResult ovir::convertInterpolate(Importer &im, const Layer &layer,
                                       unsigned opset) {
  Location loc = im.opLoc(layer);
  OpBuilder &b = im.builder;
  TensorValue *out = nullptr;
  TensorValue result;
  if (opset < 4) {
    if (failed(im.expectPorts(layer, 2, 2)))
      return failure();
    TensorValue &data = im.input(layer, 0);
    auto mode = getEnum<InterpolateV1Mode>(im, layer, "mode", "nearest");
    auto axes = im.getIntList(layer, "axes", std::nullopt);
    FailureOr<bool> alignCorners = im.getBool(layer, "align_corners", true);
    FailureOr<bool> antialias = im.getBool(layer, "antialias", false);
    auto padsBegin = im.getIntList(layer, "pads_begin", SmallVector<int64_t>());
    auto padsEnd = im.getIntList(layer, "pads_end", SmallVector<int64_t>());
    if (failed(mode) || failed(axes) || failed(alignCorners) ||
        failed(antialias) || failed(padsBegin) || failed(padsEnd))
      return failure();
    Value x = im.materialize(data, loc);
    Value target = im.materialize(im.input(layer, 1), loc);
    auto op = InterpolateV1Op::create(
        b, loc, dynamicLike(data), x, target, *axes, *mode, *alignCorners,
        *antialias, withoutZeroPads(*padsBegin), withoutZeroPads(*padsEnd));
    if (failed(refineResultType(op)))
      return failure();
    result.tensor = op;
    out = &data;
  } else if (opset < 11) {
    if (failed(im.expectPorts(layer, 3, 4)))
      return failure();
    TensorValue &data = im.input(layer, 0);
    auto mode = getEnum<InterpolateMode>(im, layer, "mode", "nearest");
    V4Attributes a;
    if (failed(mode) || failed(readV4Attributes(im, layer, a)))
      return failure();
    Value x = im.materialize(data, loc);
    Value sizes = im.materialize(im.input(layer, 1), loc);
    Value scales = im.materialize(im.input(layer, 2), loc);
    Value axes = layer.inputs.size() == 4
                     ? im.materialize(im.input(layer, 3), loc)
                     : Value();
    auto op = InterpolateV4Op::create(b, loc, dynamicLike(data), x, sizes,
                                      scales, axes, *mode, a.shapeMode, a.ctm,
                                      a.nearest, a.antialias, a.padsBegin,
                                      a.padsEnd, APFloat(a.cubeCoeff));
    if (failed(refineResultType(op)))
      return failure();
    result.tensor = op;
    out = &data;
  } else {
    if (failed(im.expectPorts(layer, 2, 3)))
      return failure();
    TensorValue &data = im.input(layer, 0);
    auto mode = getEnum<InterpolateV11Mode>(im, layer, "mode", "nearest");
    V4Attributes a;
    if (failed(mode) || failed(readV4Attributes(im, layer, a)))
      return failure();
    Value x = im.materialize(data, loc);
    Value shape = im.materialize(im.input(layer, 1), loc);
    Value axes = layer.inputs.size() == 3
                     ? im.materialize(im.input(layer, 2), loc)
                     : Value();
    auto op = InterpolateV11Op::create(
        b, loc, dynamicLike(data), x, shape, axes, *mode, a.shapeMode, a.ctm,
        a.nearest, a.antialias, a.padsBegin, a.padsEnd, APFloat(a.cubeCoeff));
    if (failed(refineResultType(op)))
      return failure();
    result.tensor = op;
    out = &data;
  }
  result.element = out->element;
  auto type = cast<TensorType>(result.tensor.getType());
  if (type.hasRank())
    result.shape = llvm::to_vector(type.getShape());
  im.setOutput(layer, 0, std::move(result));
  return success();
}
