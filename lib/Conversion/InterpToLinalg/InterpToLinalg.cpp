//===- InterpToLinalg.cpp - interp ops to linalg --------------------------===//
//
// The lowering of docs/Design.md: every mode is separable, so an op becomes
// per-axis (index, weight) tables plus one linalg.generic per changing axis
// (a single gathering generic for nearest). Tables come from
// rules::buildAxisTable, at compile time when the axis is static and through
// the runtime library otherwise.
//
//===----------------------------------------------------------------------===//

#include "interp/Conversion/Passes.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Dialect/Interp/IR/InterpShapes.h"
#include "interp/Dialect/Interp/Transforms/Passes.h"
#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <algorithm>
#include <cmath>

namespace mlir::interp {
#define GEN_PASS_DEF_CONVERTINTERPTOLINALG
#include "interp/Conversion/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;
using rules::AxisKernel;

namespace {

/// What the lowering needs to know about one op, whichever version it is.
struct ResizeSpec {
  /// Where run-time functions are declared.
  ModuleOp module;
  Value data;
  SmallVector<int64_t> axes;
  AxisKernel kernel;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  ShapeCalcMode shapeMode;
  bool antialias;
  double cubeCoeff;
  SmallVector<int64_t> padsBegin, padsEnd;
  /// The scales operand (scales mode only) and its constant values, if any.
  Value scales;
  std::optional<SmallVector<float>> constantScales;
  /// Result dims, static or computed from the operands.
  SmallVector<OpFoldResult> outSizes;
};

/// One axis's tables: constant or filled at run time. `isIdentity` when the
/// axis provably maps every index to itself and needs no pass.
struct AxisTables {
  Value indices; // tensor<L x K x i64>
  Value weights; // tensor<L x K x f32|f64>
  bool isIdentity = false;
  /// The table itself when it is a constant, and the interval of it whose
  /// taps read the input at affine positions, if any.
  std::optional<rules::AxisTable> host;
  std::optional<rules::AffineTapRun> run;
};

} // namespace

static AxisKernel kernelFor(InterpolateMode mode) {
  switch (mode) {
  case InterpolateMode::Nearest:
    return AxisKernel::Nearest;
  case InterpolateMode::Linear:
    return AxisKernel::Linear;
  case InterpolateMode::LinearOnnx:
    return AxisKernel::LinearOnnx;
  case InterpolateMode::Cubic:
    return AxisKernel::Cubic;
  }
  llvm_unreachable("unknown mode");
}

/// f64 accumulation for element types float32 cannot hold exactly.
static FloatType accumulatorType(Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  if (elementType.isF64() || elementType.isInteger(32) ||
      elementType.isInteger(64))
    return Float64Type::get(ctx);
  return Float32Type::get(ctx);
}

/// arith only works on signless integers, and no bufferizable op reinterprets
/// an unsigned tensor as signless, so unsigned scalars cross over with a cast
/// that the LLVM lowering removes (both sides become the same LLVM integer).
static Value castSignedness(OpBuilder &b, Location loc, Value value,
                            Type type) {
  if (value.getType() == type)
    return value;
  return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
}

static Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (type.isUnsignedInteger()) {
    Type signless = b.getIntegerType(type.getIntOrFloatBitWidth());
    return castSignedness(
        b, loc, arith::ConstantOp::create(b, loc, b.getZeroAttr(signless)),
        type);
  }
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
}

/// Converts a data element to the accumulator type.
static Value toAccumulator(OpBuilder &b, Location loc, Value value,
                           FloatType accType, bool isUnsigned) {
  Type type = value.getType();
  if (type == accType)
    return value;
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (floatType.getWidth() < accType.getWidth())
      return arith::ExtFOp::create(b, loc, accType, value);
    return arith::TruncFOp::create(b, loc, accType, value);
  }
  if (isUnsigned) {
    Type signless = b.getIntegerType(type.getIntOrFloatBitWidth());
    return arith::UIToFPOp::create(b, loc, accType,
                                   castSignedness(b, loc, value, signless));
  }
  return arith::SIToFPOp::create(b, loc, accType, value);
}

/// The store rule of docs/Semantics.md: floats round to nearest; integers
/// round to nearest even, saturate, and NaN becomes 0.
static Value fromAccumulator(OpBuilder &b, Location loc, Value value,
                             Type elementType, bool isUnsigned) {
  auto accType = cast<FloatType>(value.getType());
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    if (floatType == accType)
      return value;
    return arith::TruncFOp::create(b, loc, floatType, value);
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  auto intType = b.getIntegerType(width);
  double lo = isUnsigned ? 0.0 : -std::ldexp(1.0, width - 1);
  double hi = isUnsigned ? std::ldexp(1.0, width) - 1.0
                         : std::ldexp(1.0, width - 1) - 1.0;
  // 2^63 - 1 is not a double; the largest double below 2^63 is.
  if (width == 64 && !isUnsigned)
    hi = std::nextafter(std::ldexp(1.0, 63), 0.0);
  Value rounded = math::RoundEvenOp::create(b, loc, value);
  Value loValue =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, lo));
  Value hiValue =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(accType, hi));
  Value clamped = arith::MaximumFOp::create(b, loc, rounded, loValue);
  clamped = arith::MinimumFOp::create(b, loc, clamped, hiValue);
  Value converted =
      isUnsigned
          ? arith::FPToUIOp::create(b, loc, intType, clamped).getResult()
          : arith::FPToSIOp::create(b, loc, intType, clamped).getResult();
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  Value result = arith::SelectOp::create(b, loc, isNaN, zeroOf(b, loc, intType),
                                         converted);
  return castSignedness(b, loc, result, elementType);
}

static Value asIndexValue(OpBuilder &b, Location loc, OpFoldResult ofr) {
  return getValueOrCreateConstantIndexOp(b, loc, ofr);
}

static Value asI64(OpBuilder &b, Location loc, OpFoldResult ofr) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                    asIndexValue(b, loc, ofr));
}

