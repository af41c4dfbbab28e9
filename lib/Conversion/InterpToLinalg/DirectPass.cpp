//===- DirectPass.cpp - resized axes summed in one generic ----------------===//
//
// The direct pass: every tap combination of several resized axes summed per
// output element, with no intermediate tensor, and its forms along the
// innermost axis when that axis has an affine tap run (the run's interior
// with affine indices, the clamped edges with their table rows).
//
//===----------------------------------------------------------------------===//

#include "FlatView.h"
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

namespace {
/// The generic's inputs and indexing maps, and where each axis's operands
/// begin among its body's arguments (-1 when the axis has none).
struct DirectPassOperands {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int64_t> firstIndexArg, firstWeightArg;
};

/// Per axis and tap: the source index along the axis and the weight.
struct TapOperands {
  SmallVector<SmallVector<Value>> index, weight;
};
} // namespace

/// One input per tap of each table: the generic reads tap t's column of a
/// table through a map with the constant t, so the taps are unrolled and
/// every load is indexed by the loop indices alone. The last map is the
/// output's, where the run axis's output is P k + p + offset.
static DirectPassOperands directPassOperands(OpBuilder &b,
                                             ArrayRef<DirectPassAxis> axes,
                                             const DirectPassAxis *runAxis,
                                             int64_t rank) {
  MLIRContext *ctx = b.getContext();
  int64_t loops = rank + (runAxis ? 1 : 0);
  DirectPassOperands operands;
  SmallVector<Value> &inputs = operands.inputs;
  SmallVector<AffineMap> &maps = operands.maps;
  operands.firstIndexArg.assign(axes.size(), -1);
  operands.firstWeightArg.assign(axes.size(), -1);
  for (auto [i, a] : llvm::enumerate(axes)) {
    AffineExpr o = b.getAffineDimExpr(a.axis);
    if (a.run) {
      operands.firstWeightArg[i] = inputs.size();
      for (int64_t t = 0; t < a.taps; ++t) {
        inputs.push_back(a.run->weights);
        maps.push_back(AffineMap::get(
            loops, 0, {b.getAffineConstantExpr(t), b.getAffineDimExpr(rank), o},
            ctx));
      }
      continue;
    }
    if (a.starts) {
      operands.firstIndexArg[i] = inputs.size();
      inputs.push_back(a.starts);
      maps.push_back(AffineMap::get(loops, 0, {o}, ctx));
    }
    for (auto [table, first] :
         {std::pair(a.indices, &operands.firstIndexArg[i]),
          std::pair(a.weights, &operands.firstWeightArg[i])}) {
      if (!table)
        continue;
      *first = inputs.size();
      for (int64_t t = 0; t < a.taps; ++t) {
        inputs.push_back(table);
        maps.push_back(
            AffineMap::get(loops, 0, {o, b.getAffineConstantExpr(t)}, ctx));
      }
    }
  }
  SmallVector<AffineExpr> outputExprs;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr o = b.getAffineDimExpr(d);
    if (runAxis && d == runAxis->axis)
      o = runAxis->run->period * o + b.getAffineDimExpr(rank) +
          runAxis->run->outputOffset;
    outputExprs.push_back(o);
  }
  maps.push_back(AffineMap::get(loops, 0, outputExprs, ctx));
  return operands;
}

/// Tap `t`'s source index in an affine tap run, S k + D p + base_t: affine
/// in the loop indices, where a table read would be a gather.
static Value runTapIndex(OpBuilder &b, Location loc,
                         const AffineRunOperands &run, Value k, Value phase,
                         int64_t t) {
  Value index = b.createOrFold<arith::MulIOp>(
      loc, k, arith::ConstantIndexOp::create(b, loc, run.inputStep));
  index = b.createOrFold<arith::AddIOp>(
      loc, index,
      b.createOrFold<arith::MulIOp>(
          loc, phase, getValueOrCreateConstantIndexOp(b, loc, run.phaseStep)));
  return b.createOrFold<arith::AddIOp>(
      loc, index, getValueOrCreateConstantIndexOp(b, loc, run.bases[t]));
}

