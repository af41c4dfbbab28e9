//===- ComputedTables.cpp - run-time tables computed by linalg ops --------===//
//
// Portable lowerings cannot call the runtime library to fill the (index,
// weight) tables of axes whose lengths or scale are known at run time only,
// so linalg ops compute them: AxisRules.h's row rule in the IR domain
// (IRDomain.h), column k of row o in one generic body. Fixed-tap kernels
// have their tap count of columns; windowed kernels (linear, area, the
// Pillow filters) have RowRule::windowColumns columns from the window's
// first sample, those past the window's end with weight 0. The scalar
// tables of the runtime library hold the same non-zero taps in the same
// order (AxisRules.h), so the sums agree.
//
//===----------------------------------------------------------------------===//

#include "ResizeLowering.h"

#include "interp/Semantics/AxisRules.h"
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

AxisTables lowering::buildComputedTables(OpBuilder &b, Location loc,
                                         const ResizeSpec &spec,
                                         ValueRange params,
                                         OpFoldResult outLength,
                                         Value antialias, FloatType accType) {
  // params: runtimeTableParams' (kernel, coordinate, nearest, shape mode,
  // scale, in, out, antialias, cube); the modes are the spec's constants.
  // Every f64 quantity is computed inside the generics' bodies from the
  // i64 lengths, the f32 scale and the i1 antialias flag: a compiler with a
  // host/device split (IREE) runs scalar ops outside them on its host VM,
  // which has no f64 to i64 conversion.
  Value inLength = params[5], outLength64 = params[6], givenScale = params[4];
  // The rule of this axis, its quantities computed where `d` builds.
  std::optional<int64_t> antialiasConstant = getConstantIntValue(antialias);
  bool staticNoAntialias = antialiasConstant && *antialiasConstant == 0;
  auto ruleIn = [&](IRDomain &d) {
    rules::generic::RowRule<IRDomain> rule{
        d, spec.kernel, spec.coordinateMode, spec.nearestMode,
        rules::generic::axisValues(d, spec.kernel, spec.shapeMode, givenScale,
                                   inLength, outLength64, antialias,
                                   spec.cubeCoeff)};
    rule.narrowLinearWindow = staticNoAntialias;
    return rule;
  };

  std::optional<int64_t> taps = rules::lengthIndependentTaps(
      spec.kernel, /*antialiasActive=*/!staticNoAntialias);
  int64_t dyn = ShapedType::kDynamic;
  Value rows = asIndexValue(b, loc, outLength);
  SmallVector<Value> dynamicSizes = {rows};
  if (!taps) {
    // In a 0-d generic for the same reason.
    Value boundInit =
        tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, b.getI64Type());
    auto boundOp = linalg::GenericOp::create(
        b, loc, boundInit.getType(), ValueRange{}, ValueRange{boundInit},
        ArrayRef<AffineMap>{AffineMap::get(b.getContext())},
        ArrayRef<utils::IteratorType>{},
        [&](OpBuilder &nb, Location nloc, ValueRange) {
          IRDomain d{nb, nloc};
          linalg::YieldOp::create(nb, nloc, ruleIn(d).windowColumns());
        });
    Value bound =
        tensor::ExtractOp::create(b, loc, boundOp.getResult(0), ValueRange{});
    dynamicSizes.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), bound));
  }
  int64_t columns = taps ? *taps : dyn;
  auto tableType = [&](Type element) {
    return RankedTensorType::get({dyn, columns}, element);
  };
  Type i64 = b.getI64Type(), f64 = b.getF64Type();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  auto parallel = utils::IteratorType::parallel;

  Value indexInit =
      tensor::EmptyOp::create(b, loc, tableType(i64), dynamicSizes);
  Value rawInit = tensor::EmptyOp::create(b, loc, tableType(f64), dynamicSizes);
  auto entries = linalg::GenericOp::create(
      b, loc, TypeRange{tableType(i64), tableType(f64)}, ValueRange{},
      ValueRange{indexInit, rawInit}, ArrayRef<AffineMap>{identity, identity},
      ArrayRef<utils::IteratorType>{parallel, parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        IRDomain d{nb, nloc};
        auto indexI64 = [&](int64_t dim) -> Value {
          return arith::IndexCastOp::create(
              nb, nloc, i64, linalg::IndexOp::create(nb, nloc, dim));
        };
        rules::generic::RowRule<IRDomain> rule = ruleIn(d);
        rules::generic::RowState<IRDomain> row = rule.row(d.toF64(indexI64(0)));
        Value k = indexI64(1);
        rules::generic::Entry<IRDomain> e =
            rules::generic::fixedTaps(spec.kernel) ? rule.fixedEntry(row, k)
                                                   : rule.windowEntry(row, k);
        linalg::YieldOp::create(nb, nloc, ValueRange{e.index, e.weight});
      });
  Value indices = entries.getResult(0);
  Value raw = entries.getResult(1);

  // Linear and the Pillow filters normalize each row by its weight sum
  // (linear: a zero sum makes the row 0; Pillow: leaves it).
  bool normalized = rules::generic::isNormalized(spec.kernel);
  Value sums;
  AffineMap rowMap = AffineMap::get(2, 0, {b.getAffineDimExpr(0)}, ctx);
  if (normalized) {
    Value sumEmpty = tensor::EmptyOp::create(
        b, loc, RankedTensorType::get({dyn}, f64), ValueRange{rows});
    Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
    Value sumInit =
        linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{sumEmpty})
            .getResult(0);
    sums = linalg::GenericOp::create(
               b, loc, sumInit.getType(), ValueRange{raw}, ValueRange{sumInit},
               ArrayRef<AffineMap>{identity, rowMap},
               ArrayRef<utils::IteratorType>{parallel,
                                             utils::IteratorType::reduction},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[1], args[0])
                         .getResult());
               })
               .getResult(0);
  }
  SmallVector<Value> inputs = {raw};
  SmallVector<AffineMap> maps = {identity};
  if (sums) {
    inputs.push_back(sums);
    maps.push_back(rowMap);
  }
  maps.push_back(identity);
  Value weightInit =
      tensor::EmptyOp::create(b, loc, tableType(accType), dynamicSizes);
  Value weights =
      linalg::GenericOp::create(
          b, loc, tableType(accType), inputs, ValueRange{weightInit}, maps,
          ArrayRef<utils::IteratorType>{parallel, parallel},
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            IRDomain d{nb, nloc};
            Value w = args[0];
            if (sums)
              w = rules::generic::normalizedWeight(d, spec.kernel, w, args[1]);
            if (!accType.isF64())
              w = arith::TruncFOp::create(nb, nloc, accType, w);
            linalg::YieldOp::create(nb, nloc, w);
          })
          .getResult(0);

  AxisTables tables;
  tables.indices = indices;
  tables.weights = weights;
  return tables;
}