/// The given scale of axis `i` as an f32 value (scales mode).
static Value scaleValue(OpBuilder &b, Location loc, const ResizeSpec &spec,
                        int64_t i) {
  if (spec.constantScales)
    return arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr((*spec.constantScales)[i]));
  Value position = arith::ConstantIndexOp::create(b, loc, i);
  Value element = tensor::ExtractOp::create(b, loc, spec.scales, position);
  if (element.getType().getIntOrFloatBitWidth() > 32)
    return arith::TruncFOp::create(b, loc, b.getF32Type(), element);
  if (!element.getType().isF32())
    return arith::ExtFOp::create(b, loc, b.getF32Type(), element);
  return element;
}

/// Whether antialias widens the triangle filter: linear, antialias set and
/// any axis scale < 1. A constant when decidable at compile time.
static std::variant<bool, Value>
antialiasActive(OpBuilder &b, Location loc, const ResizeSpec &spec,
                ArrayRef<OpFoldResult> paddedSizes) {
  if (spec.kernel != AxisKernel::Linear || !spec.antialias)
    return false;
  Value dynamicAny;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    std::optional<int64_t> in = getConstantIntValue(paddedSizes[axis]);
    std::optional<int64_t> out = getConstantIntValue(spec.outSizes[axis]);
    Value downsample;
    if (spec.shapeMode == ShapeCalcMode::Sizes) {
      if (in && out) {
        if (*out < *in)
          return true;
        continue;
      }
      downsample =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                asIndexValue(b, loc, spec.outSizes[axis]),
                                asIndexValue(b, loc, paddedSizes[axis]));
    } else {
      if (spec.constantScales) {
        if ((*spec.constantScales)[i] < 1.0f)
          return true;
        continue;
      }
      Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
      downsample = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                         scaleValue(b, loc, spec, i), one);
    }
    dynamicAny = dynamicAny
                     ? arith::OrIOp::create(b, loc, dynamicAny, downsample)
                     : downsample;
  }
  if (!dynamicAny)
    return false;
  return dynamicAny;
}

/// Declares `name` in the module unless it exists.
static func::FuncOp declareRuntimeFunction(OpBuilder &b, ModuleOp module,
                                           StringRef name, FunctionType type,
                                           bool cInterface) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto func = func::FuncOp::create(b, module.getLoc(), name, type);
  func.setPrivate();
  if (cInterface)
    func->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return func;
}

/// A run-time operand of dynamic length must have one element per axis
/// before anything reads it; the runtime library reports a mismatch.
static void checkOperandLength(OpBuilder &b, Location loc, ModuleOp module,
                               Value operand, int64_t numAxes,
                               runtime::CheckedOperand which) {
  if (!cast<RankedTensorType>(operand.getType()).isDynamicDim(0))
    return;
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto fn = declareRuntimeFunction(b, module, runtime::kCheckOperandLengthName,
                                   b.getFunctionType({i32, i64, i64}, {}),
                                   /*cInterface=*/false);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value length = arith::IndexCastOp::create(
      b, loc, i64, tensor::DimOp::create(b, loc, operand, zero));
  Value whichValue = arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(which)));
  Value expected =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(numAxes));
  func::CallOp::create(b, loc, fn, ValueRange{whichValue, length, expected});
}

/// Tables of one axis, filled by the runtime library (non-static lengths or
/// scales). The taps call validates the parameters first and exits with a
/// message on invalid run-time sizes or scales.
static AxisTables buildRuntimeTables(OpBuilder &b, Location loc,
                                     const ResizeSpec &spec, int64_t i,
                                     OpFoldResult inLength,
                                     OpFoldResult outLength, Value antialias,
                                     FloatType accType) {
  ModuleOp module = spec.module;
  Type i32 = b.getI32Type(), i64 = b.getI64Type(), f32 = b.getF32Type(),
       f64 = b.getF64Type();
  auto i32Const = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value scale = spec.shapeMode == ShapeCalcMode::Scales
                    ? scaleValue(b, loc, spec, i)
                    : arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f))
                          .getResult();
  SmallVector<Value> params = {
      i32Const(static_cast<int64_t>(spec.kernel)),
      i32Const(static_cast<int64_t>(spec.coordinateMode)),
      i32Const(static_cast<int64_t>(spec.nearestMode)),
      i32Const(static_cast<int64_t>(spec.shapeMode)),
      scale,
      asI64(b, loc, inLength),
      asI64(b, loc, outLength),
      arith::ExtUIOp::create(b, loc, i32, antialias),
      arith::ConstantOp::create(b, loc, b.getF64FloatAttr(spec.cubeCoeff))};
  SmallVector<Type> paramTypes = {i32, i32, i32, i32, f32, i64, i64, i32, f64};

  auto tapsFn = declareRuntimeFunction(b, module, runtime::kAxisTableTapsName,
                                       b.getFunctionType(paramTypes, {i64}),
                                       /*cInterface=*/false);
  // The taps call also validates the run-time parameters.
  Value taps = func::CallOp::create(b, loc, tapsFn, params).getResult(0);
  Value rows = asIndexValue(b, loc, outLength);

  // A tap count known statically lets the passes unroll the taps.
  int64_t dyn = ShapedType::kDynamic;
  std::optional<int64_t> staticTaps;
  if (auto active = getConstantIntValue(antialias))
    staticTaps = rules::lengthIndependentTaps(spec.kernel, *active != 0);
  SmallVector<Value> dynamicSizes = {rows};
  if (!staticTaps)
    dynamicSizes.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), taps));
  int64_t columns = staticTaps ? *staticTaps : dyn;
  auto indexBufferType = MemRefType::get({dyn, columns}, i64);
  auto weightBufferType = MemRefType::get({dyn, columns}, accType);
  Value indexBuffer =
      memref::AllocOp::create(b, loc, indexBufferType, dynamicSizes);
  Value weightBuffer =
      memref::AllocOp::create(b, loc, weightBufferType, dynamicSizes);
  // The runtime function takes buffers of any shape.
  auto anyIndexType = MemRefType::get({dyn, dyn}, i64);
  auto anyWeightType = MemRefType::get({dyn, dyn}, accType);
  SmallVector<Type> fillTypes(paramTypes);
  fillTypes.append({anyIndexType, anyWeightType});
  StringRef fillName = accType.isF64() ? runtime::kAxisTableFillF64Name
                                       : runtime::kAxisTableFillF32Name;
  auto fillFn = declareRuntimeFunction(b, module, fillName,
                                       b.getFunctionType(fillTypes, {}),
                                       /*cInterface=*/true);
  SmallVector<Value> fillArgs(params);
  fillArgs.append(
      {memref::CastOp::create(b, loc, anyIndexType, indexBuffer).getResult(),
       memref::CastOp::create(b, loc, anyWeightType, weightBuffer)
           .getResult()});
  func::CallOp::create(b, loc, fillFn, fillArgs);

  AxisTables tables;
  tables.indices = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({dyn, columns}, i64), indexBuffer,
      /*restrict=*/true);
  tables.weights = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({dyn, columns}, accType), weightBuffer,
      /*restrict=*/true);
  return tables;
}

