//===- RuntimeFunctions.h - interp runtime library ABI ----------*- C++ -*-===//
//
// The functions compiled code calls when a per-axis table depends on values
// known only at run time (dynamic lengths, non-constant sizes or scales).
// They run rules::buildAxisTable, the same code the compiler runs for static
// tables. Built into libinterp_runtime.so; pass it to mlir-runner with
// -shared-libs, link it into AOT binaries; interp-run registers it itself.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_RUNTIME_RUNTIMEFUNCTIONS_H
#define INTERP_RUNTIME_RUNTIMEFUNCTIONS_H

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdint>

namespace mlir::interp::runtime {
inline constexpr char kAxisTableTapsName[] = "interp_axis_table_taps";
inline constexpr char kAxisTableFillF32Name[] = "interp_axis_table_fill_f32";
inline constexpr char kAxisTableFillF64Name[] = "interp_axis_table_fill_f64";
inline constexpr char kAxisTableRunF32Name[] = "interp_axis_table_run_f32";
inline constexpr char kAxisTableRunF64Name[] = "interp_axis_table_run_f64";
inline constexpr char kCheckOperandLengthName[] = "interp_check_operand_length";
inline constexpr char kCheckedResultElementsName[] =
    "interp_checked_result_elements";
inline constexpr char kCheckScaleName[] = "interp_check_scale";

/// Which operand interp_check_operand_length checks.
enum class CheckedOperand : int32_t { Sizes = 0, Scales = 1, Target = 2 };
} // namespace mlir::interp::runtime

extern "C" {
/// Validates the parameters (prints a message and exits with status 1 on
/// invalid run-time sizes or scales) and returns the taps per output index.
/// Parameter encodings: `kernel` is rules::AxisKernel, the modes are the
/// interp enum values, `antialiasActive` is 0 or 1.
int64_t interp_axis_table_taps(int32_t kernel, int32_t coordinateMode,
                               int32_t nearestMode, int32_t shapeMode,
                               float givenScale, int64_t inLength,
                               int64_t outLength, int32_t antialiasActive,
                               double cubeCoeff);

/// Exits with a message unless a run-time operand of dynamic length has one
/// element per axis (`operand` is a runtime::CheckedOperand).
void interp_check_operand_length(int32_t operand, int64_t length,
                                 int64_t numAxes);

/// Exits with a message unless `scale` is finite and > 0.
void interp_check_scale(float scale);

/// `count * dim` for a result being sized dimension by dimension; exits with
/// a message when `dim` is negative or the result would need more bytes
/// (`elementBytes` each) than the machine's physical memory. An empty result
/// (count or dim 0) is always fine.
int64_t interp_checked_result_elements(int64_t count, int64_t dim,
                                       int64_t elementBytes);

/// Fills `indices` and `weights` (outLength x taps).
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
