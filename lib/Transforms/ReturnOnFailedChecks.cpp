//===- ReturnOnFailedChecks.cpp - failed run-time checks return -----------===//
//
// See Passes.td. What it relies on: the lowering emits every check of an op
// before the op allocates anything it checks (LowerResize.cpp), checks return
// i1, and ownership-based buffer deallocation runs after this pass and
// handles the branches it adds.
//
//===----------------------------------------------------------------------===//

#include "interp/Runtime/IR/RuntimeDeclarations.h"
#include "interp/Semantics/Rules.h"
#include "interp/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPRETURNONFAILEDCHECKS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;
using namespace mlir::interp;

/// The prefix of the declarations whose calls interp-lower-failed-results
/// replaces with null results.
static constexpr llvm::StringLiteral kFailedResultsPrefix =
    "__interp_failed_results.";

/// The scf.if and scf.execute_region ops around `op` up to its function,
/// which become branches so that `op` can return; nullptr (and the
/// enclosing op in `blocker`) when something else encloses it, a loop say.
static bool collectBranchesAround(Operation *op, func::FuncOp func,
                                  llvm::SetVector<Operation *> &branches,
                                  Operation *&blocker) {
  SmallVector<Operation *> found;
  for (Operation *parent = op->getParentOp(); parent != func.getOperation();
       parent = parent->getParentOp()) {
    if (!isa<scf::IfOp, scf::ExecuteRegionOp>(parent)) {
      blocker = parent;
      return false;
    }
    found.push_back(parent);
  }
  branches.insert(found.begin(), found.end());
  return true;
}

static Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
}

/// The checks of `alloc`: before it, that its size does not overflow and
/// fits the memory the process may use (the LLVM lowering computes the size
/// in unchecked int64); after it, that the pointer is not null (what
/// aligned_alloc returns when the process's limits refuse the buffer).
/// Fails, with a diagnostic, for a static size beyond any address space.
static FailureOr<std::pair<func::CallOp, func::CallOp>>
checkAllocation(OpBuilder &b, ModuleOp module, memref::AllocOp alloc) {
  Location loc = alloc.getLoc();
  b.setInsertionPoint(alloc);
  MemRefType type = alloc.getType();
  int64_t bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  for (int64_t dim : type.getShape())
    if (!ShapedType::isDynamic(dim) && llvm::MulOverflow(bytes, dim, bytes))
      bytes = std::numeric_limits<int64_t>::max();
  if (uint64_t(bytes) > rules::kMaxBufferBytes)
    return alloc.emitError("a buffer of type ")
           << type << " needs more bytes than a 64-bit address space has";
  Value total = i64Constant(b, loc, bytes);
  Value overflowed = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  for (Value size : alloc.getDynamicSizes()) {
    Value length = arith::IndexCastOp::create(b, loc, b.getI64Type(), size);
    // Unsigned: a negative length is a huge one and overflows too.
    auto product = arith::MulUIExtendedOp::create(b, loc, total, length);
    overflowed = arith::OrIOp::create(
        b, loc, overflowed,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                              product.getHigh(), i64Constant(b, loc, 0)));
    total = product.getLow();
  }
  auto sizeCheck = func::CallOp::create(
      b, loc, runtime::declare(b, module, runtime::Function::CheckBufferSize),
      ValueRange{total, overflowed});
  b.setInsertionPointAfter(alloc);
  Value pointer = arith::IndexCastOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, alloc));
  auto nullCheck = func::CallOp::create(
      b, loc, runtime::declare(b, module, runtime::Function::CheckAllocation),
      ValueRange{pointer, total});
  return std::pair(sizeCheck, nullCheck);
}

