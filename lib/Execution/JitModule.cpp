//===- JitModule.cpp - compile and call interp modules in-process ---------===//

#include "interp/Execution/JitModule.h"
#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/InitAll.h"
#include "interp/Pipelines/Pipelines.h"
#include "interp/Runtime/RuntimeFunctions.h"

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

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

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

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, unsigned numThreads,
                   std::optional<uint64_t> minParallelIterations) {
  std::unique_ptr<JitModule> jit(new JitModule());
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!whyNotCallable(func).empty())
      continue;
    func->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));
    jit->signatures[func.getName()] =
        Signature{asDataTensors(func.getArgumentTypes()),
                  asDataTensors(func.getResultTypes())};
  }

  PassManager pm(module.getContext());
  InterpPipelineOptions pipelineOptions;
  pipelineOptions.numThreads = numThreads;
  if (minParallelIterations)
    pipelineOptions.minParallelIterations = *minParallelIterations;
  buildInterpToLLVMPipeline(pm, pipelineOptions);
  if (failed(pm.run(module)))
    return llvm::createStringError("lowering with --interp-to-llvm failed");

  // Multi-threaded code calls libomp (__kmpc_*), which the JIT looks up in
  // the process's global scope. A host that loaded interp with RTLD_LOCAL
  // (Python's extension modules, plugins) has libomp loaded but not global;
  // loading it again, permanently, makes it so.
  if (numThreads != 1) {
    std::string error;
    if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(
            INTERP_OPENMP_LIBRARY_PATH, &error))
      return llvm::createStringError("cannot load the OpenMP runtime " +
                                     std::string(INTERP_OPENMP_LIBRARY_PATH) +
                                     ": " + error);
  }

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
  auto engine =
      ExecutionEngine::create(module, options, std::move(*targetMachine));
  if (!engine)
    return engine.takeError();
  jit->engine = std::move(*engine);
  jit->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](llvm::StringRef name, void *address) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                 llvm::JITSymbolFlags::Exported};
    };
    // memref.copy of non-contiguous memrefs calls into the C runner utils.
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
  });
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

namespace {
/// Where the runtime's error handler puts the message of a failed run-time
/// check while this thread is in JitModule::invoke (compiled code runs its
/// checks on the calling thread, before any parallel region).
thread_local std::string *pendingFailure = nullptr;

void recordFailure(const char *message, void *) {
  if (pendingFailure) {
    *pendingFailure = message;
    return;
  }
  // Compiled code called outside invoke(): the runtime's default.
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  std::exit(1);
}

/// A memref descriptor of rank r as 3 + 2r machine words:
/// allocated pointer, aligned pointer, offset, sizes, strides.
struct DescriptorView {
  int64_t *words;
  int64_t rank;
  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  char *aligned() const { return reinterpret_cast<char *>(words[1]); }
  int64_t offset() const { return words[2]; }
  int64_t size(int64_t d) const { return words[3 + d]; }
  int64_t stride(int64_t d) const { return words[3 + rank + d]; }
};
} // namespace

