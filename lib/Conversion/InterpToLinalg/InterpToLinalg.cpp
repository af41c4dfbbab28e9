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
  /// Whether run-time tables get the passes specialized for x2 and /2.
  bool runtimeRatios = true;
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
  /// For run-time tables: the padded input length (i64) and the filled
  /// index and weight buffers, cast to any shape, which the run search reads.
  Value runtimeInLength;
  Value filledIndices, filledWeights;
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
  // Ordered compares and selects rather than maximumf/minimumf: each is one
  // vmaxps/vminps on x86, where arith-expand turns maximumf into two compares
  // and two selects for its NaN rule. NaN clamps to `lo` here and becomes 0
  // below.
  Value aboveLo = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                        rounded, loValue);
  Value clamped = arith::SelectOp::create(b, loc, aboveLo, rounded, loValue);
  Value belowHi = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                        clamped, hiValue);
  clamped = arith::SelectOp::create(b, loc, belowHi, clamped, hiValue);
  Value converted =
      isUnsigned
          ? arith::FPToUIOp::create(b, loc, intType, clamped).getResult()
          : arith::FPToSIOp::create(b, loc, intType, clamped).getResult();
  // Unsigned: `lo` is 0, so the clamp already made NaN 0.
  if (isUnsigned)
    return castSignedness(b, loc, converted, elementType);
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
  AxisTables tables;
  tables.runtimeInLength = params[5];
  tables.filledIndices =
      memref::CastOp::create(b, loc, anyIndexType, indexBuffer);
  tables.filledWeights =
      memref::CastOp::create(b, loc, anyWeightType, weightBuffer);
  SmallVector<Value> fillArgs(params);
  fillArgs.append({tables.filledIndices, tables.filledWeights});
  func::CallOp::create(b, loc, fillFn, fillArgs);

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
        DenseElementsAttr::get(rangeType,
                               ArrayRef(tablesOfDim[d]->host->indices))));
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
static Value buildNearest(OpBuilder &b, Location loc, Value source,
                          ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                          Value init) {
  if (llvm::all_of(tables, [](const AxisTables &t) {
        return t.isIdentity || coversAxis(t);
      }))
    return buildNearestAffine(b, loc, source, axes, tables, init);
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

/// One separable pass along `axis` whose tap count is only known at run time
/// (linear with antialias, area): a fully parallel generic over the pass's
/// output whose body loops over the taps,
/// out[.., o, ..] = sum_k W[o, k] * in[.., I[o, k], ..].
/// Static tap counts use buildDirectPass, which unrolls them.
static Value buildTapLoopPass(OpBuilder &b, Location loc, Value source,
                              int64_t axis, const AxisTables &tables,
                              Value init, FloatType accType, bool isUnsigned) {
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
        Value count = tensor::DimOp::create(nb, nloc, tables.indices, 1);
        auto loop = scf::ForOp::create(
            nb, nloc, zero, count, one, ValueRange{zeroOf(nb, nloc, accType)},
            [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
              Value index = tensor::ExtractOp::create(lb, lloc, tables.indices,
                                                      ValueRange{o, k});
              Value weight = tensor::ExtractOp::create(lb, lloc, tables.weights,
                                                       ValueRange{o, k});
              SmallVector<Value> indices(position);
              indices[axis] = arith::IndexCastOp::create(
                  lb, lloc, lb.getIndexType(), index);
              Value element =
                  tensor::ExtractOp::create(lb, lloc, source, indices);
              Value product = arith::MulFOp::create(
                  lb, lloc, weight,
                  toAccumulator(lb, lloc, element, accType, isUnsigned));
              Value next = arith::AddFOp::create(lb, lloc, iter[0], product);
              scf::YieldOp::create(lb, lloc, next);
            });
        linalg::YieldOp::create(nb, nloc,
                                storeAccumulated(nb, nloc, loop.getResult(0),
                                                 init, accType, isUnsigned));
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

/// Resized axes whose tap counts multiply to at most this many are computed
/// by buildDirect (a direct pass, after separable passes of the outer axes
/// beyond kMaxDirectCombinations) instead of separable passes throughout.
static constexpr int64_t kMaxDirectTaps = 8;

namespace {
/// The outputs of an innermost axis whose taps read the input at affine
/// positions (rules::AffineTapRun), as a direct pass computes them: loops
/// (k, p) write output outputOffset + P k + p from input S k + D p + base_t
/// with weight weights[t, p, k]. P and S are static; D and the bases are
/// constants for constant tables and run-time values found by the runtime
/// library otherwise.
struct TapRunPass {
  int64_t period = 1;
  int64_t inputStep = 1;
  OpFoldResult phaseStep;
  SmallVector<OpFoldResult> bases;
  /// [tap, phase, period]: contiguous along the vectorized loop, and what
  /// gives linalg the ranges of k and p.
  Value weights;
  int64_t outputOffset = 0;
};

/// One resized axis of a direct pass: its (index, weight) tables for the
/// outputs the pass covers, or an affine tap run of the innermost axis.
struct DirectAxis {
  int64_t axis = 0;
  int64_t taps = 0;
  Value indices, weights;
  std::optional<TapRunPass> run;
};
} // namespace

/// The run pass of a constant table's affine tap run, written into the whole
/// output from its first period on.
static TapRunPass staticTapRun(OpBuilder &b, Location loc,
                               const rules::AxisTable &table,
                               const rules::AffineTapRun &run,
                               FloatType accType) {
  TapRunPass pass;
  pass.period = run.period;
  pass.inputStep = run.inputStep;
  pass.phaseStep = b.getIndexAttr(run.phaseStep);
  for (int64_t offset : run.offsets)
    pass.bases.push_back(
        b.getIndexAttr(run.inputStep * run.firstPeriod + offset));
  pass.weights = buildRunWeights(b, loc, table, run, accType);
  pass.outputOffset = run.firstOutput();
  return pass;
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
/// An innermost axis with an affine tap run (TapRunPass) is iterated as
/// (k, p); its source index S k + D p + base_t is computed in the body, affine
/// in the loop indices, so LLVM unrolls the short phase loop and vectorizes
/// along k into contiguous (or evenly strided) loads and interleaving
/// shuffles instead of gathers.
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
      firstWeightArg[i] = inputs.size();
      for (int64_t t = 0; t < a.taps; ++t) {
        inputs.push_back(a.run->weights);
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
          runAxis->run->outputOffset;
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
            // S k + D p + base_t.
            const TapRunPass &run = *a.run;
            Value k = position[a.axis];
            Value index = nb.createOrFold<arith::MulIOp>(
                nloc, k, indexConst(run.inputStep));
            index = nb.createOrFold<arith::AddIOp>(
                nloc, index,
                nb.createOrFold<arith::MulIOp>(
                    nloc, phase,
                    getValueOrCreateConstantIndexOp(nb, nloc, run.phaseStep)));
            index = nb.createOrFold<arith::AddIOp>(
                nloc, index,
                getValueOrCreateConstantIndexOp(nb, nloc, run.bases[t]));
            tapIndex[i].push_back(index);
          }
        }
        // The sum starts at +0 (the reference's order: 0 + p_0 + p_1 ...),
        // which makes an all -0 sum +0. Stored into an integer, the sign of
        // a zero does not matter, and the sum starts with p_0 (one add per
        // output less).
        bool storesInteger =
            isa<IntegerType>(getElementTypeOrSelf(init.getType()));
        Value sum = storesInteger ? Value() : zeroOf(nb, nloc, accType);
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
          sum = sum ? arith::AddFOp::create(nb, nloc, sum, product).getResult()
                    : product;
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

/// `axes` resized by direct passes into `init`: the whole of it, or, when
/// the innermost axis has an affine tap run in its constant tables
/// (`runAxis`, an index into `axes`; `runTables`), the run's outputs over the
/// whole of `init` first and then the clamped edges [0, first) and [end, L),
/// each with its table rows, into slices of that result. (Slices of a
/// tensor.empty would be canonicalized into separate tensor.empty ops, which
/// bufferize as separate buffers and copies.)
static Value buildDirectWithRun(OpBuilder &b, Location loc, Value source,
                                SmallVector<DirectAxis> axes,
                                std::optional<size_t> runAxis,
                                const AxisTables *runTables, Value init,
                                FloatType accType, bool isUnsigned) {
  Value result =
      buildDirectPass(b, loc, source, axes, init, accType, isUnsigned);
  if (!runAxis)
    return result;
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  int64_t axis = axes[*runAxis].axis;
  const rules::AxisTable &table = *runTables->host;
  const rules::AffineTapRun &run = *runTables->run;
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
    AxisTables edge =
        materializeTable(b, loc, sliceRows(table, begin, count), accType, true);
    SmallVector<DirectAxis> edgeAxes(axes);
    edgeAxes[*runAxis].indices = edge.indices;
    edgeAxes[*runAxis].weights = edge.weights;
    edgeAxes[*runAxis].run.reset();
    Value edgeResult =
        buildDirectPass(b, loc, source, edgeAxes, slice, accType, isUnsigned);
    result = tensor::InsertSliceOp::create(b, loc, edgeResult, result, offsets,
                                           sliceSizes, strides);
  }
  return result;
}

/// The direct-pass form of resized axes with static tap counts: their
/// tables, and the affine tap run of the innermost axis when its constant
/// tables have one (its index in the result, and its tables).
struct DirectAxes {
  SmallVector<DirectAxis> axes;
  std::optional<size_t> runAxis;
  const AxisTables *runTables = nullptr;
};
static DirectAxes directAxesOf(OpBuilder &b, Location loc,
                               ArrayRef<int64_t> axes,
                               ArrayRef<const AxisTables *> tables,
                               int64_t rank, FloatType accType) {
  DirectAxes direct;
  for (auto [axis, t] : llvm::zip_equal(axes, tables)) {
    DirectAxis a;
    a.axis = axis;
    a.taps = cast<RankedTensorType>(t->indices.getType()).getDimSize(1);
    a.indices = t->indices;
    a.weights = t->weights;
    if (axis == rank - 1 && t->run && t->run->phaseStep >= 0) {
      direct.runAxis = direct.axes.size();
      direct.runTables = t;
      a.run = staticTapRun(b, loc, *t->host, *t->run, accType);
    }
    direct.axes.push_back(a);
  }
  return direct;
}

/// Tap combinations one direct pass sums per output element at most when
/// there are more resized axes: beyond it, the arithmetic per output (a
/// load, two multiplies and an add per combination) costs more than
/// computing the outer axes first into a slab that stays in cache (see
/// buildFusedOuterAxis). (W6, x2 on three axes, interleaved runs: 8
/// combinations 8.8-11.2 ms; the depth pass into a full-size intermediate,
/// then 4 combinations, 7.7-8.9 ms.)
static constexpr int64_t kMaxDirectCombinations = 4;

/// The parallel tasks a fused outer axis is split into at least (as far as
/// it has outputs): enough for a few threads to balance, few enough that
/// each task's scratch allocation does not count.
static constexpr int64_t kFusedAxisTasks = 64;

/// One separable pass along `axis` into a new accumulator tensor.
static Value buildAxisPass(OpBuilder &b, Location loc, Value source,
                           int64_t axis, const AxisTables &tables, Value init,
                           FloatType accType, bool isUnsigned);

/// The outer resized `axis` fused with the passes `inner` builds over the
/// dimensions inside it: for each output index o along `axis`, its taps are
/// combined into a slab of the source with `axis` of length 1, and `inner`
/// computes the output's slab at o from it. The slab is written and re-read
/// while in cache, where a separable pass would write and re-read a
/// full-size intermediate. (inner(slab, out) gets tensors of full rank,
/// length 1 along `axis` and the dimensions before it.)
///
/// The outputs along `axis` and the dimensions before it are split into the
/// tasks of a one-dimensional scf.forall (one loop for OpenMP to share),
/// each an scf.for over a block of outputs that reuses one scratch slab.
static Value buildFusedOuterAxis(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, FloatType accType, bool isUnsigned,
    function_ref<Value(OpBuilder &, Location, Value, Value)> inner) {
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  int64_t taps = cast<RankedTensorType>(tables.indices.getType()).getDimSize(1);
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, init);
  SmallVector<OpFoldResult> sourceSizes = tensor::getMixedSizes(b, loc, source);
  auto indexConst = [&](OpBuilder &ib, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(ib, loc, v);
  };

  // Blocks of ceil(L / wanted) outputs, at least one each, so that no block
  // is empty; tasks = (dimensions before `axis`) x blocks.
  int64_t outerCount = 1;
  for (int64_t d = 0; d < axis; ++d)
    if (std::optional<int64_t> size = getConstantIntValue(outSizes[d]))
      outerCount *= std::max<int64_t>(*size, 1);
  int64_t wantedBlocks =
      std::max<int64_t>(1, llvm::divideCeil(kFusedAxisTasks, outerCount));
  Value length = asIndexValue(b, loc, outSizes[axis]);
  Value chunk = b.createOrFold<arith::MaxUIOp>(
      loc, indexConst(b, 1),
      b.createOrFold<arith::CeilDivUIOp>(loc, length,
                                         indexConst(b, wantedBlocks)));
  Value blocks = b.createOrFold<arith::CeilDivUIOp>(loc, length, chunk);
  Value tasks = blocks;
  for (int64_t d = 0; d < axis; ++d)
    tasks = b.createOrFold<arith::MulIOp>(loc, tasks,
                                          asIndexValue(b, loc, outSizes[d]));

  auto forall = scf::ForallOp::create(
      b, loc, ArrayRef<OpFoldResult>{getAsOpFoldResult(tasks)},
      ValueRange{init}, std::nullopt);
  OpBuilder fb = OpBuilder::atBlockTerminator(forall.getBody());
  Value shared = forall.getRegionIterArgs()[0];
  // task = (i_0, ..., i_{axis-1}, block), the block fastest.
  Value rest = forall.getInductionVars()[0];
  Value block = fb.createOrFold<arith::RemUIOp>(loc, rest, blocks);
  rest = fb.createOrFold<arith::DivUIOp>(loc, rest, blocks);
  SmallVector<OpFoldResult> offsets(rank, fb.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes(outSizes);
  SmallVector<OpFoldResult> strides(rank, fb.getIndexAttr(1));
  for (int64_t d = axis - 1; d >= 0; --d) {
    Value size = asIndexValue(fb, loc, outSizes[d]);
    offsets[d] =
        getAsOpFoldResult(fb.createOrFold<arith::RemUIOp>(loc, rest, size));
    rest = fb.createOrFold<arith::DivUIOp>(loc, rest, size);
    sizes[d] = fb.getIndexAttr(1);
  }
  Value start = fb.createOrFold<arith::MulIOp>(loc, block, chunk);
  // The last block is shorter unless the blocks divide the axis.
  std::optional<int64_t> staticLength = getConstantIntValue(length);
  std::optional<int64_t> staticChunk = getConstantIntValue(chunk);
  Value count =
      staticLength && staticChunk && *staticLength % *staticChunk == 0
          ? chunk
          : fb.createOrFold<arith::MinUIOp>(
                loc, chunk, fb.createOrFold<arith::SubIOp>(loc, length, start));

  // The source at the task's outer position, all of `axis` (the table holds
  // absolute indices along it); the output block; one scratch slab.
  SmallVector<OpFoldResult> sourceOffsets(offsets), slabSizes(sourceSizes);
  sourceOffsets[axis] = fb.getIndexAttr(0);
  for (int64_t d = 0; d < axis; ++d)
    slabSizes[d] = fb.getIndexAttr(1);
  Value sourceSlab = tensor::ExtractSliceOp::create(
      fb, loc, source, sourceOffsets, slabSizes, strides);
  offsets[axis] = getAsOpFoldResult(start);
  sizes[axis] = getAsOpFoldResult(count);
  Value outBlock =
      tensor::ExtractSliceOp::create(fb, loc, shared, offsets, sizes, strides);
  slabSizes[axis] = fb.getIndexAttr(1);
  Value scratch = tensor::EmptyOp::create(fb, loc, slabSizes, accType);

  auto loop = scf::ForOp::create(
      fb, loc, indexConst(fb, 0), count, indexConst(fb, 1),
      ValueRange{outBlock, scratch},
      [&](OpBuilder &lb, Location lloc, Value o, ValueRange iter) {
        Value row = arith::AddIOp::create(lb, lloc, start, o);
        auto rowOf = [&](Value table) -> Value {
          return tensor::ExtractSliceOp::create(
              lb, lloc, table, ArrayRef<OpFoldResult>{row, lb.getIndexAttr(0)},
              ArrayRef<OpFoldResult>{lb.getIndexAttr(1), lb.getIndexAttr(taps)},
              ArrayRef<OpFoldResult>{lb.getIndexAttr(1), lb.getIndexAttr(1)});
        };
        DirectAxis outer;
        outer.axis = axis;
        outer.taps = taps;
        outer.indices = rowOf(tables.indices);
        outer.weights = rowOf(tables.weights);
        Value slab = buildDirectPass(lb, lloc, sourceSlab, {outer}, iter[1],
                                     accType, isUnsigned);
        SmallVector<OpFoldResult> rowOffsets(rank, lb.getIndexAttr(0));
        SmallVector<OpFoldResult> rowSizes(sizes);
        rowOffsets[axis] = o;
        rowSizes[axis] = lb.getIndexAttr(1);
        Value outRow = tensor::ExtractSliceOp::create(
            lb, lloc, iter[0], rowOffsets, rowSizes, strides);
        Value computed = inner(lb, lloc, slab, outRow);
        Value updated = tensor::InsertSliceOp::create(
            lb, lloc, computed, iter[0], rowOffsets, rowSizes, strides);
        scf::YieldOp::create(lb, lloc, ValueRange{updated, slab});
      });

  OpBuilder tb = OpBuilder::atBlockBegin(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(tb, loc, loop.getResult(0), shared,
                                        offsets, sizes, strides);
  return forall.getResult(0);
}

/// Every resized axis into `init`: the outermost ones, while the tap
/// product is above kMaxDirectCombinations, before one direct pass over the
/// others (always including the innermost). The first of them is fused with
/// the rest (buildFusedOuterAxis); any further one is a separable pass
/// inside it.
static Value buildDirect(OpBuilder &b, Location loc, Value source,
                         ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                         Value init, FloatType accType, bool isUnsigned) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  SmallVector<std::pair<int64_t, const AxisTables *>> resized;
  for (auto [axis, t] : llvm::zip_equal(axes, tables))
    if (!t.isIdentity)
      resized.push_back({axis, &t});
  llvm::sort(resized, llvm::less_first());
  auto tapsOf = [](const AxisTables *t) {
    return cast<RankedTensorType>(t->indices.getType()).getDimSize(1);
  };
  int64_t product = 1;
  for (auto &entry : resized)
    product *= tapsOf(entry.second);
  // Data that converts to the accumulator type (integers, f16, bf16) pays
  // a conversion per tap read: there the outer axis is also fused when that
  // reads fewer elements than the direct pass would. Per slab: the fused
  // pass reads in x T_outer and then out x T_inner, the direct pass
  // out x T_inner x T_outer (the inner axes' lengths; unknown ones do not
  // fuse). W1 in ui8 (x2 on H and W): 960 x 2 + 1920 x 2 < 1920 x 4, and
  // measured 3.3-4.9 -> 2.0-2.3 ms; W2's 1920 -> 224 stays direct.
  bool converts = getElementTypeOrSelf(source.getType()) != accType;
  ArrayRef<int64_t> inShape =
      cast<RankedTensorType>(source.getType()).getShape();
  ArrayRef<int64_t> outShape =
      cast<RankedTensorType>(init.getType()).getShape();
  auto fusingReadsLess = [&](size_t outer) {
    double in = 1, out = 1, innerTaps = 1;
    for (auto [axis, t] : ArrayRef(resized).drop_front(outer + 1)) {
      if (ShapedType::isDynamic(inShape[axis]) ||
          ShapedType::isDynamic(outShape[axis]))
        return false;
      in *= inShape[axis];
      out *= outShape[axis];
      innerTaps *= tapsOf(t);
    }
    double outerTaps = tapsOf(resized[outer].second);
    return in * outerTaps + out * innerTaps < out * innerTaps * outerTaps;
  };
  size_t peeled = 0;
  while (peeled + 1 < resized.size() &&
         (product > kMaxDirectCombinations ||
          (peeled == 0 && converts && fusingReadsLess(peeled))))
    product /= tapsOf(resized[peeled++].second);

  // The peeled axes from `from` on as separable passes, then the direct
  // pass, from `slab` into `out`.
  auto passes = [&](OpBuilder &pb, Location ploc, Value slab, Value out,
                    size_t from) {
    SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(pb, ploc, out);
    for (auto [axis, t] : ArrayRef(resized).slice(from, peeled - from)) {
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(pb, ploc, slab);
      sizes[axis] = outSizes[axis];
      Value passInit = tensor::EmptyOp::create(pb, ploc, sizes, accType);
      slab = buildAxisPass(pb, ploc, slab, axis, *t, passInit, accType,
                           isUnsigned);
    }
    SmallVector<int64_t> directAxes;
    SmallVector<const AxisTables *> directTables;
    for (auto [axis, t] : ArrayRef(resized).drop_front(peeled)) {
      directAxes.push_back(axis);
      directTables.push_back(t);
    }
    DirectAxes direct =
        directAxesOf(pb, ploc, directAxes, directTables, rank, accType);
    return buildDirectWithRun(pb, ploc, slab, direct.axes, direct.runAxis,
                              direct.runTables, out, accType, isUnsigned);
  };
  if (peeled == 0)
    return passes(b, loc, source, init, 0);
  auto [axis, t] = resized.front();
  return buildFusedOuterAxis(
      b, loc, source, axis, *t, init, accType, isUnsigned,
      [&](OpBuilder &ib, Location iloc, Value slab, Value out) {
        return passes(ib, iloc, slab, out, 1);
      });
}

/// One separable pass along `axis` into `init` (of the source's shape with
/// the axis resized): a direct pass over that axis alone (with its affine
/// tap run along the innermost axis), or a loop over a run-time tap count.
static Value buildAxisPass(OpBuilder &b, Location loc, Value source,
                           int64_t axis, const AxisTables &tables, Value init,
                           FloatType accType, bool isUnsigned) {
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  auto tableType = cast<RankedTensorType>(tables.indices.getType());
  if (tableType.isDynamicDim(1) || tableType.getDimSize(1) > kMaxUnrolledTaps)
    return buildTapLoopPass(b, loc, source, axis, tables, init, accType,
                            isUnsigned);
  DirectAxes direct = directAxesOf(b, loc, {axis}, {&tables}, rank, accType);
  return buildDirectWithRun(b, loc, source, direct.axes, direct.runAxis,
                            direct.runTables, init, accType, isUnsigned);
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

/// The product of the resized axes' tap counts when every table has a
/// static tap count (nullopt otherwise, or when nothing is resized).
static std::optional<int64_t> staticTapProduct(ArrayRef<AxisTables> tables) {
  int64_t product = 1;
  bool any = false;
  for (const AxisTables &t : tables) {
    if (t.isIdentity)
      continue;
    auto type = cast<RankedTensorType>(t.indices.getType());
    if (type.isDynamicDim(1))
      return std::nullopt;
    product *= type.getDimSize(1);
    any = true;
  }
  if (!any)
    return std::nullopt;
  return product;
}

/// The ratios (period, input step) for which run-time tables of the
/// innermost axis get a run pass specialized at compile time: x2 up and /2
/// down, the commonest integer ratios. Each one costs a guarded copy of the
/// direct pass; any other ratio runs the separable passes.
static constexpr std::pair<int64_t, int64_t> kRuntimeRunRatios[] = {{2, 1},
                                                                    {1, 2}};

namespace {
/// An affine tap run of a run-time table, as the runtime library found it
/// for one ratio: `found` when it covers at least half of the axis, the run
/// pass to write outputs [firstOutput, endOutput) into a slice starting
/// there.
struct RuntimeRun {
  Value found;
  Value firstOutput, endOutput;
  TapRunPass pass;
};
} // namespace

static RuntimeRun findRuntimeRun(OpBuilder &b, Location loc,
                                 const ResizeSpec &spec,
                                 const AxisTables &tables,
                                 OpFoldResult outLength, int64_t period,
                                 int64_t inputStep, FloatType accType) {
  int64_t taps = cast<RankedTensorType>(tables.indices.getType()).getDimSize(1);
  int64_t dyn = ShapedType::kDynamic;
  Type i64 = b.getI64Type();
  auto indexConst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value runBuffer =
      memref::AllocOp::create(b, loc, MemRefType::get({3 + taps}, i64));
  Value periods = arith::DivUIOp::create(
      b, loc, asIndexValue(b, loc, outLength), indexConst(period));
  Value weightBuffer = memref::AllocOp::create(
      b, loc, MemRefType::get({taps, period, dyn}, accType),
      ValueRange{periods});
  auto anyRunType = MemRefType::get({dyn}, i64);
  auto anyWeightType = MemRefType::get({dyn, dyn, dyn}, accType);
  SmallVector<Type> types = {i64,
                             i64,
                             i64,
                             tables.filledIndices.getType(),
                             tables.filledWeights.getType(),
                             anyRunType,
                             anyWeightType};
  StringRef name = accType.isF64() ? runtime::kAxisTableRunF64Name
                                   : runtime::kAxisTableRunF32Name;
  auto fn =
      declareRuntimeFunction(b, spec.module, name, b.getFunctionType(types, {}),
                             /*cInterface=*/true);
  SmallVector<Value> args = {tables.runtimeInLength};
  args.append(
      {arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(period)),
       arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(inputStep)),
       tables.filledIndices, tables.filledWeights,
       memref::CastOp::create(b, loc, anyRunType, runBuffer).getResult(),
       memref::CastOp::create(b, loc, anyWeightType, weightBuffer)
           .getResult()});
  func::CallOp::create(b, loc, fn, args);

  auto load = [&](int64_t i) -> Value {
    Value v =
        memref::LoadOp::create(b, loc, runBuffer, ValueRange{indexConst(i)});
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  };
  Value first = load(0), end = load(1);
  RuntimeRun run;
  // A run worth its pass covers at least half of the axis: a few affine
  // periods of another ratio (a /2 table holds x2-like pairs here and there)
  // must not keep the next ratio from being tried.
  Value covered =
      arith::MulIOp::create(b, loc, arith::SubIOp::create(b, loc, end, first),
                            indexConst(2 * period));
  run.found = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, end, first),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, covered,
                            asIndexValue(b, loc, outLength)));
  run.firstOutput = arith::MulIOp::create(b, loc, first, indexConst(period));
  run.endOutput = arith::MulIOp::create(b, loc, end, indexConst(period));
  run.pass.period = period;
  run.pass.inputStep = inputStep;
  run.pass.phaseStep = load(2);
  Value firstInput =
      arith::MulIOp::create(b, loc, first, indexConst(inputStep));
  for (int64_t t = 0; t < taps; ++t)
    run.pass.bases.push_back(
        arith::AddIOp::create(b, loc, firstInput, load(3 + t)).getResult());
  Value weights = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({taps, period, dyn}, accType), weightBuffer,
      /*restrict=*/true);
  Value count = arith::SubIOp::create(b, loc, end, first);
  run.pass.weights = tensor::ExtractSliceOp::create(
      b, loc, weights,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0),
                             b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(taps), b.getIndexAttr(period),
                             count},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1),
                             b.getIndexAttr(1)});
  run.pass.outputOffset = 0;
  return run;
}

