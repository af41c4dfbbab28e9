//===- WeightsFile.cpp - open a .bin without trusting its path ------------===//
//
// The .bin is named by the user or derived from the .xml's path, and models
// come from anywhere: a symlink to /dev/zero would be read until memory runs
// out, a FIFO would block forever. Only regular files are weights. The file
// is opened without blocking (a FIFO's open waits for a writer), checked
// through the descriptor (no window between check and use), and mapped, so
// only the pages the constants touch are read.
//
//===----------------------------------------------------------------------===//

#include "interp/Target/OpenVINO/ImportOpenVINOIR.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/ScopeExit.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

using namespace mlir;

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
interp::openWeightsFile(llvm::StringRef path) {
  std::string name = path.str();
  int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return llvm::createStringError(
        std::error_code(errno, std::generic_category()), "cannot open '%s': %s",
        name.c_str(), std::strerror(errno));
  auto closeFd = llvm::make_scope_exit([&] { ::close(fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(fd, status))
    return llvm::createStringError(ec, "cannot read '%s': %s", name.c_str(),
                                   ec.message().c_str());
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "'%s' is not a regular file", name.c_str());
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getOpenFile(llvm::sys::fs::convertFDToNativeFile(fd),
                                      name, status.getSize(),
                                      /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read '%s': %s",
                                   name.c_str(),
                                   buffer.getError().message().c_str());
  return std::move(*buffer);
}
