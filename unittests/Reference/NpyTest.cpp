//===- NpyTest.cpp - tests of the .npy reader and writer ------------------===//
//
// The expected header bytes are those NumPy 1.x writes (numpy.lib.format,
// version 1.0: magic, version, little-endian header length, a dict literal
// padded with spaces to a multiple of 64 bytes and ended by '\n').
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Npy.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir::interp::reference;

namespace {

TEST(NpyTest, WritesTheHeaderNumPyWrites) {
  std::vector<uint8_t> data(2 * 3 * 4, 0);
  std::string file = serializeNpy("<f4", {2, 3}, data);
  std::string dict =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  ASSERT_GE(file.size(), 10u);
  EXPECT_EQ(file.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  uint16_t headerLength = uint8_t(file[8]) | uint8_t(file[9]) << 8;
  EXPECT_EQ((10 + headerLength) % 64, 0);
  EXPECT_EQ(file.substr(10, dict.size()), dict);
  EXPECT_EQ(file[10 + headerLength - 1], '\n');
  EXPECT_EQ(file.size(), 10u + headerLength + data.size());
}

TEST(NpyTest, OneDimensionalShapesHaveATrailingComma) {
  std::string file = serializeNpy("|u1", {5}, std::vector<uint8_t>(5));
  EXPECT_NE(file.find("'shape': (5,)"), std::string::npos);
}

TEST(NpyTest, RoundTripsEveryElementType) {
  for (ElementType type :
       {ElementType::F16, ElementType::BF16, ElementType::F32, ElementType::F64,
        ElementType::I8, ElementType::U8, ElementType::I32, ElementType::I64}) {
    Tensor tensor = Tensor::fromDoubles(type, {2, 2}, {1, -2, 3, 100});
    llvm::StringRef dtype = npyDType(type);
    std::string descr = (dtype.ends_with("1") ? "|" : "<") + dtype.str();
    std::string file = serializeNpy(descr, tensor.shape, tensor.data);
    llvm::Expected<NpyArray> array = parseNpy(file, "test.npy");
    ASSERT_TRUE(bool(array)) << llvm::toString(array.takeError());
    EXPECT_EQ(array->dtype, dtype);
    EXPECT_EQ(array->shape, tensor.shape);
    EXPECT_EQ(array->data, tensor.data);
  }
}

TEST(NpyTest, RejectsMalformedFilesWithAMessage) {
  std::string good = serializeNpy("<f4", {2, 2}, std::vector<uint8_t>(16));
  auto replaced = [&](llvm::StringRef what, llvm::StringRef with) {
    std::string file = good;
    return file.replace(file.find(what.str()), what.size(), with.str());
  };
  struct Case {
    std::string file, message;
  } cases[] = {
      {"", "test.npy"},
      {"not a numpy file", "test.npy"},
      {good.substr(0, good.size() - 1), "truncated"},
      {replaced("<f4", ">f4"), "big-endian"},
      {replaced("False", "True "), "Fortran"},
      {replaced("<f4", "<U4"), "unsupported dtype"},
  };
  for (const Case &c : cases) {
    llvm::Expected<NpyArray> array = parseNpy(c.file, "test.npy");
    ASSERT_FALSE(bool(array));
    std::string message = llvm::toString(array.takeError());
    EXPECT_NE(message.find(c.message), std::string::npos) << message;
  }
}

} // namespace
