//===- LowerResize.cpp - one op from its spec to its result ---------------===//
//
// The order of the IR of one op is the contract of the run-time checks:
// first every check of what only the run time knows (operand lengths in the
// pattern, then scales, the result type's static dimensions, the result's
// size, destinations and every run-time table's parameters), then
// allocations and computation. A failing check makes the compiled function
// return before anything below it runs (interp-return-on-failed-checks).
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "interp/Dialect/Interp/IR/InterpShapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

namespace {
/// The run-time parameters of an axis whose tables the plan makes when the
/// code runs (TableOrigin::Runtime or Computed); empty for the others.
struct TableSource {
  SmallVector<Value> runtimeParams;
  Value antialias;
};
} // namespace

/// The run-time parameters of the axes whose tables are made when the code
/// runs, checked here, before anything is allocated.
static SmallVector<TableSource>
checkTableSources(OpBuilder &b, Location loc, const ResizeSpec &spec,
                  ArrayRef<OpFoldResult> paddedSizes) {
  std::variant<bool, Value> antialias =
      antialiasActive(b, loc, spec, paddedSizes);
  SmallVector<TableSource> sources;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    TableSource source;
    if (spec.plan.axes[i].table) {
      sources.push_back(source);
      continue;
    }
    source.antialias =
        std::holds_alternative<Value>(antialias)
            ? std::get<Value>(antialias)
            : arith::ConstantOp::create(
                  b, loc, b.getBoolAttr(std::get<bool>(antialias)))
                  .getResult();
    source.runtimeParams =
        runtimeTableParams(b, loc, spec, i, paddedSizes[axis],
                           spec.outSizes[axis], source.antialias);
    checkRuntimeTable(b, loc, spec, axis, source.runtimeParams);
    sources.push_back(source);
  }
  return sources;
}

/// Axis `i`'s tables, from where the plan says.
static AxisTables planTables(OpBuilder &b, Location loc, const ResizeSpec &spec,
                             size_t i, const TableSource &source,
                             const ElementTypes &types) {
  const AxisPlan &planned = spec.plan.axes[i];
  switch (planned.origin) {
  case TableOrigin::Identity: {
    AxisTables tables;
    tables.isIdentity = true;
    return tables;
  }
  case TableOrigin::Constant: {
    AxisTables tables = materializeTable(b, loc, *planned.table, types,
                                         /*needsWeights=*/spec.kernel !=
                                             rules::AxisKernel::Nearest);
    tables.constantTable = planned.table;
    tables.run = planned.run;
    return tables;
  }
  case TableOrigin::Runtime:
    return buildRuntimeTables(b, loc, spec, source.runtimeParams,
                              spec.outSizes[spec.axes[i]], source.antialias,
                              types);
  case TableOrigin::Computed:
    return buildComputedTables(b, loc, spec, source.runtimeParams,
                               spec.outSizes[spec.axes[i]], source.antialias,
                               types);
  }
  llvm_unreachable("unknown table origin");
}

/// Tables, pads and passes of one op (after the run-time checks), computed
/// into `init` (of the result's sizes); returns the result in `resultType`.
static Value buildResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                         Type resultType, Value source,
                         ArrayRef<OpFoldResult> paddedSizes, bool hasPads,
                         ArrayRef<TableSource> tableSources, Value init) {
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  int64_t rank = dataType.getRank();
  Type elementType = dataType.getElementType();
  ElementTypes types{elementType, accumulatorType(elementType),
                     elementType.isUnsignedInteger() || spec.unsignedData,
                     spec.fixedPoint};
  SmallVector<AxisTables> tables;
  for (auto [i, tableSource] : llvm::enumerate(tableSources))
    tables.push_back(planTables(b, loc, spec, i, tableSource, types));

  // An empty result needs no computation, and folding the index math of
  // loops that never run could produce loads at static out-of-bounds
  // positions. A statically empty padded input has an empty result too: an
  // unresized dimension keeps its 0, and a resized one must be 0 (the
  // empty-axis check above); its passes would be loops over empty tensors
  // (which IREE 3.13 cannot compile).
  auto isZero = [](OpFoldResult size) {
    return getConstantIntValue(size) == 0;
  };
  if (llvm::any_of(spec.outSizes, isZero) ||
      llvm::any_of(paddedSizes, isZero)) {
    if (init.getType() != resultType)
      return tensor::CastOp::create(b, loc, resultType, init);
    return init;
  }

  if (hasPads && llvm::is_contained(dataType.getShape(), 0)) {
    // Padding an empty tensor gives zeros only. (tensor.pad would insert an
    // empty slice at an offset the slice verifier rejects.)
    Value empty = tensor::EmptyOp::create(b, loc, paddedSizes, elementType);
    source = linalg::FillOp::create(b, loc, zeroOf(b, loc, elementType), empty)
                 .getResult(0);
  } else if (hasPads) {
    SmallVector<OpFoldResult> low, high;
    for (int64_t d = 0; d < rank; ++d) {
      low.push_back(b.getIndexAttr(spec.padsBegin[d]));
      high.push_back(b.getIndexAttr(spec.padsEnd[d]));
    }
    source = tensor::PadOp::create(b, loc, Type(), source, low, high,
                                   zeroOf(b, loc, elementType));
  }

  Value result = buildPlannedResize(b, loc, spec, spec.plan.resize, source,
                                    tables, paddedSizes, init, types);
  if (result.getType() != resultType)
    result = tensor::CastOp::create(b, loc, resultType, result);
  return result;
}

static Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
}

static Value checkedDimConstant(OpBuilder &b, Location loc,
                                runtime::CheckedDim what) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(what)));
}

/// Run-time scales are checked first: an invalid scale is the cause of any
/// problem with the lengths computed from it.
static void checkRuntimeScales(OpBuilder &b, Location loc,
                               const ResizeSpec &spec,
                               ArrayRef<OpFoldResult> paddedSizes) {
  if (spec.shapeMode != ShapeCalcMode::Scales || spec.constantScales)
    return;
  for (auto [i, axis] : llvm::enumerate(spec.axes))
    callRuntimeCheck(
        b, loc, spec, runtime::Function::CheckScale,
        {scaleValue(b, loc, spec, i),
         arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(i)),
         arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(axis)),
         asI64(b, loc, paddedSizes[axis]),
         arith::ConstantOp::create(
             b, loc,
             b.getI32IntegerAttr(static_cast<int32_t>(spec.shapeOperand)))});
}

/// A static dimension of the result type is a fact the code below relies
/// on (the result buffer has it): the run-time value must equal it, and
/// from then on it is the static one.
static void checkResultTypeDims(OpBuilder &b, Location loc, ResizeSpec &spec,
                                Type resultType) {
  auto resultShape = cast<RankedTensorType>(resultType).getShape();
  for (auto [d, size] : llvm::enumerate(resultShape)) {
    if (ShapedType::isDynamic(size) || getConstantIntValue(spec.outSizes[d]))
      continue;
    callRuntimeCheck(
        b, loc, spec, runtime::Function::CheckDimEquals,
        {checkedDimConstant(b, loc, runtime::CheckedDim::ResultType),
         i64Constant(b, loc, d), asI64(b, loc, spec.outSizes[d]),
         i64Constant(b, loc, size)});
    spec.outSizes[d] = b.getIndexAttr(size);
  }
}

/// A destination the result is written into directly has the result's
/// shape.
static void checkDestinationDims(OpBuilder &b, Location loc,
                                 const ResizeSpec &spec) {
  int64_t rank = cast<RankedTensorType>(spec.data.getType()).getRank();
  for (Value destination : spec.destinations) {
    auto destinationType = cast<ShapedType>(destination.getType());
    for (int64_t d = 0; d < rank; ++d) {
      std::optional<int64_t> size = getConstantIntValue(spec.outSizes[d]);
      if (size && !destinationType.isDynamicDim(d))
        continue;
      Value dim;
      if (isa<MemRefType>(destinationType))
        dim = memref::DimOp::create(b, loc, destination, d);
      else
        dim = tensor::DimOp::create(b, loc, destination, d);
      callRuntimeCheck(
          b, loc, spec, runtime::Function::CheckDimEquals,
          {checkedDimConstant(b, loc, runtime::CheckedDim::Destination),
           i64Constant(b, loc, d), asI64(b, loc, spec.outSizes[d]),
           asI64(b, loc, dim)});
    }
  }
}

