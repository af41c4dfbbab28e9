//===- interp-translate.cpp - the mlir-translate of the interp project ----===//
//
// mlir-translate's driver with interp's translations: --import-openvino-ir
// reads an OpenVINO IR model (.xml + .bin) into MLIR.
//
//===----------------------------------------------------------------------===//

#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::interp::registerImportOpenVINOIRTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "interp translation driver\n"));
}
