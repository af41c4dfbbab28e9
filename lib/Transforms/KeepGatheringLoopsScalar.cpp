//===- KeepGatheringLoopsScalar.cpp - scalar loads over many gathers -----===//

#include "LoopAnnotations.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPKEEPGATHERINGLOOPSSCALAR
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

namespace {
/// How a value depends on one loop's induction variable.
struct Dependence {
  /// The value changes with the induction variable.
  bool onInductionVariable = false;
  /// ... and it does so through a load whose address changes with it.
  bool throughLoad = false;
};

/// Dependences of values on the induction variable of one loop, memoized.
class InductionDependences {
public:
  explicit InductionDependences(scf::ForOp loop) : loop(loop) {}

  Dependence of(Value value) {
    // Values from outside the loop are the same in every iteration.
    if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
      return {};
    auto known = memo.find(value);
    if (known != memo.end())
      return known->second;
    // Cycles only pass through block arguments, which end the walk.
    memo[value] = {};
    Dependence result = compute(value);
    memo[value] = result;
    return result;
  }

private:
  Dependence compute(Value value) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return {argument == loop.getInductionVar(), false};
    Operation *def = value.getDefiningOp();
    Dependence result;
    for (Value operand : def->getOperands()) {
      Dependence d = of(operand);
      result.onInductionVariable |= d.onInductionVariable;
      result.throughLoad |= d.throughLoad;
    }
    // A loaded value follows the induction variable only through its
    // address; what it then feeds is a gather.
    if (isa<memref::LoadOp>(def))
      result.throughLoad = result.onInductionVariable;
    return result;
  }

  scf::ForOp loop;
  DenseMap<Value, Dependence> memo;
};
} // namespace

/// How many gathers one vectorized iteration of `loop` would need: its
/// loads whose address depends on the induction variable through another
/// load.
static unsigned countGathers(scf::ForOp loop) {
  InductionDependences dependences(loop);
  unsigned gathers = 0;
  loop.getBody()->walk([&](memref::LoadOp load) {
    if (llvm::any_of(load.getIndices(), [&](Value index) {
          return dependences.of(index).throughLoad;
        }))
      ++gathers;
  });
  return gathers;
}

namespace {
struct InterpKeepGatheringLoopsScalarPass
    : interp::impl::InterpKeepGatheringLoopsScalarBase<
          InterpKeepGatheringLoopsScalarPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minGathers == 0)
      return;
    getOperation()->walk([&](scf::ForOp loop) {
      if (countGathers(loop) >= minGathers)
        interp::disableLLVMVectorization(loop);
    });
  }
};
} // namespace
