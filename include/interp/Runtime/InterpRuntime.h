/*===- InterpRuntime.h - errors of interp's compiled code, for hosts -*- C
 *-*-===
 *
 * libinterp_runtime.so is what compiled interp code calls for run-time
 * tables and run-time checks. Compiled code checks every shape fact the
 * compiler could not (run-time sizes and scales, static result dimensions,
 * destinations, allocations) before it writes anything. When a check fails,
 * the compiled function returns at once: nothing is written, memref results
 * come back as descriptors with null pointers and zero sizes, and nothing it
 * allocated is leaked. Where the message goes, first match wins:
 *
 *   - a status set on the calling thread (interp_set_thread_status): the
 *     message is stored there and nothing else happens. This is per call and
 *     per thread, so no other part of the process (another library's
 *     handler, the default) can take the error from the caller: interp's
 *     JIT reads its calls' errors this way;
 *   - the handler (interp_set_error_handler), called exactly once with the
 *     message and `user_data`;
 *   - with neither (the default), the message goes to stderr, stdio is
 *     flushed and the process ends with _exit(1), which is what interp's
 *     tools and mlir-runner rely on. It ends without running destructors or
 *     atexit handlers: other threads may still be running kernels (OpenMP
 *     ones too), and tearing down the objects they use under them crashes.
 *
 * Kernels may run on several host threads at once; checks run on the
 * thread that called the kernel, before any parallel region. The handler is
 * process-wide: set it before calling compiled code, not during calls. The
 * message names the problem ("interp: invalid run-time operands: ..." or
 * "interp: out of memory: ..."); a handler's copy lives until it returns.
 *
 *===----------------------------------------------------------------------===*/

#ifndef INTERP_RUNTIME_INTERPRUNTIME_H
#define INTERP_RUNTIME_INTERPRUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*interp_error_handler_t)(const char *message, void *user_data);

/* Sets the handler; NULL restores the default (stderr, _exit(1)). */
void interp_set_error_handler(interp_error_handler_t handler, void *user_data);

/* The outcome of the calls made while it is set; the caller owns it. */
typedef struct interp_status {
  /* 0 until a check fails, then 1. */
  int failed;
  /* The first failure's message, NUL-terminated (truncated to fit). */
  char message[512];
} interp_status;

/* Failures of checks on the calling thread are stored in `*status` from now
 * on (the first one; set `failed` to 0 before the call) instead of reaching
 * the handler; NULL goes back to the handler. Returns the status set before,
 * to restore after the call (calls may nest):
 *
 *   interp_status status = {0};
 *   interp_status *previous = interp_set_thread_status(&status);
 *   _mlir_ciface_resize(&result, &input, &sizes);
 *   interp_set_thread_status(previous);
 *   if (status.failed) ... status.message ...
 */
interp_status *interp_set_thread_status(interp_status *status);

#ifdef __cplusplus
}
#endif

#endif /* INTERP_RUNTIME_INTERPRUNTIME_H */
