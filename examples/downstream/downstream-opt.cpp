//===- downstream-opt.cpp - a compiler driver that registers interp -------===//
//
// What an ML compiler adds to its own tool to take interp ops: the upstream
// dialects it already uses, plus interp's two registration calls. Nothing
// else: interp::registerAllDialects brings every dialect and interface model
// interp's passes and pipelines need.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::interp::registerAllPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::tensor::TensorDialect>();
  mlir::interp::registerAllDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "a downstream compiler with interp\n", registry));
}