/// A table as (indices, weights) constants.
static AxisTables materializeTable(OpBuilder &b, Location loc,
                                   const rules::AxisTable &table,
                                   FloatType accType, bool needsWeights) {
  AxisTables tables;
  SmallVector<int64_t> shape = {table.outLength, table.taps};
  auto indexType = RankedTensorType::get(shape, b.getI64Type());
  tables.indices = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(indexType, ArrayRef(table.indices)));
  // nearest gathers without weights.
  if (!needsWeights)
    return tables;
  auto weightType = RankedTensorType::get(shape, accType);
  DenseElementsAttr weights;
  if (accType.isF64()) {
    weights = DenseElementsAttr::get(weightType, ArrayRef(table.weights));
  } else {
    SmallVector<float> narrow(table.weights.begin(), table.weights.end());
    weights = DenseElementsAttr::get(weightType, ArrayRef(narrow));
  }
  tables.weights = arith::ConstantOp::create(b, loc, weights);
  return tables;
}

/// Tables of one axis as constants.
static AxisTables buildConstantTables(OpBuilder &b, Location loc,
                                      const rules::AxisTable &table,
                                      FloatType accType, bool needsWeights) {
  if (table.isIdentity()) {
    AxisTables tables;
    tables.isIdentity = true;
    return tables;
  }
  AxisTables tables = materializeTable(b, loc, table, accType, needsWeights);
  tables.host = table;
  tables.run = rules::findAffineTapRun(table);
  return tables;
}

/// Rows [first, first + count) of a table.
static rules::AxisTable sliceRows(const rules::AxisTable &table, int64_t first,
                                  int64_t count) {
  rules::AxisTable slice;
  slice.inLength = table.inLength;
  slice.outLength = count;
  slice.taps = table.taps;
  auto rows = [&](const auto &values) {
    return std::vector(values.begin() + first * table.taps,
                       values.begin() + (first + count) * table.taps);
  };
  slice.indices = rows(table.indices);
  slice.weights = rows(table.weights);
  return slice;
}

/// Whether the nearest gather along an axis can read the input at affine
/// positions over the axis's whole length.
static bool coversAxis(const AxisTables &tables) {
  return tables.run && tables.run->phaseStep >= 0 &&
         tables.run->firstPeriod == 0 &&
         tables.run->endOutput() == tables.host->outLength;
}

/// nearest when every resized axis reads the input at affine positions
/// (integer ratios, rules::AffineTapRun): one copying generic whose source
/// indexing map does the index math. An axis with period P > 1 is iterated
/// as (k, p) loops writing output P k + p, so after lowering the innermost
/// loop walks the input contiguously (or with a constant stride) and LLVM
/// vectorizes it with shuffles instead of gathers. linalg derives loop
/// ranges only from plain dimension results, so such an axis also passes its
/// index table, reshaped to [K, P], read at (k, p); its values equal the
/// affine index and the body does not use them.
static Value buildNearestAffine(OpBuilder &b, Location loc, Value source,
                                ArrayRef<int64_t> axes,
                                ArrayRef<AxisTables> tables,
                                ArrayRef<OpFoldResult> outSizes) {
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
        DenseElementsAttr::get(rangeType,
                               ArrayRef(tablesOfDim[d]->host->indices))));
    rangeMaps.push_back(AffineMap::get(loops, 0, {k, p}, b.getContext()));
  }
  Value init =
      tensor::EmptyOp::create(b, loc, outSizes, sourceType.getElementType());
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
static Value buildNearest(OpBuilder &b, Location loc, Value source,
                          ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                          ArrayRef<OpFoldResult> outSizes) {
  if (llvm::all_of(tables, [](const AxisTables &t) {
        return t.isIdentity || coversAxis(t);
      }))
    return buildNearestAffine(b, loc, source, axes, tables, outSizes);
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  Value init =
      tensor::EmptyOp::create(b, loc, outSizes, sourceType.getElementType());
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

/// The value a pass yields into `init`: the accumulated sum, or, for the last
/// pass, which writes the result's element type directly, the sum stored by
/// the rule of fromAccumulator (no separate conversion pass).
static Value storeAccumulated(OpBuilder &b, Location loc, Value sum, Value init,
                              FloatType accType, bool isUnsigned) {
  Type outType = getElementTypeOrSelf(init.getType());
  if (outType == accType)
    return sum;
  return fromAccumulator(b, loc, sum, outType, isUnsigned);
}

/// Taps up to this many are unrolled into the generic's body.
static constexpr int64_t kMaxUnrolledTaps = 32;

/// One separable pass along `axis`, a fully parallel linalg.generic over the
/// pass's output whose body sums the taps:
/// out[.., o, ..] = sum_k W[o, k] * in[.., I[o, k], ..].
///
/// With a static tap count the taps are unrolled, each reading its table
/// column through an indexing map (o, k): the table reads are invariant in
/// every loop but the one along `axis`, so for every axis but the innermost
/// the innermost loop walks contiguous input and output rows and vectorizes
/// into plain loads and FMAs (no gathers), and every output element is
/// written once (no zero fill, no read-modify-write per tap). A run-time tap
/// count uses an scf.for over the taps instead.
static Value buildTablePass(OpBuilder &b, Location loc, Value source,
                            int64_t axis, const AxisTables &tables, Value init,
                            FloatType accType, bool isUnsigned) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto tableType = cast<RankedTensorType>(tables.indices.getType());
  bool unrolled =
      !tableType.isDynamicDim(1) && tableType.getDimSize(1) <= kMaxUnrolledTaps;
  auto store = [&](OpBuilder &nb, Location nloc, Value sum) {
    return storeAccumulated(nb, nloc, sum, init, accType, isUnsigned);
  };

  // x(i): the source element at index i along `axis` (and the output
  // position elsewhere, `loopIndices`, read with linalg.index at the top of
  // the body), in the accumulator type.
  SmallVector<Value> loopIndices;
  auto sample = [&](OpBuilder &nb, Location nloc, Value index) {
    SmallVector<Value> indices(loopIndices);
    indices[axis] =
        arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), index);
    Value element = tensor::ExtractOp::create(nb, nloc, source, indices);
    return toAccumulator(nb, nloc, element, accType, isUnsigned);
  };

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  int64_t taps = unrolled ? tableType.getDimSize(1) : 0;
  for (Value table : {tables.indices, tables.weights})
    for (int64_t k = 0; k < taps; ++k) {
      inputs.push_back(table);
      maps.push_back(AffineMap::get(
          rank, 0, {b.getAffineDimExpr(axis), b.getAffineConstantExpr(k)},
          ctx));
    }
  maps.push_back(identity);

  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        for (int64_t d = 0; d < rank; ++d)
          loopIndices.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value sum = zeroOf(nb, nloc, accType);
        if (unrolled) {
          for (int64_t k = 0; k < taps; ++k) {
            Value product = arith::MulFOp::create(nb, nloc, args[taps + k],
                                                  sample(nb, nloc, args[k]));
            sum = arith::AddFOp::create(nb, nloc, sum, product);
          }
          linalg::YieldOp::create(nb, nloc, store(nb, nloc, sum));
          return;
        }
        Value o = loopIndices[axis];
        Value zero = arith::ConstantIndexOp::create(nb, nloc, 0);
        Value one = arith::ConstantIndexOp::create(nb, nloc, 1);
        Value count = tensor::DimOp::create(nb, nloc, tables.indices, 1);
        auto loop = scf::ForOp::create(
            nb, nloc, zero, count, one, ValueRange{sum},
            [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
              Value index = tensor::ExtractOp::create(lb, lloc, tables.indices,
                                                      ValueRange{o, k});
              Value weight = tensor::ExtractOp::create(lb, lloc, tables.weights,
                                                       ValueRange{o, k});
              Value product = arith::MulFOp::create(lb, lloc, weight,
                                                    sample(lb, lloc, index));
              Value next = arith::AddFOp::create(lb, lloc, iter[0], product);
              scf::YieldOp::create(lb, lloc, next);
            });
        linalg::YieldOp::create(nb, nloc, store(nb, nloc, loop.getResult(0)));
      });
  return generic.getResult(0);
}

