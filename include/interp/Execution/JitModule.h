//===- JitModule.h - compile and call interp modules in-process -*- C++ -*-===//
//
// Lowers a module with --interp-to-llvm, JIT-compiles it with the MLIR
// ExecutionEngine (native CPU, -O3) and calls its functions on
// reference::Tensor values or on the caller's own buffers (TensorView)
// through the memref C interface. Used by interp-run, the differential
// tests and the Python module.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_EXECUTION_JITMODULE_H
#define INTERP_EXECUTION_JITMODULE_H

#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

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

/// How many results invokeInto and invoke have copied into their outputs
/// in this process (from the compiled function's own buffers, or from a
/// buffer a destination form wrote when the output could not take the
/// result in place): the tests' evidence that the others were not.
uint64_t getCopiedResultCount();

/// Everything JIT compilation needs registered in a context: every dialect,
/// the interfaces of the lowering, and the LLVM IR translations.
void registerJitDialects(DialectRegistry &registry);

/// A tensor the caller owns, lent for one call: element (i0, ..., ik) is
/// at `data` + (i0 * strides[0] + ... + ik * strides[k]) * element size.
/// Strides count elements and may be anything, 0 (broadcast) and negative
/// (reversed) included, so numpy arrays pass as they are. `data` may be null
/// only when the tensor has no elements.
struct TensorView {
  reference::ElementType type = reference::ElementType::F32;
  const void *data = nullptr;
  llvm::ArrayRef<int64_t> shape;
  llvm::ArrayRef<int64_t> strides;
};

/// Where a result goes: like TensorView, written to. No two elements may
/// share memory (no 0 strides); it may overlap the inputs, which are read
/// before any output is written.
struct MutableTensorView {
  reference::ElementType type = reference::ElementType::F32;
  void *data = nullptr;
  llvm::ArrayRef<int64_t> shape;
  llvm::ArrayRef<int64_t> strides;
};

/// The strides of a row-major (C-ordered) tensor of `shape`, in elements.
llvm::SmallVector<int64_t> rowMajorStrides(llvm::ArrayRef<int64_t> shape);

/// Gives the destination of result `index`, whose type and shape the call
/// computed, or an error (which invokeInto returns). Called for every
/// result, in order, after the function succeeded and before any result is
/// copied (for a function in destination form, whose result shape is then
/// static, before the call). It must not throw: invokeInto is compiled without
/// exceptions, and the results would be lost. The view's shape and strides must
/// stay valid until invokeInto returns.
using ResultAllocator = llvm::function_ref<llvm::Expected<MutableTensorView>(
    unsigned index, reference::ElementType type,
    llvm::ArrayRef<int64_t> shape)>;

/// The optional on-disk cache of compiled objects, for the whole process.
/// When on, JitModule::compile looks for the object of its module in
/// `directory` before compiling and, when there is none (or it fails its
/// checks), writes the object it compiles there. An entry is keyed by the
/// module's text (after the callers' attributes, before lowering), the
/// pipeline's options, interp's version and build, LLVM's and MLIR's
/// versions and builds, and the host: its target triple, CPU name and
/// features. Entries are written atomically (a temporary file renamed); a
/// truncated or corrupt entry is compiled again and overwritten; nothing
/// removes old entries.
///
/// `directory`: the cache's directory (created when first written to);
/// "" turns the cache off; std::nullopt (the default) takes the directory
/// from $INTERP_CACHE_DIR, off when it is unset or empty. Thread-safe.
void setDiskCacheDirectory(std::optional<std::string> directory);
/// The directory in use, or "" when the cache is off.
std::string getDiskCacheDirectory();

/// What the disk cache did in this process.
struct DiskCacheStats {
  /// Modules loaded from an entry instead of compiled.
  uint64_t loads = 0;
  /// Entries written.
  uint64_t stores = 0;
  /// Entries found truncated, corrupt or unloadable (then compiled again
  /// and overwritten).
  uint64_t rejected = 0;
  /// Entries that could not be written (an unwritable directory): the
  /// module is compiled and works, only not cached.
  uint64_t writeErrors = 0;
};
DiskCacheStats getDiskCacheStats();

class JitModule {
public:
  ~JitModule();

  /// Lowers `module` in place with --interp-to-llvm and compiles it to native
  /// code (all of it: calls do not compile). Public
  /// functions get llvm.emit_c_interface; their argument and result types
  /// (ranked tensors of interp data types) are recorded for invoke(). Their
  /// arguments are read-only (bufferization.writable = false) unless named
  /// as a destination: compiled code copies what it would have changed in
  /// place, so that inputs can be lent without a copy.
  /// `numThreads` is the pipeline's num-threads option (1: sequential; N > 1
  /// or 0: OpenMP, with libomp linked into the process);
  /// `minParallelIterations` its min-parallel-iterations option (unset: the
  /// pipeline's default).
  /// `profilerListeners` registers the code with perf (jitdump files in
  /// $JITDUMPDIR/.debug/jit, else $HOME/.debug/jit, one directory per
  /// process that nothing removes) and GDB. Off by default: the JIT creates
  /// no files. INTERP_JIT_PROFILE=1 in the environment turns it on too, for
  /// hosts without the parameter (interp-run has --jit-profile).
  ///
  /// With the disk cache on (setDiskCacheDirectory), a module whose object
  /// is in the cache is loaded from there instead: it is not lowered (it
  /// stays as it was, but for the attributes above), and
  /// isFromDiskCache() says so.
  ///
  /// `destinationForms` compiles each function returning one interp resize
  /// in destination form (Signature::destinationForm): it computes its
  /// result straight into the caller's output, with no result buffer and no
  /// copy, and can only be called with that output given (or, for a static
  /// result shape, made by invokeInto's allocator before the call).
  static llvm::Expected<std::unique_ptr<JitModule>>
  compile(ModuleOp module, unsigned numThreads = 1,
          std::optional<uint64_t> minParallelIterations = std::nullopt,
          bool profilerListeners = false, bool destinationForms = false);

