//===- FuzzONNXImport.cpp - libFuzzer target: ONNX import -----------------===//
//
// Feeds the input as a serialized onnx.ModelProto through importONNX. Model
// files are untrusted input: any crash, sanitizer report, leak or timeout
// is a bug; a bad model must only produce diagnostics. Seeds are the lit
// tests' models (make_import_corpus.py).
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Target/ONNX/ImportONNX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace mlir;

/// The dialects the importer's translation registers, and no others: the
/// importer loads every available dialect, and loading all of upstream's
/// for each input made the fuzzer 10x slower.
static DialectRegistry &registry() {
  static DialectRegistry *instance = [] {
    auto *r = new DialectRegistry();
    r->insert<arith::ArithDialect, func::FuncDialect, interp::InterpDialect,
              math::MathDialect, tensor::TensorDialect>();
    return r;
  }();
  return *instance;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(registry());
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });
  interp::ONNXImportOptions options;
  options.fileName = "fuzz.onnx";
  OwningOpRef<ModuleOp> module = interp::importONNX(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), &context,
      options);
  // Printing walks every attribute the importer built.
  if (module)
    module->print(llvm::nulls());
  return 0;
}
