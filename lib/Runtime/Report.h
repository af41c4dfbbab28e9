//===- Report.h - how the runtime reports a failed check --------*- C++ -*-===//

#ifndef LIB_RUNTIME_REPORT_H
#define LIB_RUNTIME_REPORT_H

#include <cstdint>

namespace mlir::interp::runtime {

/// Formats the message (printf-style) and reports it as InterpRuntime.h
/// says: to the calling thread's status, else the host's handler, else the
/// default, which prints it and ends the process with status 1. Returns
/// false, the value of a failed check.
[[gnu::format(printf, 1, 2)]] bool reportFailure(const char *format, ...);

/// Bytes a single buffer of this process can have at most: the physical
/// memory, lowered by the address-space and data-segment limits (ulimit -v,
/// -d) and the cgroup's memory limit (containers) when they are set.
uint64_t memoryLimit();

} // namespace mlir::interp::runtime

#endif // LIB_RUNTIME_REPORT_H
