//===- interp-run.cpp - run a function of an interp module and check it ---===//
//
// interp-run FILE.mlir [options]
//
// Parses FILE.mlir, JIT-compiles it with the --interp-to-llvm pipeline
// (interp::execution::JitModule), calls one function on inputs read from
// .npy files or filled with seeded random data, prints a checksum line per
// result, optionally writes the results as .npy files, and with --check
// compares them with the reference implementation.
//
//===----------------------------------------------------------------------===//

#include "Inputs.h"
#include "Report.h"

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Execution/JitModule.h"
#include "interp/Reference/Compare.h"
#include "interp/Reference/IR/Evaluator.h"
#include "interp/Reference/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::interp;
using namespace interp_run;
using reference::ElementType;
using reference::Tensor;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

static cl::OptionCategory runCategory("interp-run options");

static cl::opt<std::string> inputFilename(cl::Positional, cl::Required,
                                          cl::desc("<input .mlir file>"),
                                          cl::cat(runCategory));

static cl::opt<std::string> functionName(
    "function",
    cl::desc("The function to call. Default: 'main' if it is callable, else "
             "the first callable function (public, with ranked tensor "
             "arguments and results of f16, bf16, f32, f64, i8, ui8, i32 or "
             "i64)"),
    cl::value_desc("name"), cl::cat(runCategory));

static cl::list<std::string> inputFiles(
    "input",
    cl::desc("A .npy file for the next function argument, in argument order "
             "(repeat the option). 'random' stands for seeded random data. "
             "Arguments past the last --input get random data. dtypes: f2, "
             "f4, f8, i1, u1, i4, i8 for f16, f32, f64, i8, ui8, i32, i64; a "
             "bf16 argument takes uint16 ('<u2') holding the bf16 bits. The "
             "array must be C-ordered, little-endian, and its shape must "
             "match the argument type (any size for a '?' dimension)"),
    cl::value_desc("file.npy"), cl::cat(runCategory));

static cl::list<std::string> argShapes(
    "arg-shape",
    cl::desc("The full shape of a random-data argument with dynamic "
             "dimensions, as INDEX=D0xD1x..., e.g. --arg-shape=0=1x3x8x8 "
             "(repeat the option or separate with commas)"),
    cl::value_desc("i=shape"), cl::CommaSeparated, cl::cat(runCategory));

static cl::opt<uint64_t> seed(
    "seed",
    cl::desc("Seed of the random data (default 0). Each argument gets its "
             "own stream, so giving a file for one argument does not change "
             "another's data. Floats are uniform in [-1, 1) rounded to the "
             "element type; i8 and ui8 cover their whole range; i32 and i64 "
             "are uniform in [-1000, 1000]"),
    cl::init(0), cl::value_desc("N"), cl::cat(runCategory));

static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("Write each result as DIR/resultN.npy (-o DIR for "
                       "short; bf16 as "
                       "'<u2' bits); with --check also DIR/referenceN.npy. "
                       "DIR is created when missing"),
              cl::value_desc("dir"), cl::cat(runCategory));
static cl::alias outputDirShort("o", cl::desc("Alias for --output-dir"),
                                cl::aliasopt(outputDir), cl::cat(runCategory));

static cl::opt<bool>
    printValues("print-values",
                cl::desc("Also print every element of every result, one "
                         "innermost row per line"),
                cl::cat(runCategory));

static cl::opt<unsigned> repeat(
    "repeat",
    cl::desc("Call the function N more times and print the minimum and median "
             "wall time per call (each call includes copying the inputs in "
             "and the results out; use benchmarks/interp-bench for kernel "
             "timings), and the compile time: the lowering, LLVM's -O3 and "
             "code generation"),
    cl::init(0), cl::value_desc("N"));

