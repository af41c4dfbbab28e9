//===- Passes.h - interp's dialect-independent transforms -------*- C++ -*-===//

#ifndef INTERP_TRANSFORMS_PASSES_H
#define INTERP_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::interp {

/// Innermost loop iterations below which a function of constant trip counts
/// is not worth distributing over threads: PyTorch's grain size
/// (at::internal::GRAIN_SIZE), the work one OpenMP task is given at least.
inline constexpr uint64_t kMinParallelIterations = 32768;

#define GEN_PASS_DECL
#include "interp/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "interp/Transforms/Passes.h.inc"

} // namespace mlir::interp

#endif // INTERP_TRANSFORMS_PASSES_H