llvm::Expected<SmallVector<reference::Tensor>>
JitModule::invoke(llvm::StringRef function, ArrayRef<reference::Tensor> inputs,
                  bool asViews) {
  const Signature *signature = getSignature(function);
  if (!signature)
    return llvm::createStringError(
        "no callable function '%s' (public, with ranked tensor arguments "
        "and results of interp data types)",
        function.str().c_str());
  if (inputs.size() != signature->inputs.size())
    return llvm::createStringError("'%s' takes %zu arguments, got %zu",
                                   function.str().c_str(),
                                   signature->inputs.size(), inputs.size());

  // Copies of the inputs: compiled code may write into its arguments.
  std::vector<std::vector<uint8_t>> buffers;
  std::vector<std::vector<int64_t>> descriptors;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    RankedTensorType type = signature->inputs[i];
    if (toReferenceElementType(type.getElementType()) != input.type)
      return llvm::createStringError(
          "argument %zu of '%s' must have element type %s, got %s", i,
          function.str().c_str(),
          reference::stringifyElementType(
              *toReferenceElementType(type.getElementType()))
              .str()
              .c_str(),
          reference::stringifyElementType(input.type).str().c_str());
    if (type.getRank() != static_cast<int64_t>(input.shape.size()))
      return llvm::createStringError(
          "argument %zu of '%s' must have rank %lld, got %zu", i,
          function.str().c_str(), static_cast<long long>(type.getRank()),
          input.shape.size());
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!type.isDynamicDim(d) && type.getDimSize(d) != input.shape[d])
        return llvm::createStringError(
            "argument %zu of '%s' must have size %lld in dimension %lld, got "
            "%lld",
            i, function.str().c_str(),
            static_cast<long long>(type.getDimSize(d)),
            static_cast<long long>(d), static_cast<long long>(input.shape[d]));
    int64_t rank = type.getRank();
    size_t elementSize = reference::elementSize(input.type);
    // A view pads every dimension's extent by 2 in the layout and starts 3
    // elements in: strides and offset differ from the identity layout.
    int64_t pad = asViews ? 2 : 0;
    int64_t offset = asViews ? 3 : 0;
    std::vector<int64_t> strides(rank);
    int64_t extent = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      strides[d] = extent;
      extent *= input.shape[d] + pad;
    }
    // Never hand out a null pointer, even for empty tensors.
    buffers.emplace_back(std::max<size_t>((offset + extent) * elementSize, 16),
                         0xA5);
    int64_t count = input.numElements();
    // Row-major copies (no view) go in one go, as results do below.
    if (!asViews && count > 0)
      std::memcpy(buffers.back().data(), input.data.data(),
                  count * elementSize);
    for (int64_t flat = 0; asViews && flat < count; ++flat) {
      int64_t remainder = flat, position = offset;
      for (int64_t d = rank - 1; d >= 0; --d) {
        position += (remainder % input.shape[d]) * strides[d];
        remainder /= input.shape[d];
      }
      std::memcpy(buffers.back().data() + position * elementSize,
                  input.data.data() + flat * elementSize, elementSize);
    }
    std::vector<int64_t> words(3 + 2 * rank);
    words[0] = words[1] = reinterpret_cast<int64_t>(buffers.back().data());
    words[2] = offset;
    for (int64_t d = 0; d < rank; ++d) {
      words[3 + d] = input.shape[d];
      words[3 + rank + d] = strides[d];
    }
    descriptors.push_back(std::move(words));
  }

  size_t resultWords = 0;
  for (RankedTensorType type : signature->results)
    resultWords += 3 + 2 * type.getRank();
  std::vector<int64_t> results(std::max<size_t>(resultWords, 1), 0);

  std::vector<void *> pointers;
  if (!signature->results.empty())
    pointers.push_back(results.data());
  for (auto &words : descriptors)
    pointers.push_back(words.data());
  std::vector<void *> args;
  for (void *&pointer : pointers)
    args.push_back(&pointer);
  // Failed run-time checks come back as errors: the compiled function then
  // returns at once, with null result descriptors and nothing to free.
  static std::once_flag handlerOnce;
  std::call_once(handlerOnce,
                 [] { interp_set_error_handler(recordFailure, nullptr); });
  std::string failure;
  pendingFailure = &failure;
  llvm::Error error =
      engine->invokePacked(("_mlir_ciface_" + function).str(), args);
  pendingFailure = nullptr;
  if (error)
    return std::move(error);
  if (!failure.empty())
    return llvm::createStringError(failure);

  std::string copyFailure;
  std::set<void *> inputAllocations, freed;
  for (auto &buffer : buffers)
    inputAllocations.insert(buffer.data());
  SmallVector<reference::Tensor> outputs;
  size_t base = 0;
  for (RankedTensorType type : signature->results) {
    DescriptorView view{results.data() + base, type.getRank()};
    base += 3 + 2 * type.getRank();
    reference::Tensor output;
    output.type = *toReferenceElementType(type.getElementType());
    for (int64_t d = 0; d < view.rank; ++d)
      output.shape.push_back(view.size(d));
    size_t elementSize = reference::elementSize(output.type);
    int64_t count = output.numElements();
    // The copy may not fit where the result did (a process with memory
    // limits): an error, not an abort in operator new. The result buffer
    // itself is freed below either way.
    if (void *probe = std::malloc(std::max<size_t>(count * elementSize, 1)))
      std::free(probe);
    else
      copyFailure = "not enough memory to copy result " +
                    std::to_string(outputs.size()) + " (" +
                    std::to_string(count * elementSize) + " bytes)";
    if (!copyFailure.empty())
      count = 0;
    output.data.resize(count * elementSize);
    // Row-major results (the common case) copy in one go.
    bool rowMajor = true;
    for (int64_t d = view.rank - 1, stride = 1; d >= 0; --d) {
      if (view.size(d) != 1 && view.stride(d) != stride)
        rowMajor = false;
      stride *= view.size(d);
    }
    if (rowMajor && count > 0) {
      std::memcpy(output.data.data(),
                  view.aligned() + view.offset() * elementSize,
                  count * elementSize);
      count = 0;
    }
    for (int64_t flat = 0; flat < count; ++flat) {
      int64_t remainder = flat, position = view.offset();
      for (int64_t d = view.rank - 1; d >= 0; --d) {
        position += (remainder % view.size(d)) * view.stride(d);
        remainder /= view.size(d);
      }
      std::memcpy(output.data.data() + flat * elementSize,
                  view.aligned() + position * elementSize, elementSize);
    }
    // Constants lower to globals whose descriptors carry this marker as the
    // allocated pointer; they and the inputs are not ours to free.
    void *allocated = view.allocated();
    void *globalMarker = reinterpret_cast<void *>(0xdeadbeef);
    if (allocated && allocated != globalMarker &&
        !inputAllocations.count(allocated) && freed.insert(allocated).second)
      std::free(allocated);
    outputs.push_back(std::move(output));
  }
  if (!copyFailure.empty())
    return llvm::createStringError(copyFailure);
  return outputs;
}
