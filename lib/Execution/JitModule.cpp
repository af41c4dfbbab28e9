//===- JitModule.cpp - compile and call interp modules in-process ---------===//

#include "interp/Execution/JitModule.h"
#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/InitAll.h"
#include "interp/Pipelines/Pipelines.h"
#include "interp/Runtime/RuntimeFunctions.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::execution;
using reference::ElementType;

Type execution::toMLIRType(MLIRContext *context, ElementType type) {
  Builder b(context);
  switch (type) {
  case ElementType::F16:
    return b.getF16Type();
  case ElementType::BF16:
    return b.getBF16Type();
  case ElementType::F32:
    return b.getF32Type();
  case ElementType::F64:
    return b.getF64Type();
  case ElementType::I8:
    return b.getI8Type();
  case ElementType::U8:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case ElementType::I32:
    return b.getI32Type();
  case ElementType::I64:
    return b.getI64Type();
  }
  llvm_unreachable("unknown element type");
}

void execution::registerJitDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  interp::registerAllDialects(registry);
}

JitModule::~JitModule() = default;

const JitModule::Signature *
JitModule::getSignature(llvm::StringRef function) const {
  auto it = signatures.find(function);
  return it == signatures.end() ? nullptr : &it->second;
}

std::string execution::whyNotCallable(func::FuncOp func) {
  if (func.isExternal())
    return "it is a declaration without a body";
  if (!func.isPublic())
    return "it is private (only public functions can be called)";
  auto check = [](TypeRange types, StringRef what) -> std::string {
    for (auto [i, type] : llvm::enumerate(types)) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (tensor && toReferenceElementType(tensor.getElementType()))
        continue;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << what << " " << i << " has type " << type
         << "; callable functions take and return ranked tensors of f16, "
            "bf16, f32, f64, i8, ui8, i32 or i64";
      return text;
    }
    return "";
  };
  std::string reason = check(func.getArgumentTypes(), "argument");
  if (reason.empty())
    reason = check(func.getResultTypes(), "result");
  return reason;
}

/// The ranked tensor types of `types`, which whyNotCallable accepted.
static SmallVector<RankedTensorType> asDataTensors(TypeRange types) {
  return llvm::map_to_vector(
      types, [](Type type) { return cast<RankedTensorType>(type); });
}

/// -O3 for `tm` as ExecutionEngine's makeOptimizingTransformer runs it
/// (loop vectorization, unrolling, interleaving), without the SLP
/// vectorizer: LLVM 22's miscompiles interp kernels on znver4 (silently
/// wrong f64 results, test/Integration/interp-run/hostile-regressions.mlir)
/// and emits invalid IR for fully unrolled straight-line code; the loop
/// vectorizer, which the kernels' hot loops use, stays on. In a process
/// built with AddressSanitizer, the generated code is instrumented too, so
/// that an out-of-bounds access by compiled kernels is reported like one in
/// C++. (Globals are not registered: the JIT does not run module
/// constructors.)
static llvm::Error optimize(llvm::TargetMachine *tm, llvm::Module *module) {
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = false;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(tm, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
#if LLVM_ADDRESS_SANITIZER_BUILD
  for (llvm::Function &f : *module)
    if (!f.isDeclaration())
      f.addFnAttr(llvm::Attribute::SanitizeAddress);
  builder.registerOptimizerLastEPCallback([](llvm::ModulePassManager &mpm,
                                             llvm::OptimizationLevel,
                                             llvm::ThinOrFullLTOPhase) {
    mpm.addPass(llvm::AddressSanitizerPass(
        llvm::AddressSanitizerOptions(), /*UseGlobalGC=*/false,
        /*UseOdrIndicator=*/false, llvm::AsanDtorKind::None,
        llvm::AsanCtorKind::None));
  });
#endif
  llvm::ModulePassManager mpm =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(*module, mam);
  if (llvm::verifyModule(*module, &llvm::errs()))
    return llvm::createStringError("LLVM's -O3 produced an invalid module");
  return llvm::Error::success();
}

/// Makes `func` callable through its C interface and returns its
/// signature. One-Shot Bufferize writes into tensor arguments in place when
/// it can; invokeInto lends the caller's buffers, which must stay as they
/// are. Arguments the function names as destinations are written by
/// design: they get copies instead.
static JitModule::Signature prepareCallable(func::FuncOp func) {
  MLIRContext *context = func.getContext();
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  JitModule::Signature signature{asDataTensors(func.getArgumentTypes()),
                                 asDataTensors(func.getResultTypes()),
                                 {}};
  for (BlockArgument arg : func.getArguments()) {
    bool written = llvm::any_of(arg.getUsers(), [&](Operation *user) {
      auto op = dyn_cast<bufferization::MaterializeInDestinationOp>(user);
      return op && op.getDest() == arg;
    });
    signature.writtenInputs.push_back(written);
    if (!written)
      func.setArgAttr(arg.getArgNumber(),
                      bufferization::BufferizationDialect::kWritableAttrName,
                      BoolAttr::get(context, false));
  }
  return signature;
}

/// Multi-threaded code calls libomp (__kmpc_*), which the JIT looks up in
/// the process's global scope. A host that loaded interp with RTLD_LOCAL
/// (Python's extension modules, plugins) has libomp loaded but not global;
/// loading it again, permanently, makes it so.
static llvm::Error makeOpenMPGlobal() {
  std::string error;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(
          INTERP_OPENMP_LIBRARY_PATH, &error))
    return llvm::createStringError("cannot load the OpenMP runtime " +
                                   std::string(INTERP_OPENMP_LIBRARY_PATH) +
                                   ": " + error);
  return llvm::Error::success();
}

