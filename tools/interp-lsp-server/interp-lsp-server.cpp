//===- interp-lsp-server.cpp - the MLIR language server with interp -------===//
//
// mlir-lsp-server has no plugin option, so editors get interp's ops
// (diagnostics from the verifiers, hover, go to definition) through a server
// that registers them: every upstream dialect, as mlir-lsp-server has, plus
// interp.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::interp::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
