//===- InitAll.h - register everything interp provides ----------*- C++ -*-===//
//
// One registration point shared by every interp tool (interp-opt, the runner,
// tests), so they all see the same dialects, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_INITALL_H
#define INTERP_INITALL_H

namespace mlir {
class DialectRegistry;
namespace interp {

/// Adds the interp dialect to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers interp's passes and pass pipelines with the global registry.
void registerAllPasses();

} // namespace interp
} // namespace mlir

#endif // INTERP_INITALL_H