/// Checks that `copy`'s source and target have the same dimensions where
/// either is dynamic (a copy into a destination of another shape would
/// write past its end).
static SmallVector<func::CallOp> checkCopy(OpBuilder &b, ModuleOp module,
                                           memref::CopyOp copy) {
  SmallVector<func::CallOp> checks;
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  if (!source || !target || source.getRank() != target.getRank())
    return checks;
  Location loc = copy.getLoc();
  b.setInsertionPoint(copy);
  for (int64_t d = 0; d < source.getRank(); ++d) {
    if (!source.isDynamicDim(d) && !target.isDynamicDim(d))
      continue;
    auto dim = [&](Value memref) -> Value {
      return arith::IndexCastOp::create(
          b, loc, b.getI64Type(), memref::DimOp::create(b, loc, memref, d));
    };
    Value what =
        arith::ConstantOp::create(b, loc,
                                  b.getI32IntegerAttr(static_cast<int32_t>(
                                      runtime::CheckedDim::Destination)));
    checks.push_back(func::CallOp::create(
        b, loc, runtime::declare(b, module, runtime::Function::CheckDimEquals),
        ValueRange{what, i64Constant(b, loc, d), dim(copy.getSource()),
                   dim(copy.getTarget())}));
  }
  return checks;
}

/// The block `func` returns from when a check fails: the results of the
/// function's failed-results declaration.
static Block *failureBlock(OpBuilder &b, ModuleOp module, func::FuncOp func) {
  OpBuilder::InsertionGuard guard(b);
  Location loc = func.getLoc();
  Region &body = func.getBody();
  Block *block = b.createBlock(&body, body.end());
  TypeRange results = func.getResultTypes();
  if (results.empty()) {
    func::ReturnOp::create(b, loc);
    return block;
  }
  std::string name = (kFailedResultsPrefix + func.getSymName()).str();
  auto declaration = module.lookupSymbol<func::FuncOp>(name);
  if (!declaration) {
    OpBuilder::InsertionGuard moduleGuard(b);
    b.setInsertionPointToStart(module.getBody());
    declaration =
        func::FuncOp::create(b, loc, name, b.getFunctionType({}, results));
    declaration.setPrivate();
  }
  auto call = func::CallOp::create(b, loc, declaration, ValueRange{});
  func::ReturnOp::create(b, loc, call.getResults());
  return block;
}

/// Whether a failure at `op` can return from `func` (only scf.if and
/// scf.execute_region ops around it), recording those ops in `branches`.
static bool canReturnFrom(Operation *op, func::FuncOp func,
                          llvm::SetVector<Operation *> &branches) {
  Operation *blocker = nullptr;
  return collectBranchesAround(op, func, branches, blocker);
}

