//===- ResizeLowering.h - private interface of the interp lowering -*- C++
//-*-===//
//
// What the files of lib/Conversion/InterpToLinalg share: the description of
// one op (ResizeSpec), its per-axis tables (AxisTables), the operands of a
// direct pass, and the IR builders each file provides. The choice among
// the builders is made by planResize (interp/Conversion/InterpToLinalg/
// ResizePlan.h), which also holds every threshold; docs/Design.md describes
// the strategies.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_INTERPTOLINALG_RESIZELOWERING_H
#define LIB_CONVERSION_INTERPTOLINALG_RESIZELOWERING_H

#include "interp/Conversion/InterpToLinalg/LoweringPlan.h"
#include "interp/Conversion/InterpToLinalg/ResizePlan.h"
#include "interp/Dialect/Interp/IR/InterpEnums.h"
#include "interp/Runtime/RuntimeFunctions.h"
#include "interp/Semantics/AxisTable.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>
#include <variant>

namespace mlir::interp::lowering {

/// What the lowering needs to know about one op, whichever version it is.
struct ResizeSpec {
  /// Where run-time functions are declared.
  ModuleOp module;
  Value data;
  SmallVector<int64_t> axes;
  rules::AxisKernel kernel;
  CoordinateTransformMode coordinateMode;
  NearestMode nearestMode;
  ShapeCalcMode shapeMode;
  bool antialias;
  double cubeCoeff;
  SmallVector<int64_t> padsBegin, padsEnd;
  /// The operand the sizes or scales come from, as run-time diagnostics
  /// name it.
  runtime::CheckedOperand shapeOperand = runtime::CheckedOperand::Sizes;
  /// The scales operand (scales mode only) and its constant values, if any.
  Value scales;
  std::optional<SmallVector<float>> constantScales;
  /// Result dims, static or computed from the operands.
  SmallVector<OpFoldResult> outSizes;
  /// convert-interp-to-linalg's `portable` option, as far as the plan does
  /// not already say it (table origins, no affine runs, no fusion, no
  /// run-time ratios): checks are asserted (PortableChecks.cpp) instead of
  /// calls, unsigned data is bitcast.
  bool portable = false;
  /// The data was unsigned and is lowered as its signless bitcast
  /// (portable): conversions still read it as unsigned.
  bool unsignedData = false;
  /// Tensors the result is materialized in that exist before the op: the
  /// lowering writes into them directly and checks their shape first.
  SmallVector<Value> destinations;
  /// How the op is lowered, decided before any IR (planFor): each axis's
  /// table source (and the compiler's tables) and the passes.
  LoweringPlan plan;
};

/// One axis's tables: constant or filled at run time. `isIdentity` when the
/// axis provably maps every index to itself and needs no pass.
struct AxisTables {
  Value indices; // tensor<L x K x i64>
  Value weights; // tensor<L x K x f32|f64>
  bool isIdentity = false;
  /// The table itself when it is a compile-time constant, and the interval
  /// of it whose taps read the input at affine positions, if any.
  std::optional<rules::AxisTable> constantTable;
  std::optional<rules::AffineTapRun> run;
  /// For run-time tables: the padded input length (i64) and the filled
  /// index and weight buffers, cast to any shape, which the run search reads.
  Value runtimeInLength;
  Value filledIndices, filledWeights;

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

/// One resized axis of a direct pass: its (index, weight) tables for the
/// outputs the pass covers, or an affine tap run of the innermost axis.
struct DirectPassAxis {
  int64_t axis = 0;
  int64_t taps = 0;
  Value indices, weights;
  std::optional<AffineRunOperands> run;
  /// Consecutive taps (rules::ConsecutiveTaps): tap t of output o reads
  /// starts[o] + t, and `indices` is unused.
  Value starts;
};

/// A constant table as consecutive taps: starts (tensor<L x i32|i64>) and
/// weights (tensor<L x K x f32|f64>).
struct ConsecutiveTables {
  Value starts, weights;
};

/// The element types of one lowering: the data's, and the accumulator's.
struct ElementTypes {
  Type data;
  FloatType accumulator;
  bool isUnsigned = false;
};

//===----------------------------------------------------------------------===//
// ElementConversion.cpp: the accumulator and the store rule in IR.
//===----------------------------------------------------------------------===//

/// f64 accumulation for element types float32 cannot hold exactly
/// (rules::accumulatesInFloat64).
FloatType accumulatorType(Type elementType);
/// Reinterprets an unsigned scalar as signless or back (arith only takes
/// signless integers).
Value castSignedness(OpBuilder &b, Location loc, Value value, Type type);
Value zeroOf(OpBuilder &b, Location loc, Type type);
/// A data element in the accumulator type.
Value toAccumulator(OpBuilder &b, Location loc, Value value, FloatType accType,
                    bool isUnsigned);
/// An 8-bit data element in the accumulator type read from a table of the
/// 256 values instead of converted: in a scalar loop (a pass that gathers),
/// a load where the conversion would take a float pipe per tap.
/// Other element types convert as toAccumulator does.
Value toAccumulatorByTable(OpBuilder &b, Location loc, Value value,
                           FloatType accType, bool isUnsigned);
/// The value a pass yields into `init`: the accumulated sum, or, when `init`
/// holds the data type, the sum stored by docs/Semantics.md's store rule.
Value storeAccumulated(OpBuilder &b, Location loc, Value sum, Value init,
                       FloatType accType, bool isUnsigned);

//===----------------------------------------------------------------------===//
// OpParameters.cpp: op-level values in IR.
//===----------------------------------------------------------------------===//

Value asIndexValue(OpBuilder &b, Location loc, OpFoldResult ofr);
Value asI64(OpBuilder &b, Location loc, OpFoldResult ofr);
/// The given scale of axis `i` as an f32 value (scales mode).
Value scaleValue(OpBuilder &b, Location loc, const ResizeSpec &spec, int64_t i);
/// Whether antialias widens the triangle filter (rules::antialiasActive):
/// a constant when decidable at compile time, an i1 value otherwise.
std::variant<bool, Value> antialiasActive(OpBuilder &b, Location loc,
                                          const ResizeSpec &spec,
                                          ArrayRef<OpFoldResult> paddedSizes);

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
                              FloatType accType);

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
                               FloatType accType);

