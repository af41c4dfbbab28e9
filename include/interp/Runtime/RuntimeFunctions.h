//===- RuntimeFunctions.h - interp runtime library ABI ----------*- C++ -*-===//
//
// The functions compiled code calls in libinterp_runtime.so: run-time
// checks, and per-axis tables whose lengths or scale are known only at run
// time. They run the rules of interp/Semantics, the same code the compiler
// runs for static tables. The prototypes here are the one declaration of
// the interface; RuntimeFunctions.def lists them for the lowering and the
// JIT. Pass the library to mlir-runner with -shared-libs or link it into
// AOT binaries; the JIT registers it itself. Error reporting to the host:
// InterpRuntime.h.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_RUNTIME_RUNTIMEFUNCTIONS_H
#define INTERP_RUNTIME_RUNTIMEFUNCTIONS_H

#include "interp/Runtime/InterpRuntime.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>

namespace mlir::interp::runtime {

/// Which operand interp_check_operand_length checks.
enum class CheckedOperand : int32_t {
  Sizes = 0,
  Scales = 1,
  Target = 2,
  /// Interpolate-11's scales_or_sizes.
  ScalesOrSizes = 3,
};

/// What interp_check_dim_equals compares.
enum class CheckedDim : int32_t {
  /// A static dimension of the op's result type, against the computed one.
  ResultType = 0,
  /// A dimension of the destination the result is materialized in.
  Destination = 1,
};

/// The functions of RuntimeFunctions.def.
enum class Function {
#define INTERP_RUNTIME_CHECK(Id, symbol) Id,
#define INTERP_RUNTIME_FUNCTION(Id, symbol) Id,
#define INTERP_RUNTIME_CIFACE_FUNCTION(Id, symbol) Id,
#include "interp/Runtime/RuntimeFunctions.def"
};

struct FunctionInfo {
  const char *symbol;
  /// Returns the validity of its operands (i1) and reports failures.
  bool isCheck;
  /// Called through `_mlir_ciface_<symbol>` with memref descriptors.
  bool cInterface;
};

inline constexpr FunctionInfo kFunctions[] = {
#define INTERP_RUNTIME_CHECK(Id, symbol) {#symbol, true, false},
#define INTERP_RUNTIME_FUNCTION(Id, symbol) {#symbol, false, false},
#define INTERP_RUNTIME_CIFACE_FUNCTION(Id, symbol) {#symbol, false, true},
#include "interp/Runtime/RuntimeFunctions.def"
};

inline constexpr const FunctionInfo &info(Function fn) {
  return kFunctions[static_cast<int>(fn)];
}

} // namespace mlir::interp::runtime

