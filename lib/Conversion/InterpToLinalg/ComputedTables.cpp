//===- ComputedTables.cpp - run-time tables computed by linalg ops --------===//
//
// Portable lowerings cannot call the runtime library to fill the (index,
// weight) tables of axes whose lengths or scale are known at run time only,
// so linalg ops compute them: AxisRows.h's row rule in the IR domain
// (IRDomain.h), column k of row o in one generic body. Fixed-tap kernels
// have their tap count of columns; windowed kernels (linear, area, the
// Pillow filters) have RowRule::windowColumns columns from the window's
// first sample, those past the window's end with weight 0. The scalar
// tables of the runtime library hold the same non-zero taps in the same
// order (AxisRows.h), so the sums agree.
//
//===----------------------------------------------------------------------===//

#include "Tables.h"

#include "interp/Semantics/AxisRows.h"
#include "interp/Semantics/IRDomain.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using rules::AxisKernel;
using rules::IRDomain;

namespace {
/// One axis's row rule in the IR domain, its quantities computed from the
/// run-time parameters (runtimeTableParams': kernel, coordinate, nearest,
/// shape mode, scale, in, out, antialias, cube) wherever `d` builds. Every
/// f64 quantity is computed inside the generics' bodies from the i64
/// lengths, the f32 scale and the i1 antialias flag: a compiler with a
/// host/device split (IREE) runs scalar ops outside them on its host VM,
/// which has no f64 to i64 conversion.
struct AxisRule {
  const ResizeSpec &spec;
  Value inLength, outLength, givenScale, antialias;
  /// Antialias is known to be off: linear's window has two samples.
  bool staticNoAntialias;

  rules::generic::RowRule<IRDomain> in(IRDomain &d) const {
    rules::generic::RowRule<IRDomain> rule{
        d, spec.kernel, spec.coordinateMode, spec.nearestMode,
        rules::generic::axisValues(d, spec.kernel, spec.shapeMode, givenScale,
                                   inLength, outLength, antialias,
                                   spec.cubeCoeff)};
    rule.narrowLinearWindow = staticNoAntialias;
    rule.torchCubic = spec.problem.usesTorchCubic();
    return rule;
  }
};
} // namespace

/// The column count of windowed kernels (RowRule::windowColumns), in a 0-d
/// generic for the same reason as the rest.
static Value windowColumns(OpBuilder &b, Location loc, const AxisRule &axis) {
  Value boundInit =
      tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, b.getI64Type());
  auto boundOp = linalg::GenericOp::create(
      b, loc, boundInit.getType(), ValueRange{}, ValueRange{boundInit},
      ArrayRef<AffineMap>{AffineMap::get(b.getContext())},
      ArrayRef<utils::IteratorType>{},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        IRDomain d{nb, nloc};
        linalg::YieldOp::create(nb, nloc, axis.in(d).windowColumns());
      });
  Value bound =
      tensor::ExtractOp::create(b, loc, boundOp.getResult(0), ValueRange{});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), bound);
}

/// Column k of row o of every (index, raw weight) entry: one generic.
static std::pair<Value, Value> computeEntries(OpBuilder &b, Location loc,
                                              const AxisRule &axis,
                                              RankedTensorType indexType,
                                              RankedTensorType rawType,
                                              ValueRange dynamicSizes) {
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, b.getContext());
  auto parallel = utils::IteratorType::parallel;
  Value indexInit = tensor::EmptyOp::create(b, loc, indexType, dynamicSizes);
  Value rawInit = tensor::EmptyOp::create(b, loc, rawType, dynamicSizes);
  auto entries = linalg::GenericOp::create(
      b, loc, TypeRange{indexType, rawType}, ValueRange{},
      ValueRange{indexInit, rawInit}, ArrayRef<AffineMap>{identity, identity},
      ArrayRef<utils::IteratorType>{parallel, parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        IRDomain d{nb, nloc};
        auto indexI64 = [&](int64_t dim) -> Value {
          return arith::IndexCastOp::create(
              nb, nloc, nb.getI64Type(),
              linalg::IndexOp::create(nb, nloc, dim));
        };
        rules::generic::RowRule<IRDomain> rule = axis.in(d);
        rules::generic::RowState<IRDomain> row = rule.row(d.toF64(indexI64(0)));
        Value k = indexI64(1);
        rules::generic::Entry<IRDomain> e =
            rules::generic::fixedTaps(axis.spec.kernel)
                ? rule.fixedEntry(row, k)
                : rule.windowEntry(row, k);
        linalg::YieldOp::create(nb, nloc, ValueRange{e.index, e.weight});
      });
  return {entries.getResult(0), entries.getResult(1)};
}