/// The weights of an affine tap run's periods as a constant laid out
/// [tap, phase, period], contiguous along the period (the vectorized loop).
static Value buildRunWeights(OpBuilder &b, Location loc,
                             const rules::AxisTable &table,
                             const rules::AffineTapRun &run,
                             FloatType accType) {
  int64_t taps = table.taps;
  int64_t periods = run.endPeriod - run.firstPeriod;
  SmallVector<double> weights;
  for (int64_t t = 0; t < taps; ++t)
    for (int64_t phase = 0; phase < run.period; ++phase)
      for (int64_t period = run.firstPeriod; period < run.endPeriod; ++period)
        weights.push_back(
            table.weights[(run.period * period + phase) * taps + t]);
  auto weightType = RankedTensorType::get({taps, run.period, periods}, accType);
  DenseElementsAttr weightAttr;
  if (accType.isF64()) {
    weightAttr = DenseElementsAttr::get(weightType, ArrayRef(weights));
  } else {
    SmallVector<float> narrow(weights.begin(), weights.end());
    weightAttr = DenseElementsAttr::get(weightType, ArrayRef(narrow));
  }
  return arith::ConstantOp::create(b, loc, weightAttr);
}

/// The output periods of an affine tap run (rules::AffineTapRun) along the
/// innermost axis: out[.., P k + p] = sum_t W[t, p, k] * in[.., S k + D p +
/// c_t]. The source is read through indexing maps, so after lowering to
/// loops every read is affine in the loop indices: LLVM unrolls the short
/// phase loop and vectorizes along k into contiguous (or evenly strided)
/// loads and interleaving shuffles instead of the gathers of the table pass.
/// Weights stay a table, laid out [T, P, K] so that they are contiguous
/// along k too; it also gives linalg the ranges of k and p. `init` is the
/// whole pass output, of which this writes columns [P first, P end).
static Value buildAffineRunPass(OpBuilder &b, Location loc, Value source,
                                int64_t axis, const rules::AxisTable &table,
                                const rules::AffineTapRun &run, Value init,
                                FloatType accType, bool isUnsigned) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  int64_t loops = rank + 1;
  int64_t taps = table.taps;
  int64_t periods = run.endPeriod - run.firstPeriod;
  MLIRContext *ctx = b.getContext();
  AffineExpr k = b.getAffineDimExpr(axis);
  AffineExpr p = b.getAffineDimExpr(rank);

  Value weightTable = buildRunWeights(b, loc, table, run, accType);

  auto mapWithAxis = [&](AffineExpr axisExpr) {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(d == axis ? axisExpr : b.getAffineDimExpr(d));
    return AffineMap::get(loops, 0, exprs, ctx);
  };
  // Each tap reads its own slice of the source, [S first + c_t, + S (K - 1)
  // + D (P - 1) + 1), at S k + D p: when that is a plain k, linalg takes
  // the slice's length as the range of k, and it is exactly K.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, source);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  sizes[axis] = b.getIndexAttr(run.inputStep * (periods - 1) +
                               run.phaseStep * (run.period - 1) + 1);
  for (int64_t t = 0; t < taps; ++t) {
    offsets[axis] =
        b.getIndexAttr(run.inputStep * run.firstPeriod + run.offsets[t]);
    inputs.push_back(tensor::ExtractSliceOp::create(b, loc, source, offsets,
                                                    sizes, strides));
    maps.push_back(mapWithAxis(run.inputStep * k + run.phaseStep * p));
  }
  for (int64_t t = 0; t < taps; ++t) {
    inputs.push_back(weightTable);
    maps.push_back(
        AffineMap::get(loops, 0, {b.getAffineConstantExpr(t), p, k}, ctx));
  }
  maps.push_back(mapWithAxis(run.period * k + p + run.firstOutput()));
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value sum = zeroOf(nb, nloc, accType);
        for (int64_t t = 0; t < taps; ++t) {
          Value sample = toAccumulator(nb, nloc, args[t], accType, isUnsigned);
          Value product =
              arith::MulFOp::create(nb, nloc, args[taps + t], sample);
          sum = arith::AddFOp::create(nb, nloc, sum, product);
        }
        linalg::YieldOp::create(
            nb, nloc,
            storeAccumulated(nb, nloc, sum, init, accType, isUnsigned));
      });
  return generic.getResult(0);
}

