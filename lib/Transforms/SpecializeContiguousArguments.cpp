//===- SpecializeContiguousArguments.cpp - version on row-major strides ---===//
//
// Callers may pass views, so bufferized arguments have dynamic strides; most
// callers pass contiguous buffers, and a kernel that knows its strides
// vectorizes with plain loads. The public function checks the strides at
// run time and calls the copy specialized for row-major ones when they are.
//
//===----------------------------------------------------------------------===//

#include "interp/Transforms/Passes.h"

#include "interp/Dialect/Interp/IR/InterpDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPSPECIALIZECONTIGUOUSARGUMENTS
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

/// The strides of a row-major buffer of `type`'s shape that its static sizes
/// determine, innermost first, up to the first dynamic size: a type with
/// these strides static, or a null type when none of them is dynamic in
/// `type` (nothing to specialize).
static MemRefType contiguousType(MemRefType type) {
  if (type.getRank() == 0)
    return {};
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return {};
  bool refined = false;
  int64_t rowMajor = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (ShapedType::isDynamic(strides[d])) {
      strides[d] = rowMajor;
      refined = true;
    } else if (strides[d] != rowMajor) {
      break; // a static stride of another layout: leave the rest as it is
    }
    int64_t size = type.getDimSize(d);
    if (ShapedType::isDynamic(size) ||
        __builtin_mul_overflow(rowMajor, size, &rowMajor))
      break;
  }
  if (!refined)
    return {};
  auto layout = StridedLayoutAttr::get(type.getContext(), offset, strides);
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         type.getMemorySpace());
}

/// Whether `value`'s run-time strides are the static ones of `contiguous`.
static Value hasStrides(OpBuilder &b, Location loc, Value value,
                        MemRefType contiguous) {
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)contiguous.getStridesAndOffset(strides, offset);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, value);
  Value all;
  for (auto [d, stride] : llvm::enumerate(strides)) {
    if (ShapedType::isDynamic(stride))
      continue;
    Value expected = arith::ConstantIndexOp::create(b, loc, stride);
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       metadata.getStrides()[d], expected);
    all = all ? arith::AndIOp::create(b, loc, all, same).getResult() : same;
  }
  return all;
}

/// Puts false in every fast-path condition of `func`, which canonicalization
/// then folds to the general computation. The fast paths (the direct passes
/// of run-time tap runs) are there to vectorize, which strided reads do not:
/// in the copy for views they cost compile time (half of w1_dyn's) for
/// little speed.
static void takeGeneralPaths(func::FuncOp func) {
  interp::InterpDialect::FastPathConditionAttrHelper fastPath(
      func.getContext());
  func.walk([&](Operation *op) {
    if (!fastPath.isAttrPresent(op))
      return;
    OpBuilder b(op);
    for (Value result : op->getResults()) {
      Value general = arith::ConstantOp::create(
          b, op->getLoc(), b.getZeroAttr(result.getType()));
      result.replaceAllUsesWith(general);
    }
  });
}

namespace {
struct InterpSpecializeContiguousArgumentsPass
    : interp::impl::InterpSpecializeContiguousArgumentsBase<
          InterpSpecializeContiguousArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (func.isExternal() || !func.isPublic())
        continue;
      SmallVector<MemRefType> refined;
      bool any = false;
      for (Type type : func.getArgumentTypes()) {
        auto memref = dyn_cast<MemRefType>(type);
        refined.push_back(memref ? contiguousType(memref) : MemRefType());
        any |= static_cast<bool>(refined.back());
      }
      if (!any)
        continue;
      specialize(func, refined, symbols);
    }
  }

  void specialize(func::FuncOp func, ArrayRef<MemRefType> refined,
                  SymbolTable &symbols) {
    MLIRContext *ctx = func.getContext();
    OpBuilder b(func);
    auto makeCopy = [&](StringRef suffix) {
      auto copy = cast<func::FuncOp>(b.clone(*func));
      copy.setName((func.getName() + suffix).str());
      copy.setPrivate();
      // Only the public entry point gets the C interface wrapper.
      copy->removeAttr("llvm.emit_c_interface");
      symbols.insert(copy);
      return copy;
    };
    func::FuncOp strided = makeCopy("__strided");
    // Views are the uncommon case: their copy is optimized for size, which
    // keeps the compile time of the second copy down. Not inlined: inlined
    // into the entry it would take the entry's attributes, and LLVM would
    // vectorize and unroll it like the contiguous copy.
    strided->setAttr("passthrough",
                     ArrayAttr::get(ctx, {StringAttr::get(ctx, "optsize"),
                                          StringAttr::get(ctx, "noinline")}));
    takeGeneralPaths(strided);
    func::FuncOp contiguous = makeCopy("__contiguous");

    // The contiguous copy: arguments of the static-stride types, cast back
    // at the entry for the body (canonicalization folds the casts forward).
    Block &entry = contiguous.getBody().front();
    OpBuilder eb = OpBuilder::atBlockBegin(&entry);
    SmallVector<Type> argTypes(func.getArgumentTypes());
    for (auto [i, type] : llvm::enumerate(refined)) {
      if (!type)
        continue;
      BlockArgument arg = entry.getArgument(i);
      Type original = arg.getType();
      arg.setType(type);
      argTypes[i] = type;
      auto cast = memref::CastOp::create(eb, func.getLoc(), original, arg);
      arg.replaceAllUsesExcept(cast, cast);
    }
    contiguous.setFunctionType(
        FunctionType::get(ctx, argTypes, func.getResultTypes()));

    // The public function: check, then call one of the copies.
    // The body lives on in the copies; its ops refer to each other.
    func.getBody().dropAllReferences();
    func.getBody().getBlocks().clear();
    Block *body = func.addEntryBlock();
    OpBuilder fb = OpBuilder::atBlockBegin(body);
    Location loc = func.getLoc();
    Value all;
    for (auto [i, type] : llvm::enumerate(refined)) {
      if (!type)
        continue;
      Value same = hasStrides(fb, loc, body->getArgument(i), type);
      if (same)
        all =
            all ? arith::AndIOp::create(fb, loc, all, same).getResult() : same;
    }
    auto branch = scf::IfOp::create(
        fb, loc, all,
        [&](OpBuilder &tb, Location tloc) {
          SmallVector<Value> args;
          for (auto [i, type] : llvm::enumerate(refined))
            args.push_back(type ? memref::CastOp::create(tb, tloc, type,
                                                         body->getArgument(i))
                                      .getResult()
                                : Value(body->getArgument(i)));
          auto call = func::CallOp::create(tb, tloc, contiguous, args);
          scf::YieldOp::create(tb, tloc, call.getResults());
        },
        [&](OpBuilder &tb, Location tloc) {
          auto call = func::CallOp::create(tb, tloc, strided,
                                           ValueRange(body->getArguments()));
          scf::YieldOp::create(tb, tloc, call.getResults());
        });
    func::ReturnOp::create(fb, loc, branch.getResults());
  }
};
} // namespace
