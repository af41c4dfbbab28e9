//===- FuzzONNXImport.cpp - libFuzzer target: ONNX import -----------------===//
//
// Feeds the input as a serialized onnx.ModelProto through importONNX. Model
// files are untrusted input: any crash, sanitizer report, leak or timeout
// is a bug; a bad model must only produce diagnostics. Seeds are the lit
// tests' models (make_import_corpus.py).
//
//===----------------------------------------------------------------------===//

#include "ImportFuzzing.h"
#include "interp/Target/ONNX/ImportONNX.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  interp::fuzzing::ImportContext import;
  interp::ONNXImportOptions options;
  options.fileName = "fuzz.onnx";
  OwningOpRef<ModuleOp> module = interp::importONNX(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      &import.context, options);
  // Printing walks every attribute the importer built.
  if (module)
    module->print(llvm::nulls());
  return 0;
}
