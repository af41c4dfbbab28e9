//===- SeparablePasses.cpp - one pass per resized axis --------------------===//
//
// The general strategy: one fully parallel generic per resized axis, in the
// order planResize chose; intermediate passes accumulate, the last one
// stores the element type.
//
//===----------------------------------------------------------------------===//

#include "FlatView.h"
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

/// Where consecutive taps of output `o` start (starts[o], an index), or
/// null for tables that list every tap's index.
static Value firstTap(OpBuilder &b, Location loc,
                      const std::optional<ConsecutiveTables> &consecutive,
                      Value o) {
  if (!consecutive)
    return nullptr;
  return arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      tensor::ExtractOp::create(b, loc, consecutive->starts, ValueRange{o}));
}

/// The input index tap `k` of output `o` reads: first + k for consecutive
/// taps (`first`: firstTap), else indices[o, k].
static Value tapIndex(OpBuilder &b, Location loc, const AxisTables &tables,
                      Value first, Value o, Value k) {
  if (first)
    return arith::AddIOp::create(b, loc, first, k);
  return arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      tensor::ExtractOp::create(b, loc, tables.indices, ValueRange{o, k}));
}

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
        Value start = firstTap(nb, nloc, consecutive, o);
        auto loop = scf::ForOp::create(
            nb, nloc, zero, count, one,
            ValueRange{sumStart(nb, nloc, types, tables.fractionBits)},
            [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
              Value weight = tensor::ExtractOp::create(lb, lloc, weights,
                                                       ValueRange{o, k});
              SmallVector<Value> indices(position);
              indices[axis] = tapIndex(lb, lloc, tables, start, o, k);
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

/// The tap-loop pass along an outer `axis` in row form: a parallel loop over
/// the output rows (every index outside and at `axis`), each row's sums
/// accumulated tap by tap over the whole row (the dimensions inside the
/// axis), acc[..] += W[o, k] * in[.., I[o, k], ..], then stored. Each output
/// adds the same taps in the same order as buildTapLoopPass's loop (bit for
/// bit the same sums), but the loop over the row's elements is innermost and
/// contiguous, so it vectorizes, and each tap's weight and index are read
/// once per row instead of once per element.
static Value
buildRowTapLoopPass(OpBuilder &b, Location loc, Value source, int64_t axis,
                    const AxisTables &tables,
                    const std::optional<ConsecutiveTables> &consecutive,
                    Value init, const ElementTypes &types) {
  Value weights = consecutive ? consecutive->weights : tables.weights;
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t rank = initType.getRank();
  int64_t innerRank = rank - axis - 1;
  SmallVector<OpFoldResult> rows;
  for (int64_t d = 0; d <= axis; ++d)
    rows.push_back(tensor::getMixedSize(b, loc, init, d));
  SmallVector<OpFoldResult> innerSizes;
  SmallVector<int64_t> innerShape;
  for (int64_t d = axis + 1; d < rank; ++d) {
    innerSizes.push_back(tensor::getMixedSize(b, loc, init, d));
    innerShape.push_back(initType.getDimSize(d));
  }
  Value count =
      tensor::DimOp::create(b, loc, consecutive ? weights : tables.indices, 1);
  AffineMap identity = b.getMultiDimIdentityMap(innerRank);
  SmallVector<utils::IteratorType> iterators(innerRank,
                                             utils::IteratorType::parallel);
  // The slice of row `ivs` (the indices outside the axis, then the axis's
  // index `at`) of a tensor of rank `rank`.
  auto rowOffsets = [&](ValueRange outer, Value at) {
    SmallVector<OpFoldResult> offsets(outer.begin(), outer.end());
    offsets.push_back(at);
    offsets.append(innerRank, b.getIndexAttr(0));
    return offsets;
  };
  SmallVector<OpFoldResult> rowSizes(axis + 1, b.getIndexAttr(1));
  rowSizes.append(innerSizes);
  SmallVector<OpFoldResult> unitStrides(rank, b.getIndexAttr(1));

  auto forall = scf::ForallOp::create(
      b, loc, rows, ValueRange{init}, std::nullopt,
      [&](OpBuilder &fb, Location floc, ValueRange args) {
        ValueRange outer = args.take_front(axis);
        Value o = args[axis];
        Value out = args.back();
        Value zero = arith::ConstantIndexOp::create(fb, floc, 0);
        Value one = arith::ConstantIndexOp::create(fb, floc, 1);
        Value bias = sumStart(fb, floc, types, tables.fractionBits);
        auto rowType =
            RankedTensorType::get(innerShape, initType.getElementType());
        SmallVector<OpFoldResult> offsets = rowOffsets(outer, o);
        Value row = tensor::ExtractSliceOp::create(
            fb, floc, rowType, out, offsets, rowSizes, unitStrides);
        // Sums of the output's own type (float data summed in its type)
        // accumulate in the output row; others in a row of their own.
        bool sumsInRow = bias.getType() == initType.getElementType();
        Value sums = linalg::FillOp::create(
                         fb, floc, bias,
                         sumsInRow ? row
                                   : Value(tensor::EmptyOp::create(
                                         fb, floc, innerSizes, bias.getType())))
                         .result();
        Value start = firstTap(fb, floc, consecutive, o);
        auto sourceRowType =
            RankedTensorType::get(innerShape, sourceType.getElementType());
        auto loop = scf::ForOp::create(
            fb, floc, zero, count, one, ValueRange{sums},
            [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
              Value weight = tensor::ExtractOp::create(lb, lloc, weights,
                                                       ValueRange{o, k});
              Value index = tapIndex(lb, lloc, tables, start, o, k);
              Value sourceRow = tensor::ExtractSliceOp::create(
                  lb, lloc, sourceRowType, source, rowOffsets(outer, index),
                  rowSizes, unitStrides);
              auto add = linalg::GenericOp::create(
                  lb, lloc, iter[0].getType(), ValueRange{sourceRow},
                  ValueRange{iter[0]}, ArrayRef<AffineMap>{identity, identity},
                  iterators,
                  [&](OpBuilder &gb, Location gloc, ValueRange elements) {
                    linalg::YieldOp::create(gb, gloc,
                                            addTap(gb, gloc, elements[1],
                                                   weight, elements[0], types,
                                                   /*gathers=*/false));
                  });
              scf::YieldOp::create(lb, lloc, add.getResult(0));
            });
        Value stored = loop.getResult(0);
        if (!sumsInRow)
          stored = linalg::GenericOp::create(
                       fb, floc, rowType, ValueRange{stored}, ValueRange{row},
                       ArrayRef<AffineMap>{identity, identity}, iterators,
                       [&](OpBuilder &gb, Location gloc, ValueRange elements) {
                         linalg::YieldOp::create(gb, gloc,
                                                 storeSum(gb, gloc, elements[0],
                                                          row, types,
                                                          tables.fractionBits));
                       })
                       .getResult(0);
        auto inParallel = scf::InParallelOp::create(fb, floc);
        OpBuilder::InsertionGuard guard(fb);
        fb.setInsertionPointToStart(inParallel.getBody());
        tensor::ParallelInsertSliceOp::create(fb, floc, stored, out, offsets,
                                              rowSizes, unitStrides);
      });
  return forall.getResult(0);
}

/// The direct pass along an outer `axis` over flat rows: where the source's
/// dimensions inside the axis are one run of elements (checked when the
/// code runs), into `init` with them collapsed into one, whose loop over
/// the run vectorizes whatever the innermost dimension's length; elsewhere
/// `otherLayouts`. Each output sums the same taps in the same order.
static Value
buildFlatRowsPass(OpBuilder &b, Location loc, Value source, int64_t axis,
                  const AxisTables &tables, Value init,
                  const ElementTypes &types,
                  function_ref<Value(OpBuilder &, Location)> otherLayouts) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  FlatView view = flatView(b, loc, source);
  SmallVector<ReassociationIndices> rows;
  for (int64_t d = 0; d <= axis; ++d)
    rows.push_back({d});
  rows.emplace_back();
  for (int64_t d = axis + 1; d < rank; ++d)
    rows.back().push_back(d);
  return scf::IfOp::create(
             b, loc, isRowMajorFrom(b, loc, view, axis + 1),
             [&](OpBuilder &tb, Location tloc) {
               Value flatInit =
                   tensor::CollapseShapeOp::create(tb, tloc, init, rows);
               DirectPassInputs inputs =
                   directPassInputs(tb, tloc, {axis}, {&tables}, rank, types);
               Value flat = buildDirectPass(tb, tloc, source, inputs.axes,
                                            flatInit, types, &view);
               scf::YieldOp::create(tb, tloc,
                                    tensor::ExpandShapeOp::create(
                                        tb, tloc, init.getType(), flat, rows,
                                        tensor::getMixedSizes(tb, tloc, init))
                                        .getResult());
             },
             [&](OpBuilder &eb, Location eloc) {
               scf::YieldOp::create(eb, eloc, otherLayouts(eb, eloc));
             })
      .getResult(0);
}

Value lowering::buildAxisPass(OpBuilder &b, Location loc, Value source,
                              int64_t axis, const AxisTables &tables,
                              Value init, const ElementTypes &types,
                              RowForms forms) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  if (!unrollsTaps(tables.staticTaps(), axis == rank - 1)) {
    std::optional<ConsecutiveTables> consecutive =
        consecutiveConstantTables(b, loc, tables, types);
    if (forms.tapLoopPerRow && axis + 1 < rank)
      return buildRowTapLoopPass(b, loc, source, axis, tables, consecutive,
                                 init, types);
    return buildTapLoopPass(b, loc, source, axis, tables, consecutive, init,
                            types);
  }
  auto direct = [&](OpBuilder &db, Location dloc) {
    DirectPassInputs inputs =
        directPassInputs(db, dloc, {axis}, {&tables}, rank, types);
    return buildDirectPassWithEdges(db, dloc, source, inputs, init, types);
  };
  if (forms.flatRows && axis + 2 < rank)
    return buildFlatRowsPass(b, loc, source, axis, tables, init, types, direct);
  return direct(b, loc);
}

Value lowering::buildSeparablePasses(
    OpBuilder &b, Location loc, Value source, ArrayRef<int64_t> axes,
    ArrayRef<AxisTables> tables, ArrayRef<size_t> order,
    ArrayRef<OpFoldResult> outSizes, Value init, const ElementTypes &types,
    bool storeEveryPass, ArrayRef<size_t> channelVector,
    ArrayRef<size_t> rowTapLoops, ArrayRef<size_t> flatRows) {
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
      RowForms forms{llvm::is_contained(rowTapLoops, i),
                     llvm::is_contained(flatRows, i)};
      return buildAxisPass(gb, gloc, passSource, axes[i], tables[i], passInit,
                           types, forms);
    };
    passResult = llvm::is_contained(channelVector, i)
                     ? buildChannelVectorPass(b, loc, passSource, axes[i],
                                              tables[i], passInit,
                                              i != order.back(), types, generic)
                     : generic(b, loc);
  }
  return passResult;
}
