//===- InitAll.cpp - register everything interp provides ------------------===//

#include "interp/InitAll.h"

#include "interp/Conversion/Passes.h"
#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Dialect/Interp/Transforms/Passes.h"
#include "interp/Pipelines/Pipelines.h"
#include "interp/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::interp::registerAllDialects(DialectRegistry &registry) {
  registry.insert<InterpDialect>();
}

void mlir::interp::registerAllPasses() {
  registerInterpDialectTransformsPasses();
  registerInterpConversionPasses();
  registerInterpCodegenPasses();
  registerInterpPipelines();
}
