//===- interp-translate.cpp - the mlir-translate of the interp project ----===//
//
// mlir-translate's driver with interp's translations: --import-openvino-ir
// reads an OpenVINO IR model (.xml + .bin) into MLIR, --import-onnx an ONNX
// model (.onnx).
//
//===----------------------------------------------------------------------===//

#include "interp/Target/ONNX/ImportONNX.h"
#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::interp::registerImportOpenVINOIRTranslation();
  mlir::interp::registerImportONNXTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "interp translation driver\n"));
}
