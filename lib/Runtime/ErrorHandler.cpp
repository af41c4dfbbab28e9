//===- ErrorHandler.cpp - errors of compiled code, to the host ------------===//

#include "Report.h"

#include "interp/Runtime/RuntimeFunctions.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace mlir::interp;

namespace {
/// Set before compiled code runs (InterpRuntime.h); read by every failing
/// check, possibly on several threads.
std::atomic<interp_error_handler_t> handler{nullptr};
std::atomic<void *> handlerData{nullptr};
/// A check failed on this thread (interp_callee_succeeded).
thread_local bool failurePending = false;
/// The caller's status on this thread (interp_set_thread_status).
thread_local interp_status *threadStatus = nullptr;
} // namespace

extern "C" bool interp_callee_succeeded(void) { return !failurePending; }

extern "C" void interp_clear_failure(void) { failurePending = false; }

extern "C" void interp_set_error_handler(interp_error_handler_t newHandler,
                                         void *userData) {
  handlerData.store(userData, std::memory_order_relaxed);
  handler.store(newHandler, std::memory_order_release);
}

extern "C" interp_status *interp_set_thread_status(interp_status *status) {
  interp_status *previous = threadStatus;
  threadStatus = status;
  return previous;
}

bool runtime::reportFailure(const char *format, ...) {
  char message[sizeof(interp_status::message)];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof(message), format, args);
  va_end(args);
  failurePending = true;
  if (interp_status *status = threadStatus) {
    // The first failure is the cause; a later one would be a consequence.
    if (!status->failed) {
      status->failed = 1;
      std::memcpy(status->message, message, sizeof(message));
    }
    return false;
  }
  if (interp_error_handler_t h = handler.load(std::memory_order_acquire)) {
    h(message, handlerData.load(std::memory_order_relaxed));
    return false;
  }
  // The default: interp's tools and mlir-runner have no host to report to;
  // the message and exit status 1 are their contract. std::exit would run
  // static destructors (libomp's among them) under threads that may still
  // be running kernels; _exit stops the process as it is, once the output
  // so far is out.
  std::fprintf(stderr, "%s\n", message);
  std::fflush(nullptr);
  _exit(1);
}
