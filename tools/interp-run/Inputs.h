//===- Inputs.h - the arguments interp-run passes ---------------*- C++ -*-===//

#ifndef INTERP_TOOLS_INTERP_RUN_INPUTS_H
#define INTERP_TOOLS_INTERP_RUN_INPUTS_H

#include "interp/Reference/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace interp_run {

/// One argument for the called function and where its data came from.
struct Input {
  mlir::interp::reference::Tensor tensor;
  std::string source;
};

/// The command line's say on the arguments.
struct InputOptions {
  /// --input: a .npy path or "random" per leading argument.
  std::vector<std::string> files;
  /// --arg-shape entries, "INDEX=D0xD1x...".
  std::vector<std::string> argShapes;
  /// --seed of the random data.
  uint64_t seed = 0;
};

/// One input per argument of `func`: read from the .npy files, or seeded
/// random data (floats uniform in [-1, 1), i8/ui8 their whole range,
/// i32/i64 in [-1000, 1000]), each checked against the argument type.
llvm::Expected<llvm::SmallVector<Input>>
buildInputs(mlir::func::FuncOp func, const InputOptions &options);

} // namespace interp_run

#endif // INTERP_TOOLS_INTERP_RUN_INPUTS_H