namespace {
/// One function's checks and the branches around them.
struct FunctionChecks {
  SmallVector<func::CallOp> checks;
  llvm::SetVector<Operation *> branches;
  bool readsCalleeFailures = false;
};

struct InterpReturnOnFailedChecksPass
    : interp::impl::InterpReturnOnFailedChecksBase<
          InterpReturnOnFailedChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() &&
          !func.getSymName().starts_with(kFailedResultsPrefix))
        funcs.push_back(func);
    llvm::MapVector<func::FuncOp, FunctionChecks> checksOf;
    for (func::FuncOp func : funcs) {
      FailureOr<FunctionChecks> checks = collectChecks(b, module, func);
      if (failed(checks))
        return signalPassFailure();
      checksOf[func] = std::move(*checks);
    }
    propagateCalleeFailures(b, module, funcs, checksOf);
    for (auto &[func, checks] : checksOf)
      if (failed(returnOnFailures(b, module, func, checks)))
        return signalPassFailure();
  }

  /// The checks the lowering emitted, then those of allocations and copies
  /// where a failure can return.
  FailureOr<FunctionChecks> collectChecks(OpBuilder &b, ModuleOp module,
                                          func::FuncOp func) {
    FunctionChecks result;
    SmallVector<memref::AllocOp> allocs;
    SmallVector<memref::CopyOp> copies;
    func.walk([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        if (std::optional<runtime::Function> fn = runtime::calledFunction(call);
            fn && runtime::info(*fn).isCheck)
          result.checks.push_back(call);
      } else if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        allocs.push_back(alloc);
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        copies.push_back(copy);
      }
    });
    for (func::CallOp check : result.checks) {
      Operation *blocker = nullptr;
      if (!collectBranchesAround(check, func, result.branches, blocker))
        return check.emitError("a run-time check inside '")
               << blocker->getName()
               << "' cannot return from the function when it fails: interp "
                  "ops whose operands are checked at run time must not be "
                  "inside loops";
    }
    // Allocations and copies inside loops stay unchecked: interp's own code
    // allocates nothing on the heap there (Design.md).
    for (memref::AllocOp alloc : allocs) {
      if (!canReturnFrom(alloc, func, result.branches))
        continue;
      auto allocationChecks = checkAllocation(b, module, alloc);
      if (failed(allocationChecks))
        return failure();
      result.checks.push_back(allocationChecks->first);
      result.checks.push_back(allocationChecks->second);
    }
    for (memref::CopyOp copy : copies)
      if (canReturnFrom(copy, func, result.branches))
        llvm::append_range(result.checks, checkCopy(b, module, copy));
    return result;
  }

  /// A function that calls one of the module's functions that may fail
  /// returns too when that one did: after the call it asks the runtime
  /// whether a check failed on this thread (interp_callee_succeeded), which
  /// it clears on entry. To a fixed point over the call graph.
  void propagateCalleeFailures(
      OpBuilder &b, ModuleOp module, ArrayRef<func::FuncOp> funcs,
      llvm::MapVector<func::FuncOp, FunctionChecks> &checksOf) {
    llvm::DenseSet<Operation *> handled;
    for (bool changed = true; changed;) {
      changed = false;
      for (func::FuncOp func : funcs) {
        FunctionChecks &checks = checksOf[func];
        func.walk([&](func::CallOp call) {
          auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
          if (!callee || callee.isExternal() || !checksOf.count(callee) ||
              checksOf[callee].checks.empty() || handled.contains(call) ||
              !canReturnFrom(call, func, checks.branches))
            return;
          handled.insert(call);
          b.setInsertionPointAfter(call);
          checks.checks.push_back(func::CallOp::create(
              b, call.getLoc(),
              runtime::declare(b, module, runtime::Function::CalleeSucceeded),
              ValueRange{}));
          checks.readsCalleeFailures = true;
          changed = true;
        });
      }
    }
    for (func::FuncOp func : funcs)
      if (checksOf[func].readsCalleeFailures) {
        b.setInsertionPointToStart(&func.getBody().front());
        func::CallOp::create(
            b, func.getLoc(),
            runtime::declare(b, module, runtime::Function::ClearFailure),
            ValueRange{});
      }
  }

  /// The branches around checks become cf branches, then every check
  /// branches to the failure return.
  LogicalResult returnOnFailures(OpBuilder &b, ModuleOp module,
                                 func::FuncOp func, FunctionChecks &checks) {
    if (checks.checks.empty())
      return success();
    // Outermost first: a pre-order conversion.
    if (!checks.branches.empty()) {
      ConversionTarget target(getContext());
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      target.addDynamicallyLegalOp<scf::IfOp, scf::ExecuteRegionOp>(
          [&](Operation *op) { return !checks.branches.contains(op); });
      target.addLegalDialect<cf::ControlFlowDialect>();
      RewritePatternSet patterns(&getContext());
      populateSCFToControlFlowConversionPatterns(patterns);
      if (failed(applyPartialConversion(func, target, std::move(patterns))))
        return func.emitError(
            "could not turn the branches around run-time checks into cf");
    }
    Block *failed = failureBlock(b, module, func);
    for (func::CallOp check : checks.checks) {
      Block *block = check->getBlock();
      Block *next = block->splitBlock(std::next(check->getIterator()));
      b.setInsertionPointToEnd(block);
      cf::CondBranchOp::create(b, check.getLoc(), check.getResult(0), next,
                               ValueRange{}, failed, ValueRange{});
    }
    return success();
  }
};
} // namespace