/// The source indices and weights of every axis's taps, in the generic's
/// body (`args`), at output `position` and run phase `phase`.
static TapOperands tapOperands(OpBuilder &b, Location loc,
                               ArrayRef<DirectPassAxis> axes,
                               const DirectPassOperands &operands,
                               ValueRange args, ArrayRef<Value> position,
                               Value phase) {
  TapOperands taps;
  taps.index.resize(axes.size());
  taps.weight.resize(axes.size());
  for (auto [i, a] : llvm::enumerate(axes)) {
    // Consecutive taps read from starts[o] on.
    Value start =
        a.starts ? arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                              args[operands.firstIndexArg[i]])
                       .getResult()
                 : Value();
    for (int64_t t = 0; t < a.taps; ++t) {
      taps.weight[i].push_back(args[operands.firstWeightArg[i] + t]);
      if (start) {
        taps.index[i].push_back(b.createOrFold<arith::AddIOp>(
            loc, start, arith::ConstantIndexOp::create(b, loc, t)));
        continue;
      }
      if (!a.run) {
        taps.index[i].push_back(arith::IndexCastOp::create(
            b, loc, b.getIndexType(), args[operands.firstIndexArg[i] + t]));
        continue;
      }
      taps.index[i].push_back(
          runTapIndex(b, loc, *a.run, position[a.axis], phase, t));
    }
  }
  return taps;
}

/// The sum over every tap combination of the product of the axes' weights
/// and the source element there, in the pass's arithmetic (addTap).
static Value sumTapCombinations(OpBuilder &b, Location loc,
                                function_ref<Value(ArrayRef<Value>)> readSource,
                                ArrayRef<DirectPassAxis> axes,
                                const TapOperands &taps,
                                ArrayRef<Value> position, Value init,
                                const ElementTypes &types, bool gathers) {
  // Fixed-point sums are per axis (the Pillow modes' separable passes):
  // weights of several axes are not multiplied in fixed point.
  assert((!types.fixedPoint || axes.size() == 1) &&
         "fixed-point sums run one axis per pass");
  // A float sum starts at +0 (the reference's order: 0 + p_0 + p_1 ...),
  // which makes an all -0 sum +0. Stored into an integer, the sign of a
  // zero does not matter, and the sum starts with p_0 (one add per output
  // less). A fixed-point sum starts at its rounding bias.
  bool storesInteger = isa<IntegerType>(getElementTypeOrSelf(init.getType()));
  Value sum = storesInteger && !types.fixedPoint
                  ? Value()
                  : sumStart(b, loc, types, axes.front().fractionBits);
  SmallVector<int64_t> combo(axes.size(), 0);
  for (;;) {
    SmallVector<Value> indices(position);
    Value weight;
    for (auto [i, a] : llvm::enumerate(axes)) {
      indices[a.axis] = taps.index[i][combo[i]];
      Value w = taps.weight[i][combo[i]];
      weight =
          weight ? arith::MulFOp::create(b, loc, weight, w).getResult() : w;
    }
    Value element = readSource(indices);
    sum = addTap(b, loc, sum, weight, element, types, gathers);
    // Next combination, the last axis fastest.
    int64_t i = static_cast<int64_t>(axes.size()) - 1;
    while (i >= 0 && ++combo[i] == axes[i].taps)
      combo[i--] = 0;
    if (i < 0)
      return sum;
  }
}

/// Resized axes in one generic:
/// out[o] = sum over tap combinations of (W_0[o_0, t_0] * W_1[o_1, t_1] ...)
///          * in[I_0[o_0, t_0], I_1[o_1, t_1], ...].
/// With every resized axis, there are no intermediate tensors: memory
/// traffic is the input and the output only, which for upsampling
/// (memory-bound) beats separable passes that write and re-read full-size
/// intermediates; it costs the product of the tap counts per element, so it
/// is used when that product is small (kMaxDirectTaps). With one axis it is
/// a separable pass. The taps are unrolled. Table indices of outer axes are
/// invariant in the innermost loop, so the innermost loop reads contiguous
/// rows and vectorizes into plain loads and FMAs.
///
/// An innermost axis with an affine tap run (AffineRunOperands) is iterated as
/// (k, p); its source index S k + D p + base_t is computed in the body, affine
/// in the loop indices, so LLVM unrolls the short phase loop and vectorizes
/// along k into contiguous (or evenly strided) loads and interleaving
/// shuffles instead of gathers.
///
/// With `flatRows` (an outer axis whose inner dimensions are one run of
/// elements, FlatView.h), `init` has those dimensions collapsed into one:
/// the generic iterates the run's position f innermost, so LLVM vectorizes
/// over the whole run rather than over the innermost dimension alone (the 3
/// channels of NHWC), and element (i_0, .., i_axis, f) is read at
/// sum(i_d * strides[d]) + f of the flat view.
Value lowering::buildDirectPass(OpBuilder &b, Location loc, Value source,
                                ArrayRef<DirectPassAxis> axes, Value init,
                                const ElementTypes &types,
                                const FlatView *flatRows) {
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  const DirectPassAxis *runAxis = nullptr;
  for (const DirectPassAxis &a : axes)
    if (a.run)
      runAxis = &a;
  SmallVector<int64_t> tableAxes;
  for (const DirectPassAxis &a : axes)
    if (!a.run)
      tableAxes.push_back(a.axis);
  bool gathers = passGathers(source, tableAxes);

  DirectPassOperands operands = directPassOperands(b, axes, runAxis, rank);
  SmallVector<utils::IteratorType> iterators(rank + (runAxis ? 1 : 0),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), operands.inputs, ValueRange{init}, operands.maps,
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value phase =
            runAxis ? linalg::IndexOp::create(nb, nloc, rank) : Value();
        TapOperands taps =
            tapOperands(nb, nloc, axes, operands, args, position, phase);
        auto readSource = [&](ArrayRef<Value> indices) -> Value {
          if (!flatRows)
            return tensor::ExtractOp::create(nb, nloc, source, indices);
          Value at = indices.back();
          for (int64_t d = 0; d + 1 < rank; ++d)
            at = arith::AddIOp::create(
                nb, nloc, at,
                arith::MulIOp::create(nb, nloc, indices[d],
                                      flatRows->strides[d]));
          return memref::LoadOp::create(nb, nloc, flatRows->buffer,
                                        ValueRange{at});
        };
        Value sum = sumTapCombinations(nb, nloc, readSource, axes, taps,
                                       position, init, types, gathers);
        linalg::YieldOp::create(
            nb, nloc,
            storeSum(nb, nloc, sum, init, types, axes.front().fractionBits));
      });
  return generic.getResult(0);
}

