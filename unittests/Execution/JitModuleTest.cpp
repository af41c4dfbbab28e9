//===- JitModuleTest.cpp - JitModule calls, views and errors --------------===//

#include "interp/Execution/JitModule.h"
#include "interp/Runtime/InterpRuntime.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <atomic>
#include <filesystem>
#include <tuple>

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::execution;
using reference::ElementType;
using reference::Tensor;

namespace {

constexpr const char *kResize = R"mlir(
func.func @resize(%x: tensor<1x1x?x?xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
func.func @fixed(%x: tensor<1x1x?x?xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x4x4xf32> {
  %scales = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %axes = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = interp.interpolate_v4 %x, %sizes, %scales, %axes {mode = linear, shape_calculation_mode = sizes}
       : (tensor<1x1x?x?xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}
func.func @overwrite(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %r = tensor.insert %v into %x[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
)mlir";

class JitModuleTest : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registerJitDialects(registry);
    context = std::make_unique<MLIRContext>(registry);
    module = parseSourceString<ModuleOp>(kResize, context.get());
    ASSERT_TRUE(module);
    auto compiled = JitModule::compile(*module);
    ASSERT_TRUE(static_cast<bool>(compiled))
        << llvm::toString(compiled.takeError());
    jit = std::move(*compiled);
    // The same functions in destination form where they have one.
    intoModule = parseSourceString<ModuleOp>(kResize, context.get());
    ASSERT_TRUE(intoModule);
    auto intoCompiled = JitModule::compile(
        *intoModule, /*numThreads=*/1, /*minParallelIterations=*/std::nullopt,
        /*profilerListeners=*/false, /*destinationForms=*/true);
    ASSERT_TRUE(static_cast<bool>(intoCompiled))
        << llvm::toString(intoCompiled.takeError());
    into = std::move(*intoCompiled);
  }

  static Tensor input(int64_t h, int64_t w) {
    Tensor x = Tensor::zeros(ElementType::F32, {1, 1, h, w});
    for (int64_t i = 0; i < h * w; ++i)
      x.setFromDouble(i, 0.25 * i - 1.0);
    return x;
  }
  static Tensor sizes(int64_t h, int64_t w) {
    return Tensor::fromDoubles(ElementType::I64, {2}, {double(h), double(w)});
  }

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<JitModule> jit;
  OwningOpRef<ModuleOp> intoModule;
  std::unique_ptr<JitModule> into;
};

std::atomic<int> handlerCalls{0};
void countingHandler(const char *, void *) { ++handlerCalls; }

} // namespace

// Issue 27, item 8: a host that sets its own handler (or none: the default
// exits) must not take the JIT's errors from it.
TEST_F(JitModuleTest, ErrorsReachTheCallerWhateverTheHandler) {
  Tensor x = input(3, 5);
  interp_set_error_handler(countingHandler, nullptr);
  auto failed = jit->invoke("resize", {x, sizes(-1, 4)});
  ASSERT_FALSE(static_cast<bool>(failed));
  EXPECT_NE(llvm::toString(failed.takeError())
                .find("interp: invalid run-time operands"),
            std::string::npos);
  EXPECT_EQ(handlerCalls.load(), 0);

  // The default handler ends the process; the JIT's call still returns.
  interp_set_error_handler(nullptr, nullptr);
  auto again = jit->invoke("resize", {x, sizes(6, -2)});
  ASSERT_FALSE(static_cast<bool>(again));
  llvm::consumeError(again.takeError());

  // And the module stays usable.
  auto good = jit->invoke("resize", {x, sizes(6, 10)});
  ASSERT_TRUE(static_cast<bool>(good)) << llvm::toString(good.takeError());
  EXPECT_EQ((*good)[0].shape, (SmallVector<int64_t>{1, 1, 6, 10}));
}

// invokeInto reads strided (here transposed and reversed) inputs in place
// and writes into strided outputs: the same numbers as invoke on row-major
// copies.
TEST_F(JitModuleTest, InvokeIntoStridedViews) {
  Tensor x = input(3, 5);
  auto expected = jit->invoke("resize", {x, sizes(6, 10)});
  ASSERT_TRUE(static_cast<bool>(expected))
      << llvm::toString(expected.takeError());

  // x stored transposed (5x3) with its rows reversed: element [h][w] is at
  // storage[(4 - w) * 3 + h].
  std::vector<float> storage(15);
  for (int64_t h = 0; h < 3; ++h)
    for (int64_t w = 0; w < 5; ++w)
      storage[(4 - w) * 3 + h] = float(x.getAsDouble(h * 5 + w));
  int64_t xShape[] = {1, 1, 3, 5}, xStrides[] = {15, 15, 1, -3};
  std::vector<int64_t> sizeData = {6, 10};
  int64_t sShape[] = {2}, sStrides[] = {1};
  TensorView inputs[] = {
      {ElementType::F32, storage.data() + 12, xShape, xStrides},
      {ElementType::I64, sizeData.data(), sShape, sStrides}};

  // A destination with padded rows (stride 12 for 10 columns).
  std::vector<float> out(6 * 12, -99.0f);
  int64_t oShape[] = {1, 1, 6, 10}, oStrides[] = {72, 72, 12, 1};
  MutableTensorView outputs[] = {
      {ElementType::F32, out.data(), oShape, oStrides}};
  llvm::Error error = jit->invokeInto("resize", inputs, outputs);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  for (int64_t h = 0; h < 6; ++h) {
    for (int64_t w = 0; w < 10; ++w)
      EXPECT_EQ(out[h * 12 + w], (*expected)[0].getAsDouble(h * 10 + w));
    EXPECT_EQ(out[h * 12 + 10], -99.0f) << "padding written";
  }

  // The same through an allocator, which learns the shape after the call.
  std::vector<float> allocated;
  SmallVector<int64_t> allocatedShape, allocatedStrides;
  error = jit->invokeInto(
      "resize", inputs,
      [&](unsigned, ElementType type,
          llvm::ArrayRef<int64_t> shape) -> llvm::Expected<MutableTensorView> {
        allocatedShape.assign(shape.begin(), shape.end());
        allocatedStrides = rowMajorStrides(shape);
        allocated.resize(shape[2] * shape[3]);
        return MutableTensorView{type, allocated.data(), allocatedShape,
                                 allocatedStrides};
      });
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  for (int64_t i = 0; i < 60; ++i)
    EXPECT_EQ(allocated[i], (*expected)[0].getAsDouble(i));
}

// Borrowed inputs are not written, even by a function that changes its
// argument (compiled read-only: it changes a copy).
TEST_F(JitModuleTest, BorrowedInputsStayAsTheyAre) {
  std::vector<float> x = {1, 2, 3, 4}, out(4, 0);
  int64_t shape[] = {4}, strides[] = {1};
  TensorView inputs[] = {{ElementType::F32, x.data(), shape, strides}};
  MutableTensorView outputs[] = {
      {ElementType::F32, out.data(), shape, strides}};
  llvm::Error error = jit->invokeInto("overwrite", inputs, outputs);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_EQ(x, (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(out, (std::vector<float>{7, 2, 3, 4}));
}

// An allocator's error is returned; the results are freed and later calls
// work (issue 27, item 7: a lost buffer made every later call fail).
TEST_F(JitModuleTest, AllocatorErrorsAreReturned) {
  Tensor x = input(2, 2), s = sizes(4, 4);
  SmallVector<int64_t> xStrides = rowMajorStrides(x.shape), sStrides = {1};
  TensorView inputs[] = {{ElementType::F32, x.data.data(), x.shape, xStrides},
                         {ElementType::I64, s.data.data(), s.shape, sStrides}};
  for (int i = 0; i < 3; ++i) {
    llvm::Error error = jit->invokeInto(
        "resize", inputs,
        [](unsigned, ElementType,
           llvm::ArrayRef<int64_t>) -> llvm::Expected<MutableTensorView> {
          return llvm::createStringError("no room");
        });
    EXPECT_EQ(llvm::toString(std::move(error)), "no room");
  }
  auto good = jit->invoke("resize", {x, s});
  EXPECT_TRUE(static_cast<bool>(good)) << llvm::toString(good.takeError());
}

// Outputs that do not match the results are refused, before the call when
// the types say so and after it otherwise, without writing anything.
TEST_F(JitModuleTest, MismatchedOutputsAreRefused) {
  Tensor x = input(2, 2), s = sizes(4, 4);
  SmallVector<int64_t> xStrides = rowMajorStrides(x.shape), sStrides = {1};
  TensorView inputs[] = {{ElementType::F32, x.data.data(), x.shape, xStrides},
                         {ElementType::I64, s.data.data(), s.shape, sStrides}};
  std::vector<float> out(25, -1.0f);
  int64_t wrongShape[] = {1, 1, 5, 5}, strides[] = {25, 25, 5, 1};
  MutableTensorView outputs[] = {
      {ElementType::F32, out.data(), wrongShape, strides}};
  llvm::Error error = jit->invokeInto("resize", inputs, outputs);
  EXPECT_EQ(llvm::toString(std::move(error)),
            "output 0 of 'resize' has shape 1x1x5x5, the result 1x1x4x4");
  EXPECT_EQ(out, std::vector<float>(25, -1.0f));

  int64_t wrongRank[] = {25}, oneStride[] = {1};
  MutableTensorView flat[] = {
      {ElementType::F32, out.data(), wrongRank, oneStride}};
  error = jit->invokeInto("resize", inputs, flat);
  EXPECT_EQ(llvm::toString(std::move(error)),
            "output 0 of 'resize' must have rank 4, got 1");
}

// In destination form a function returning one interp resize computes its
// result straight into the output; outputs it cannot take so (rows that
// are not contiguous, memory shared with an input) get the result through
// a buffer. The numbers are those of the allocating form.
TEST_F(JitModuleTest, DestinationFormWritesTheOutput) {
  EXPECT_FALSE(jit->getSignature("resize")->destinationForm);
  EXPECT_TRUE(into->getSignature("resize")->destinationForm);
  EXPECT_TRUE(into->getSignature("fixed")->destinationForm);
  // Not the result of an interp op: elimination could make tensor.insert's
  // copy write the output unchecked.
  EXPECT_FALSE(into->getSignature("overwrite")->destinationForm);

  // A function another one calls keeps its type (the call would not
  // compile otherwise); its caller gets the form.
  std::string withCaller = std::string(kResize) + R"mlir(
func.func @caller(%x: tensor<1x1x?x?xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %r = func.call @resize(%x, %sizes) : (tensor<1x1x?x?xf32>, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
)mlir";
  OwningOpRef<ModuleOp> called =
      parseSourceString<ModuleOp>(withCaller, context.get());
  ASSERT_TRUE(called);
  auto calledJit = JitModule::compile(
      *called, /*numThreads=*/1, /*minParallelIterations=*/std::nullopt,
      /*profilerListeners=*/false, /*destinationForms=*/true);
  ASSERT_TRUE(static_cast<bool>(calledJit))
      << llvm::toString(calledJit.takeError());
  EXPECT_FALSE((*calledJit)->getSignature("resize")->destinationForm);
  EXPECT_FALSE((*calledJit)->getSignature("caller")->destinationForm)
      << "its result comes from a call, not an interp op";

  Tensor x = input(3, 5), s = sizes(6, 10);
  auto expected = jit->invoke("resize", {x, s});
  ASSERT_TRUE(static_cast<bool>(expected))
      << llvm::toString(expected.takeError());
  SmallVector<int64_t> xStrides = rowMajorStrides(x.shape), sStrides = {1};
  TensorView inputs[] = {{ElementType::F32, x.data.data(), x.shape, xStrides},
                         {ElementType::I64, s.data.data(), s.shape, sStrides}};
  // Padded rows (in place), and every other column (through a buffer).
  for (int64_t step : {1, 2}) {
    std::vector<float> out(6 * 24, -5.0f);
    int64_t shape[] = {1, 1, 6, 10}, strides[] = {6 * 24, 6 * 24, 24, step};
    MutableTensorView outputs[] = {
        {ElementType::F32, out.data(), shape, strides}};
    llvm::Error error = into->invokeInto("resize", inputs, outputs);
    ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    for (int64_t h = 0; h < 6; ++h)
      for (int64_t w = 0; w < 24; ++w) {
        bool element = w % step == 0 && w / step < 10;
        EXPECT_EQ(out[h * 24 + w],
                  element ? (*expected)[0].getAsDouble(h * 10 + w / step)
                          : -5.0f)
            << "step " << step << " at " << h << ", " << w;
      }
  }

  // The output one element past the input in the same memory: computed in
  // place, writing output 0 would overwrite input 1 before it is read.
  Tensor square = input(4, 4), same = sizes(4, 4);
  SmallVector<int64_t> squareStrides = rowMajorStrides(square.shape);
  std::vector<float> shared(17, 0.0f);
  for (int64_t i = 0; i < 16; ++i)
    shared[i] = float(square.getAsDouble(i));
  TensorView sharedInputs[] = {
      {ElementType::F32, shared.data(), square.shape, squareStrides},
      {ElementType::I64, same.data.data(), same.shape, sStrides}};
  int64_t squareShape[] = {1, 1, 4, 4};
  MutableTensorView shifted[] = {
      {ElementType::F32, shared.data() + 1, squareShape, squareStrides}};
  llvm::Error error = into->invokeInto("resize", sharedInputs, shifted);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(shared[i + 1], square.getAsDouble(i)) << "element " << i;

  // An output of the wrong run-time size: the op's check, before any store.
  std::vector<float> small(25, -1.0f);
  int64_t wrongShape[] = {1, 1, 5, 5}, wrongStrides[] = {25, 25, 5, 1};
  MutableTensorView wrong[] = {
      {ElementType::F32, small.data(), wrongShape, wrongStrides}};
  error = into->invokeInto("resize", inputs, wrong);
  EXPECT_EQ(llvm::toString(std::move(error)),
            "interp: invalid run-time operands: result dimension 2 is 6 but "
            "the destination it is written to has 5");
  EXPECT_EQ(small, std::vector<float>(25, -1.0f));

  // A dynamic result shape cannot be allocated before the call.
  auto unknown = into->invoke("resize", {x, s});
  ASSERT_FALSE(static_cast<bool>(unknown));
  EXPECT_NE(llvm::toString(unknown.takeError()).find("call it with the output"),
            std::string::npos);
}

// A static result shape is known before the call: in destination form the
// allocator runs first and the result is computed into its output. A
// failed check then leaves that output unwritten.
TEST_F(JitModuleTest, DestinationFormAllocatesStaticResultsFirst) {
  Tensor x = input(2, 2);
  SmallVector<int64_t> xStrides = rowMajorStrides(x.shape), sStrides = {1};
  for (auto [h, w, ok] : {std::tuple{4, 4, true}, std::tuple{4, 5, false}}) {
    Tensor s = sizes(h, w);
    TensorView inputs[] = {
        {ElementType::F32, x.data.data(), x.shape, xStrides},
        {ElementType::I64, s.data.data(), s.shape, sStrides}};
    std::vector<float> out(16, -3.0f);
    SmallVector<int64_t> outShape, outStrides;
    int calls = 0;
    llvm::Error error = into->invokeInto(
        "fixed", inputs,
        [&](unsigned, ElementType type, llvm::ArrayRef<int64_t> shape)
            -> llvm::Expected<MutableTensorView> {
          ++calls;
          outShape.assign(shape.begin(), shape.end());
          outStrides = rowMajorStrides(shape);
          return MutableTensorView{type, out.data(), outShape, outStrides};
        });
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(outShape, (SmallVector<int64_t>{1, 1, 4, 4}));
    if (ok) {
      ASSERT_FALSE(static_cast<bool>(error))
          << llvm::toString(std::move(error));
      auto expected = jit->invoke("fixed", {x, s});
      ASSERT_TRUE(static_cast<bool>(expected))
          << llvm::toString(expected.takeError());
      for (int64_t i = 0; i < 16; ++i)
        EXPECT_EQ(out[i], (*expected)[0].getAsDouble(i));
      auto tensors = into->invoke("fixed", {x, s});
      ASSERT_TRUE(static_cast<bool>(tensors))
          << llvm::toString(tensors.takeError());
      EXPECT_EQ((*tensors)[0].data, (*expected)[0].data);
    } else {
      EXPECT_NE(llvm::toString(std::move(error))
                    .find("interp: invalid run-time operands"),
                std::string::npos);
      EXPECT_EQ(out, std::vector<float>(16, -3.0f));
    }
  }
}

// Issue 30, item 5: the disk cache. A second compile of the same module, in
// a fresh context, loads the object instead of lowering and compiling; its
// calls give the same results; a corrupt entry is compiled again and
// overwritten.
TEST_F(JitModuleTest, DiskCacheLoadsWhatItStored) {
  llvm::SmallString<128> directory;
  ASSERT_FALSE(
      llvm::sys::fs::createUniqueDirectory("interp-disk-cache", directory));
  setDiskCacheDirectory(std::string(directory));
  // The signatures' types live in the contexts: kept to the end.
  std::vector<std::unique_ptr<MLIRContext>> contexts;
  auto compileFresh = [&]() -> std::unique_ptr<JitModule> {
    DialectRegistry registry;
    registerJitDialects(registry);
    contexts.push_back(std::make_unique<MLIRContext>(registry));
    OwningOpRef<ModuleOp> m =
        parseSourceString<ModuleOp>(kResize, contexts.back().get());
    if (!m)
      return nullptr;
    auto compiled = JitModule::compile(*m);
    if (!compiled) {
      ADD_FAILURE() << llvm::toString(compiled.takeError());
      return nullptr;
    }
    return std::move(*compiled);
  };
  auto results = [&](JitModule &module) {
    auto r = module.invoke("resize", {input(3, 5), sizes(7, 2)});
    EXPECT_TRUE(static_cast<bool>(r));
    return r ? (*r)[0].data : std::vector<uint8_t>();
  };
  auto entries = [&] {
    std::vector<std::string> files;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(directory, ec), end;
         it != end && !ec; it.increment(ec))
      files.push_back(it->path());
    return files;
  };

  DiskCacheStats before = getDiskCacheStats();
  std::unique_ptr<JitModule> first = compileFresh();
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->isFromDiskCache());
  std::vector<std::string> files = entries();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(getDiskCacheStats().stores, before.stores + 1);

  std::unique_ptr<JitModule> second = compileFresh();
  ASSERT_TRUE(second);
  EXPECT_TRUE(second->isFromDiskCache());
  EXPECT_EQ(getDiskCacheStats().loads, before.loads + 1);
  EXPECT_EQ(results(*second), results(*first));
  ASSERT_NE(second->getSignature("overwrite"), nullptr);
  auto overwritten = second->invoke(
      "overwrite", {Tensor::fromDoubles(ElementType::F32, {4}, {1, 2, 3, 4})});
  ASSERT_TRUE(static_cast<bool>(overwritten));
  EXPECT_EQ((*overwritten)[0].toDoubles()[0], 7.0);

  // Truncated: compiled again, and the entry written whole.
  std::error_code ec;
  std::filesystem::resize_file(
      files[0], std::filesystem::file_size(files[0], ec) / 2, ec);
  ASSERT_FALSE(ec) << ec.message();
  std::unique_ptr<JitModule> third = compileFresh();
  ASSERT_TRUE(third);
  EXPECT_FALSE(third->isFromDiskCache());
  EXPECT_EQ(getDiskCacheStats().rejected, before.rejected + 1);
  EXPECT_EQ(results(*third), results(*first));
  EXPECT_EQ(entries(), files);
  std::unique_ptr<JitModule> fourth = compileFresh();
  ASSERT_TRUE(fourth);
  EXPECT_TRUE(fourth->isFromDiskCache());

  setDiskCacheDirectory(std::nullopt);
  for (const std::string &file : entries())
    llvm::sys::fs::remove(file);
  llvm::sys::fs::remove(directory);
}
