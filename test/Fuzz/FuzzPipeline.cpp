//===- FuzzPipeline.cpp - libFuzzer target: MLIR text through interp ------===//
//
// Feeds the input bytes, as MLIR text, through parse -> verify ->
// canonicalize -> --interp-to-llvm. Any crash, sanitizer report, leak or
// timeout is a bug; invalid input must only produce diagnostics.
//
// To keep the fuzzer on interp's code rather than on every upstream dialect,
// only modules made of func, arith, tensor and interp ops are lowered;
// everything else is still parsed and verified.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/InitAll.h"
#include "interp/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstdint>
#include <string>

using namespace mlir;

static DialectRegistry &registry() {
  static DialectRegistry *instance = [] {
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    registerAllExtensions(*r);
    interp::registerAllDialects(*r);
    return r;
  }();
  return *instance;
}

/// Only interp's own surface is pushed through the lowering.
static bool isInterpSurface(ModuleOp module) {
  bool ok = true;
  module->walk([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (!dialect ||
        !isa<arith::ArithDialect, func::FuncDialect, tensor::TensorDialect,
             interp::InterpDialect, BuiltinDialect>(dialect))
      ok = false;
  });
  return ok;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(registry());
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  // Diagnostics are the expected outcome of bad input; swallow them.
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });
  // MLIR's lexer reads one byte past the end of its buffer (it stops at the
  // NUL terminator); libFuzzer's input has none, so parse a copy that does.
  std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(llvm::StringRef(text), &context);
  if (!module || !isInterpSurface(*module))
    return 0;
  PassManager pm(&context);
  pm.addPass(createCanonicalizerPass());
  interp::buildInterpToLLVMPipeline(pm, interp::InterpPipelineOptions());
  (void)pm.run(*module);
  return 0;
}