/// The direct pass of `inputs` into `init`: the whole of it, or, when the
/// innermost axis has an affine tap run in its constant tables, the run's
/// outputs over the whole of `init` first and then the clamped edges
/// [0, first) and [end, L), each with its table rows, into slices of that
/// result. (Slices of a tensor.empty would be canonicalized into separate
/// tensor.empty ops, which bufferize as separate buffers and copies.)
Value lowering::buildDirectPassWithEdges(OpBuilder &b, Location loc,
                                         Value source,
                                         const DirectPassInputs &inputs,
                                         Value init,
                                         const ElementTypes &types) {
  ArrayRef<DirectPassAxis> axes = inputs.axes;
  Value result = buildDirectPass(b, loc, source, axes, init, types);
  if (!inputs.runAxis)
    return result;
  size_t runAxis = *inputs.runAxis;
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  int64_t axis = axes[runAxis].axis;
  const rules::AxisTable &table = *inputs.runTables->constantTable;
  const rules::AffineTapRun &run = *inputs.runTables->run;
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, init);
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  for (auto [begin, count] :
       {std::pair(int64_t(0), run.firstOutput()),
        std::pair(run.endOutput(), table.outLength - run.endOutput())}) {
    if (count == 0)
      continue;
    SmallVector<OpFoldResult> sliceSizes(sizes);
    offsets[axis] = b.getIndexAttr(begin);
    sliceSizes[axis] = b.getIndexAttr(count);
    Value slice = tensor::ExtractSliceOp::create(b, loc, result, offsets,
                                                 sliceSizes, strides);
    // The edge rows keep the whole table's fraction bits.
    AxisTables edge =
        materializeTable(b, loc, sliceRows(table, begin, count), types, true,
                         inputs.runTables->constantFractionBits);
    SmallVector<DirectPassAxis> edgeAxes(axes);
    edgeAxes[runAxis].indices = edge.indices;
    edgeAxes[runAxis].weights = edge.weights;
    edgeAxes[runAxis].run.reset();
    Value edgeResult = buildDirectPass(b, loc, source, edgeAxes, slice, types);
    result = tensor::InsertSliceOp::create(b, loc, edgeResult, result, offsets,
                                           sliceSizes, strides);
  }
  return result;
}

bool lowering::passGathers(Value source, ArrayRef<int64_t> axes) {
  ArrayRef<int64_t> shape = cast<RankedTensorType>(source.getType()).getShape();
  for (int64_t axis : axes) {
    double inner = 1.0;
    for (int64_t size : shape.drop_front(axis + 1))
      inner *= ShapedType::isDynamic(size) ? kMinVectorInnerElements : size;
    if (interp::passGathers(/*hasRun=*/false, inner))
      return true;
  }
  return false;
}