/// `axes` resized by direct passes into `init`, the
/// innermost (`runAxis`) with run-time tables and the run `run` found in
/// them: the table pass over [0, first), the run pass over [first, end) and
/// the table pass over [end, L), each into its slice.
static Value buildDirectWithRuntimeRun(OpBuilder &b, Location loc, Value source,
                                       ArrayRef<DirectAxis> axes,
                                       size_t runAxis, const RuntimeRun &run,
                                       Value init, FloatType accType,
                                       bool isUnsigned) {
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, init);
  int64_t rank = outSizes.size();
  int64_t axis = axes[runAxis].axis;
  Value result = init;
  Value length = asIndexValue(b, loc, outSizes[axis]);
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [sliceBegin, sliceEnd, isRun] :
       {std::tuple(zero, run.firstOutput, false),
        std::tuple(run.firstOutput, run.endOutput, true),
        std::tuple(run.endOutput, length, false)}) {
    Value begin = sliceBegin, end = sliceEnd;
    Value count = arith::SubIOp::create(b, loc, end, begin);
    SmallVector<OpFoldResult> sizes(outSizes);
    offsets[axis] = begin;
    sizes[axis] = count;
    Value slice =
        tensor::ExtractSliceOp::create(b, loc, result, offsets, sizes, strides);
    SmallVector<DirectAxis> sliceAxes(axes);
    DirectAxis &inner = sliceAxes[runAxis];
    if (isRun) {
      inner.run = run.pass;
    } else {
      auto rows = [&](Value table) -> Value {
        return tensor::ExtractSliceOp::create(
            b, loc, table, ArrayRef<OpFoldResult>{begin, b.getIndexAttr(0)},
            ArrayRef<OpFoldResult>{count, b.getIndexAttr(inner.taps)},
            ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
      };
      inner.indices = rows(inner.indices);
      inner.weights = rows(inner.weights);
    }
    Value computed =
        buildDirectPass(b, loc, source, sliceAxes, slice, accType, isUnsigned);
    result = tensor::InsertSliceOp::create(b, loc, computed, result, offsets,
                                           sizes, strides);
  }
  return result;
}

