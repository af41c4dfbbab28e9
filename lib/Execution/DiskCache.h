//===- DiskCache.h - JitModule's on-disk cache of objects ------*- C++ -*-===//
//
// The files of the optional on-disk cache of compiled objects (JitModule.h):
// the key of a compilation, and reading and writing an entry. Internal to
// InterpExecution.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_LIB_EXECUTION_DISKCACHE_H
#define INTERP_LIB_EXECUTION_DISKCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace mlir::interp::execution::diskcache {

/// A SHA-256 of everything the object depends on.
using Key = std::array<uint8_t, 32>;

/// Collects the parts of a key; each is length-prefixed, so that no two
/// sequences of parts give the same bytes.
class KeyBuilder {
public:
  KeyBuilder &add(llvm::StringRef part);
  Key finish() const;

private:
  std::string bytes;
};

/// What identifies this build of interp, LLVM and MLIR, as a key part:
/// interp's version and commit (at configure time) and the GNU build ids of
/// the loaded binaries holding interp's, MLIR's and LLVM's code (which
/// change with any change to their code, committed or not).
const std::string &buildIdentity();

/// The entry's file name in `directory`.
std::string entryPath(llvm::StringRef directory, const Key &key);

/// The object of the entry at `path` if it exists, is whole and was written
/// for `key`; else nothing, with `corrupt` set when a file was there but
/// failed the checks (truncated, another key, bad checksum, not an object).
std::unique_ptr<llvm::MemoryBuffer> read(llvm::StringRef path, const Key &key,
                                         bool &corrupt);

/// Writes `object` as the entry of `key` at `path`, atomically: a temporary
/// file in the same directory (created if needed) renamed over `path`, and
/// removed on any error.
llvm::Error write(llvm::StringRef path, const Key &key, llvm::StringRef object);

} // namespace mlir::interp::execution::diskcache

#endif // INTERP_LIB_EXECUTION_DISKCACHE_H