/// One separable pass along `axis` into a new tensor. Along the innermost
/// axis, the part of the output where the taps read affine positions is
/// computed by buildAffineRunPass and only the edges use the table;
/// elsewhere the table pass already reads contiguous rows.
static Value buildAxisPass(OpBuilder &b, Location loc, Value source,
                           int64_t axis, const AxisTables &tables,
                           OpFoldResult outLength, Type resultElementType,
                           FloatType accType, bool isUnsigned) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, source);
  sizes[axis] = outLength;
  Value result = tensor::EmptyOp::create(b, loc, sizes, resultElementType);
  bool useRun = axis == rank - 1 && tables.run && tables.run->phaseStep >= 0 &&
                tables.host->taps <= kMaxUnrolledTaps;
  if (!useRun)
    return buildTablePass(b, loc, source, axis, tables, result, accType,
                          isUnsigned);

  // The run first, into the whole output, then the edges [0, first) and
  // [end, L) from the table into slices of it. (Slices of the tensor.empty
  // itself would be canonicalized into separate tensor.empty ops, which
  // bufferize as separate buffers and copies.)
  const rules::AxisTable &table = *tables.host;
  const rules::AffineTapRun &run = *tables.run;
  result = buildAffineRunPass(b, loc, source, axis, table, run, result, accType,
                              isUnsigned);
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
    AxisTables edge =
        materializeTable(b, loc, sliceRows(table, begin, count), accType, true);
    Value edgeResult =
        buildTablePass(b, loc, source, axis, edge, slice, accType, isUnsigned);
    result = tensor::InsertSliceOp::create(b, loc, edgeResult, result, offsets,
                                           sliceSizes, strides);
  }
  return result;
}

/// Resized axes whose tap counts multiply to at most this many are computed
/// by one direct pass instead of separable passes.
static constexpr int64_t kMaxDirectTaps = 8;

namespace {
/// One resized axis of a direct pass: its (index, weight) tables for the
/// outputs the pass covers, or an affine tap run of the innermost axis.
struct DirectAxis {
  int64_t axis = 0;
  int64_t taps = 0;
  Value indices, weights;
  const rules::AxisTable *runTable = nullptr;
  const rules::AffineTapRun *run = nullptr;
};
} // namespace

/// Every resized axis in one generic, with no intermediate tensors:
/// out[o] = sum over tap combinations of (W_0[o_0, t_0] * W_1[o_1, t_1] ...)
///          * in[I_0[o_0, t_0], I_1[o_1, t_1], ...].
/// Memory traffic is the input and the output only, which for upsampling
/// (memory-bound) beats separable passes that write and re-read full-size
/// intermediates; it costs the product of the tap counts per element, so it
/// is used when that product is small (kMaxDirectTaps). Table indices of
/// outer axes are invariant in the innermost loop, so the innermost loop still
/// reads contiguous rows; an innermost axis with an affine tap run is
/// iterated as (k, p) and its index computed in the body, affine in the loop
/// indices, so LLVM vectorizes it as in buildAffineRunPass.
static Value buildDirectPass(OpBuilder &b, Location loc, Value source,
                             ArrayRef<DirectAxis> axes, Value init,
                             FloatType accType, bool isUnsigned) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  const DirectAxis *runAxis = nullptr;
  for (const DirectAxis &a : axes)
    if (a.run)
      runAxis = &a;
  int64_t loops = rank + (runAxis ? 1 : 0);
  MLIRContext *ctx = b.getContext();

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int64_t> firstIndexArg(axes.size(), -1),
      firstWeightArg(axes.size(), -1);
  for (auto [i, a] : llvm::enumerate(axes)) {
    AffineExpr o = b.getAffineDimExpr(a.axis);
    if (a.run) {
      Value weights = buildRunWeights(b, loc, *a.runTable, *a.run, accType);
      firstWeightArg[i] = inputs.size();
      for (int64_t t = 0; t < a.taps; ++t) {
        inputs.push_back(weights);
        maps.push_back(AffineMap::get(
            loops, 0, {b.getAffineConstantExpr(t), b.getAffineDimExpr(rank), o},
            ctx));
      }
      continue;
    }
    for (auto [table, first] : {std::pair(a.indices, &firstIndexArg[i]),
                                std::pair(a.weights, &firstWeightArg[i])}) {
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
          runAxis->run->firstOutput();
    outputExprs.push_back(o);
  }
  maps.push_back(AffineMap::get(loops, 0, outputExprs, ctx));
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);

  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        auto indexConst = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(nb, nloc, v);
        };
        // Per axis and tap: the source index along the axis and the weight.
        SmallVector<SmallVector<Value>> tapIndex(axes.size()),
            tapWeight(axes.size());
        Value phase =
            runAxis ? linalg::IndexOp::create(nb, nloc, rank) : Value();
        for (auto [i, a] : llvm::enumerate(axes)) {
          for (int64_t t = 0; t < a.taps; ++t) {
            tapWeight[i].push_back(args[firstWeightArg[i] + t]);
            if (!a.run) {
              tapIndex[i].push_back(arith::IndexCastOp::create(
                  nb, nloc, nb.getIndexType(), args[firstIndexArg[i] + t]));
              continue;
            }
            // S k + D p + (S first + c_t), k relative to the first period.
            const rules::AffineTapRun &run = *a.run;
            Value k = position[a.axis];
            Value index = nb.createOrFold<arith::MulIOp>(
                nloc, k, indexConst(run.inputStep));
            index = nb.createOrFold<arith::AddIOp>(
                nloc, index,
                nb.createOrFold<arith::MulIOp>(nloc, phase,
                                               indexConst(run.phaseStep)));
            index = nb.createOrFold<arith::AddIOp>(
                nloc, index,
                indexConst(run.inputStep * run.firstPeriod + run.offsets[t]));
            tapIndex[i].push_back(index);
          }
        }
        Value sum = zeroOf(nb, nloc, accType);
        SmallVector<int64_t> combo(axes.size(), 0);
        for (;;) {
          SmallVector<Value> indices(position);
          Value weight;
          for (auto [i, a] : llvm::enumerate(axes)) {
            indices[a.axis] = tapIndex[i][combo[i]];
            Value w = tapWeight[i][combo[i]];
            weight =
                weight ? arith::MulFOp::create(nb, nloc, weight, w).getResult()
                       : w;
          }
          Value element = tensor::ExtractOp::create(nb, nloc, source, indices);
          Value product = arith::MulFOp::create(
              nb, nloc, weight,
              toAccumulator(nb, nloc, element, accType, isUnsigned));
          sum = arith::AddFOp::create(nb, nloc, sum, product);
          // Next combination, the last axis fastest.
          int64_t i = static_cast<int64_t>(axes.size()) - 1;
          while (i >= 0 && ++combo[i] == axes[i].taps)
            combo[i--] = 0;
          if (i < 0)
            break;
        }
        linalg::YieldOp::create(
            nb, nloc,
            storeAccumulated(nb, nloc, sum, init, accType, isUnsigned));
      });
  return generic.getResult(0);
}