static cl::opt<bool> check(
    "check",
    cl::desc("Also evaluate the function with the reference implementation "
             "(before lowering; the function may hold only arith.constant, "
             "tensor.cast, interp ops and func.return) and report the "
             "largest absolute and relative differences per result. Exits "
             "with 1 when an element differs by more than the tolerance"),
    cl::cat(runCategory));

static cl::opt<std::string> tolerance(
    "tolerance",
    cl::desc("ABS,REL (or one number for both): an element passes --check "
             "when |got - ref| <= ABS + REL * |ref|. Default: the project's "
             "tolerance for the element type, scaled by the inputs' largest "
             "magnitude M (at least 1): f32 2e-5*M,1e-5*M; f64 1e-9*M,1e-9*M; "
             "f16 2e-5*M+6e-8,1e-5*M+2^-10; bf16 2e-5*M,1e-5*M+2^-7; integers "
             "1,0 (interp/Reference/Compare.h)"),
    cl::value_desc("abs,rel"), cl::cat(runCategory));

static cl::opt<bool> jitProfile(
    "jit-profile",
    cl::desc("Register the compiled code with perf (a jitdump in "
             "$JITDUMPDIR/.debug/jit, else $HOME/.debug/jit, which nothing "
             "removes) and GDB. Off by default: interp-run creates no files "
             "but -o's (INTERP_JIT_PROFILE=1 in the environment does the "
             "same)"),
    cl::cat(runCategory));

static const char *const kOverview =
    R"(interp-run: run a function of an interp module and check its numbers

  interp-run FILE.mlir [--function=NAME] [--input=a.npy ...] [--check] [-o DIR]

Parses and verifies FILE.mlir, compiles it to native code with the
--interp-to-llvm pipeline, calls one function and prints, for each argument
and result, its shape, element type, element count, sum (as double),
min, max and the FNV-1a 64-bit hash of its bytes. Exits with 1 on any error.

Example:
  interp-run examples/interpolate_v4.mlir --check
  interp-run model.mlir --input=x.npy --arg-shape=1=4 -o out/
)";

//===----------------------------------------------------------------------===//
// Steps
//===----------------------------------------------------------------------===//

/// Prints an error and returns the exit status for it, 1.
static int fail(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "interp-run: error: " << message << "\n";
  return 1;
}

static llvm::Expected<func::FuncOp> selectFunction(ModuleOp module) {
  SmallVector<func::FuncOp> callable;
  SmallVector<std::string> all;
  for (auto func : module.getOps<func::FuncOp>()) {
    all.push_back(func.getName().str());
    if (execution::whyNotCallable(func).empty())
      callable.push_back(func);
  }
  if (!functionName.empty()) {
    auto func = module.lookupSymbol<func::FuncOp>(functionName);
    if (!func)
      return llvm::createStringError(
          "no function '" + functionName + "' in '" + inputFilename + "'" +
          (all.empty() ? std::string(" (it has no func.func)")
                       : " (functions: " + llvm::join(all, ", ") + ")"));
    std::string reason = execution::whyNotCallable(func);
    if (!reason.empty())
      return llvm::createStringError("cannot call '" + functionName +
                                     "': " + reason);
    return func;
  }
  for (auto func : callable)
    if (func.getName() == "main")
      return func;
  if (!callable.empty())
    return callable.front();
  return llvm::createStringError(
      "no callable function in '" + inputFilename +
      "': interp-run needs a public func.func with a body whose arguments "
      "and results are ranked tensors of f16, bf16, f32, f64, i8, ui8, i32 "
      "or i64");
}

static llvm::Expected<std::optional<reference::Tolerance>> parseTolerance() {
  if (tolerance.empty())
    return std::nullopt;
  auto [absText, relText] = StringRef(tolerance).split(',');
  if (relText.empty() && !StringRef(tolerance).contains(','))
    relText = absText;
  double abs, rel;
  if (absText.trim().getAsDouble(abs) || relText.trim().getAsDouble(rel) ||
      !(abs >= 0) || !(rel >= 0))
    return llvm::createStringError(
        "--tolerance='" + tolerance +
        "': expected ABS,REL (two non-negative numbers, e.g. 1e-4,1e-4) or "
        "one number for both");
  return reference::Tolerance{abs, rel};
}

