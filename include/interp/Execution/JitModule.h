//===- JitModule.h - compile and call interp modules in-process -*- C++ -*-===//
//
// Lowers a module with --interp-to-llvm, JIT-compiles it with the MLIR
// ExecutionEngine (native CPU, -O3) and calls its functions on
// reference::Tensor values through the memref C interface. Used by
// interp-run and by the differential tests.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_EXECUTION_JITMODULE_H
#define INTERP_EXECUTION_JITMODULE_H

#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class ExecutionEngine;
class DialectRegistry;
namespace interp::execution {

/// The MLIR type of a reference element type.
Type toMLIRType(MLIRContext *context, reference::ElementType type);

/// Why JitModule cannot call `func`, or "" when it can: a public function
/// with a body whose arguments and results are ranked tensors of interp data
/// types (toReferenceElementType).
std::string whyNotCallable(func::FuncOp func);

/// Everything JIT compilation needs registered in a context: every dialect,
/// the interfaces of the lowering, and the LLVM IR translations.
void registerJitDialects(DialectRegistry &registry);

class JitModule {
public:
  ~JitModule();

  /// Lowers `module` in place with --interp-to-llvm and compiles it to native
  /// code (all of it: calls do not compile). Public
  /// functions get llvm.emit_c_interface; their argument and result types
  /// (ranked tensors of interp data types) are recorded for invoke().
  /// `numThreads` is the pipeline's num-threads option (1: sequential; N > 1
  /// or 0: OpenMP, with libomp linked into the process);
  /// `minParallelIterations` its min-parallel-iterations option (unset: the
  /// pipeline's default).
  static llvm::Expected<std::unique_ptr<JitModule>>
  compile(ModuleOp module, unsigned numThreads = 1,
          std::optional<uint64_t> minParallelIterations = std::nullopt);

  /// Calls `function` on copies of `inputs` and returns its results; a
  /// failed run-time check of the compiled code ("interp: invalid run-time
  /// operands: ...") is returned as the error. (invoke sets the runtime's
  /// process-wide error handler, InterpRuntime.h, for this.) With
  /// `asViews`, every input is passed as a view into a larger buffer (a
  /// non-zero offset and padded strides), to exercise the memref calling
  /// convention with non-identity layouts.
  llvm::Expected<llvm::SmallVector<reference::Tensor>>
  invoke(llvm::StringRef function, llvm::ArrayRef<reference::Tensor> inputs,
         bool asViews = false);

  struct Signature {
    llvm::SmallVector<RankedTensorType> inputs;
    llvm::SmallVector<RankedTensorType> results;
  };
  const Signature *getSignature(llvm::StringRef function) const;

private:
  JitModule() = default;
  std::unique_ptr<ExecutionEngine> engine;
  llvm::StringMap<Signature> signatures;
};

} // namespace interp::execution
} // namespace mlir

#endif // INTERP_EXECUTION_JITMODULE_H
