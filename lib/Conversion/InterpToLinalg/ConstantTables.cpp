//===- ConstantTables.cpp - per-axis tables known at compile time ---------===//
//
// rules::buildAxisTable run by the compiler: the tables become constants and
// the element loops only load, multiply and add.
//
//===----------------------------------------------------------------------===//

#include "Tables.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <limits>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

std::optional<int64_t> AxisTables::staticTaps() const {
  auto type = cast<RankedTensorType>(indices.getType());
  if (type.isDynamicDim(1))
    return std::nullopt;
  return type.getDimSize(1);
}

/// `values` as weights of `types`' weight type: f64, narrowed to f32, or
/// in fixed point with `bits` fraction bits (rules::fixedPointWeight).
static Value weightConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            ArrayRef<double> values, const ElementTypes &types,
                            int bits) {
  auto type = RankedTensorType::get(shape, types.weight());
  DenseElementsAttr attr;
  if (types.fixedPoint) {
    SmallVector<int32_t> fixed;
    for (double w : values)
      fixed.push_back(rules::fixedPointWeight(*types.fixedPoint, bits, w));
    attr = DenseElementsAttr::get(type, ArrayRef(fixed));
  } else if (type.getElementType().isF64()) {
    attr = DenseElementsAttr::get(type, values);
  } else {
    SmallVector<float> narrow(values.begin(), values.end());
    attr = DenseElementsAttr::get(type, ArrayRef(narrow));
  }
  return arith::ConstantOp::create(b, loc, attr);
}

/// `values` as an index constant of `shape`: i32 when every value fits
/// (half the table bytes, and gathers with 32-bit lanes: vgatherdps of 16
/// floats, not vgatherqps of 8), i64 otherwise.
static Value indexConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                           ArrayRef<int64_t> values, int64_t bound) {
  if (bound <= std::numeric_limits<int32_t>::max()) {
    SmallVector<int32_t> narrow(values.begin(), values.end());
    auto type = RankedTensorType::get(shape, b.getI32Type());
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, ArrayRef(narrow)));
  }
  auto type = RankedTensorType::get(shape, b.getI64Type());
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, values));
}

AxisTables lowering::materializeTable(OpBuilder &b, Location loc,
                                      const rules::AxisTable &table,
                                      const ElementTypes &types,
                                      bool needsWeights,
                                      std::optional<int> bits) {
  AxisTables tables;
  SmallVector<int64_t> shape = {table.outLength, table.taps};
  tables.indices = indexConstant(b, loc, shape, table.indices, table.inLength);
  // nearest gathers without weights.
  if (!needsWeights)
    return tables;
  if (types.fixedPoint) {
    if (!bits)
      bits = rules::fixedPointBits(*types.fixedPoint, table.weights);
    tables.constantFractionBits = bits;
    tables.fractionBits =
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(*bits));
  }
  tables.weights =
      weightConstant(b, loc, shape, table.weights, types, bits.value_or(0));
  return tables;
}

rules::AxisTable lowering::sliceRows(const rules::AxisTable &table,
                                     int64_t first, int64_t count) {
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

AffineRunOperands lowering::staticRunOperands(OpBuilder &b, Location loc,
                                              const rules::AxisTable &table,
                                              const rules::AffineTapRun &run,
                                              const ElementTypes &types,
                                              std::optional<int> bits) {
  AffineRunOperands operands;
  operands.period = run.period;
  operands.inputStep = run.inputStep;
  operands.phaseStep = b.getIndexAttr(run.phaseStep);
  for (int64_t offset : run.offsets)
    operands.bases.push_back(
        b.getIndexAttr(run.inputStep * run.firstPeriod + offset));
  std::vector<double> weights = rules::runWeights(table, run);
  int64_t periods = run.endPeriod - run.firstPeriod;
  operands.weights = weightConstant(b, loc, {table.taps, run.period, periods},
                                    weights, types, bits.value_or(0));
  operands.outputOffset = run.firstOutput();
  return operands;
}

std::optional<ConsecutiveTables>
lowering::consecutiveConstantTables(OpBuilder &b, Location loc,
                                    const AxisTables &tables,
                                    const ElementTypes &types) {
  if (!isa<IntegerType>(types.data) || !tables.constantTable || tables.run)
    return std::nullopt;
  const rules::AxisTable &table = *tables.constantTable;
  std::optional<rules::ConsecutiveTaps> consecutive =
      rules::consecutiveTaps(table);
  if (!consecutive)
    return std::nullopt;
  ConsecutiveTables result;
  result.starts = indexConstant(b, loc, {table.outLength}, consecutive->starts,
                                table.inLength);
  result.weights = weightConstant(b, loc, {table.outLength, table.taps},
                                  consecutive->weights, types,
                                  tables.constantFractionBits.value_or(0));
  return result;
}
