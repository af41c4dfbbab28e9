//===- RuntimeDeclarations.cpp - the runtime interface in IR --------------===//

#include "interp/Runtime/IR/RuntimeDeclarations.h"

#include "llvm/ADT/StringSwitch.h"

#include <type_traits>

using namespace mlir;
using namespace mlir::interp;

namespace {
/// The MLIR type of a C type of the runtime interface.
template <typename T> struct MLIRTypeOf;
template <> struct MLIRTypeOf<bool> {
  static Type get(Builder &b) { return b.getI1Type(); }
};
template <> struct MLIRTypeOf<int32_t> {
  static Type get(Builder &b) { return b.getI32Type(); }
};
template <> struct MLIRTypeOf<int64_t> {
  static Type get(Builder &b) { return b.getI64Type(); }
};
template <> struct MLIRTypeOf<float> {
  static Type get(Builder &b) { return b.getF32Type(); }
};
template <> struct MLIRTypeOf<double> {
  static Type get(Builder &b) { return b.getF64Type(); }
};
/// A descriptor pointer of the C interface: a memref of any sizes.
template <typename T, int N> struct MLIRTypeOf<StridedMemRefType<T, N> *> {
  static Type get(Builder &b) {
    SmallVector<int64_t> shape(N, ShapedType::kDynamic);
    return MemRefType::get(shape, MLIRTypeOf<T>::get(b));
  }
};

template <typename R, typename... A>
FunctionType functionTypeOf(Builder &b, R (*)(A...)) {
  SmallVector<Type> results;
  if constexpr (!std::is_void_v<R>)
    results.push_back(MLIRTypeOf<R>::get(b));
  return b.getFunctionType({MLIRTypeOf<A>::get(b)...}, results);
}
} // namespace

// The prototypes are only inspected (decltype), never called: the compiler
// does not link the runtime library.
FunctionType runtime::functionType(Builder &b, Function fn) {
  switch (fn) {
#define INTERP_RUNTIME_CHECK(Id, symbol)                                       \
  case Function::Id:                                                           \
    return functionTypeOf(b, static_cast<decltype(&symbol)>(nullptr));
#define INTERP_RUNTIME_FUNCTION(Id, symbol)                                    \
  case Function::Id:                                                           \
    return functionTypeOf(b, static_cast<decltype(&symbol)>(nullptr));
#define INTERP_RUNTIME_CIFACE_FUNCTION(Id, symbol)                             \
  case Function::Id:                                                           \
    return functionTypeOf(                                                     \
        b, static_cast<decltype(&_mlir_ciface_##symbol)>(nullptr));
#include "interp/Runtime/RuntimeFunctions.def"
  }
  llvm_unreachable("unknown runtime function");
}

func::FuncOp runtime::declare(OpBuilder &b, ModuleOp module, Function fn) {
  const FunctionInfo &fnInfo = info(fn);
  if (auto existing = module.lookupSymbol<func::FuncOp>(fnInfo.symbol))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto func = func::FuncOp::create(b, module.getLoc(), fnInfo.symbol,
                                   functionType(b, fn));
  func.setPrivate();
  if (fnInfo.cInterface)
    func->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return func;
}

std::optional<runtime::Function> runtime::calledFunction(func::CallOp call) {
  StringRef callee = call.getCallee();
  for (auto [i, fnInfo] : llvm::enumerate(kFunctions))
    if (callee == fnInfo.symbol)
      return static_cast<Function>(i);
  return std::nullopt;
}
