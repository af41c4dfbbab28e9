//===- Tables.h - per-axis tables and the runtime library -------*- C++ -*-===//
//
// Each resized axis's (index, weight) tables, from where the plan says:
// compile-time constants (ConstantTables.cpp), filled by the runtime library
// (RuntimeCalls.cpp, which also makes every run-time check) or computed by
// linalg ops in portable lowerings (ComputedTables.cpp, PortableChecks.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_TABLES_H
#define LIB_CONVERSION_INTERPTOLINALG_TABLES_H

#include "Arithmetic.h"

namespace mlir::interp::lowering {

/// One axis's tables: constant or filled at run time. `isIdentity` when the
/// axis provably maps every index to itself and needs no pass.
struct AxisTables {
  Value indices; // tensor<L x K x i64>
  Value weights; // tensor<L x K x f32|f64|i32> (ElementTypes::weight)
  bool isIdentity = false;
  /// The table itself when it is a compile-time constant, and the interval
  /// of it whose taps read the input at affine positions, if any.
  std::optional<rules::AxisTable> constantTable;
  std::optional<rules::AffineTapRun> run;
  /// For run-time tables: the padded input length (i64) and the filled
  /// index and weight buffers, cast to any shape, which the run search reads.
  Value runtimeInLength;
  Value filledIndices, filledWeights;
  /// Fixed-point sums: the weights' fraction bits, the pass's shift (i32),
  /// and its value when known at compile time (constant tables).
  Value fractionBits;
  std::optional<int> constantFractionBits;

  /// The static tap count, or nullopt when it is known at run time only.
  std::optional<int64_t> staticTaps() const;
};

/// The outputs of an innermost axis whose taps read the input at affine
/// positions (rules::AffineTapRun), as a direct pass computes them: loops
/// (k, p) write output outputOffset + P k + p from input S k + D p + base_t
/// with weight weights[t, p, k]. P and S are static; D and the bases are
/// constants for constant tables and run-time values found by the runtime
/// library otherwise.
struct AffineRunOperands {
  int64_t period = 1;
  int64_t inputStep = 1;
  OpFoldResult phaseStep;
  SmallVector<OpFoldResult> bases;
  /// [tap, phase, period]: contiguous along the vectorized loop, and what
  /// gives linalg the ranges of k and p.
  Value weights;
  int64_t outputOffset = 0;
};

/// A constant table as consecutive taps: starts (tensor<L x i32|i64>) and
/// weights (tensor<L x K x f32|f64>).
struct ConsecutiveTables {
  Value starts, weights;
};

//===----------------------------------------------------------------------===//
// RuntimeCalls.cpp: every call into libinterp_runtime.
//===----------------------------------------------------------------------===//

/// Calls the run-time check `fn` (an interp_check_* function of
/// RuntimeFunctions.def, returning i1); the result is the call's "ok".
/// Portable lowerings assert the same condition instead (emitPortableCheck).
Value callRuntimeCheck(OpBuilder &b, Location loc, const ResizeSpec &spec,
                       runtime::Function fn, ValueRange args);
/// A run-time operand of dynamic length must have one element per axis
/// before anything reads it.
void checkOperandLength(OpBuilder &b, Location loc, const ResizeSpec &spec,
                        Value operand, int64_t numAxes,
                        runtime::CheckedOperand which);
/// The run-time table parameters of axis `i` (interp_check_axis_table's
/// arguments), checked by checkRuntimeTable before anything is allocated
/// and then filled by buildRuntimeTables.
SmallVector<Value> runtimeTableParams(OpBuilder &b, Location loc,
                                      const ResizeSpec &spec, int64_t i,
                                      OpFoldResult inLength,
                                      OpFoldResult outLength, Value antialias);
void checkRuntimeTable(OpBuilder &b, Location loc, const ResizeSpec &spec,
                       int64_t axis, ValueRange params);
AxisTables buildRuntimeTables(OpBuilder &b, Location loc,
                              const ResizeSpec &spec, ValueRange params,
                              OpFoldResult outLength, Value antialias,
                              const ElementTypes &types);

/// An affine tap run of a run-time table, as the runtime library found it
/// for one ratio: `found` when it covers at least half of the axis, and the
/// run's operands for the outputs [firstOutput, endOutput).
struct RuntimeRun {
  Value found;
  Value firstOutput, endOutput;
  AffineRunOperands operands;
};
RuntimeRun findRuntimeRun(OpBuilder &b, Location loc, const ResizeSpec &spec,
                          const AxisTables &tables, OpFoldResult outLength,
                          int64_t period, int64_t inputStep, FloatType accType);

//===----------------------------------------------------------------------===//
// PortableChecks.cpp and ComputedTables.cpp: the runtime library's work in
// IR, for portable lowerings.
//===----------------------------------------------------------------------===//

/// The condition the run-time check `fn` computes from `args` (the
/// arguments callRuntimeCheck would pass), asserted by cf.assert with the
/// check's message; returns the condition.
Value emitPortableCheck(OpBuilder &b, Location loc, runtime::Function fn,
                        ValueRange args);
/// The tables buildRuntimeTables would fill, computed by linalg ops from
/// the same run-time parameters (runtimeTableParams).
AxisTables buildComputedTables(OpBuilder &b, Location loc,
                               const ResizeSpec &spec, ValueRange params,
                               OpFoldResult outLength, Value antialias,
                               const ElementTypes &types);

//===----------------------------------------------------------------------===//
// ConstantTables.cpp: tables known at compile time.
//===----------------------------------------------------------------------===//

/// A table as (indices, weights) constants (indices only for nearest).
/// Fixed-point weights get the fraction bits `bits`, by default those of
/// the table itself (rules::fixedPointBits).
AxisTables materializeTable(OpBuilder &b, Location loc,
                            const rules::AxisTable &table,
                            const ElementTypes &types, bool needsWeights,
                            std::optional<int> bits = std::nullopt);
/// The constant tables of a pass as consecutive taps, when the table has
/// that form and no affine run and the pass's data is integer (finite
/// elements, so the zero-weight taps the form adds or moves add nothing:
/// rules::consecutiveTaps).
std::optional<ConsecutiveTables>
consecutiveConstantTables(OpBuilder &b, Location loc, const AxisTables &tables,
                          const ElementTypes &types);
/// Rows [first, first + count) of a table.
rules::AxisTable sliceRows(const rules::AxisTable &table, int64_t first,
                           int64_t count);
/// The affine-run operands of a constant table's run, written into the
/// whole output from its first period on.
AffineRunOperands staticRunOperands(OpBuilder &b, Location loc,
                                    const rules::AxisTable &table,
                                    const rules::AffineTapRun &run,
                                    const ElementTypes &types,
                                    std::optional<int> bits);

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_TABLES_H