  /// Calls `function` on `inputs`, read in place, and writes its results
  /// into `outputs`, whose element types and shapes must be those of the
  /// results (shapes that depend on the inputs: the other overload). A
  /// failed run-time check of the compiled code ("interp: invalid run-time
  /// operands: ..." or "interp: out of memory: ...") is the error returned,
  /// whatever error handler the process has set (InterpRuntime.h): the JIT
  /// reads its calls' own status. On any error no output is written, nothing
  /// is leaked and the module stays usable. Thread-safe: calls may run at
  /// once on several threads.
  ///
  /// The compiled function returns its results in buffers it allocates
  /// (or, for a constant or an argument returned as it is, in those); they
  /// are copied into the outputs and freed before invokeInto returns. In
  /// destination form it computes its result in the output itself when the
  /// output's rows are contiguous (innermost stride 1, or one element) and
  /// its memory overlaps no input's, else in a row-major buffer that is
  /// then copied; the output is written only by the op computing it, after
  /// that op's checks (its run-time sizes among them), so a failed check
  /// still leaves it unwritten.
  llvm::Error invokeInto(llvm::StringRef function,
                         llvm::ArrayRef<TensorView> inputs,
                         llvm::ArrayRef<MutableTensorView> outputs);

  /// The same, with each output chosen once its shape is known: `allocate`
  /// is called for every result in order after the call succeeded (e.g. to
  /// make a numpy array of that shape), or, in destination form, before it
  /// (which needs a static result shape: with a dynamic one the call is an
  /// error). When it fails, the results are freed and its error is
  /// returned.
  llvm::Error invokeInto(llvm::StringRef function,
                         llvm::ArrayRef<TensorView> inputs,
                         ResultAllocator allocate);

  /// Calls `function` on `inputs` and returns its results as tensors, as
  /// invokeInto does (the results' memory included: when a copy does not
  /// fit in memory, the error says so and nothing is lost). With
  /// `asViews`, every input is passed as a view into a larger copy (a
  /// non-zero offset and padded strides), to exercise the memref calling
  /// convention with non-identity layouts.
  llvm::Expected<llvm::SmallVector<reference::Tensor>>
  invoke(llvm::StringRef function, llvm::ArrayRef<reference::Tensor> inputs,
         bool asViews = false);

  struct Signature {
    llvm::SmallVector<RankedTensorType> inputs;
    llvm::SmallVector<RankedTensorType> results;
    /// The arguments compiled code writes to: destinations of
    /// bufferization.materialize_in_destination. invokeInto passes copies.
    llvm::SmallVector<bool> writtenInputs;
    /// Compiled in destination form (compile's `destinationForms`): the
    /// result is computed into the caller's output, see invokeInto.
    bool destinationForm = false;
  };
  const Signature *getSignature(llvm::StringRef function) const;

  /// Whether compile() loaded the code from the disk cache.
  bool isFromDiskCache() const { return fromDiskCache; }

private:
  JitModule() = default;
  /// invokeInto on memref descriptors of the inputs (3 + 2 x rank words
  /// each: allocated and aligned pointers, offset, sizes, strides), which
  /// the caller checked against `signature`.
  llvm::Error call(llvm::StringRef function, const Signature &signature,
                   llvm::MutableArrayRef<llvm::SmallVector<int64_t>> inputs,
                   ResultAllocator allocate);
  /// `function` in destination form on the same descriptors, writing
  /// into `output`, which the caller checked against the result's type:
  /// in place where canComputeInto allows, else through a buffer.
  llvm::Error callInto(llvm::StringRef function, const Signature &signature,
                       llvm::MutableArrayRef<llvm::SmallVector<int64_t>> inputs,
                       const MutableTensorView &output);

  /// The code: compiled here (engine), or loaded from the disk cache
  /// (loaded).
  std::unique_ptr<ExecutionEngine> engine;
  std::unique_ptr<llvm::orc::LLJIT> loaded;
  bool fromDiskCache = false;
  llvm::StringMap<Signature> signatures;
  /// The packed-argument wrapper (void(void **)) of every function of
  /// `signatures`' C interface, resolved by compile().
  llvm::StringMap<void (*)(void **)> entryPoints;
};

} // namespace interp::execution
} // namespace mlir

#endif // INTERP_EXECUTION_JITMODULE_H
