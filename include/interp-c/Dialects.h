/*===- interp-c/Dialects.h - C API of the interp dialect ---------*- C -*-===*\
|*                                                                            *|
|* The interp dialect and passes for C hosts (and bindings built on the MLIR *|
|* C API). libInterpCAPI.so exports these and the MLIR C API they need:      *|
|* mlir-c/IR.h, mlir-c/Pass.h, mlir-c/RegisterEverything.h and the dialect   *|
|* handles of mlir-c/Dialect/{Func,Arith,Tensor,Linalg}.h.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef INTERP_C_DIALECTS_H
#define INTERP_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__interp__(): the interp dialect alone. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Interp, interp);

/* interp and every upstream dialect and interface model interp's passes and
 * pipelines need (mlir::interp::registerAllDialects). */
MLIR_CAPI_EXPORTED void interpRegisterAllDialects(MlirDialectRegistry registry);

/* interp's passes and the interp-to-llvm / interp-to-affine pipelines, for
 * mlirParsePassPipeline. */
MLIR_CAPI_EXPORTED void interpRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* INTERP_C_DIALECTS_H */
