//===- Nearest.cpp - nearest as one copying generic -----------------------===//
//
// nearest copies elements: one linalg.generic over the output, whose source
// index is the table's (a gather) or, when every resized axis has an
// integer ratio, an affine map of the loop indices (a copy LLVM vectorizes
// with shuffles).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// Every resized axis reads the input at affine positions (integer ratios,
/// rules::AffineTapRun): the source indexing map does the index math. An
/// axis with period P > 1 is iterated as (k, p) loops writing output
/// P k + p, so after lowering the innermost loop walks the input
/// contiguously (or with a constant stride). linalg derives loop ranges only
/// from plain dimension results, so such an axis also passes its index
/// table, reshaped to [K, P], read at (k, p); its values equal the affine
/// index and the body does not use them.
static Value buildNearestCopy(OpBuilder &b, Location loc, Value source,
                              ArrayRef<int64_t> axes,
                              ArrayRef<AxisTables> tables, Value init) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  SmallVector<const AxisTables *> tablesOfDim(rank, nullptr);
  for (auto [i, axis] : llvm::enumerate(axes))
    if (!tables[i].isIdentity)
      tablesOfDim[axis] = &tables[i];

  int64_t loops = 0;
  for (int64_t d = 0; d < rank; ++d)
    loops += tablesOfDim[d] && tablesOfDim[d]->run->period > 1 ? 2 : 1;
  SmallVector<AffineExpr> sourceExprs, outputExprs;
  SmallVector<Value> rangeInputs;
  SmallVector<AffineMap> rangeMaps;
  int64_t loop = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (!tablesOfDim[d]) {
      AffineExpr o = b.getAffineDimExpr(loop++);
      sourceExprs.push_back(o);
      outputExprs.push_back(o);
      continue;
    }
    const rules::AffineTapRun &run = *tablesOfDim[d]->run;
    if (run.period == 1) {
      AffineExpr o = b.getAffineDimExpr(loop++);
      sourceExprs.push_back(run.inputStep * o + run.offsets[0]);
      outputExprs.push_back(o);
      continue;
    }
    AffineExpr k = b.getAffineDimExpr(loop++);
    AffineExpr p = b.getAffineDimExpr(loop++);
    sourceExprs.push_back(run.inputStep * k + run.phaseStep * p +
                          run.offsets[0]);
    outputExprs.push_back(run.period * k + p);
    auto rangeType =
        RankedTensorType::get({run.endPeriod, run.period}, b.getI64Type());
    rangeInputs.push_back(arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            rangeType, ArrayRef(tablesOfDim[d]->constantTable->indices))));
    rangeMaps.push_back(AffineMap::get(loops, 0, {k, p}, b.getContext()));
  }
  SmallVector<Value> inputs = {source};
  inputs.append(rangeInputs);
  SmallVector<AffineMap> maps = {
      AffineMap::get(loops, 0, sourceExprs, b.getContext())};
  maps.append(rangeMaps);
  maps.push_back(AffineMap::get(loops, 0, outputExprs, b.getContext()));
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, args[0]);
      });
  return generic.getResult(0);
}

/// One gathering generic: out[o] = in[I_0[o_0], ..., I_n[o_n]].
static Value buildNearestGather(OpBuilder &b, Location loc, Value source,
                                ArrayRef<int64_t> axes,
                                ArrayRef<AxisTables> tables, Value init) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int64_t> tableOfDim(rank, -1);
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (tables[i].isIdentity)
      continue;
    tableOfDim[axis] = inputs.size();
    // The K = 1 column of the table, read at (o_axis, 0).
    inputs.push_back(tables[i].indices);
    maps.push_back(AffineMap::get(
        rank, 0, {b.getAffineDimExpr(axis), b.getAffineConstantExpr(0)},
        b.getContext()));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> indices;
        for (int64_t d = 0; d < rank; ++d) {
          if (tableOfDim[d] >= 0)
            indices.push_back(arith::IndexCastOp::create(
                nb, nloc, nb.getIndexType(), args[tableOfDim[d]]));
          else
            indices.push_back(linalg::IndexOp::create(nb, nloc, d));
        }
        Value element = tensor::ExtractOp::create(nb, nloc, source, indices);
        linalg::YieldOp::create(nb, nloc, element);
      });
  return generic.getResult(0);
}

Value lowering::buildNearest(OpBuilder &b, Location loc, Value source,
                             ArrayRef<int64_t> axes,
                             ArrayRef<AxisTables> tables, Value init,
                             bool affine) {
  if (affine)
    return buildNearestCopy(b, loc, source, axes, tables, init);
  return buildNearestGather(b, loc, source, axes, tables, init);
}
