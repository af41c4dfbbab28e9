//===- ImportOpenVINOIR.h - OpenVINO IR (.xml + .bin) to MLIR ---*- C++ -*-===//
//
// Translates an OpenVINO IR model (the XML graph that ov.save_model writes
// and its .bin weights) into one func.func of interp, arith and tensor ops.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_TARGET_OPENVINO_IMPORTOPENVINOIR_H
#define INTERP_TARGET_OPENVINO_IMPORTOPENVINOIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

#include <string>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace interp {

struct OpenVINOImportOptions {
  /// The name of the generated function.
  std::string functionName = "main";
  /// Name used in locations (`file:line`) of the XML diagnostics.
  std::string xmlFileName = "<xml>";
  /// Name used in diagnostics about the weights.
  std::string weightsFileName = "<bin>";
};

/// Imports the model in `xml`. `weights` holds the .bin contents; it may be
/// null when the model has no Const layers (a missing file is diagnosed at
/// the first Const). Diagnostics go to `context`'s handler; returns null on
/// any error. The module is verified before it is returned.
OwningOpRef<ModuleOp> importOpenVINOIR(llvm::StringRef xml,
                                       const llvm::MemoryBuffer *weights,
                                       MLIRContext *context,
                                       const OpenVINOImportOptions &options);

/// Opens the .bin weights at `path` for importOpenVINOIR: only a regular
/// file (after symlinks) is accepted, without blocking on FIFOs or reading
/// devices; the file is mapped, not read. The error says why not.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
openWeightsFile(llvm::StringRef path);

/// Registers `--import-openvino-ir` with mlir-translate's registry, with
/// the options `--openvino-weights=PATH` and `--openvino-function-name=NAME`.
void registerImportOpenVINOIRTranslation();

} // namespace interp
} // namespace mlir

#endif // INTERP_TARGET_OPENVINO_IMPORTOPENVINOIR_H
