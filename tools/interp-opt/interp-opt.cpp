//===- interp-opt.cpp - the mlir-opt of the interp project ----------------===//
//
// Registers the interp dialect and passes next to every upstream dialect,
// pass and extension, so that interp ops can be taken to LLVM with one tool.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::interp::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::interp::registerAllDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "interp optimizer driver\n", registry));
}
