//===- Dialects.cpp - C API of the interp dialect -------------------------===//

#include "interp-c/Dialects.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Interp, interp,
                                      mlir::interp::InterpDialect)

void interpRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::interp::registerAllDialects(*unwrap(registry));
}

void interpRegisterAllPasses(void) { mlir::interp::registerAllPasses(); }
