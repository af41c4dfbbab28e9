//===- JitModule.cpp - compile and call interp modules in-process ---------===//

#include "interp/Execution/JitModule.h"
#include "DiskCache.h"
#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/InitAll.h"
#include "interp/Pipelines/Pipelines.h"
#include "interp/Runtime/RuntimeFunctions.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ExecutionEngine/JITEventListener.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"

#include <atomic>
#include <cstdlib>
#include <mutex>

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

JitModule::~JitModule() {
  // As ExecutionEngine does for its own (global destructors, if any).
  if (loaded)
    llvm::consumeError(loaded->deinitialize(loaded->getMainJITDylib()));
}

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

/// The memref a result of `type` is written into by a destination form:
/// any offset and outer strides, but contiguous rows (innermost stride 1),
/// which interp's vector code stores whole.
static MemRefType destinationType(RankedTensorType type) {
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  if (!strides.empty())
    strides.back() = 1;
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(type.getShape(), type.getElementType(), layout);
}

/// Whether `value` is the result of an interp resize, perhaps through
/// tensor.cast: the resize lowering checks the run-time sizes of every
/// memref its result is materialized into before writing it. Other ops
/// whose tensor.empty empty-tensor elimination replaces by the destination
/// would write it unchecked, sized by their operands.
static bool isCheckedResize(Value value) {
  while (auto cast = value.getDefiningOp<tensor::CastOp>())
    value = cast.getSource();
  Operation *op = value.getDefiningOp();
  return op && isa<ResizeOpInterface>(op);
}

/// Rewrites the callable `func` (prepared by prepareCallable) to its
/// destination form when it returns one result of an interp resize
/// (isCheckedResize): the result is written into a last memref argument
/// (bufferization.materialize_in_destination, restrict: invokeInto passes
/// one that overlaps no input) and nothing is returned. Bufferization then
/// computes the result in the caller's memory, with no result buffer and no
/// copy; the resize lowering checks the memref's run-time sizes before it
/// writes it. Only for one result: with several, a failed check of a later
/// one would leave earlier outputs written. Returns whether it rewrote it.
static bool toDestinationForm(func::FuncOp func) {
  // A function other functions call keeps its type.
  auto module = func->getParentOfType<ModuleOp>();
  if (func.getNumResults() != 1 ||
      !SymbolTable::symbolKnownUseEmpty(func, module))
    return false;
  bool checked = true;
  func.walk([&](func::ReturnOp ret) {
    checked &= isCheckedResize(ret.getOperand(0));
  });
  if (!checked)
    return false;
  unsigned index = func.getNumArguments();
  auto resultType = cast<RankedTensorType>(func.getResultTypes()[0]);
  if (failed(func.insertArgument(index, destinationType(resultType), {},
                                 func.getLoc())))
    return false;
  BlockArgument destination = func.getArgument(index);
  // A module of interp ops alone has not loaded it.
  func.getContext()->getOrLoadDialect<bufferization::BufferizationDialect>();
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp op) { returns.push_back(op); });
  for (func::ReturnOp ret : returns) {
    OpBuilder b(ret);
    bufferization::MaterializeInDestinationOp::create(
        b, ret.getLoc(), /*result=*/Type(), ret.getOperand(0), destination,
        /*restrict=*/true, /*writable=*/true);
    func::ReturnOp::create(b, ret.getLoc());
    ret.erase();
  }
  func.setFunctionType(
      FunctionType::get(func.getContext(), func.getArgumentTypes(), {}));
  func.removeResAttrsAttr();
  return true;
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

/// Whether perf's and GDB's JIT listeners are on: by the caller, or by
/// INTERP_JIT_PROFILE in the environment.
static bool wantProfilerListeners(bool profilerListeners) {
  const char *profile = std::getenv("INTERP_JIT_PROFILE");
  return profilerListeners ||
         (profile && *profile && llvm::StringRef(profile) != "0");
}

/// The execution engine of the lowered `module`, optimized by `optimize`
/// for the host that `builder` describes. With `keepObject`, the engine
/// keeps a copy of the object it generates (ExecutionEngine's object
/// cache), for the disk cache.
static llvm::Expected<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp module, llvm::orc::JITTargetMachineBuilder builder,
             bool profilerListeners, bool keepObject) {
  auto targetMachine = builder.createTargetMachine();
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
  options.enableObjectDump = keepObject;
  // MLIR turns both on by default. Debian's LLVM has perf's, which makes a
  // directory under ~/.debug/jit in every process and never removes it.
  options.enableGDBNotificationListener = profilerListeners;
  options.enablePerfNotificationListener = profilerListeners;
  return ExecutionEngine::create(module, options, std::move(*targetMachine));
}

