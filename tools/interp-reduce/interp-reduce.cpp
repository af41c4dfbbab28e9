//===- interp-reduce.cpp - mlir-reduce with interp registered -------------===//
//
// Reduces a test case that makes some tool misbehave (a crash, a wrong
// lowering) to a smaller one with the same behaviour, judged by an
// interestingness script: upstream's mlir-reduce, with the interp dialect
// and passes registered so it can parse the input and run interp's passes
// in its -reduction-tree / -opt-reduction-pass strategies.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::interp::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::interp::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
