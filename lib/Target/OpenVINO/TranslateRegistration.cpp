//===- TranslateRegistration.cpp - --import-openvino-ir -------------------===//

#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::interp;

void interp::registerImportOpenVINOIRTranslation() {
  static llvm::cl::opt<std::string> weightsPath(
      "openvino-weights",
      llvm::cl::desc("The .bin weights of --import-openvino-ir (default: the "
                     ".xml's path with the extension .bin)"),
      llvm::cl::value_desc("path"));
  static llvm::cl::opt<std::string> functionName(
      "openvino-function-name",
      llvm::cl::desc("The function --import-openvino-ir creates"),
      llvm::cl::init("main"), llvm::cl::value_desc("name"));

  TranslateToMLIRRegistration registration(
      "import-openvino-ir", "Import an OpenVINO IR model (.xml + .bin)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *xml =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        OpenVINOImportOptions options;
        options.functionName = functionName;
        options.xmlFileName = xml->getBufferIdentifier().str();
        std::string bin = weightsPath;
        if (bin.empty()) {
          llvm::SmallString<256> path(xml->getBufferIdentifier());
          llvm::sys::path::replace_extension(path, "bin");
          bin = path.str().str();
        }
        options.weightsFileName = bin;
        // A missing default .bin is diagnosed at the first Const that
        // needs it (a model may have none); a named one must be there.
        auto weights = openWeightsFile(bin);
        if (!weights) {
          std::string message = llvm::toString(weights.takeError());
          if (!weightsPath.empty() || llvm::sys::fs::exists(bin)) {
            emitError(FileLineColLoc::get(context, bin, 0, 0))
                << "cannot read the weights: " << message;
            return {};
          }
        }
        OwningOpRef<ModuleOp> module = importOpenVINOIR(
            xml->getBuffer(), weights ? weights->get() : nullptr, context,
            options);
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<arith::ArithDialect, func::FuncDialect,
                        interp::InterpDialect, math::MathDialect,
                        tensor::TensorDialect>();
      });
}
