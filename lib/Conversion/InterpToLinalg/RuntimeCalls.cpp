//===- RuntimeCalls.cpp - calls into libinterp_runtime --------------------===//
//
// Every call compiled code makes into the runtime library: the run-time
// checks, which come before anything is allocated, and the per-axis tables
// of non-static axes. Declarations come from RuntimeDeclarations.h.
//
//===----------------------------------------------------------------------===//

#include "Tables.h"

#include "interp/Runtime/IR/RuntimeDeclarations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

static func::CallOp callRuntime(OpBuilder &b, Location loc, ModuleOp module,
                                runtime::Function fn, ValueRange args) {
  return func::CallOp::create(b, loc, runtime::declare(b, module, fn), args);
}

Value lowering::callRuntimeCheck(OpBuilder &b, Location loc,
                                 const ResizeSpec &spec, runtime::Function fn,
                                 ValueRange args) {
  assert(runtime::info(fn).isCheck && "not a run-time check");
  if (spec.portable)
    return emitPortableCheck(b, loc, fn, args);
  return callRuntime(b, loc, spec.module, fn, args).getResult(0);
}

void lowering::checkOperandLength(OpBuilder &b, Location loc,
                                  const ResizeSpec &spec, Value operand,
                                  int64_t numAxes,
                                  runtime::CheckedOperand which) {
  if (!cast<RankedTensorType>(operand.getType()).isDynamicDim(0))
    return;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value length = arith::IndexCastOp::create(
      b, loc, b.getI64Type(), tensor::DimOp::create(b, loc, operand, zero));
  Value whichValue = arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(which)));
  Value expected =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(numAxes));
  callRuntimeCheck(b, loc, spec, runtime::Function::CheckOperandLength,
                   {whichValue, length, expected});
}

SmallVector<Value>
lowering::runtimeTableParams(OpBuilder &b, Location loc, const ResizeSpec &spec,
                             int64_t i, OpFoldResult inLength,
                             OpFoldResult outLength, Value antialias) {
  auto i32Const = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value scale = spec.shapeMode == ShapeCalcMode::Scales
                    ? scaleValue(b, loc, spec, i)
                    : arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f))
                          .getResult();
  return {i32Const(static_cast<int64_t>(spec.kernel)),
          i32Const(static_cast<int64_t>(spec.coordinateMode)),
          i32Const(static_cast<int64_t>(spec.nearestMode)),
          i32Const(static_cast<int64_t>(spec.shapeMode)),
          scale,
          asI64(b, loc, inLength),
          asI64(b, loc, outLength),
          arith::ExtUIOp::create(b, loc, b.getI32Type(), antialias),
          arith::ConstantOp::create(b, loc, b.getF64FloatAttr(spec.cubeCoeff))};
}

void lowering::checkRuntimeTable(OpBuilder &b, Location loc,
                                 const ResizeSpec &spec, int64_t axis,
                                 ValueRange params) {
  SmallVector<Value> args = {
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(axis))};
  args.append(params.begin(), params.end());
  callRuntimeCheck(b, loc, spec, runtime::Function::CheckAxisTable, args);
}

AxisTables lowering::buildRuntimeTables(OpBuilder &b, Location loc,
                                        const ResizeSpec &spec,
                                        ValueRange params,
                                        OpFoldResult outLength, Value antialias,
                                        const ElementTypes &types) {
  ModuleOp module = spec.module;
  Type weightType = types.weight();
  Type i64 = b.getI64Type();
  Value taps =
      callRuntime(b, loc, module, runtime::Function::AxisTableTaps, params)
          .getResult(0);
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
  Value indexBuffer = memref::AllocOp::create(
      b, loc, MemRefType::get({dyn, columns}, i64), dynamicSizes);
  Value weightBuffer = memref::AllocOp::create(
      b, loc, MemRefType::get({dyn, columns}, weightType), dynamicSizes);
  // The runtime function takes buffers of any shape.
  AxisTables tables;
  tables.runtimeInLength = params[5];
  tables.filledIndices = memref::CastOp::create(
      b, loc, MemRefType::get({dyn, dyn}, i64), indexBuffer);
  tables.filledWeights = memref::CastOp::create(
      b, loc, MemRefType::get({dyn, dyn}, weightType), weightBuffer);
  SmallVector<Value> fillArgs(params);
  fillArgs.append({tables.filledIndices, tables.filledWeights});
  using Scheme = rules::FixedPointSums::Scheme;
  if (!types.fixedPoint) {
    callRuntime(b, loc, module,
                weightType.isF64() ? runtime::Function::AxisTableFillF64
                                   : runtime::Function::AxisTableFillF32,
                fillArgs);
  } else if (types.fixedPoint->scheme == Scheme::Pillow) {
    callRuntime(b, loc, module, runtime::Function::AxisTableFillPillowI32,
                fillArgs);
    tables.fractionBits = arith::ConstantOp::create(
        b, loc, b.getI32IntegerAttr(rules::kPillowPrecisionBits));
  } else {
    // PyTorch's precision depends on the whole table: the runtime library
    // returns it.
    tables.fractionBits =
        callRuntime(b, loc, module, runtime::Function::AxisTableFillTorchI32,
                    fillArgs)
            .getResult(0);
  }

  tables.indices = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({dyn, columns}, i64), indexBuffer,
      /*restrict=*/true);
  tables.weights = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({dyn, columns}, weightType), weightBuffer,
      /*restrict=*/true);
  return tables;
}

RuntimeRun lowering::findRuntimeRun(OpBuilder &b, Location loc,
                                    const ResizeSpec &spec,
                                    const AxisTables &tables,
                                    OpFoldResult outLength, int64_t period,
                                    int64_t inputStep, FloatType accType) {
  int64_t taps = *tables.staticTaps();
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
  SmallVector<Value> args = {
      tables.runtimeInLength,
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(period)),
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(inputStep)),
      tables.filledIndices,
      tables.filledWeights,
      memref::CastOp::create(b, loc, MemRefType::get({dyn}, i64), runBuffer),
      memref::CastOp::create(b, loc, MemRefType::get({dyn, dyn, dyn}, accType),
                             weightBuffer)};
  callRuntime(b, loc, spec.module,
              accType.isF64() ? runtime::Function::AxisTableRunF64
                              : runtime::Function::AxisTableRunF32,
              args);

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
  AffineRunOperands &operands = run.operands;
  operands.period = period;
  operands.inputStep = inputStep;
  operands.phaseStep = load(2);
  Value firstInput =
      arith::MulIOp::create(b, loc, first, indexConst(inputStep));
  for (int64_t t = 0; t < taps; ++t)
    operands.bases.push_back(
        arith::AddIOp::create(b, loc, firstInput, load(3 + t)).getResult());
  Value weights = bufferization::ToTensorOp::create(
      b, loc, RankedTensorType::get({taps, period, dyn}, accType), weightBuffer,
      /*restrict=*/true);
  Value count = arith::SubIOp::create(b, loc, end, first);
  operands.weights = tensor::ExtractSliceOp::create(
      b, loc, weights,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0),
                             b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(taps), b.getIndexAttr(period),
                             count},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1),
                             b.getIndexAttr(1)});
  operands.outputOffset = 0;
  return run;
}