/// The direct pass over the whole output: along the innermost axis, the
/// affine tap run (if any) over the whole output first, then the clamped
/// edges with that axis's table rows, into slices of it (as in
/// buildAxisPass).
static Value buildDirect(OpBuilder &b, Location loc, Value source,
                         ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                         ArrayRef<OpFoldResult> outSizes, Type elementType,
                         FloatType accType, bool isUnsigned) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  Value result = tensor::EmptyOp::create(b, loc, outSizes, elementType);
  SmallVector<DirectAxis> direct;
  int64_t innermost = -1;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (tables[i].isIdentity)
      continue;
    DirectAxis a;
    a.axis = axis;
    a.taps = cast<RankedTensorType>(tables[i].indices.getType()).getDimSize(1);
    a.indices = tables[i].indices;
    a.weights = tables[i].weights;
    if (axis == rank - 1 && tables[i].run && tables[i].run->phaseStep >= 0) {
      innermost = direct.size();
      a.runTable = &*tables[i].host;
      a.run = &*tables[i].run;
    }
    direct.push_back(a);
  }
  if (innermost < 0)
    return buildDirectPass(b, loc, source, direct, result, accType, isUnsigned);

  result = buildDirectPass(b, loc, source, direct, result, accType, isUnsigned);
  const rules::AxisTable &table = *direct[innermost].runTable;
  const rules::AffineTapRun &run = *direct[innermost].run;
  SmallVector<OpFoldResult> sizes(outSizes);
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  for (auto [begin, count] :
       {std::pair(int64_t(0), run.firstOutput()),
        std::pair(run.endOutput(), table.outLength - run.endOutput())}) {
    if (count == 0)
      continue;
    SmallVector<OpFoldResult> sliceSizes(sizes);
    offsets[rank - 1] = b.getIndexAttr(begin);
    sliceSizes[rank - 1] = b.getIndexAttr(count);
    Value slice = tensor::ExtractSliceOp::create(b, loc, result, offsets,
                                                 sliceSizes, strides);
    AxisTables edge =
        materializeTable(b, loc, sliceRows(table, begin, count), accType, true);
    SmallVector<DirectAxis> edgeAxes(direct);
    edgeAxes[innermost].indices = edge.indices;
    edgeAxes[innermost].weights = edge.weights;
    edgeAxes[innermost].run = nullptr;
    edgeAxes[innermost].runTable = nullptr;
    Value edgeResult =
        buildDirectPass(b, loc, source, edgeAxes, slice, accType, isUnsigned);
    result = tensor::InsertSliceOp::create(b, loc, edgeResult, result, offsets,
                                           sliceSizes, strides);
  }
  return result;
}

/// The order of the separable passes that minimizes the estimated work:
/// each pass costs its output elements times its taps, and a pass along the
/// innermost (contiguous) dimension without an affine tap run gathers, which
/// costs about four times more per element. So shrinking passes run first,
/// growing ones last, and the innermost axis runs while the tensor is small.
/// Identity axes are dropped. Unknown lengths count as unchanged.
static SmallVector<size_t> orderPasses(ArrayRef<int64_t> axes,
                                       ArrayRef<AxisTables> tables,
                                       ArrayRef<OpFoldResult> inSizes,
                                       ArrayRef<OpFoldResult> outSizes) {
  constexpr double kGatherPenalty = 4.0;
  int64_t rank = inSizes.size();
  SmallVector<size_t> passes;
  for (size_t i = 0; i < axes.size(); ++i)
    if (!tables[i].isIdentity)
      passes.push_back(i);
  auto lengthOf = [](OpFoldResult size, double fallback) {
    std::optional<int64_t> v = getConstantIntValue(size);
    return v ? static_cast<double>(*v) : fallback;
  };
  auto cost = [&](ArrayRef<size_t> order) {
    SmallVector<double> shape;
    for (int64_t d = 0; d < rank; ++d)
      shape.push_back(lengthOf(inSizes[d], 64.0));
    double total = 0.0;
    for (size_t i : order) {
      int64_t axis = axes[i];
      shape[axis] = lengthOf(outSizes[axis], shape[axis]);
      double elements = 1.0;
      for (double n : shape)
        elements *= n;
      double taps = 2.0;
      if (auto type = dyn_cast<RankedTensorType>(tables[i].indices.getType()))
        if (!type.isDynamicDim(1))
          taps = type.getDimSize(1);
      bool gathers = axis == rank - 1 && !tables[i].run;
      total += elements * taps * (gathers ? kGatherPenalty : 1.0);
    }
    return total;
  };
  SmallVector<size_t> best = passes;
  double bestCost = cost(best);
  llvm::sort(passes);
  do {
    double c = cost(passes);
    if (c < bestCost) {
      bestCost = c;
      best = passes;
    }
  } while (std::next_permutation(passes.begin(), passes.end()));
  return best;
}