//===----------------------------------------------------------------------===//
// ConstantTables.cpp: tables known at compile time.
//===----------------------------------------------------------------------===//

/// A table as (indices, weights) constants (indices only for nearest).
AxisTables materializeTable(OpBuilder &b, Location loc,
                            const rules::AxisTable &table, FloatType accType,
                            bool needsWeights);
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
                                    FloatType accType);

//===----------------------------------------------------------------------===//
// Nearest.cpp
//===----------------------------------------------------------------------===//

/// nearest: one copying generic, through affine maps (plan kind
/// NearestCopy) or gathering through the tables (NearestGather).
Value buildNearest(OpBuilder &b, Location loc, Value source,
                   ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                   Value init, bool affine);

//===----------------------------------------------------------------------===//
// DirectPass.cpp
//===----------------------------------------------------------------------===//

/// One generic summing every tap combination of `axes` into `init`.
Value buildDirectPass(OpBuilder &b, Location loc, Value source,
                      ArrayRef<DirectPassAxis> axes, Value init,
                      const ElementTypes &types);
/// The direct-pass operands of resized axes with constant or run-time
/// tables; the innermost one takes its constant table's affine run, and
/// constant tables without a run over integer data take their consecutive
/// form where they have one.
struct DirectPassInputs {
  SmallVector<DirectPassAxis> axes;
  /// The innermost axis with a constant affine run: its position in `axes`
  /// and its tables.
  std::optional<size_t> runAxis;
  const AxisTables *runTables = nullptr;
};
DirectPassInputs directPassInputs(OpBuilder &b, Location loc,
                                  ArrayRef<int64_t> axes,
                                  ArrayRef<const AxisTables *> tables,
                                  int64_t rank, const ElementTypes &types);
/// Whether a pass over `source` whose taps along `axes` (the axes without
/// an affine run) read it gathers along one of them (passGathers).
bool passGathers(Value source, ArrayRef<int64_t> axes);
/// A direct pass of `inputs` into `init`: with a constant affine run, the
/// run's outputs first and then the clamped edges with their table rows.
Value buildDirectPassWithEdges(OpBuilder &b, Location loc, Value source,
                               const DirectPassInputs &inputs, Value init,
                               const ElementTypes &types);
/// A direct pass whose innermost axis (`runAxis`) has run-time tables with
/// one of `runs` found (the first found one counts): the table pass over
/// [0, first), the run pass of that run over [first, end) and the table
/// pass over [end, L), each into its slice. The two table passes are the
/// same for every run, so they are built once, not once per run.
Value buildDirectPassWithFoundRun(OpBuilder &b, Location loc, Value source,
                                  ArrayRef<DirectPassAxis> axes, size_t runAxis,
                                  ArrayRef<RuntimeRun> runs, Value init,
                                  const ElementTypes &types);

//===----------------------------------------------------------------------===//
// FusedOuterAxis.cpp
//===----------------------------------------------------------------------===//

/// The outer resized `axis` fused with the passes `inner` builds over the
/// dimensions inside it, per output slab in a scratch buffer.
Value buildFusedOuterAxis(
    OpBuilder &b, Location loc, Value source, int64_t axis,
    const AxisTables &tables, Value init, const ElementTypes &types,
    function_ref<Value(OpBuilder &, Location, Value, Value)> inner);

//===----------------------------------------------------------------------===//
// SeparablePasses.cpp
//===----------------------------------------------------------------------===//

/// One separable pass along `axis` into `init` (of the source's shape with
/// the axis resized).
Value buildAxisPass(OpBuilder &b, Location loc, Value source, int64_t axis,
                    const AxisTables &tables, Value init,
                    const ElementTypes &types);
/// Separable passes in `order` (positions in `axes`): intermediate passes
/// accumulate (or, with `storeEveryPass`, store the element type too), the
/// last one stores the element type into `init`.
Value buildSeparablePasses(OpBuilder &b, Location loc, Value source,
                           ArrayRef<int64_t> axes, ArrayRef<AxisTables> tables,
                           ArrayRef<size_t> order,
                           ArrayRef<OpFoldResult> outSizes, Value init,
                           const ElementTypes &types,
                           bool storeEveryPass = false);

//===----------------------------------------------------------------------===//
// Strategy.cpp: facts in, plan out, plan carried out.
//===----------------------------------------------------------------------===//

/// Computes the op into `init` (of the result's sizes) by `plan`.
Value buildPlannedResize(OpBuilder &b, Location loc, const ResizeSpec &spec,
                         const ResizePlan &plan, Value source,
                         ArrayRef<AxisTables> tables,
                         ArrayRef<OpFoldResult> paddedSizes, Value init,
                         const ElementTypes &types);

//===----------------------------------------------------------------------===//
// LowerResize.cpp: one op, from its spec to its result.
//===----------------------------------------------------------------------===//

/// The whole lowering of one op; returns the result in `resultType`.
Value lowerResize(OpBuilder &b, Location loc, ResizeSpec &spec,
                  Type resultType);

} // namespace mlir::interp::lowering

#endif // LIB_CONVERSION_INTERPTOLINALG_RESIZELOWERING_H
