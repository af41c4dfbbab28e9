//===- InitAllTest.cpp - interp's registration is all a consumer needs ----===//
//
// A consumer registers interp with mlir::interp::registerAllDialects and
// nothing else; the interp-to-llvm pipeline must then succeed and produce
// the same ops as with every upstream dialect and extension registered (what
// interp-opt does). Covers the paths whose upstream interfaces differ:
// static and dynamic shapes, constant and run-time tables, integer stores,
// Interpolate-1 and -11, OpenMP, and a caller's own memref alloc/dealloc.
//
//===----------------------------------------------------------------------===//

#include "interp/InitAll.h"
#include "interp/Dialect/Interp/IR/InterpDialect.h"
#include "interp/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <map>
#include <string>

using namespace mlir;

namespace {

struct Input {
  const char *name;
  unsigned numThreads;
  const char *text;
};

const Input kInputs[] = {
    {"static linear_onnx f32", 1, R"mlir(
func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x16x12xf32> {
  %s = arith.constant dense<[16, 12]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 1.5]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear_onnx, shape_calculation_mode = sizes}
       : (tensor<1x3x8x8xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x3x16x12xf32>
  return %r : tensor<1x3x16x12xf32>
})mlir"},
    {"dynamic cubic with run-time sizes", 1, R"mlir(
func.func @main(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %c = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = cubic, shape_calculation_mode = sizes}
       : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
})mlir"},
    {"v1 area ui8", 1, R"mlir(
func.func @main(%x: tensor<1x1x9x9xui8>) -> tensor<1x1x4x4xui8> {
  %t = arith.constant dense<[4, 4]> : tensor<2xi64>
  %r = interp.interpolate_v1 %x, %t {axes = array<i64: 2, 3>, mode = area}
       : (tensor<1x1x9x9xui8>, tensor<2xi64>) -> tensor<1x1x4x4xui8>
  return %r : tensor<1x1x4x4xui8>
})mlir"},
    {"v11 bicubic_pillow ui8", 1, R"mlir(
func.func @main(%x: tensor<1x3x20x30xui8>) -> tensor<1x3x7x9xui8> {
  %s = arith.constant dense<[7, 9]> : tensor<2xi64>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v11 %x, %s, %a {mode = bicubic_pillow, shape_calculation_mode = sizes}
       : (tensor<1x3x20x30xui8>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x3x7x9xui8>
  return %r : tensor<1x3x7x9xui8>
})mlir"},
    {"OpenMP nearest", 2, R"mlir(
func.func @main(%x: tensor<2x4x8x8xf16>) -> tensor<2x4x16x16xf16> {
  %s = arith.constant dense<[16, 16]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = nearest, shape_calculation_mode = sizes}
       : (tensor<2x4x8x8xf16>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<2x4x16x16xf16>
  return %r : tensor<2x4x16x16xf16>
})mlir"},
    {"caller's own memref alloc and dealloc", 1, R"mlir(
func.func @main(%x: tensor<4x4xf32>) -> f32 {
  %s = arith.constant dense<[8, 8]> : tensor<2xi64>
  %c = arith.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %s, %c, %a {mode = linear, shape_calculation_mode = sizes}
       : (tensor<4x4xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<8x8xf32>
  %buf = memref.alloc() : memref<8x8xf32>
  bufferization.materialize_in_destination %r in restrict writable %buf
       : (tensor<8x8xf32>, memref<8x8xf32>) -> ()
  %i = arith.constant 3 : index
  %v = memref.load %buf[%i, %i] : memref<8x8xf32>
  memref.dealloc %buf : memref<8x8xf32>
  return %v : f32
})mlir"},
};

/// The ops of the module `input` becomes through interp-to-llvm in a context
/// with `registry`; or the diagnostics when the pipeline fails.
std::string lower(const Input &input, const DialectRegistry &registry) {
  MLIRContext context(registry);
  std::string diagnostics;
  context.getDiagEngine().registerHandler([&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(input.text, &context);
  if (!module)
    return "parse failed: " + diagnostics;
  PassManager pm(&context);
  interp::InterpPipelineOptions options;
  options.numThreads = input.numThreads;
  interp::buildInterpToLLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    return "pipeline failed: " + diagnostics;
  // The ops and how often each occurs: the printed module is not
  // comparable, because ownership-based deallocation orders its frees by a
  // comparator that is not a strict order across blocks (docs/Design.md,
  // "Known limits"), so two runs may differ in the order of independent
  // frees.
  std::map<std::string, int> histogram;
  module->walk(
      [&](Operation *op) { ++histogram[op->getName().getStringRef().str()]; });
  std::string text = "module:";
  for (const auto &[name, count] : histogram)
    text += " " + name + "x" + std::to_string(count);
  return text;
}

TEST(InitAllTest, InterpRegistrationIsEnoughForTheLLVMPipeline) {
  DialectRegistry interpOnly;
  interp::registerAllDialects(interpOnly);

  DialectRegistry everything;
  registerAllDialects(everything);
  registerAllExtensions(everything);
  interp::registerAllDialects(everything);

  for (const Input &input : kInputs) {
    SCOPED_TRACE(input.name);
    std::string withEverything = lower(input, everything);
    ASSERT_EQ(withEverything.rfind("module", 0), 0u) << withEverything;
    EXPECT_EQ(lower(input, interpOnly), withEverything);
  }
}

// The inputs need the interface models: registering the dialects alone (what
// registerAllDialects did before) fails to bufferize, so the test above
// would catch a model dropped from it.
TEST(InitAllTest, DialectsWithoutTheirModelsDoNotBufferize) {
  DialectRegistry dialectsOnly;
  dialectsOnly.insert<interp::InterpDialect, arith::ArithDialect,
                      func::FuncDialect, tensor::TensorDialect>();
  std::string result = lower(kInputs[0], dialectsOnly);
  EXPECT_NE(result.find("pipeline failed"), std::string::npos) << result;
}

} // namespace