/// Direct passes when the innermost axis has run-time tables: for each ratio
/// of kRuntimeRunRatios in turn, the runtime library looks for an affine tap
/// run with it, and if it finds one, the direct pass with that run computes
/// the result; otherwise `fallback` (the separable passes) does.
static Value buildWithRuntimeRuns(
    OpBuilder &b, Location loc, const ResizeSpec &spec, Value source,
    ArrayRef<AxisTables> tables, Value init, FloatType accType, bool isUnsigned,
    function_ref<Value(OpBuilder &, Location)> fallback, size_t ratio = 0) {
  if (ratio == std::size(kRuntimeRunRatios))
    return fallback(b, loc);
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  SmallVector<int64_t> resized;
  SmallVector<const AxisTables *> resizedTables;
  for (auto [axis, t] : llvm::zip_equal(spec.axes, tables)) {
    if (t.isIdentity)
      continue;
    resized.push_back(axis);
    resizedTables.push_back(&t);
  }
  DirectAxes direct =
      directAxesOf(b, loc, resized, resizedTables, rank, accType);
  size_t runAxis = llvm::find(resized, rank - 1) - resized.begin();
  auto [period, inputStep] = kRuntimeRunRatios[ratio];
  // Shorter than one period: no run (and no valid run buffer layout).
  if (std::optional<int64_t> length =
          getConstantIntValue(spec.outSizes[rank - 1]);
      length && *length < period)
    return buildWithRuntimeRuns(b, loc, spec, source, tables, init, accType,
                                isUnsigned, fallback, ratio + 1);
  RuntimeRun run =
      findRuntimeRun(b, loc, spec, *resizedTables[runAxis],
                     spec.outSizes[rank - 1], period, inputStep, accType);
  auto branch = scf::IfOp::create(
      b, loc, run.found,
      [&](OpBuilder &tb, Location tloc) {
        scf::YieldOp::create(
            tb, tloc,
            buildDirectWithRuntimeRun(tb, tloc, source, direct.axes, runAxis,
                                      run, init, accType, isUnsigned));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(
            eb, eloc,
            buildWithRuntimeRuns(eb, eloc, spec, source, tables, init, accType,
                                 isUnsigned, fallback, ratio + 1));
      });
  return branch.getResult(0);
}