/// A result with run-time dimensions must fit in the memory the process
/// may use, checked before anything is allocated. Returns the result's
/// element count (i64) then, or null when every dimension is static.
static Value checkResultSize(OpBuilder &b, Location loc,
                             const ResizeSpec &spec) {
  if (llvm::all_of(spec.outSizes, [](OpFoldResult size) {
        return getConstantIntValue(size).has_value();
      }))
    return Value();
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  Value bytes = i64Constant(
      b, loc, std::max<int64_t>(1, dataType.getElementTypeBitWidth() / 8));
  Value resultElements = i64Constant(b, loc, 1);
  for (auto [d, size] : llvm::enumerate(spec.outSizes)) {
    Value dim = asI64(b, loc, size);
    // The operand entry a negative size would come from.
    auto position = llvm::find(spec.axes, int64_t(d));
    int32_t operand = -1;
    int64_t operandIndex = 0;
    if (position != spec.axes.end() && spec.shapeMode == ShapeCalcMode::Sizes) {
      operand = static_cast<int32_t>(spec.shapeOperand);
      operandIndex = position - spec.axes.begin();
    }
    callRuntimeCheck(
        b, loc, spec, runtime::Function::CheckResultDim,
        {resultElements, dim, bytes, i64Constant(b, loc, d),
         arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(operand)),
         i64Constant(b, loc, operandIndex)});
    resultElements = arith::MulIOp::create(b, loc, resultElements, dim);
  }
  return resultElements;
}

/// The lowering of one op on data arith can read (signless or float).
static Value lowerSignlessResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                                 Type resultType) {
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  Value source = spec.data;
  SmallVector<OpFoldResult> paddedSizes =
      buildPaddedSizes(b, loc, source, spec.padsBegin, spec.padsEnd);
  bool hasPads = llvm::any_of(
      llvm::zip_equal(spec.padsBegin, spec.padsEnd),
      [](auto pads) { return std::get<0>(pads) + std::get<1>(pads); });

  checkRuntimeScales(b, loc, spec, paddedSizes);
  checkResultTypeDims(b, loc, spec, resultType);
  // An empty result then skips the whole computation (an axis may be huge
  // while another dimension is 0, and the intermediate passes before the
  // empty axis would not be empty).
  Value resultElements = checkResultSize(b, loc, spec);
  // After the operands' checks: a destination of the wrong size is
  // reported only for operands that make a result (the Python module calls
  // its destination-form kernels on an empty array to learn why operands
  // are refused).
  checkDestinationDims(b, loc, spec);
  SmallVector<TableSource> tableSources =
      checkTableSources(b, loc, spec, paddedSizes);

  // The result's one tensor.empty, which every way of computing it below
  // writes into (destination-passing style, through the scf.if branches):
  // empty-tensor elimination can then replace it with the op's destination
  // and no copy is left.
  Value init =
      tensor::EmptyOp::create(b, loc, spec.outSizes, dataType.getElementType());
  if (!resultElements)
    return buildResize(b, loc, spec, resultType, source, paddedSizes, hasPads,
                       tableSources, init);
  Value isEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        resultElements, i64Constant(b, loc, 0));
  auto branch = scf::IfOp::create(
      b, loc, isEmpty,
      [&](OpBuilder &tb, Location tloc) {
        Value empty = init;
        if (empty.getType() != resultType)
          empty = tensor::CastOp::create(tb, tloc, resultType, empty);
        scf::YieldOp::create(tb, tloc, empty);
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc,
                             buildResize(eb, eloc, spec, resultType, source,
                                         paddedSizes, hasPads, tableSources,
                                         init));
      });
  return branch.getResult(0);
}

Value lowering::lowerResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                            Type resultType) {
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  Type elementType = dataType.getElementType();
  if (!spec.portable || !elementType.isUnsignedInteger())
    return lowerSignlessResize(b, loc, spec, resultType);
  // arith takes signless integers only. The default lowering crosses over
  // per scalar with unrealized casts, which other compilers do not take;
  // the portable one reinterprets the tensors (tensor.bitcast) and reads
  // the signless elements as unsigned (ResizeSpec::unsignedData).
  Type signless = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  spec.data =
      tensor::BitcastOp::create(b, loc, dataType.clone(signless), spec.data);
  spec.unsignedData = true;
  auto resultTensorType = cast<RankedTensorType>(resultType);
  Value result =
      lowerSignlessResize(b, loc, spec, resultTensorType.clone(signless));
  return tensor::BitcastOp::create(b, loc, resultType, result);
}