//===----------------------------------------------------------------------===//
// The disk cache
//===----------------------------------------------------------------------===//

namespace {
struct DiskCacheState {
  std::mutex mutex;
  /// Set by setDiskCacheDirectory; unset: $INTERP_CACHE_DIR.
  std::optional<std::string> directory;
  std::atomic<uint64_t> loads{0}, stores{0}, rejected{0}, writeErrors{0};
};
} // namespace

static DiskCacheState &diskCacheState() {
  static DiskCacheState *state = new DiskCacheState();
  return *state;
}

void execution::setDiskCacheDirectory(std::optional<std::string> directory) {
  DiskCacheState &state = diskCacheState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.directory = std::move(directory);
}

std::string execution::getDiskCacheDirectory() {
  DiskCacheState &state = diskCacheState();
  std::string directory;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.directory) {
      directory = *state.directory;
    } else if (const char *env = std::getenv("INTERP_CACHE_DIR")) {
      directory = env;
    }
  }
  if (directory.empty())
    return directory;
  // Absolute: a later chdir must not move the cache.
  llvm::SmallString<256> path(directory);
  if (llvm::sys::fs::make_absolute(path))
    return directory;
  return std::string(path);
}

DiskCacheStats execution::getDiskCacheStats() {
  DiskCacheState &state = diskCacheState();
  DiskCacheStats stats;
  stats.loads = state.loads.load();
  stats.stores = state.stores.load();
  stats.rejected = state.rejected.load();
  stats.writeErrors = state.writeErrors.load();
  return stats;
}

/// The key of compiling `module` (callable functions prepared, not yet
/// lowered) with `options` for the host `builder` describes.
static diskcache::Key
diskCacheKey(ModuleOp module, const InterpPipelineOptions &options,
             const llvm::orc::JITTargetMachineBuilder &builder) {
  diskcache::KeyBuilder key;
  key.add("interp JitModule object, format 2");
  key.add(diskcache::buildIdentity());
#if LLVM_ADDRESS_SANITIZER_BUILD
  key.add("AddressSanitizer");
#endif
  std::string text;
  {
    llvm::raw_string_ostream os(text);
    options.print(os);
  }
  key.add(text);
  key.add(builder.getTargetTriple().str());
  key.add(builder.getCPU());
  key.add(builder.getFeatures().getString());
  key.add(builder.getRelocationModel()
              ? std::to_string(static_cast<int>(*builder.getRelocationModel()))
              : "default");
  key.add(builder.getCodeModel()
              ? std::to_string(static_cast<int>(*builder.getCodeModel()))
              : "default");
  text.clear();
  {
    llvm::raw_string_ostream os(text);
    module->print(os, OpPrintingFlags().enableDebugInfo(false));
  }
  key.add(text);
  return key.finish();
}

static std::string packedName(llvm::StringRef function) {
  return ("_mlir__mlir_ciface_" + function).str();
}

/// Links `object` (an entry of the disk cache) as ExecutionEngine links the
/// object it generates: an LLJIT with RTDyld and the section memory
/// manager, the process's symbols and the runtime's, and perf's and GDB's
/// listeners when asked. Sets the entry points of `functions`.
static llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
loadObject(std::unique_ptr<llvm::MemoryBuffer> object,
           llvm::orc::JITTargetMachineBuilder builder, bool profilerListeners,
           const llvm::StringMap<JitModule::Signature> &functions,
           llvm::StringMap<void (*)(void **)> &entryPoints) {
  auto dataLayout = builder.getDefaultDataLayoutForTarget();
  if (!dataLayout)
    return dataLayout.takeError();
  auto createLinkingLayer =
      [profilerListeners](llvm::orc::ExecutionSession &session)
      -> llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> {
    auto layer = std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
        session, [](const llvm::MemoryBuffer &) {
          return std::make_unique<llvm::SectionMemoryManager>();
        });
    if (profilerListeners) {
      if (auto *gdb = llvm::JITEventListener::createGDBRegistrationListener())
        layer->registerJITEventListener(*gdb);
      if (auto *perf = llvm::JITEventListener::createPerfJITEventListener())
        layer->registerJITEventListener(*perf);
    }
    return std::move(layer);
  };
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(builder)
                 .setDataLayout(*dataLayout)
                 .setObjectLinkingLayerCreator(createLinkingLayer)
                 .create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      dataLayout->getGlobalPrefix());
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  if (llvm::Error error = main.define(llvm::orc::absoluteSymbols(
          runtimeSymbols(llvm::orc::MangleAndInterner(
              main.getExecutionSession(), *dataLayout)))))
    return std::move(error);
  if (llvm::Error error = (*jit)->addObjectFile(std::move(object)))
    return std::move(error);
  for (const auto &entry : functions) {
    auto address = (*jit)->lookup(packedName(entry.getKey()));
    if (!address)
      return address.takeError();
    entryPoints[entry.getKey()] = address->toPtr<void (*)(void **)>();
  }
  if (llvm::Error error = (*jit)->initialize(main))
    return std::move(error);
  return std::move(*jit);
}

