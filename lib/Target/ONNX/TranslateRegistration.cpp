//===- TranslateRegistration.cpp - --import-onnx --------------------------===//

#include "interp/Target/ONNX/ImportONNX.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::interp;

void interp::registerImportONNXTranslation() {
  static llvm::cl::opt<std::string> functionName(
      "onnx-function-name",
      llvm::cl::desc("The function --import-onnx creates"),
      llvm::cl::init("main"), llvm::cl::value_desc("name"));

  TranslateToMLIRRegistration registration(
      "import-onnx", "Import an ONNX model (.onnx)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *file =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        ONNXImportOptions options;
        options.functionName = functionName;
        options.fileName = file->getBufferIdentifier().str();
        OwningOpRef<ModuleOp> module =
            importONNX(file->getBuffer(), context, options);
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<arith::ArithDialect, func::FuncDialect,
                        interp::InterpDialect>();
      });
}
