//===- DiskCache.cpp - JitModule's on-disk cache of objects ---------------===//
//
// An entry is one file, <directory>/<key in hex>.o.interp, holding
//
//   16 bytes   magic and format version
//   32 bytes   the key (SHA-256 of what the object depends on)
//    8 bytes   the object's size, little-endian
//   32 bytes   the object's SHA-256
//   ...        the object (a relocatable object file of the host)
//
// so that a truncated file, a file of another key or format, or one whose
// bytes changed is recognised and compiled again; and a file that passes
// the checks must still parse as an object file.
//
//===----------------------------------------------------------------------===//

#include "DiskCache.h"

#include "interp/Pipelines/Pipelines.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstring>
#include <elf.h>
#include <link.h>
#include <sys/stat.h>

#ifndef INTERP_VERSION
#define INTERP_VERSION "unknown"
#endif
#ifndef INTERP_GIT_COMMIT
#define INTERP_GIT_COMMIT "unknown"
#endif

using namespace mlir::interp::execution;
using namespace mlir::interp::execution::diskcache;

namespace {
constexpr char kMagic[16] = {'i', 'n', 't', 'e', 'r', 'p',  '-',  'o',
                             'b', 'j', 'e', 'c', 't', '\0', '\0', '\1'};
constexpr size_t kHeaderSize = 16 + 32 + 8 + 32;

std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string text;
  for (uint8_t b : bytes) {
    text += digits[b >> 4];
    text += digits[b & 15];
  }
  return text;
}

Key sha256(llvm::StringRef bytes) {
  Key key;
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(bytes));
  std::memcpy(key.data(), digest.data(), key.size());
  return key;
}

/// The GNU build id of the loaded binary (executable or shared library)
/// whose segments hold `address`, in hex; without one, its path, size and
/// modification time; "" when no loaded binary holds it.
std::string binaryIdentity(const void *address) {
  struct Search {
    uintptr_t address;
    std::string identity;
  } search{reinterpret_cast<uintptr_t>(address), ""};
  dl_iterate_phdr(
      [](struct dl_phdr_info *info, size_t, void *data) -> int {
        auto *search = static_cast<Search *>(data);
        bool holds = false;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &phdr = info->dlpi_phdr[i];
          uintptr_t begin = info->dlpi_addr + phdr.p_vaddr;
          if (phdr.p_type == PT_LOAD && search->address >= begin &&
              search->address < begin + phdr.p_memsz)
            holds = true;
        }
        if (!holds)
          return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &phdr = info->dlpi_phdr[i];
          if (phdr.p_type != PT_NOTE)
            continue;
          const char *note =
              reinterpret_cast<const char *>(info->dlpi_addr + phdr.p_vaddr);
          const char *end = note + phdr.p_memsz;
          while (note + sizeof(ElfW(Nhdr)) <= end) {
            ElfW(Nhdr) header;
            std::memcpy(&header, note, sizeof(header));
            const char *name = note + sizeof(header);
            const char *desc = name + ((header.n_namesz + 3) & ~3u);
            const char *next = desc + ((header.n_descsz + 3) & ~3u);
            if (next > end)
              break;
            if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 &&
                std::memcmp(name, "GNU", 4) == 0) {
              search->identity =
                  "build-id:" + hex({reinterpret_cast<const uint8_t *>(desc),
                                     header.n_descsz});
              return 1;
            }
            note = next;
          }
        }
        std::string path = info->dlpi_name && *info->dlpi_name
                               ? info->dlpi_name
                               : "/proc/self/exe";
        struct stat status;
        if (stat(path.c_str(), &status) == 0)
          search->identity = "file:" + path + ":" +
                             std::to_string(status.st_size) + ":" +
                             std::to_string(status.st_mtim.tv_sec) + "." +
                             std::to_string(status.st_mtim.tv_nsec);
        else
          search->identity = "unidentified:" + path;
        return 1;
      },
      &search);
  return search.identity;
}
} // namespace

KeyBuilder &KeyBuilder::add(llvm::StringRef part) {
  uint64_t size = part.size();
  char prefix[8];
  llvm::support::endian::write64le(prefix, size);
  bytes.append(prefix, sizeof(prefix));
  bytes.append(part.begin(), part.end());
  return *this;
}

Key KeyBuilder::finish() const { return sha256(bytes); }

const std::string &diskcache::buildIdentity() {
  static const std::string identity = [] {
    std::string text = "interp " INTERP_VERSION " " INTERP_GIT_COMMIT;
    // interp's lowering (linked into whatever binary calls the JIT), MLIR's
    // and LLVM's code.
    text += "; interp " + binaryIdentity(reinterpret_cast<const void *>(
                              &mlir::interp::buildInterpToLLVMPipeline));
    text += "; MLIR " + binaryIdentity(reinterpret_cast<const void *>(
                            &mlir::translateModuleToLLVMIR));
    text += "; LLVM " LLVM_VERSION_STRING " " +
            binaryIdentity(
                reinterpret_cast<const void *>(&llvm::sys::getHostCPUName));
    return text;
  }();
  return identity;
}

std::string diskcache::entryPath(llvm::StringRef directory, const Key &key) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, hex(key) + ".o.interp");
  return std::string(path);
}

std::unique_ptr<llvm::MemoryBuffer>
diskcache::read(llvm::StringRef path, const Key &key, bool &corrupt) {
  corrupt = false;
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return nullptr;
  llvm::StringRef bytes = (*file)->getBuffer();
  corrupt = true;
  if (bytes.size() < kHeaderSize ||
      std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0 ||
      std::memcmp(bytes.data() + 16, key.data(), key.size()) != 0)
    return nullptr;
  uint64_t size = llvm::support::endian::read64le(bytes.data() + 48);
  if (size != bytes.size() - kHeaderSize)
    return nullptr;
  llvm::StringRef object = bytes.substr(kHeaderSize);
  Key digest = sha256(object);
  if (std::memcmp(bytes.data() + 56, digest.data(), digest.size()) != 0)
    return nullptr;
  // A copy: aligned, and owned by the JIT that links it.
  std::unique_ptr<llvm::MemoryBuffer> copy =
      llvm::MemoryBuffer::getMemBufferCopy(object, path);
  auto parsed =
      llvm::object::ObjectFile::createObjectFile(copy->getMemBufferRef());
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return nullptr;
  }
  corrupt = false;
  return copy;
}

llvm::Error diskcache::write(llvm::StringRef path, const Key &key,
                             llvm::StringRef object) {
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (std::error_code ec = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(ec, "cannot create the cache directory " +
                                           directory + ": " + ec.message());
  // Removed on any error below, and if a signal ends the process first.
  auto temp = llvm::sys::fs::TempFile::create(path + "-%%%%%%%%.tmp");
  if (!temp)
    return temp.takeError();
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    char size[8];
    llvm::support::endian::write64le(size, object.size());
    Key digest = sha256(object);
    os.write(kMagic, sizeof(kMagic));
    os.write(reinterpret_cast<const char *>(key.data()), key.size());
    os.write(size, sizeof(size));
    os.write(reinterpret_cast<const char *>(digest.data()), digest.size());
    os << object;
    os.flush();
    if (std::error_code ec = os.error()) {
      os.clear_error();
      return llvm::joinErrors(
          llvm::createStringError(ec, "cannot write " + temp->TmpName + ": " +
                                          ec.message()),
          temp->discard());
    }
  }
  // rename(2): readers see the old entry or the new one, never a part.
  return temp->keep(path);
}
