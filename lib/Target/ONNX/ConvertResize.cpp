//===- ConvertResize.cpp - Resize-10/11/13/18/19 and Upsample-7/9 ---------===//
//
// Reads a node's attributes with the defaults of its version (the largest
// version of the op not above the model's opset), validates them as ONNX
// does, and emits the interp.interpolate_v4 that ResizeRules.cpp finds
// exact; any other configuration is an error naming the attribute.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "ResizeRules.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"

#include "mlir/IR/Verifier.h"

#include <cmath>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::onnximport;

/// A string attribute that must be one of `allowed`.
static LogicalResult getChoice(Importer &im, const onnx::NodeProto &node,
                               StringRef name, StringRef dflt,
                               ArrayRef<StringRef> allowed, std::string &out) {
  FailureOr<std::string> s = im.getString(node, name, dflt);
  if (failed(s))
    return failure();
  if (!llvm::is_contained(allowed, *s)) {
    InFlightDiagnostic diag = im.error(node)
                              << "attribute '" << name << "': '" << *s
                              << "' is not valid in " << node.op_type()
                              << " (expected one of";
    for (StringRef a : allowed)
      diag << " '" << a << "'";
    return diag << ")";
  }
  out = *s;
  return success();
}

/// The attributes of the node's version into `r`.
static LogicalResult readAttributes(Importer &im, const onnx::NodeProto &node,
                                    int64_t version, ResizeRequest &r) {
  if (r.legacy)
    return getChoice(im, node, "mode", "nearest", {"nearest", "linear"},
                     r.mode);
  SmallVector<StringRef> ctms = {"half_pixel", "pytorch_half_pixel",
                                 "align_corners", "asymmetric",
                                 "tf_crop_and_resize"};
  if (version == 11)
    ctms.push_back("tf_half_pixel_for_nn");
  if (version >= 19)
    ctms.push_back("half_pixel_symmetric");
  FailureOr<float> a = im.getFloat(node, "cubic_coeff_a", -0.75f);
  FailureOr<int64_t> excl = im.getInt(node, "exclude_outside", 0);
  FailureOr<float> extrap = im.getFloat(node, "extrapolation_value", 0.0f);
  FailureOr<int64_t> aa =
      version >= 18 ? im.getInt(node, "antialias", 0) : FailureOr<int64_t>(0);
  if (failed(getChoice(im, node, "mode", "nearest",
                       {"nearest", "linear", "cubic"}, r.mode)) ||
      failed(getChoice(im, node, "coordinate_transformation_mode", "half_pixel",
                       ctms, r.ctm)) ||
      failed(getChoice(
          im, node, "nearest_mode", "round_prefer_floor",
          {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"},
          r.nearestMode)) ||
      (version >= 18 &&
       failed(getChoice(im, node, "keep_aspect_ratio_policy", "stretch",
                        {"stretch", "not_larger", "not_smaller"},
                        r.keepAspectRatioPolicy))) ||
      failed(a) || failed(excl) || failed(extrap) || failed(aa))
    return failure();
  // extrapolation_value only fills samples outside a tf_crop_and_resize
  // roi, which the rules reject; a mapped node never reads it.
  r.cubicCoeffA = *a;
  r.excludeOutside = *excl != 0;
  r.antialias = *aa != 0;
  if (r.antialias && r.mode == "nearest")
    return im.error(node) << "attribute 'antialias': 1 is invalid with mode "
                             "'nearest' (ONNX's reference and ONNX Runtime "
                             "refuse it)";
  return success();
}

/// A float operand (roi, scales) or std::nullopt when absent or empty.
static FailureOr<std::optional<SmallVector<double>>>
floatInput(Importer &im, const onnx::NodeProto &node, int i, StringRef what) {
  TensorValue *v = im.input(node, i);
  if (!v)
    return std::optional<SmallVector<double>>();
  FailureOr<SmallVector<double>> values = im.getFloats(node, *v, what);
  if (failed(values))
    return failure();
  if (values->empty())
    return std::optional<SmallVector<double>>();
  return std::optional<SmallVector<double>>(*values);
}

/// The operands into `r`: axes, roi, scales or sizes, the input lengths.
static LogicalResult readOperands(Importer &im, const onnx::NodeProto &node,
                                  int64_t version, TensorValue &data,
                                  ResizeRequest &r) {
  if (!data.shape)
    return im.error(node) << "the input has an unknown rank";
  r.rank = data.shape->size();
  std::optional<SmallVector<int64_t>> axes;
  if (version >= 18) {
    auto a = im.getInts(node, "axes");
    if (failed(a))
      return failure();
    axes = *a;
  }
  if (!axes)
    axes = llvm::to_vector(llvm::seq<int64_t>(0, r.rank));
  for (int64_t a : *axes) {
    if (a < -r.rank || a >= r.rank)
      return im.error(node) << "attribute 'axes': " << a
                            << " is out of range for rank " << r.rank;
    int64_t n = a < 0 ? a + r.rank : a;
    if (llvm::is_contained(r.axes, n))
      return im.error(node) << "attribute 'axes': axis " << a << " repeats";
    r.axes.push_back(n);
  }
  // Operand positions: Upsample-9 and Resize-10 (X, scales); Resize-11+
  // (X, roi, scales, sizes); Upsample-7 has an attribute.
  FailureOr<std::optional<SmallVector<double>>> roi =
      std::optional<SmallVector<double>>();
  FailureOr<std::optional<SmallVector<double>>> scales = roi;
  if (node.op_type() == "Upsample" && version < 9) {
    auto s = im.attr(node, "scales");
    if (!s || s->type() != onnx::AttributeProto::FLOATS)
      return im.error(node) << "attribute 'scales' (floats) is required";
    scales = std::optional<SmallVector<double>>(
        SmallVector<double>(s->floats().begin(), s->floats().end()));
  } else {
    scales = floatInput(im, node, r.legacy ? 1 : 2, "scales");
    roi = r.legacy ? FailureOr<std::optional<SmallVector<double>>>(
                         std::optional<SmallVector<double>>())
                   : floatInput(im, node, 1, "roi");
  }
  if (failed(scales) || failed(roi))
    return failure();
  if (TensorValue *sizes = r.legacy ? nullptr : im.input(node, 3)) {
    FailureOr<SmallVector<int64_t>> s = im.getInts(node, *sizes, "sizes");
    if (failed(s))
      return failure();
    if (!s->empty())
      r.sizes = *s;
  }
  size_t n = r.axes.size();
  if (bool(*scales) == bool(r.sizes))
    return im.error(node) << "exactly one of 'scales' and 'sizes' must be "
                             "given (and not empty)";
  if ((*scales && (*scales)->size() != n) || (r.sizes && r.sizes->size() != n))
    return im.error(node) << "'" << (*scales ? "scales" : "sizes")
                          << "' must have one element per axis (" << n << ")";
  if (*scales) {
    r.scales.emplace();
    for (double s : **scales) {
      if (!(s > 0) || !std::isfinite(s) ||
          (node.op_type() == "Upsample" && s < 1))
        return im.error(node) << "'scales': " << s << " is not a valid scale";
      r.scales->push_back(float(s));
    }
  }
  if (r.sizes && llvm::any_of(*r.sizes, [](int64_t s) { return s < 0; }))
    return im.error(node) << "'sizes' must not be negative";
  if (r.ctm == "tf_crop_and_resize") {
    if (!*roi || (*roi)->size() != 2 * n)
      return im.error(node) << "'roi' must have " << 2 * n
                            << " elements with 'tf_crop_and_resize'";
    if (!llvm::all_of(**roi, [](double v) { return std::isfinite(v); }))
      return im.error(node) << "'roi' must be finite";
    for (size_t i = 0; i < n; ++i)
      r.roi.push_back({(**roi)[i], (**roi)[n + i]});
  }
  for (int64_t a : r.axes) {
    int64_t len = (*data.shape)[a];
    if (ShapedType::isDynamic(len) || len == 0)
      return im.error(node)
             << "dimension " << a << " of the input is "
             << (len == 0 ? "empty" : "dynamic")
             << "; interp decides whether it computes ONNX's Resize exactly "
                "from static input lengths";
    r.lengths.push_back(len);
  }
  // Output lengths beyond interp's largest dimension are refused before any
  // rule computes with them (they would overflow int64).
  for (size_t i = 0; i < n; ++i) {
    double out = r.sizes ? double((*r.sizes)[i])
                         : double((*r.scales)[i]) * double(r.lengths[i]);
    if (out > double(rules::kMaxDimension))
      return im.error(node) << "the output length on axis " << r.axes[i]
                            << " exceeds interp's largest dimension 2^48";
  }
  return success();
}

/// The version of Resize or Upsample the model's opset selects.
static std::optional<int64_t> opVersion(StringRef type, int64_t opset) {
  static const int64_t upsample[] = {7, 9, 10};
  static const int64_t resize[] = {10, 11, 13, 18, 19};
  ArrayRef<int64_t> versions =
      type == "Upsample" ? ArrayRef(upsample) : ArrayRef(resize);
  std::optional<int64_t> v;
  for (int64_t x : versions)
    if (x <= opset)
      v = x;
  return v;
}

LogicalResult onnximport::convertResize(Importer &im,
                                        const onnx::NodeProto &node) {
  bool upsample = node.op_type() == "Upsample";
  std::optional<int64_t> version = opVersion(node.op_type(), im.opset);
  if (!version || (upsample && *version == 10))
    return im.error(node) << node.op_type() << " is not imported at opset "
                          << im.opset << " (interp imports Upsample-7 and -9, "
                          << "Resize-10, -11, -13, -18 and -19)";
  ResizeRequest r;
  r.legacy = upsample || *version == 10;
  int maxInputs = upsample ? (*version < 9 ? 1 : 2) : (r.legacy ? 2 : 4);
  if (failed(im.expectInputs(node, 1, maxInputs)) ||
      failed(readAttributes(im, node, *version, r)))
    return failure();
  TensorValue &data = *im.input(node, 0);
  if (failed(readOperands(im, node, *version, data, r)))
    return failure();
  std::optional<rules::ElementType> kind =
      toReferenceElementType(data.element.type);
  r.float64Weights = !kind || rules::accumulatesInFloat64(*kind);
  ResizeMapping m;
  if (std::optional<Rejection> rej = mapResize(r, m))
    return im.error(node) << "not expressible exactly as "
                             "interp.interpolate_v4: attribute '"
                          << rej->attribute << "': " << rej->reason;

  Location loc = im.opLoc(node);
  OpBuilder &b = im.builder;
  MLIRContext *ctx = im.getContext();
  auto i64 = *elementTypeOf(onnx::TensorProto::INT64, ctx);
  auto f32 = *elementTypeOf(onnx::TensorProto::FLOAT, ctx);
  int64_t n = m.axes.size();
  auto ints = [&](ArrayRef<int64_t> v) {
    SmallVector<APInt> is;
    for (int64_t x : v)
      is.push_back(APInt(64, x, true));
    TensorValue t = im.constant1D(i64, {n}, {}, is);
    return im.materialize(t, loc);
  };
  SmallVector<APFloat> fs;
  for (float s : m.scales)
    fs.push_back(APFloat(s));
  TensorValue scales = im.constant1D(f32, {n}, fs, {});
  Value x = im.materialize(data, loc);
  SmallVector<int64_t> dynamic(r.rank, ShapedType::kDynamic);
  auto op = InterpolateV4Op::create(
      b, loc, RankedTensorType::get(dynamic, data.element.type), x,
      ints(m.sizes), im.materialize(scales, loc), ints(m.axes), m.mode,
      m.shapeMode, m.ctm, m.nearest, m.antialias, ArrayRef<int64_t>{},
      ArrayRef<int64_t>(m.padsEnd), APFloat(double(m.cubeCoeff)));
  if (failed(mlir::verify(op)))
    return failure();
  auto type = cast<RankedTensorType>(op.getResult().getType());
  type = type.clone(interp::inferResultShape(op));
  op.getResult().setType(type);
  TensorValue result;
  result.element = data.element;
  result.shape = llvm::to_vector(type.getShape());
  result.tensor = op;
  im.setOutput(node, 0, std::move(result));
  return success();
}
