//===- FuzzOpenVINOImport.cpp - libFuzzer target: OpenVINO IR import ------===//
//
// Feeds the input as an OpenVINO IR model through importOpenVINOIR: the
// bytes before the first NUL are the .xml, the bytes after it the .bin (no
// NUL: no weights). Model files are untrusted input: any crash, sanitizer
// report, leak or timeout is a bug; a bad model must only produce
// diagnostics. make_import_corpus.py writes seeds in this format.
//
//===----------------------------------------------------------------------===//

#include "ImportFuzzing.h"
#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto [xml, bin] = input.split('\0');
  std::unique_ptr<llvm::MemoryBuffer> weights;
  if (xml.size() != input.size())
    weights =
        llvm::MemoryBuffer::getMemBuffer(bin, "fuzz.bin",
                                         /*RequiresNullTerminator=*/false);
  interp::fuzzing::ImportContext import;
  interp::OpenVINOImportOptions options;
  options.xmlFileName = "fuzz.xml";
  options.weightsFileName = "fuzz.bin";
  OwningOpRef<ModuleOp> module =
      interp::importOpenVINOIR(xml, weights.get(), &import.context, options);
  // Printing walks every attribute the importer built.
  if (module)
    module->print(llvm::nulls());
  return 0;
}