/// The object `engine` generated (ExecutionEngine's object cache, dumped
/// to a temporary file that is removed at once), checked to be an object
/// file.
static llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
generatedObject(ExecutionEngine &engine, llvm::StringRef directory) {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(ec, "cannot create " + directory + ": " +
                                           ec.message());
  llvm::SmallString<256> model(directory);
  llvm::sys::path::append(model, "dump-%%%%%%%%.o.tmp");
  auto temp = llvm::sys::fs::TempFile::create(model);
  if (!temp)
    return temp.takeError();
  engine.dumpToObjectFile(temp->TmpName);
  auto object = llvm::MemoryBuffer::getFile(temp->TmpName, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  llvm::Error removed = temp->discard();
  if (!object)
    return llvm::joinErrors(
        llvm::createStringError(object.getError(),
                                "cannot read the generated object: " +
                                    object.getError().message()),
        std::move(removed));
  if (removed)
    return std::move(removed);
  if ((*object)->getBufferSize() == 0)
    return llvm::createStringError("the engine dumped no object");
  return std::move(*object);
}

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, unsigned numThreads,
                   std::optional<uint64_t> minParallelIterations,
                   bool profilerListeners, bool destinationForms) {
  std::unique_ptr<JitModule> jit(new JitModule());
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!whyNotCallable(func).empty())
      continue;
    Signature signature = prepareCallable(func);
    signature.destinationForm = destinationForms && toDestinationForm(func);
    jit->signatures[func.getName()] = std::move(signature);
  }
  profilerListeners = wantProfilerListeners(profilerListeners);

  InterpPipelineOptions pipelineOptions;
  pipelineOptions.numThreads = numThreads;
  // The code runs here (JITTargetMachineBuilder::detectHost below).
  pipelineOptions.targetFeatures = "host";
  if (minParallelIterations)
    pipelineOptions.minParallelIterations = *minParallelIterations;
  if (numThreads != 1)
    if (llvm::Error error = makeOpenMPGlobal())
      return std::move(error);

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();

  // The disk cache: the object of this very compilation, if there is one.
  std::string cacheDirectory = getDiskCacheDirectory();
  std::string cachePath;
  diskcache::Key cacheKey{};
  DiskCacheState &cacheState = diskCacheState();
  if (!cacheDirectory.empty()) {
    cacheKey = diskCacheKey(module, pipelineOptions, *builder);
    cachePath = diskcache::entryPath(cacheDirectory, cacheKey);
    bool corrupt = false;
    if (auto object = diskcache::read(cachePath, cacheKey, corrupt)) {
      auto loaded = loadObject(std::move(object), *builder, profilerListeners,
                               jit->signatures, jit->entryPoints);
      if (loaded) {
        ++cacheState.loads;
        jit->loaded = std::move(*loaded);
        jit->fromDiskCache = true;
        return jit;
      }
      // Compiled (and overwritten) below.
      llvm::consumeError(loaded.takeError());
      jit->entryPoints.clear();
      corrupt = true;
    }
    if (corrupt)
      ++cacheState.rejected;
  }

  PassManager pm(module.getContext());
  buildInterpToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(module)))
    return llvm::createStringError("lowering with --interp-to-llvm failed");

  auto engine = createEngine(module, *builder, profilerListeners,
                             /*keepObject=*/!cachePath.empty());
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
    jit->entryPoints[entry.getKey()] = *fn;
  }
  jit->engine->initialize();

  if (!cachePath.empty()) {
    // A cache that cannot be written leaves the module compiled: only the
    // next process compiles it again.
    llvm::Error error = [&]() -> llvm::Error {
      auto object = generatedObject(*jit->engine, cacheDirectory);
      if (!object)
        return object.takeError();
      return diskcache::write(cachePath, cacheKey, (*object)->getBuffer());
    }();
    if (error) {
      llvm::consumeError(std::move(error));
      ++cacheState.writeErrors;
    } else {
      ++cacheState.stores;
    }
  }
  return jit;
}
