/*===- interp-capi-test.c - interp through the C API alone ----------------===*\
|*                                                                            *|
|* A C host that links libInterpCAPI.so and nothing else of MLIR: registers  *|
|* every dialect plus interp's handle, interp's passes, parses an interp     *|
|* module, runs convert-interp-to-linalg and then the interp-to-llvm         *|
|* pipeline through mlirParsePassPipeline, and prints the result (FileCheck  *|
|* checks it: capi.mlir). Exits 1 on any failure, with a message.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "interp-c/Dialects.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>

static const char *kModule =
    "func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x16x12xf32> {\n"
    "  %s = arith.constant dense<[16, 12]> : tensor<2xi64>\n"
    "  %c = arith.constant dense<[2.0, 1.5]> : tensor<2xf32>\n"
    "  %a = arith.constant dense<[2, 3]> : tensor<2xi64>\n"
    "  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, "
    "shape_calculation_mode = sizes} : (tensor<1x3x8x8xf32>, tensor<2xi64>, "
    "tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x16x12xf32>\n"
    "  return %r : tensor<1x3x16x12xf32>\n"
    "}\n";

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static int fail(const char *what) {
  fprintf(stderr, "interp-capi-test: %s\n", what);
  return 1;
}

static int runPipeline(MlirContext context, MlirModule module,
                       const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString(pipeline), printToStderr, NULL);
  int ok = mlirLogicalResultIsSuccess(parsed) &&
           mlirLogicalResultIsSuccess(
               mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__interp__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__func__(), registry);
  interpRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllPasses();
  interpRegisterAllPasses();

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return fail("the interp module does not parse");
  if (!runPipeline(context, module, "builtin.module(convert-interp-to-linalg)"))
    return fail("convert-interp-to-linalg failed");
  printf("// after convert-interp-to-linalg\n");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  if (!runPipeline(context, module, "builtin.module(interp-to-llvm)"))
    return fail("interp-to-llvm failed");
  printf("\n// after interp-to-llvm\n");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
