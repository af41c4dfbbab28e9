//===- FuzzOpenVINOImport.cpp - libFuzzer target: OpenVINO IR import ------===//
//
// Feeds the input as an OpenVINO IR model through importOpenVINOIR: the
// bytes before the first NUL are the .xml, the bytes after it the .bin (no
// NUL: no weights). Model files are untrusted input: any crash, sanitizer
// report, leak or timeout is a bug; a bad model must only produce
// diagnostics. make_import_corpus.py writes seeds in this format.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
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
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto [xml, bin] = input.split('\0');
  std::unique_ptr<llvm::MemoryBuffer> weights;
  if (xml.size() != input.size())
    weights =
        llvm::MemoryBuffer::getMemBuffer(bin, "fuzz.bin",
                                         /*RequiresNullTerminator=*/false);
  MLIRContext context(registry());
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });
  interp::OpenVINOImportOptions options;
  options.xmlFileName = "fuzz.xml";
  options.weightsFileName = "fuzz.bin";
  OwningOpRef<ModuleOp> module =
      interp::importOpenVINOIR(xml, weights.get(), &context, options);
  // Printing walks every attribute the importer built.
  if (module)
    module->print(llvm::nulls());
  return 0;
}
