//===- ImportFuzzing.h - what the importer fuzz targets share ---*- C++ -*-===//
//
// The context both importer targets import into: the dialects the
// importers' translations register and no others (the importers load every
// available dialect, and loading all of upstream's for each input made the
// fuzzers 10x slower), with diagnostics swallowed, since a bad model must
// only produce them.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_TEST_FUZZ_IMPORTFUZZING_H
#define INTERP_TEST_FUZZ_IMPORTFUZZING_H

#include "interp/Dialect/Interp/IR/InterpDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

namespace mlir::interp::fuzzing {

inline DialectRegistry &importRegistry() {
  static DialectRegistry *instance = [] {
    auto *r = new DialectRegistry();
    r->insert<arith::ArithDialect, func::FuncDialect, InterpDialect,
              math::MathDialect, tensor::TensorDialect>();
    return r;
  }();
  return *instance;
}

/// An import context for one input.
struct ImportContext {
  MLIRContext context{importRegistry()};
  ScopedDiagnosticHandler handler{&context,
                                  [](Diagnostic &) { return success(); }};
  ImportContext() {
    context.printOpOnDiagnostic(false);
    context.printStackTraceOnDiagnostic(false);
  }
};

} // namespace mlir::interp::fuzzing

#endif // INTERP_TEST_FUZZ_IMPORTFUZZING_H
