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

/// Buffers of at most this many bytes are not compared with memoryLimit():
/// reading the limits takes two system calls, a small resize makes a dozen
/// such checks per call (its tables and passes), and a buffer this small
/// that does not fit fails to allocate, which interp_check_allocation
/// reports as well.
inline constexpr uint64_t kUncheckedBufferBytes = uint64_t(1) << 20;

/// Whether a buffer of `bytes` may be allocated: at most
/// kUncheckedBufferBytes, or at most memoryLimit(), which is then stored in
/// `limit` (for the message).
bool fitsInMemory(uint64_t bytes, uint64_t &limit);

} // namespace mlir::interp::runtime

#endif // LIB_RUNTIME_REPORT_H
