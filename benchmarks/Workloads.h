//===- Workloads.h - the benchmark workloads and their kernels --*- C++ -*-===//
//
// The workloads of benchmarks/workloads.json (their one definition), as
// interp-bench uses them: shapes, the op's attributes in the reference's
// terms, how to verify the kernel, the OpenCV equivalent, and the two
// ahead-of-time compiled kernels (sequential and OpenMP) to call.
//
//===----------------------------------------------------------------------===//

#ifndef INTERP_BENCHMARKS_WORKLOADS_H
#define INTERP_BENCHMARKS_WORKLOADS_H

#include "interp/Reference/Reference.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace interp_bench {

namespace ref = mlir::interp::reference;

/// A kernel's C interface (_mlir_ciface_<name>): (input, output) for static
/// workloads, (input, sizes, output) for dynamic ones, each argument a
/// pointer to a StridedMemRefType descriptor.
struct Kernel {
  void (*staticFn)(void *, void *) = nullptr;
  void (*dynamicFn)(void *, void *, void *) = nullptr;

  static Kernel Static(void (*fn)(void *, void *)) { return {fn, nullptr}; }
  static Kernel Dynamic(void (*fn)(void *, void *, void *)) {
    return {nullptr, fn};
  }
  explicit operator bool() const { return staticFn || dynamicFn; }
};

/// One workload as benchmarks/workloads.json spells it (the generated
/// Workloads.inc holds one per workload).
struct WorkloadSpec {
  const char *name, *description, *op, *type;
  std::vector<int64_t> input, output;
  const char *mode, *coordinateTransformationMode, *nearestMode,
      *shapeCalculationMode;
  bool antialias;
  double cubeCoeff;
  std::vector<int64_t> sizes;
  std::vector<float> scales;
  std::vector<int64_t> axes;
  bool memoryBound;
  const char *check, *opencv, *opencvNote;
  /// A serving workload's calls: input and output shapes, one pair per call
  /// (empty: one call with `input` and `output`).
  std::vector<std::vector<int64_t>> cycleInputs, cycleOutputs;
  Kernel kernel, ompKernel;
};

/// cv::InterpolationFlags values, so the table does not need OpenCV headers.
enum CvInterpolation {
  kCvNone = -1,
  kCvNearest = 0,
  kCvLinear = 1,
  kCvCubic = 2,
  kCvArea = 3
};

/// One kernel call of a workload: its shapes, its run-time sizes operand,
/// and where its input and output start in the workload's buffers (a
/// serving cycle gives each call its own input and output, as a server
/// resizes a new image each time).
struct Call {
  std::vector<int64_t> inShape, outShape, sizes;
  size_t inOffset = 0, outOffset = 0; // bytes
};

struct Workload {
  std::string name;  // w1 ... w9, w1_f16, w1_u8, w1_dyn, img_aa, serve, ...
  std::string label; // short description
  ref::ElementType type;
  /// The first call's shapes (the only call's, but for a serving cycle).
  std::vector<int64_t> inShape, outShape;
  /// Every call of one iteration, in order: one for most workloads, the
  /// cycle of input sizes for a serving workload (W10).
  std::vector<Call> calls;
  /// The op: interp.interpolate_v4 (attrs) or interp.interpolate_v11
  /// (v11Attrs).
  bool isV11 = false;
  ref::V4Attributes attrs;
  ref::V11Attributes v11Attrs;
  std::vector<int64_t> sizes, axes;
  std::vector<float> scales;
  bool memoryBound = false;
  /// How verifyWorkload checks the kernel.
  enum class Check { NearestIndexMath, ReferencePlane, SameAsW1 } check;
  CvInterpolation cvInterpolation = kCvNone;
  std::string cvNote;
  /// Compiled by the default pipeline (sequential) and with OpenMP (empty
  /// without OpenMP kernels).
  Kernel kernel, ompKernel;

  /// The reference implementation of the workload's op on `data` (the
  /// whole input or one plane of it).
  llvm::Expected<ref::Tensor> evaluateReference(const ref::Tensor &data) const;

  /// Runs the sequential (or OpenMP) kernel on contiguous row-major buffers,
  /// once per call.
  void run(const void *in, void *out, bool omp = false) const;
  /// Runs call `c` alone.
  void runCall(const Call &c, const void *in, void *out, bool omp) const;

  /// The resized axes' complement: dimensions every output plane shares.
  bool isResizedAxis(int64_t dim) const;

  /// Totals over all calls.
  int64_t inElems() const;
  int64_t outElems() const;
  size_t inBytes() const;
  size_t outBytes() const;
  size_t bytes() const { return inBytes() + outBytes(); }
  /// The input bytes the op must read: along each resized axis the samples
  /// some output takes with a non-zero weight (the axis's table,
  /// rules::buildAxisTable), whole 64-byte lines along the contiguous
  /// innermost dimension. Nearest /2 reads every other row: half the input.
  size_t touchedInBytes() const;

private:
  size_t touchedInBytes(const Call &c) const;
};

/// Every workload of benchmarks/workloads.json, in its order. Exits with a
/// message when the table names an attribute value the dialect does not
/// have.
std::vector<Workload> loadWorkloads();

/// 64-byte aligned storage.
struct AlignedFree {
  void operator()(void *p) const { std::free(p); }
};
using Buffer = std::unique_ptr<uint8_t, AlignedFree>;

/// `bytes` of 64-byte aligned memory; exits when there is none.
Buffer allocate(size_t bytes);

/// Uniform random data in [0, 1) (float types) or [0, 255] (ui8), fixed seed.
void fillRandom(void *data, ref::ElementType type, int64_t n, uint32_t seed);

/// Element `i` of a buffer of `type` as a double.
double valueAt(const void *data, ref::ElementType type, int64_t i);

} // namespace interp_bench

#endif // INTERP_BENCHMARKS_WORKLOADS_H
