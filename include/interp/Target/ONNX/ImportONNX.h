//===- ImportONNX.h - ONNX model (.onnx) to MLIR ----------------*- C++ -*-===//
//
// Translates an ONNX model (a serialized onnx.ModelProto) into one func.func
// of interp and arith ops: Resize and Upsample become interp.interpolate_v4
// where interp computes exactly what ONNX does, and an error otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_TARGET_ONNX_IMPORTONNX_H
#define INTERP_TARGET_ONNX_IMPORTONNX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class MLIRContext;
namespace interp {

struct ONNXImportOptions {
  /// The name of the generated function.
  std::string functionName = "main";
  /// Name used in the locations of diagnostics about the file itself.
  std::string fileName = "<onnx>";
};

/// Imports the serialized ModelProto in `bytes`. Diagnostics go to
/// `context`'s handler; returns null on any error. The module is verified
/// before it is returned.
OwningOpRef<ModuleOp> importONNX(llvm::StringRef bytes, MLIRContext *context,
                                 const ONNXImportOptions &options);

/// Registers `--import-onnx` with mlir-translate's registry, with the
/// option `--onnx-function-name=NAME`.
void registerImportONNXTranslation();

} // namespace interp
} // namespace mlir

#endif // INTERP_TARGET_ONNX_IMPORTONNX_H