static llvm::Error writeTensor(StringRef dir, StringRef name,
                               const Tensor &tensor) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  if (auto err = reference::writeNpy(path, tensor))
    return err;
  llvm::outs() << "wrote " << path << "\n";
  return llvm::Error::success();
}

/// Erases every func.func except `keep` and the functions it (transitively)
/// references.
static void eraseUnusedFunctions(ModuleOp module, func::FuncOp keep) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (func != keep && SymbolTable::symbolKnownUseEmpty(func, module)) {
        func.erase();
        changed = true;
      }
  }
}

/// The arguments of `func` from --input files or random data, each
/// summarized on a line.
static llvm::Expected<SmallVector<Tensor>> prepareArguments(func::FuncOp func) {
  InputOptions inputOptions;
  inputOptions.files.assign(inputFiles.begin(), inputFiles.end());
  inputOptions.argShapes.assign(argShapes.begin(), argShapes.end());
  inputOptions.seed = seed;
  auto inputs = buildInputs(func, inputOptions);
  if (!inputs)
    return inputs.takeError();
  SmallVector<Tensor> tensors;
  for (auto [i, input] : llvm::enumerate(*inputs)) {
    llvm::outs() << "argument " << i << ": " << summarize(input.tensor)
                 << " source=" << input.source << "\n";
    tensors.push_back(input.tensor);
  }
  return tensors;
}

/// --repeat: the minimum and median wall time of that many more calls, and
/// the compile time.
static llvm::Error timeRepeatedCalls(execution::JitModule &jit, StringRef name,
                                     ArrayRef<Tensor> tensors,
                                     double compileSeconds) {
  std::vector<double> times;
  for (unsigned i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    auto again = jit.invoke(name, tensors);
    auto stop = std::chrono::steady_clock::now();
    if (!again)
      return llvm::createStringError("calling '" + name + "' failed: " +
                                     llvm::toString(again.takeError()));
    times.push_back(
        std::chrono::duration<double, std::milli>(stop - start).count());
  }
  std::sort(times.begin(), times.end());
  double median = times[times.size() / 2];
  llvm::outs() << llvm::format("time: %u calls, min %.3f ms, median %.3f ms\n",
                               repeat.getValue(), times.front(), median);
  llvm::outs() << llvm::format("compile: %.3f s\n", compileSeconds);
  return llvm::Error::success();
}

/// A line per result (and its values with --print-values); with
/// --output-dir, the results as .npy files.
static llvm::Error reportResults(StringRef name, size_t numArguments,
                                 ArrayRef<Tensor> results) {
  llvm::outs() << "function @" << name << ": " << numArguments
               << " argument(s), " << results.size() << " result(s)\n";
  for (auto [i, result] : llvm::enumerate(results)) {
    llvm::outs() << "result " << i << ": " << summarize(result) << "\n";
    if (printValues)
      printTensorValues(llvm::outs(), result);
  }
  llvm::outs().flush();

  if (outputDir.empty())
    return llvm::Error::success();
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return llvm::createStringError("cannot create '" + outputDir +
                                   "': " + ec.message());
  for (auto [i, result] : llvm::enumerate(results))
    if (auto err = writeTensor(outputDir, "result" + std::to_string(i) + ".npy",
                               result))
      return err;
  return llvm::Error::success();
}

