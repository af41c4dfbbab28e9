//===- Npy.h - read and write NumPy .npy files ------------------*- C++ -*-===//
//
// A small, self-contained reader and writer for the NumPy .npy format
// (versions 1.0, 2.0 and 3.0) restricted to what tensors need: one numeric
// array, little-endian (or byte-order free), C order. Every malformed,
// truncated or unsupported file gives an llvm::Error, never a crash. No
// library on Debian or PyPI offers a maintained C++ .npy reader that
// reports errors instead of throwing or aborting, so this one is ours.
//
// Format:
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_REFERENCE_NPY_H
#define INTERP_REFERENCE_NPY_H

#include "interp/Reference/Reference.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::interp::reference {

/// One array read from a .npy file.
struct NpyArray {
  /// The dtype without its byte-order character: a kind letter ('f', 'i',
  /// 'u', 'b', 'c', ...) followed by the item size in bytes, e.g. "f4",
  /// "u1". Only arrays whose bytes are in host (little-endian) order are
  /// returned, so the byte order is always '<' or irrelevant ('|').
  std::string dtype;
  /// Bytes per element (the number in `dtype`).
  size_t itemSize = 0;
  llvm::SmallVector<int64_t> shape;
  /// The elements, row-major, host byte order.
  std::vector<uint8_t> data;

  /// Product of `shape`.
  int64_t numElements() const;
};

/// Parses a whole .npy file held in `buffer`; `name` is used in messages.
llvm::Expected<NpyArray> parseNpy(llvm::StringRef buffer, llvm::StringRef name);

/// Reads and parses the .npy file at `path`.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);

/// Writes `data` (row-major, host byte order) as a version 1.0 .npy file
/// with dtype `descr` (full NumPy spelling, e.g. "<f4", "|u1").
llvm::Error writeNpy(llvm::StringRef path, llvm::StringRef descr,
                     llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<uint8_t> data);

/// The .npy file bytes writeNpy would write.
std::string serializeNpy(llvm::StringRef descr, llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<uint8_t> data);

/// The .npy dtype (NpyArray::dtype spelling) that holds elements of `type`:
/// "f2", "f4", "f8", "i1", "u1", "i4", "i8", and "u2" for bf16, which NumPy
/// has no type for and which is stored as its bits.
llvm::StringRef npyDType(ElementType type);

/// Writes `tensor` as a .npy file of dtype npyDType(tensor.type).
llvm::Error writeNpy(llvm::StringRef path, const Tensor &tensor);

/// A human-readable name for a dtype as NpyArray::dtype spells it, e.g.
/// "float32" for "f4"; the dtype itself when it is not a common one.
std::string describeDType(llvm::StringRef dtype);

} // namespace mlir::interp::reference

#endif // INTERP_REFERENCE_NPY_H
