//===- MemoryLimit.cpp - how much memory one buffer may take --------------===//

#include "Report.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>
#include <unistd.h>

using namespace mlir::interp;

/// Read once: sysconf(_SC_PHYS_PAGES) is a sysinfo(2) call that sums the
/// kernel's memory statistics, several microseconds, and every buffer check
/// of every call asked it again (a small resize from Python spent 10% of
/// its time there), while the machine's memory does not change.
static uint64_t physicalMemory() {
  static const uint64_t memory = [] {
    long pages = sysconf(_SC_PHYS_PAGES);
    long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
      return uint64_t(1) << 46;
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
  }();
  return memory;
}

/// The cgroup v2 (or v1) memory limit of the process, or 0 when none is set.
/// Read once: a container's limit does not change under a running process.
static uint64_t cgroupLimit() {
  static const uint64_t limit = [] {
    for (const char *path : {"/sys/fs/cgroup/memory.max",
                             "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
      std::FILE *file = std::fopen(path, "r");
      if (!file)
        continue;
      unsigned long long value = 0;
      int read = std::fscanf(file, "%llu", &value);
      std::fclose(file);
      // "max" (no limit) does not scan as a number.
      if (read == 1 && value > 0)
        return static_cast<uint64_t>(value);
    }
    return uint64_t(0);
  }();
  return limit;
}

uint64_t runtime::memoryLimit() {
  uint64_t limit = physicalMemory();
  if (uint64_t cgroup = cgroupLimit())
    limit = std::min(limit, cgroup);
  // ulimit -v / -d can be lowered at any time: read them on every check.
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit current;
    if (getrlimit(resource, &current) == 0 && current.rlim_cur != RLIM_INFINITY)
      limit = std::min<uint64_t>(limit, current.rlim_cur);
  }
  return limit;
}

bool runtime::fitsInMemory(uint64_t bytes, uint64_t &limit) {
  if (bytes <= kUncheckedBufferBytes)
    return true;
  limit = memoryLimit();
  return bytes <= limit;
}