DirectPassInputs lowering::directPassInputs(OpBuilder &b, Location loc,
                                            ArrayRef<int64_t> axes,
                                            ArrayRef<const AxisTables *> tables,
                                            int64_t rank,
                                            const ElementTypes &types) {
  DirectPassInputs direct;
  for (auto [axis, t] : llvm::zip_equal(axes, tables)) {
    DirectPassAxis a;
    a.axis = axis;
    a.taps = *t->staticTaps();
    a.indices = t->indices;
    a.weights = t->weights;
    a.fractionBits = t->fractionBits;
    if (axis == rank - 1 && t->run && t->run->phaseStep >= 0) {
      direct.runAxis = direct.axes.size();
      direct.runTables = t;
      a.run = staticRunOperands(b, loc, *t->constantTable, *t->run, types,
                                t->constantFractionBits);
    } else if (std::optional<ConsecutiveTables> consecutive =
                   consecutiveConstantTables(b, loc, *t, types)) {
      a.indices = Value();
      a.starts = consecutive->starts;
      a.weights = consecutive->weights;
    }
    direct.axes.push_back(a);
  }
  return direct;
}

/// The run pass into `out` of the first found of `runs`, the last one when
/// no earlier one was found: nested scf.if on the runs' conditions.
static Value buildFirstFoundRunPass(OpBuilder &b, Location loc, Value source,
                                    ArrayRef<DirectPassAxis> axes,
                                    size_t runAxis, ArrayRef<RuntimeRun> runs,
                                    Value out, const ElementTypes &types) {
  SmallVector<DirectPassAxis> runAxes(axes);
  runAxes[runAxis].run = runs.front().operands;
  if (runs.size() == 1)
    return buildDirectPass(b, loc, source, runAxes, out, types);
  auto branch = scf::IfOp::create(
      b, loc, runs.front().found,
      [&](OpBuilder &tb, Location tloc) {
        scf::YieldOp::create(
            tb, tloc, buildDirectPass(tb, tloc, source, runAxes, out, types));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc,
                             buildFirstFoundRunPass(eb, eloc, source, axes,
                                                    runAxis, runs.drop_front(),
                                                    out, types));
      });
  return branch.getResult(0);
}

Value lowering::buildDirectPassWithFoundRun(
    OpBuilder &b, Location loc, Value source, ArrayRef<DirectPassAxis> axes,
    size_t runAxis, ArrayRef<RuntimeRun> runs, Value init,
    const ElementTypes &types) {
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, init);
  int64_t rank = outSizes.size();
  int64_t axis = axes[runAxis].axis;
  Value length = asIndexValue(b, loc, outSizes[axis]);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  // The outputs of the first found run.
  Value first = runs.back().firstOutput, end = runs.back().endOutput;
  for (const RuntimeRun &run : llvm::reverse(runs.drop_back())) {
    first = arith::SelectOp::create(b, loc, run.found, run.firstOutput, first);
    end = arith::SelectOp::create(b, loc, run.found, run.endOutput, end);
  }
  // Offsets and sizes of [begin, begin + count) of the innermost axis.
  auto sliceAt = [&](Value begin, Value count) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes(outSizes);
    offsets[axis] = begin;
    sizes[axis] = count;
    return std::pair(offsets, sizes);
  };
  // The table pass over [begin, stop) of the innermost axis.
  auto edge = [&](Value result, Value begin, Value stop) -> Value {
    Value count = arith::SubIOp::create(b, loc, stop, begin);
    auto [offsets, sizes] = sliceAt(begin, count);
    Value out =
        tensor::ExtractSliceOp::create(b, loc, result, offsets, sizes, strides);
    SmallVector<DirectPassAxis> sliceAxes(axes);
    DirectPassAxis &inner = sliceAxes[runAxis];
    auto rows = [&](Value table) -> Value {
      return tensor::ExtractSliceOp::create(
          b, loc, table, ArrayRef<OpFoldResult>{begin, b.getIndexAttr(0)},
          ArrayRef<OpFoldResult>{count, b.getIndexAttr(inner.taps)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
    };
    inner.indices = rows(inner.indices);
    inner.weights = rows(inner.weights);
    Value computed = buildDirectPass(b, loc, source, sliceAxes, out, types);
    return tensor::InsertSliceOp::create(b, loc, computed, result, offsets,
                                         sizes, strides);
  };
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value result = edge(init, zero, first);

  // The run pass over [first, end).
  Value count = arith::SubIOp::create(b, loc, end, first);
  auto [offsets, sizes] = sliceAt(first, count);
  Value out =
      tensor::ExtractSliceOp::create(b, loc, result, offsets, sizes, strides);
  Value computed =
      buildFirstFoundRunPass(b, loc, source, axes, runAxis, runs, out, types);
  result = tensor::InsertSliceOp::create(b, loc, computed, result, offsets,
                                         sizes, strides);
  return edge(result, end, length);
}