/// Each row's weight sum (f64), for the kernels that normalize.
static Value rowSums(OpBuilder &b, Location loc, Value raw, Value rows) {
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  AffineMap rowMap = AffineMap::get(2, 0, {b.getAffineDimExpr(0)}, ctx);
  Type f64 = b.getF64Type();
  Value sumEmpty = tensor::EmptyOp::create(
      b, loc, RankedTensorType::get({ShapedType::kDynamic}, f64),
      ValueRange{rows});
  Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
  Value sumInit =
      linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{sumEmpty})
          .getResult(0);
  return linalg::GenericOp::create(
             b, loc, sumInit.getType(), ValueRange{raw}, ValueRange{sumInit},
             ArrayRef<AffineMap>{identity, rowMap},
             ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                           utils::IteratorType::reduction},
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::AddFOp::create(nb, nloc, args[1], args[0])
                       .getResult());
             })
      .getResult(0);
}

/// The raw weights divided by their row's sum where the kernel normalizes
/// (`sums` set), in the weight type: the accumulator, or Pillow's fixed
/// point (i32).
static Value finalWeights(OpBuilder &b, Location loc, rules::AxisKernel kernel,
                          Value raw, Value sums, RankedTensorType weightType,
                          ValueRange dynamicSizes) {
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  SmallVector<Value> inputs = {raw};
  SmallVector<AffineMap> maps = {identity};
  if (sums) {
    inputs.push_back(sums);
    maps.push_back(AffineMap::get(2, 0, {b.getAffineDimExpr(0)}, ctx));
  }
  maps.push_back(identity);
  Type elementType = weightType.getElementType();
  Value weightInit = tensor::EmptyOp::create(b, loc, weightType, dynamicSizes);
  auto parallel = utils::IteratorType::parallel;
  return linalg::GenericOp::create(
             b, loc, weightType, inputs, ValueRange{weightInit}, maps,
             ArrayRef<utils::IteratorType>{parallel, parallel},
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               IRDomain d{nb, nloc};
               Value w = args[0];
               if (sums)
                 w = rules::generic::normalizedWeight(d, kernel, w, args[1]);
               if (elementType.isInteger(32))
                 w = arith::TruncIOp::create(
                     nb, nloc, elementType,
                     rules::generic::pillowFixedWeight(d, w));
               else if (!elementType.isF64())
                 w = arith::TruncFOp::create(nb, nloc, elementType, w);
               linalg::YieldOp::create(nb, nloc, w);
             })
      .getResult(0);
}

/// PyTorch's precision of the axis from its normalized weights (f64):
/// their largest (0 when there is none, as in rules::fixedPointBits), then
/// rules::generic::torchWeightPrecision, each in a generic body (see
/// AxisRule). Returns 0-d tensors: the fraction bits (i32) and 2^bits (f64).
static std::pair<Value, Value> torchPrecision(OpBuilder &b, Location loc,
                                              Value normalized) {
  MLIRContext *ctx = b.getContext();
  Type f64 = b.getF64Type(), i32 = b.getI32Type();
  auto scalar = [&](Type type) {
    return tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, type);
  };
  Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
  Value largestInit =
      linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{scalar(f64)})
          .getResult(0);
  auto reduction = utils::IteratorType::reduction;
  AffineMap none = AffineMap::get(2, 0, {}, ctx);
  Value largest =
      linalg::GenericOp::create(
          b, loc, largestInit.getType(), ValueRange{normalized},
          ValueRange{largestInit},
          ArrayRef<AffineMap>{AffineMap::getMultiDimIdentityMap(2, ctx), none},
          ArrayRef<utils::IteratorType>{reduction, reduction},
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            IRDomain d{nb, nloc};
            linalg::YieldOp::create(nb, nloc, d.max(args[1], args[0]));
          })
          .getResult(0);
  AffineMap scalarMap = AffineMap::get(0, 0, {}, ctx);
  auto precision = linalg::GenericOp::create(
      b, loc,
      TypeRange{RankedTensorType::get({}, i32), RankedTensorType::get({}, f64)},
      ValueRange{largest}, ValueRange{scalar(i32), scalar(f64)},
      ArrayRef<AffineMap>{scalarMap, scalarMap, scalarMap},
      ArrayRef<utils::IteratorType>{},
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        IRDomain d{nb, nloc};
        rules::generic::TorchPrecision<IRDomain> p =
            rules::generic::torchWeightPrecision(d, args[0]);
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{
                arith::TruncIOp::create(nb, nloc, nb.getI32Type(), p.bits),
                p.scale});
      });
  return {precision.getResult(0), precision.getResult(1)};
}