/// The product of the resized axes' tap counts when every table is a
/// constant (nullopt otherwise, or when nothing is resized).
static std::optional<int64_t> directTaps(ArrayRef<AxisTables> tables) {
  int64_t product = 1;
  bool any = false;
  for (const AxisTables &t : tables) {
    if (t.isIdentity)
      continue;
    // Run-time tables: the innermost axis would gather in every tap
    // combination; separable passes measured faster there.
    if (!t.host)
      return std::nullopt;
    auto type = cast<RankedTensorType>(t.indices.getType());
    product *= type.getDimSize(1);
    any = true;
  }
  if (!any)
    return std::nullopt;
  return product;
}

/// Tables, pads and passes of one op (after the run-time checks); returns
/// the result in `resultType`.
static Value buildResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                         Type resultType, Value source,
                         ArrayRef<OpFoldResult> paddedSizes, bool hasPads) {
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  int64_t rank = dataType.getRank();
  Type elementType = dataType.getElementType();
  bool isUnsigned = elementType.isUnsignedInteger();
  FloatType accType = accumulatorType(elementType);
  std::variant<bool, Value> antialias =
      antialiasActive(b, loc, spec, paddedSizes);
  SmallVector<AxisTables> tables;
  for (auto [i, axis] : llvm::enumerate(spec.axes)) {
    std::optional<int64_t> in = getConstantIntValue(paddedSizes[axis]);
    std::optional<int64_t> out = getConstantIntValue(spec.outSizes[axis]);
    bool staticScale = spec.shapeMode == ShapeCalcMode::Sizes ||
                       spec.constantScales.has_value();
    if (in && out && staticScale && std::holds_alternative<bool>(antialias)) {
      float given = spec.shapeMode == ShapeCalcMode::Scales
                        ? (*spec.constantScales)[i]
                        : 1.0f;
      rules::AxisTableParams params = rules::makeAxisTableParams(
          spec.kernel, spec.coordinateMode, spec.nearestMode, spec.shapeMode,
          given, *in, *out, std::get<bool>(antialias), spec.cubeCoeff);
      tables.push_back(buildConstantTables(
          b, loc, rules::buildAxisTable(params), accType,
          /*needsWeights=*/spec.kernel != AxisKernel::Nearest));
      continue;
    }
    Value active = std::holds_alternative<Value>(antialias)
                       ? std::get<Value>(antialias)
                       : arith::ConstantOp::create(
                             b, loc, b.getBoolAttr(std::get<bool>(antialias)))
                             .getResult();
    tables.push_back(buildRuntimeTables(b, loc, spec, i, paddedSizes[axis],
                                        spec.outSizes[axis], active, accType));
  }

  // An empty result needs no computation, and folding the index math of
  // loops that never run could produce loads at static out-of-bounds
  // positions.
  if (llvm::any_of(spec.outSizes, [](OpFoldResult size) {
        return getConstantIntValue(size) == 0;
      })) {
    Value empty = tensor::EmptyOp::create(b, loc, spec.outSizes,
                                          dataType.getElementType());
    if (empty.getType() != resultType)
      empty = tensor::CastOp::create(b, loc, resultType, empty);
    return empty;
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

  Value result;
  if (spec.kernel == AxisKernel::Nearest) {
    result = buildNearest(b, loc, source, spec.axes, tables, spec.outSizes);
  } else if (std::optional<int64_t> taps = directTaps(tables);
             taps && *taps <= kMaxDirectTaps) {
    result = buildDirect(b, loc, source, spec.axes, tables, spec.outSizes,
                         elementType, accType, isUnsigned);
  } else {
    SmallVector<size_t> order =
        orderPasses(spec.axes, tables, paddedSizes, spec.outSizes);
    // Intermediate passes accumulate; the last one stores the element type.
    result = source;
    for (size_t i : order) {
      Type passType = i == order.back() ? elementType : Type(accType);
      result = buildAxisPass(b, loc, result, spec.axes[i], tables[i],
                             spec.outSizes[spec.axes[i]], passType, accType,
                             isUnsigned);
    }
  }

  if (result.getType() != resultType)
    result = tensor::CastOp::create(b, loc, resultType, result);
  return result;
}

/// The whole lowering of one op; returns the result in the op's type.
static FailureOr<Value> lowerResize(OpBuilder &b, Location loc,
                                    ResizeSpec &spec, Type resultType) {
  auto dataType = cast<RankedTensorType>(spec.data.getType());
  int64_t rank = dataType.getRank();
  Value source = spec.data;

  // Padded lengths, before any allocation: the run-time checks of sizes and
  // scales come first.
  SmallVector<OpFoldResult> paddedSizes = tensor::getMixedSizes(b, loc, source);
  bool hasPads = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t pad = spec.padsBegin[d] + spec.padsEnd[d];
    if (pad == 0)
      continue;
    hasPads = true;
    if (auto len = getConstantIntValue(paddedSizes[d]))
      paddedSizes[d] = b.getIndexAttr(*len + pad);
    else
      paddedSizes[d] =
          arith::AddIOp::create(b, loc, asIndexValue(b, loc, paddedSizes[d]),
                                arith::ConstantIndexOp::create(b, loc, pad))
              .getResult();
  }

  // A result with run-time dimensions is sized through the runtime, which
  // rejects negative sizes and results larger than the machine's memory
  // before anything is allocated. An empty result then skips the whole
  // computation (an axis may be huge while another dimension is 0, and the
  // intermediate passes before the empty axis would not be empty).
  // Run-time scales first: an invalid scale is the cause of any problem
  // with the lengths computed from it.
  if (spec.shapeMode == ShapeCalcMode::Scales && !spec.constantScales) {
    ModuleOp module = spec.module;
    auto fn = declareRuntimeFunction(b, module, runtime::kCheckScaleName,
                                     b.getFunctionType({b.getF32Type()}, {}),
                                     /*cInterface=*/false);
    for (size_t i = 0; i < spec.axes.size(); ++i)
      func::CallOp::create(b, loc, fn, ValueRange{scaleValue(b, loc, spec, i)});
  }
  Value resultElements;
  if (llvm::any_of(spec.outSizes, [](OpFoldResult size) {
        return !getConstantIntValue(size).has_value();
      })) {
    ModuleOp module = spec.module;
    Type i64 = b.getI64Type();
    auto fn = declareRuntimeFunction(
        b, module, runtime::kCheckedResultElementsName,
        b.getFunctionType({i64, i64, i64}, {i64}), /*cInterface=*/false);
    Value bytes = arith::ConstantOp::create(
        b, loc,
        b.getI64IntegerAttr(
            std::max<int64_t>(1, dataType.getElementTypeBitWidth() / 8)));
    resultElements = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
    for (OpFoldResult size : spec.outSizes)
      resultElements =
          func::CallOp::create(
              b, loc, fn,
              ValueRange{resultElements, asI64(b, loc, size), bytes})
              .getResult(0);
  }

  if (!resultElements)
    return buildResize(b, loc, spec, resultType, source, paddedSizes, hasPads);
  Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  Value isEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        resultElements, zero);
  auto branch = scf::IfOp::create(
      b, loc, isEmpty,
      [&](OpBuilder &tb, Location tloc) {
        Value empty = tensor::EmptyOp::create(tb, tloc, spec.outSizes,
                                              dataType.getElementType());
        if (empty.getType() != resultType)
          empty = tensor::CastOp::create(tb, tloc, resultType, empty);
        scf::YieldOp::create(tb, tloc, empty);
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc,
                             buildResize(eb, eloc, spec, resultType, source,
                                         paddedSizes, hasPads));
      });
  return branch.getResult(0);
}

