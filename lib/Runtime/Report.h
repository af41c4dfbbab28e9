//===- Report.h - how the runtime reports a failed check --------*- C++ -*-===//

#ifndef LIB_RUNTIME_REPORT_H
#define LIB_RUNTIME_REPORT_H

#include <cstdint>

namespace mlir::interp::runtime {

/// Formats the message (printf-style) and hands it to the error handler of
/// InterpRuntime.h: the host's, or the default, which prints it and exits
/// with status 1. Returns false, the value of a failed check.
[[gnu::format(printf, 1, 2)]] bool reportFailure(const char *format, ...);

/// Bytes a single buffer of this process can have at most: the physical
/// memory, lowered by the address-space and data-segment limits (ulimit -v,
/// -d) and the cgroup's memory limit (containers) when they are set.
uint64_t memoryLimit();

} // namespace mlir::interp::runtime

#endif // LIB_RUNTIME_REPORT_H