/// The normalized weights in PyTorch's fixed point at the axis's precision
/// (`scale`, a 0-d f64 tensor): rules::generic::torchFixedWeight.
static Value torchWeights(OpBuilder &b, Location loc, Value normalized,
                          Value scale, RankedTensorType weightType,
                          ValueRange dynamicSizes) {
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  Value init = tensor::EmptyOp::create(b, loc, weightType, dynamicSizes);
  auto parallel = utils::IteratorType::parallel;
  return linalg::GenericOp::create(
             b, loc, weightType, ValueRange{normalized, scale},
             ValueRange{init},
             ArrayRef<AffineMap>{identity, AffineMap::get(2, 0, {}, ctx),
                                 identity},
             ArrayRef<utils::IteratorType>{parallel, parallel},
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               IRDomain d{nb, nloc};
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::TruncIOp::create(
                       nb, nloc, nb.getI32Type(),
                       rules::generic::torchFixedWeight(d, args[0], args[1]))
                       .getResult());
             })
      .getResult(0);
}

AxisTables lowering::buildComputedTables(
    OpBuilder &b, Location loc, const ResizeSpec &spec, ValueRange params,
    OpFoldResult outLength, Value antialias, const ElementTypes &types) {
  Type weightType = types.weight();
  std::optional<int64_t> antialiasConstant = getConstantIntValue(antialias);
  bool staticNoAntialias = antialiasConstant && *antialiasConstant == 0;
  AxisRule axis{spec,      params[5], params[6],
                params[4], antialias, staticNoAntialias};
  // Fixed-tap kernels (and linear without antialias) have their tap count
  // of columns; the windows' count is known at run time.
  std::optional<int64_t> taps = rules::lengthIndependentTaps(
      spec.kernel, /*antialiasActive=*/!staticNoAntialias);
  Value rows = asIndexValue(b, loc, outLength);
  SmallVector<Value> dynamicSizes = {rows};
  if (!taps)
    dynamicSizes.push_back(windowColumns(b, loc, axis));
  int64_t dyn = ShapedType::kDynamic;
  auto tableType = [&](Type element) {
    return RankedTensorType::get({dyn, taps ? *taps : dyn}, element);
  };
  auto [indices, raw] = computeEntries(b, loc, axis, tableType(b.getI64Type()),
                                       tableType(b.getF64Type()), dynamicSizes);
  // Linear and the Pillow filters normalize each row by its weight sum.
  Value sums = rules::generic::isNormalized(spec.kernel)
                   ? rowSums(b, loc, raw, rows)
                   : Value();
  AxisTables tables;
  tables.indices = indices;
  if (types.fixedPoint &&
      types.fixedPoint->scheme == rules::FixedPointSums::Scheme::PyTorch) {
    // The precision depends on the whole table's largest weight: the
    // normalized weights first, then their quantization.
    Value normalized = finalWeights(b, loc, spec.kernel, raw, sums,
                                    tableType(b.getF64Type()), dynamicSizes);
    auto [bits, scale] = torchPrecision(b, loc, normalized);
    tables.weights = torchWeights(b, loc, normalized, scale,
                                  tableType(weightType), dynamicSizes);
    tables.fractionBits = tensor::ExtractOp::create(b, loc, bits, ValueRange{});
    return tables;
  }
  tables.weights = finalWeights(b, loc, spec.kernel, raw, sums,
                                tableType(weightType), dynamicSizes);
  if (types.fixedPoint)
    tables.fractionBits = arith::ConstantOp::create(
        b, loc, b.getI32IntegerAttr(rules::kPillowPrecisionBits));
  return tables;
}