namespace {
struct LowerInterpolateV4 : OpConversionPattern<InterpolateV4Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InterpolateV4Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
    if (!dataType)
      return op.emitOpError("cannot be lowered with unranked data");
    std::optional<SmallVector<int64_t>> axes = op.getConstantAxes();
    if (!axes)
      return op.emitOpError(
          "cannot be lowered with non-constant 'axes' (OpenVINO's CPU plugin "
          "requires constant axes too)");
    if (!isa<RankedTensorType>(op.getResult().getType()))
      return op.emitOpError("cannot be lowered with an unranked result");
    bool sizesMode = op.getShapeCalculationMode() == ShapeCalcMode::Sizes;
    auto module = op->getParentOfType<ModuleOp>();
    checkOperandLength(rewriter, op.getLoc(), module,
                       sizesMode ? op.getSizes() : op.getScales(), axes->size(),
                       sizesMode ? runtime::CheckedOperand::Sizes
                                 : runtime::CheckedOperand::Scales);
    FailureOr<SmallVector<OpFoldResult>> outSizes =
        buildResultSizes(rewriter, op.getLoc(), op);
    if (failed(outSizes))
      return op.emitOpError("cannot compute the result shape");

    ResizeSpec spec;
    spec.module = module;
    spec.data = op.getData();
    spec.axes = *axes;
    spec.kernel = kernelFor(op.getMode());
    spec.coordinateMode = op.getCoordinateTransformationMode();
    spec.nearestMode = op.getNearestMode();
    spec.shapeMode = op.getShapeCalculationMode();
    spec.antialias = op.getAntialias();
    spec.cubeCoeff = op.getCubeCoeff().convertToDouble();
    spec.padsBegin = rules::resizePads(op.getPadsBegin(), dataType.getRank());
    spec.padsEnd = rules::resizePads(op.getPadsEnd(), dataType.getRank());
    spec.scales = op.getScales();
    spec.constantScales = getConstantScales(op.getScales());
    spec.outSizes = std::move(*outSizes);
    FailureOr<Value> result =
        lowerResize(rewriter, op.getLoc(), spec, op.getResult().getType());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// Interpolate-1 `area` (the other modes go through Interpolate-4).
struct LowerInterpolateV1Area : OpConversionPattern<InterpolateV1Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InterpolateV1Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getMode() != InterpolateV1Mode::Area)
      return failure();
    auto dataType = dyn_cast<RankedTensorType>(op.getData().getType());
    if (!dataType || !isa<RankedTensorType>(op.getResult().getType()))
      return op.emitOpError("cannot be lowered with unranked tensors");
    auto module = op->getParentOfType<ModuleOp>();
    checkOperandLength(rewriter, op.getLoc(), module,
                       op.getTargetSpatialShape(), op.getAxes().size(),
                       runtime::CheckedOperand::Target);
    FailureOr<SmallVector<OpFoldResult>> outSizes =
        buildResultSizes(rewriter, op.getLoc(), op);
    if (failed(outSizes))
      return op.emitOpError("cannot compute the result shape");

    ResizeSpec spec;
    spec.module = module;
    spec.data = op.getData();
    spec.axes = llvm::to_vector(op.getAxes());
    spec.kernel = AxisKernel::Area;
    spec.coordinateMode = CoordinateTransformMode::Asymmetric;
    spec.nearestMode = NearestMode::Simple;
    spec.shapeMode = ShapeCalcMode::Sizes;
    spec.antialias = false;
    spec.cubeCoeff = -0.75;
    spec.padsBegin = rules::resizePads(op.getPadsBegin(), dataType.getRank());
    spec.padsEnd = rules::resizePads(op.getPadsEnd(), dataType.getRank());
    spec.outSizes = std::move(*outSizes);
    FailureOr<Value> result =
        lowerResize(rewriter, op.getLoc(), spec, op.getResult().getType());
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, *result);
    return success();
  }
};

struct ConvertInterpToLinalgPass
    : interp::impl::ConvertInterpToLinalgBase<ConvertInterpToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalDialect<InterpDialect>();
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        func::FuncDialect, linalg::LinalgDialect, math::MathDialect,
        memref::MemRefDialect, scf::SCFDialect, tensor::TensorDialect>();
    // Unsigned scalars cross to signless arith through casts (castSignedness).
    target.addLegalOp<UnrealizedConversionCastOp>();
    RewritePatternSet patterns(ctx);
    populateInterpToLinalgConversionPatterns(patterns);
    // The pass always lowers: constant folding (through the reference
    // implementation) is canonicalization's job, and folding here would
    // silently replace compiled code by compile-time constants.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

void interp::populateInterpToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  populateLegalizeV1Patterns(patterns);
  patterns.add<LowerInterpolateV4, LowerInterpolateV1Area>(
      patterns.getContext());
}
