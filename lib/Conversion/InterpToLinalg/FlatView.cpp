//===- FlatView.cpp - a tensor read as one run of its elements ------------===//

#include "FlatView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;

FlatView lowering::flatView(OpBuilder &b, Location loc, Value source) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  auto layout =
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                             SmallVector<int64_t>(rank, ShapedType::kDynamic));
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  Value buffer =
      bufferization::ToBufferOp::create(b, loc, bufferType, source,
                                        /*read_only=*/b.getUnitAttr());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  FlatView view;
  view.sizes.assign(metadata.getSizes().begin(), metadata.getSizes().end());
  view.strides.assign(metadata.getStrides().begin(),
                      metadata.getStrides().end());
  // The extent of the elements from the offset on: 1 + sum((size_d - 1) *
  // stride_d), or 0 for an empty tensor.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value extent = one;
  for (int64_t d = 0; d < rank; ++d) {
    Value last = arith::SubIOp::create(b, loc, view.sizes[d], one);
    extent = arith::AddIOp::create(
        b, loc, extent, arith::MulIOp::create(b, loc, last, view.strides[d]));
  }
  extent = arith::MaxSIOp::create(b, loc, extent, zero);
  auto flatType = MemRefType::get(
      {ShapedType::kDynamic}, type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}));
  view.buffer = memref::ReinterpretCastOp::create(
      b, loc, flatType, metadata.getBaseBuffer(),
      OpFoldResult(metadata.getOffset()), {OpFoldResult(extent)},
      {OpFoldResult(b.getIndexAttr(1))});
  return view;
}

Value lowering::isRowMajorFrom(OpBuilder &b, Location loc, const FlatView &view,
                               int64_t first) {
  int64_t rank = view.strides.size();
  Value expected = arith::ConstantIndexOp::create(b, loc, 1);
  Value rowMajor = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (int64_t d = rank - 1; d >= first; --d) {
    rowMajor = arith::AndIOp::create(
        b, loc, rowMajor,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, view.strides[d],
                              expected));
    expected = arith::MulIOp::create(b, loc, expected, view.sizes[d]);
  }
  return rowMajor;
}