extern "C" {

//===----------------------------------------------------------------------===//
// Checks: true when valid; otherwise reported (InterpRuntime.h), false.
//===----------------------------------------------------------------------===//

/// A run-time operand of dynamic length has one element per axis
/// (`operand` is a runtime::CheckedOperand).
bool interp_check_operand_length(int32_t operand, int64_t length,
                                 int64_t numAxes);

/// Run-time scale `index` (of axis `axis`, padded length `paddedLength`) is
/// finite and > 0 and gives an output length interp supports. `operand`
/// (a runtime::CheckedOperand) names the operand in the diagnostic.
bool interp_check_scale(float scale, int64_t index, int64_t axis,
                        int64_t paddedLength, int32_t operand);

/// Result dimension `dim` (`size`), with `count` elements in the
/// dimensions before it: not negative (`operand`, a
/// runtime::CheckedOperand or -1, and `operandIndex` name the operand entry
/// that gave it), and the result fits the memory the process may use
/// (`elementBytes` each).
bool interp_check_result_dim(int64_t count, int64_t size, int64_t elementBytes,
                             int64_t dim, int32_t operand,
                             int64_t operandIndex);

/// A dimension the compiler assumed (`expected`: a static result dimension
/// or a destination's) equals the one the operands give (`actual`).
bool interp_check_dim_equals(int32_t what, int64_t dim, int64_t actual,
                             int64_t expected);

/// The parameters of axis `axis`'s run-time table describe a valid
/// resampling and the table fits in memory. Parameter encodings: `kernel`
/// is rules::AxisKernel, the modes are the interp enum values,
/// `antialiasActive` is 0 or 1.
bool interp_check_axis_table(int64_t axis, int32_t kernel,
                             int32_t coordinateMode, int32_t nearestMode,
                             int32_t shapeMode, float givenScale,
                             int64_t inLength, int64_t outLength,
                             int32_t antialiasActive, double cubeCoeff);

/// A buffer of `bytes` (`overflowed`: the size computation overflowed
/// int64) fits the memory the process may use: checked before allocating.
bool interp_check_buffer_size(int64_t bytes, bool overflowed);

/// An allocation of `bytes` returned `pointer` (0 when it failed).
bool interp_check_allocation(int64_t pointer, int64_t bytes);

/// False when a check failed on this thread since interp_clear_failure: a
/// function of the module this thread just called returned because of it,
/// and its caller returns too (the failure was reported already).
bool interp_callee_succeeded(void);

/// Forgets earlier failures on this thread: called on entry to a function
/// that calls functions that may fail.
void interp_clear_failure(void);

//===----------------------------------------------------------------------===//
// Run-time tables (after interp_check_axis_table accepted the parameters).
//===----------------------------------------------------------------------===//

/// The taps per output index of the table.
int64_t interp_axis_table_taps(int32_t kernel, int32_t coordinateMode,
                               int32_t nearestMode, int32_t shapeMode,
                               float givenScale, int64_t inLength,
                               int64_t outLength, int32_t antialiasActive,
                               double cubeCoeff);

/// Fills `indices` and `weights` (outLength x taps, or more columns).
void _mlir_ciface_interp_axis_table_fill_f32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<float, 2> *weights);
void _mlir_ciface_interp_axis_table_fill_f64(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<double, 2> *weights);
/// The same with each weight in Pillow's 22-bit fixed point
/// (rules::pillowFixedWeight): the tables of the Pillow modes on 8-bit data.
void _mlir_ciface_interp_axis_table_fill_pillow_i32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<int32_t, 2> *weights);
/// The same for `integer_arithmetic = pytorch` (PyTorch's bicubic filter and
/// int16 weights at the axis's precision, rules::fixedPointBits); returns
/// that precision, the pass's shift.
int32_t _mlir_ciface_interp_axis_table_fill_torch_i32(
    int32_t kernel, int32_t coordinateMode, int32_t nearestMode,
    int32_t shapeMode, float givenScale, int64_t inLength, int64_t outLength,
    int32_t antialiasActive, double cubeCoeff,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<int32_t, 2> *weights);

/// The affine tap run (rules::findAffineTapRun) with the given period and
/// input step of the table a fill function wrote to `indices` and `weights`
/// (outLength x columns; `inLength` is the padded input length). Writes `run`
/// (3 + columns elements): first period, end period, phase step and the
/// columns' offsets, all 0 when there is no run; and the run's weights to
/// `runWeights` [column, phase, period - first period] (outLength / period
/// periods; those past the run are left unwritten). Lets the lowering use its
/// code specialized for that ratio.
void _mlir_ciface_interp_axis_table_run_f32(
    int64_t inLength, int64_t period, int64_t inputStep,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<float, 2> *weights, StridedMemRefType<int64_t, 1> *run,
    StridedMemRefType<float, 3> *runWeights);
void _mlir_ciface_interp_axis_table_run_f64(
    int64_t inLength, int64_t period, int64_t inputStep,
    StridedMemRefType<int64_t, 2> *indices,
    StridedMemRefType<double, 2> *weights, StridedMemRefType<int64_t, 1> *run,
    StridedMemRefType<double, 3> *runWeights);
}

#endif // INTERP_RUNTIME_RUNTIMEFUNCTIONS_H
