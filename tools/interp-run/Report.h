//===- Report.h - what interp-run prints about tensors ----------*- C++ -*-===//

#ifndef INTERP_TOOLS_INTERP_RUN_REPORT_H
#define INTERP_TOOLS_INTERP_RUN_REPORT_H

#include "interp/Reference/Compare.h"

#include "mlir/IR/Types.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace interp_run {

using mlir::interp::reference::Tensor;

/// "2x3x4", or "scalar" for rank 0.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// `type` as MLIR prints it.
std::string formatType(mlir::Type type);

/// "shape=... dtype=... elements=N sum=S min=A max=B [nans=K] fnv1a64=H".
std::string summarize(const Tensor &tensor);

/// Every element of `tensor`, one innermost row per line.
void printTensorValues(llvm::raw_ostream &os, const Tensor &tensor);

/// Prints the --check line(s) of result `index` to `os` and returns whether
/// `got` matches `ref` within `tolerance`.
bool reportComparison(llvm::raw_ostream &os, unsigned index, const Tensor &got,
                      const Tensor &ref,
                      mlir::interp::reference::Tolerance tolerance);

} // namespace interp_run

#endif // INTERP_TOOLS_INTERP_RUN_REPORT_H
