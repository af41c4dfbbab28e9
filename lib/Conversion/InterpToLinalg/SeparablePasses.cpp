//===- SeparablePasses.cpp - one pass per resized axis --------------------===//
//
// The general strategy: one fully parallel generic per resized axis, in the
// order planResize chose; intermediate passes accumulate, the last one
// stores the element type.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// One separable pass along `axis` whose tap count is only known at run time
/// (linear with antialias, area): a fully parallel generic over the pass's
/// output whose body loops over the taps,
/// out[.., o, ..] = sum_k W[o, k] * in[.., I[o, k], ..].
/// Static tap counts use a direct pass of the axis alone, which unrolls
/// them.
static Value
buildTapLoopPass(OpBuilder &b, Location loc, Value source, int64_t axis,
                 const AxisTables &tables,
                 const std::optional<ConsecutiveTables> &consecutive,
                 Value init, const ElementTypes &types) {
  Value weights = consecutive ? consecutive->weights : tables.weights;
  bool gathers = passGathers(source, {axis});
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{identity}, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value o = position[axis];
        Value zero = arith::ConstantIndexOp::create(nb, nloc, 0);
        Value one = arith::ConstantIndexOp::create(nb, nloc, 1);
        Value count = tensor::DimOp::create(
            nb, nloc, consecutive ? weights : tables.indices, 1);
        // Consecutive taps read from starts[o] on.
        Value start;
        if (consecutive)
          start = arith::IndexCastOp::create(
              nb, nloc, nb.getIndexType(),
              tensor::ExtractOp::create(nb, nloc, consecutive->starts,
                                        ValueRange{o}));
        auto loop = scf::ForOp::create(
            nb, nloc, zero, count, one,
            ValueRange{sumStart(nb, nloc, types, tables.fractionBits)},
            [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
              Value weight = tensor::ExtractOp::create(lb, lloc, weights,
                                                       ValueRange{o, k});
              SmallVector<Value> indices(position);
              if (start) {
                indices[axis] = arith::AddIOp::create(lb, lloc, start, k);
              } else {
                Value index = tensor::ExtractOp::create(
                    lb, lloc, tables.indices, ValueRange{o, k});
                indices[axis] = arith::IndexCastOp::create(
                    lb, lloc, lb.getIndexType(), index);
              }
              Value element =
                  tensor::ExtractOp::create(lb, lloc, source, indices);
              scf::YieldOp::create(
                  lb, lloc,
                  addTap(lb, lloc, iter[0], weight, element, types, gathers));
            });
        linalg::YieldOp::create(nb, nloc,
                                storeSum(nb, nloc, loop.getResult(0), init,
                                         types, tables.fractionBits));
      });
  return generic.getResult(0);
}

Value lowering::buildAxisPass(OpBuilder &b, Location loc, Value source,
                              int64_t axis, const AxisTables &tables,
                              Value init, const ElementTypes &types) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  if (!unrollsTaps(tables.staticTaps(), axis == rank - 1))
    return buildTapLoopPass(b, loc, source, axis, tables,
                            consecutiveConstantTables(b, loc, tables, types),
                            init, types);
  DirectPassInputs inputs =
      directPassInputs(b, loc, {axis}, {&tables}, rank, types);
  return buildDirectPassWithEdges(b, loc, source, inputs, init, types);
}

Value lowering::buildSeparablePasses(
    OpBuilder &b, Location loc, Value source, ArrayRef<int64_t> axes,
    ArrayRef<AxisTables> tables, ArrayRef<size_t> order,
    ArrayRef<OpFoldResult> outSizes, Value init, const ElementTypes &types,
    bool storeEveryPass, ArrayRef<size_t> channelVector) {
  Value passResult = source;
  for (size_t i : order) {
    Value passInit = init;
    if (i != order.back()) {
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(b, loc, passResult);
      sizes[axes[i]] = outSizes[axes[i]];
      passInit = tensor::EmptyOp::create(
          b, loc, sizes, storeEveryPass ? types.data : types.accumulator);
    }
    Value passSource = passResult;
    auto generic = [&](OpBuilder &gb, Location gloc) {
      return buildAxisPass(gb, gloc, passSource, axes[i], tables[i], passInit,
                           types);
    };
    passResult =
        llvm::is_contained(channelVector, i)
            ? buildChannelVectorPass(b, loc, passSource, axes[i], tables[i],
                                     passInit, types, generic)
            : generic(b, loc);
  }
  return passResult;
}
