//===- InterpPlugin.cpp - interp as a plugin of the stock mlir-opt --------===//
//
// Debian's /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin=InterpPlugin.so
// --load-pass-plugin=InterpPlugin.so gets the interp dialect (with the
// upstream interface models its passes need) and every interp pass and
// pipeline.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Interp", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            interp::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Interp", LLVM_VERSION_STRING,
          []() { interp::registerAllPasses(); }};
}