/// Tables, pads and passes of one op (after the run-time checks), computed
/// into `init` (of the result's sizes); returns the result in `resultType`.
static Value buildResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                         Type resultType, Value source,
                         ArrayRef<OpFoldResult> paddedSizes, bool hasPads,
                         Value init) {
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

  // Direct passes need static tap counts whose product is small, and an
  // innermost axis that does not gather: constant tables (gathering only at
  // the clamped edges when they have a run), or run-time tables with a run
  // the runtime library finds.
  std::optional<int64_t> taps = staticTapProduct(tables);
  bool direct = taps && *taps <= kMaxDirectTaps;
  const AxisTables *innermost = nullptr;
  for (auto [axis, t] : llvm::zip_equal(spec.axes, tables))
    if (axis == rank - 1 && !t.isIdentity)
      innermost = &t;
  bool allConstant = llvm::all_of(tables, [](const AxisTables &t) {
    return t.isIdentity || t.host.has_value();
  });
  auto separable = [&](OpBuilder &sb, Location sloc) {
    SmallVector<size_t> order =
        orderPasses(spec.axes, tables, paddedSizes, spec.outSizes);
    // Intermediate passes accumulate; the last one stores the element type.
    Value passResult = source;
    for (size_t i : order) {
      Value passInit = init;
      if (i != order.back()) {
        SmallVector<OpFoldResult> sizes =
            tensor::getMixedSizes(sb, sloc, passResult);
        sizes[spec.axes[i]] = spec.outSizes[spec.axes[i]];
        passInit = tensor::EmptyOp::create(sb, sloc, sizes, accType);
      }
      passResult = buildAxisPass(sb, sloc, passResult, spec.axes[i], tables[i],
                                 passInit, accType, isUnsigned);
    }
    return passResult;
  };

  Value result;
  if (spec.kernel == AxisKernel::Nearest) {
    result = buildNearest(b, loc, source, spec.axes, tables, init);
  } else if (direct && (allConstant || (innermost && innermost->run))) {
    result = buildDirect(b, loc, source, spec.axes, tables, init, accType,
                         isUnsigned);
  } else if (direct && innermost && !innermost->host && spec.runtimeRatios) {
    result = buildWithRuntimeRuns(b, loc, spec, source, tables, init, accType,
                                  isUnsigned, separable);
  } else {
    result = separable(b, loc);
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

  // The result's one tensor.empty, which every way of computing it below
  // writes into (destination-passing style, through the scf.if branches):
  // empty-tensor elimination can then replace it with the op's destination
  // and no copy is left.
  Value init =
      tensor::EmptyOp::create(b, loc, spec.outSizes, dataType.getElementType());
  if (!resultElements)
    return buildResize(b, loc, spec, resultType, source, paddedSizes, hasPads,
                       init);
  Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  Value isEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        resultElements, zero);
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
                                         paddedSizes, hasPads, init));
      });
  return branch.getResult(0);
}

namespace {
struct LowerInterpolateV4 : OpConversionPattern<InterpolateV4Op> {
  LowerInterpolateV4(MLIRContext *ctx, bool runtimeRatios)
      : OpConversionPattern(ctx), runtimeRatios(runtimeRatios) {}
  bool runtimeRatios;

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
    spec.runtimeRatios = runtimeRatios;
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
  LowerInterpolateV1Area(MLIRContext *ctx, bool runtimeRatios)
      : OpConversionPattern(ctx), runtimeRatios(runtimeRatios) {}
  bool runtimeRatios;

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
    spec.runtimeRatios = runtimeRatios;
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
  using Base::Base;

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
    populateInterpToLinalgConversionPatterns(patterns, runtimeRatios);
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
    RewritePatternSet &patterns, bool runtimeRatios) {
  populateLegalizeV1Patterns(patterns);
  patterns.add<LowerInterpolateV4, LowerInterpolateV1Area>(
      patterns.getContext(), runtimeRatios);
}
