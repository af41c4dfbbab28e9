/*===- InterpRuntime.h - errors of interp's compiled code, for hosts -*- C
 *-*-===
 *
 * libinterp_runtime.so is what compiled interp code calls for run-time
 * tables and run-time checks. Compiled code checks every shape fact the
 * compiler could not (run-time sizes and scales, static result dimensions,
 * destinations, allocations) before it writes anything. When a check fails:
 *
 *   - with no handler set (the default), the message goes to stderr and the
 *     process exits with status 1, which is what interp's tools rely on;
 *   - with a handler set, the handler is called exactly once with the
 *     message and `user_data`, and the compiled function returns at once:
 *     nothing is written, memref results come back as descriptors with null
 *     pointers and zero sizes, and nothing it allocated is leaked.
 *
 * Kernels may run on several host threads at once. The handler is
 * process-wide: set it before calling compiled code, not during calls.
 * The message names the problem ("interp: invalid run-time operands: ..."
 * or "interp: out of memory: ..."); it lives until the handler returns.
 *
 *===----------------------------------------------------------------------===*/

#ifndef INTERP_RUNTIME_INTERPRUNTIME_H
#define INTERP_RUNTIME_INTERPRUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*interp_error_handler_t)(const char *message, void *user_data);

/* Sets the handler; NULL restores the default (stderr, exit status 1). */
void interp_set_error_handler(interp_error_handler_t handler, void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* INTERP_RUNTIME_INTERPRUNTIME_H */