/// --check: `results` against the reference's evaluation of `referenceFunc`
/// (the IR before lowering) on `tensors`; returns the exit status.
static int checkResults(func::FuncOp referenceFunc, ArrayRef<Tensor> tensors,
                        ArrayRef<Tensor> results,
                        std::optional<reference::Tolerance> userTolerance) {
  auto evaluation = reference::evaluateFunction(referenceFunc, tensors);
  if (!evaluation)
    return fail("--check: " + llvm::toString(evaluation.takeError()));
  SmallVector<Tensor> *expected = &evaluation->results;
  if (expected->size() != results.size())
    return fail("the reference produced " + std::to_string(expected->size()) +
                " results, the compiled function " +
                std::to_string(results.size()));
  unsigned failed = 0;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(results, *expected))) {
    auto &[got, ref] = pair;
    reference::Tolerance tol =
        userTolerance
            ? *userTolerance
            : reference::resultTolerance(ref.type, evaluation->dataMagnitude);
    if (!reportComparison(llvm::outs(), i, got, ref, tol))
      ++failed;
    if (!outputDir.empty())
      if (auto err = writeTensor(outputDir,
                                 "reference" + std::to_string(i) + ".npy", ref))
        return fail(llvm::toString(std::move(err)));
  }
  llvm::outs().flush();
  if (failed)
    return fail("--check failed: " + std::to_string(failed) + " of " +
                std::to_string(results.size()) +
                " result(s) differ from the reference beyond the tolerance");
  llvm::outs() << "check passed\n";
  return 0;
}

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

static int run() {
  std::optional<reference::Tolerance> userTolerance;
  if (auto parsed = parseTolerance())
    userTolerance = *parsed;
  else
    return fail(llvm::toString(parsed.takeError()));

  DialectRegistry registry;
  execution::registerJitDialects(registry);
  MLIRContext context(registry);

  std::string errorMessage;
  auto file = openInputFile(inputFilename, &errorMessage);
  if (!file)
    return fail("cannot read '" + inputFilename + "': " + errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return fail("cannot parse '" + inputFilename +
                "' as a valid MLIR module (see the diagnostics above)");

  auto selected = selectFunction(*module);
  if (!selected)
    return fail(llvm::toString(selected.takeError()));
  func::FuncOp func = *selected;
  std::string name = func.getName().str();
  auto tensors = prepareArguments(func);
  if (!tensors)
    return fail(llvm::toString(tensors.takeError()));

  // The reference runs on the IR before lowering: keep a copy, and refuse
  // unsupported functions before spending time on compilation.
  OwningOpRef<ModuleOp> referenceModule;
  func::FuncOp referenceFunc;
  if (check) {
    referenceModule = module->clone();
    referenceFunc = referenceModule->lookupSymbol<func::FuncOp>(name);
    if (Operation *op = reference::findUnsupportedOp(referenceFunc))
      return fail("--check supports functions made of interp ops, "
                  "constants and tensor.cast; found '" +
                  op->getName().getStringRef() + "' at " +
                  reference::formatLocation(op->getLoc()));
  }

  // Compile only what the call needs: other functions of the file may use
  // ops the pipeline does not lower (or be slow to compile).
  eraseUnusedFunctions(*module, func);
  auto compileStart = std::chrono::steady_clock::now();
  auto jit = execution::JitModule::compile(*module, /*numThreads=*/1,
                                           std::nullopt, jitProfile);
  if (!jit)
    return fail("cannot compile '" + inputFilename +
                "': " + llvm::toString(jit.takeError()));
  double compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - compileStart)
                              .count();
  auto results = (*jit)->invoke(name, *tensors);
  if (!results)
    return fail("calling '" + name +
                "' failed: " + llvm::toString(results.takeError()));
  if (repeat > 0)
    if (auto err = timeRepeatedCalls(**jit, name, *tensors, compileSeconds))
      return fail(llvm::toString(std::move(err)));
  if (auto err = reportResults(name, tensors->size(), *results))
    return fail(llvm::toString(std::move(err)));
  if (!check)
    return 0;
  return checkResults(referenceFunc, *tensors, *results, userTolerance);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  outputDirShort.setHiddenFlag(cl::NotHidden);
  cl::ParseCommandLineOptions(argc, argv, kOverview);
  return run();
}