/// The runtime library's functions that compiled code calls, bound to
/// their addresses in this process.
static llvm::orc::SymbolMap
runtimeSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  auto add = [&](llvm::StringRef name, void *address) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                               llvm::JITSymbolFlags::Exported};
  };
  // memref.copy of non-contiguous memrefs (the runtime defines it too).
  add("memrefCopy", reinterpret_cast<void *>(&memrefCopy));
#define INTERP_RUNTIME_CHECK(Id, symbol)                                       \
  add(#symbol, reinterpret_cast<void *>(&symbol));
#define INTERP_RUNTIME_FUNCTION(Id, symbol)                                    \
  add(#symbol, reinterpret_cast<void *>(&symbol));
#define INTERP_RUNTIME_CIFACE_FUNCTION(Id, symbol)                             \
  add("_mlir_ciface_" #symbol,                                                 \
      reinterpret_cast<void *>(&_mlir_ciface_##symbol));
#include "interp/Runtime/RuntimeFunctions.def"
  return symbols;
}

/// The execution engine of the lowered `module`, optimized by `optimize`
/// for the host.
static llvm::Expected<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp module, bool profilerListeners) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  auto targetMachine = builder->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  llvm::TargetMachine *machine = targetMachine->get();
  // options.transformer is a function_ref: the callable must outlive it.
  auto transformer = [machine](llvm::Module *m) {
    return optimize(machine, m);
  };
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  // MLIR turns both on by default. Debian's LLVM has perf's, which makes a
  // directory under ~/.debug/jit in every process and never removes it.
  const char *profile = std::getenv("INTERP_JIT_PROFILE");
  if (profile && *profile && llvm::StringRef(profile) != "0")
    profilerListeners = true;
  options.enableGDBNotificationListener = profilerListeners;
  options.enablePerfNotificationListener = profilerListeners;
  return ExecutionEngine::create(module, options, std::move(*targetMachine));
}

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, unsigned numThreads,
                   std::optional<uint64_t> minParallelIterations,
                   bool profilerListeners) {
  std::unique_ptr<JitModule> jit(new JitModule());
  for (auto func : module.getOps<func::FuncOp>())
    if (whyNotCallable(func).empty())
      jit->signatures[func.getName()] = prepareCallable(func);

  PassManager pm(module.getContext());
  InterpPipelineOptions pipelineOptions;
  pipelineOptions.numThreads = numThreads;
  // The code runs here (JITTargetMachineBuilder::detectHost below).
  pipelineOptions.targetFeatures = "host";
  if (minParallelIterations)
    pipelineOptions.minParallelIterations = *minParallelIterations;
  buildInterpToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(module)))
    return llvm::createStringError("lowering with --interp-to-llvm failed");
  if (numThreads != 1)
    if (llvm::Error error = makeOpenMPGlobal())
      return std::move(error);

  auto engine = createEngine(module, profilerListeners);
  if (!engine)
    return engine.takeError();
  jit->engine = std::move(*engine);
  jit->engine->registerSymbols(runtimeSymbols);
  // The engine generates code at the first lookup; do it now, so that
  // compile() is the whole compile and a call is only a call.
  for (const auto &entry : jit->signatures) {
    auto fn =
        jit->engine->lookupPacked(("_mlir_ciface_" + entry.getKey()).str());
    if (!fn)
      return fn.takeError();
  }
  return jit;
}
