//===- SelectX86MultiplyAdd.cpp - pairwise multiply-adds as pmaddwd -------===//

#include "interp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

namespace mlir::interp {
#define GEN_PASS_DEF_INTERPSELECTX86MULTIPLYADD
#include "interp/Transforms/Passes.h.inc"
} // namespace mlir::interp

using namespace mlir;

namespace {
/// The x86 multiply-add intrinsics by their result's lane count.
struct MultiplyAddIntrinsics {
  bool sse2 = false, avx2 = false, avx512bw = false;

  StringRef forLanes(int64_t lanes) const {
    if (lanes == 4 && sse2)
      return "llvm.x86.sse2.pmadd.wd";
    if (lanes == 8 && avx2)
      return "llvm.x86.avx2.pmadd.wd";
    if (lanes == 16 && avx512bw)
      return "llvm.x86.avx512.pmaddw.d.512";
    return "";
  }
};

/// `value` as extsi(shuffle(source, source, mask)) from vector<2N x i16>
/// with mask [parity, parity + 2, ...]: the source, or null.
static Value pairLanes(Value value, int64_t parity) {
  auto ext = value.getDefiningOp<arith::ExtSIOp>();
  if (!ext)
    return nullptr;
  auto shuffle = ext.getIn().getDefiningOp<vector::ShuffleOp>();
  if (!shuffle || shuffle.getV1() != shuffle.getV2())
    return nullptr;
  auto sourceType = cast<VectorType>(shuffle.getV1().getType());
  ArrayRef<int64_t> mask = shuffle.getMask();
  if (!sourceType.getElementType().isInteger(16) || sourceType.getRank() != 1 ||
      sourceType.getNumElements() != 2 * int64_t(mask.size()))
    return nullptr;
  for (auto [i, lane] : llvm::enumerate(mask))
    if (lane != 2 * int64_t(i) + parity)
      return nullptr;
  return shuffle.getV1();
}

/// The (a, w) of a product extsi(a lanes) * extsi(w lanes) of one parity.
static std::optional<std::pair<Value, Value>> pairProduct(Value value,
                                                          int64_t parity) {
  auto mul = value.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return std::nullopt;
  Value a = pairLanes(mul.getLhs(), parity);
  Value w = pairLanes(mul.getRhs(), parity);
  if (!a || !w)
    return std::nullopt;
  return std::make_pair(a, w);
}

/// even(a) * even(w) + odd(a) * odd(w) (either order of the terms and of
/// the factors) -> the target's pmaddwd.
struct MultiplyAddPattern : OpRewritePattern<arith::AddIOp> {
  MultiplyAddPattern(MLIRContext *context, MultiplyAddIntrinsics intrinsics)
      : OpRewritePattern(context), intrinsics(intrinsics) {}

  LogicalResult matchAndRewrite(arith::AddIOp add,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(add.getType());
    if (!type || type.getRank() != 1 || !type.getElementType().isInteger(32))
      return failure();
    StringRef intrinsic = intrinsics.forLanes(type.getNumElements());
    if (intrinsic.empty())
      return failure();
    for (auto [evenTerm, oddTerm] : {std::pair(add.getLhs(), add.getRhs()),
                                     std::pair(add.getRhs(), add.getLhs())}) {
      std::optional<std::pair<Value, Value>> even = pairProduct(evenTerm, 0);
      std::optional<std::pair<Value, Value>> odd = pairProduct(oddTerm, 1);
      if (!even || !odd)
        continue;
      bool same = *even == *odd;
      bool swapped = even->first == odd->second && even->second == odd->first;
      if (!same && !swapped)
        continue;
      rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
          add, type, rewriter.getStringAttr(intrinsic),
          ValueRange{even->first, even->second});
      return success();
    }
    return failure();
  }

  MultiplyAddIntrinsics intrinsics;
};

struct SelectX86MultiplyAddPass
    : interp::impl::InterpSelectX86MultiplyAddBase<SelectX86MultiplyAddPass> {
  using Base::Base;

  void runOnOperation() override {
    MultiplyAddIntrinsics intrinsics;
    if (targetFeatures == "host") {
      llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
      auto has = [&](StringRef name) { return host.lookup(name); };
      intrinsics = {has("sse2"), has("avx2"), has("avx512bw")};
    } else {
      SmallVector<StringRef> features;
      StringRef(targetFeatures).split(features, ',', -1, false);
      auto has = [&](StringRef name) {
        return llvm::is_contained(features, ("+" + name).str());
      };
      intrinsics = {has("sse2"), has("avx2"), has("avx512bw")};
    }
    if (!intrinsics.sse2 && !intrinsics.avx2 && !intrinsics.avx512bw)
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<MultiplyAddPattern>(&getContext(), intrinsics);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
