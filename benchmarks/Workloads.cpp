//===- Workloads.cpp - the benchmark workloads and their kernels ----------===//

#include "Workloads.h"

#include "interp/Semantics/AxisTable.h"
#include "interp/Semantics/ElementType.h"
#include "interp/Semantics/Rules.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace mlir::interp;
using namespace interp_bench;

namespace interp_bench {
#include "Workloads.inc"
} // namespace interp_bench

namespace {

/// A StridedMemRefType<T, N> descriptor for any element type and any rank up
/// to kMaxRank: {basePtr, data, offset, sizes[N], strides[N]} with the
/// strides right after the N sizes.
constexpr int kMaxRank = 8;
struct Descriptor {
  const void *basePtr, *data;
  int64_t offset;
  int64_t sizesAndStrides[2 * kMaxRank];
};

Descriptor describe(const void *data, const std::vector<int64_t> &shape) {
  Descriptor d{data, data, 0, {}};
  int rank = int(shape.size());
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    d.sizesAndStrides[i] = shape[i];
    d.sizesAndStrides[rank + i] = stride;
    stride *= shape[i];
  }
  return d;
}

int64_t product(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

[[noreturn]] void badSpec(const WorkloadSpec &spec, const char *field,
                          const char *value) {
  std::fprintf(stderr, "interp-bench: workload %s: unknown %s '%s'\n",
               spec.name, field, value);
  std::exit(1);
}

template <typename T>
T parse(const WorkloadSpec &spec, const char *field, const char *value,
        std::optional<T> (*symbolize)(llvm::StringRef)) {
  std::optional<T> result = symbolize(value);
  if (!result)
    badSpec(spec, field, value);
  return *result;
}

ref::ElementType parseType(const WorkloadSpec &spec) {
  for (ref::ElementType type :
       {ref::ElementType::F32, ref::ElementType::F16, ref::ElementType::U8})
    if (ref::stringifyElementType(type) == spec.type)
      return type;
  badSpec(spec, "type", spec.type);
}

Workload::Check parseCheck(const WorkloadSpec &spec) {
  std::string check = spec.check;
  if (check == "reference_plane")
    return Workload::Check::ReferencePlane;
  if (check == "nearest_index_math")
    return Workload::Check::NearestIndexMath;
  if (check == "same_as_w1")
    return Workload::Check::SameAsW1;
  badSpec(spec, "check", spec.check);
}

CvInterpolation parseOpenCV(const WorkloadSpec &spec) {
  std::string name = spec.opencv;
  if (name.empty())
    return kCvNone;
  if (name == "nearest")
    return kCvNearest;
  if (name == "linear")
    return kCvLinear;
  if (name == "cubic")
    return kCvCubic;
  if (name == "area")
    return kCvArea;
  badSpec(spec, "opencv interpolation", spec.opencv);
}

/// The calls of one iteration: the cycle of a serving workload, each with
/// its own region of the input and output buffers, or the one call.
std::vector<Call> callsOf(const WorkloadSpec &spec, size_t elementSize) {
  std::vector<std::vector<int64_t>> ins = spec.cycleInputs,
                                    outs = spec.cycleOutputs;
  if (ins.empty()) {
    ins = {spec.input};
    outs = {spec.output};
  }
  std::vector<Call> calls;
  size_t inOffset = 0, outOffset = 0;
  for (size_t k = 0; k < ins.size(); ++k) {
    Call c{ins[k], outs[k], {}, inOffset, outOffset};
    for (int64_t a : spec.axes)
      c.sizes.push_back(outs[k][a]);
    inOffset += product(ins[k]) * elementSize;
    outOffset += product(outs[k]) * elementSize;
    calls.push_back(std::move(c));
  }
  return calls;
}

} // namespace

void Workload::runCall(const Call &c, const void *in, void *out,
                       bool omp) const {
  const Kernel &k = omp ? ompKernel : kernel;
  Descriptor x =
      describe(static_cast<const uint8_t *>(in) + c.inOffset, c.inShape);
  Descriptor y =
      describe(static_cast<uint8_t *>(out) + c.outOffset, c.outShape);
  if (k.staticFn)
    return k.staticFn(&x, &y);
  Descriptor s = describe(c.sizes.data(), {int64_t(c.sizes.size())});
  k.dynamicFn(&x, &s, &y);
}

void Workload::run(const void *in, void *out, bool omp) const {
  for (const Call &c : calls)
    runCall(c, in, out, omp);
}

bool Workload::isResizedAxis(int64_t dim) const {
  return std::find(axes.begin(), axes.end(), dim) != axes.end();
}

llvm::Expected<ref::Tensor>
Workload::evaluateReference(const ref::Tensor &data) const {
  if (isV11)
    return ref::evaluateV11(data, sizes, scales, llvm::ArrayRef<int64_t>(axes),
                            v11Attrs);
  return ref::evaluateV4(data, sizes, scales, llvm::ArrayRef<int64_t>(axes),
                         attrs);
}

int64_t Workload::inElems() const {
  int64_t n = 0;
  for (const Call &c : calls)
    n += product(c.inShape);
  return n;
}
int64_t Workload::outElems() const {
  int64_t n = 0;
  for (const Call &c : calls)
    n += product(c.outShape);
  return n;
}
size_t Workload::inBytes() const {
  return inElems() * rules::elementSize(type);
}
size_t Workload::outBytes() const {
  return outElems() * rules::elementSize(type);
}

size_t Workload::touchedInBytes() const {
  size_t bytes = 0;
  for (const Call &c : calls)
    bytes += touchedInBytes(c);
  return bytes;
}

size_t Workload::touchedInBytes(const Call &c) const {
  const std::vector<int64_t> &inShape = c.inShape, &outShape = c.outShape;
  int64_t rank = inShape.size();
  // Per dimension, the input indices some output reads (all of them for the
  // dimensions the op does not resize).
  std::vector<std::vector<bool>> read(rank);
  for (int64_t d = 0; d < rank; ++d)
    read[d].assign(inShape[d], true);
  auto kernel = isV11 ? rules::axisKernelOf(v11Attrs.mode)
                      : rules::axisKernelOf(attrs.mode);
  auto coordinate = isV11 ? v11Attrs.coordinateTransformationMode
                          : attrs.coordinateTransformationMode;
  auto nearest = isV11 ? v11Attrs.nearestMode : attrs.nearestMode;
  auto shapeMode =
      isV11 ? v11Attrs.shapeCalculationMode : attrs.shapeCalculationMode;
  bool antialias = isV11 ? v11Attrs.antialias : attrs.antialias;
  double cube = isV11 ? v11Attrs.cubeCoeff : attrs.cubeCoeff;
  std::vector<double> axisScales;
  for (size_t i = 0; i < axes.size(); ++i)
    axisScales.push_back(rules::coordinateScale(
        shapeMode, scales[i], outShape[axes[i]], inShape[axes[i]]));
  bool active = rules::antialiasActive(kernel == rules::AxisKernel::Linear,
                                       antialias, axisScales);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t d = axes[i];
    rules::AxisTable table = rules::buildAxisTable(rules::makeAxisTableParams(
        kernel, coordinate, nearest, shapeMode, scales[i], inShape[d],
        outShape[d], active, cube));
    read[d].assign(inShape[d], false);
    for (size_t k = 0; k < table.indices.size(); ++k)
      if (table.weights[k] != 0.0)
        read[d][table.indices[k]] = true;
  }
  size_t element = rules::elementSize(type);
  if (axes.empty() || rank == 0)
    return product(inShape) * element;
  // A row is the last resized dimension with the (wholly read) dimensions
  // after it: contiguous in memory (W of NCHW, W x C of NHWC). Rows count
  // the samples read of the dimensions before it, and whole cache lines of
  // each row (rows start at multiples of the row length).
  int64_t row = *std::max_element(axes.begin(), axes.end());
  int64_t inner = 1;
  for (int64_t d = row + 1; d < rank; ++d)
    inner *= inShape[d];
  size_t bytes = 1;
  for (int64_t d = 0; d < row; ++d)
    bytes *= std::count(read[d].begin(), read[d].end(), true);
  int64_t rowElements = inShape[row] * inner;
  std::vector<bool> lines((rowElements * element + 63) / 64, false);
  for (int64_t i = 0; i < rowElements; ++i)
    if (read[row][i / inner])
      lines[i * element / 64] = true;
  bytes *= std::count(lines.begin(), lines.end(), true) * 64;
  return std::min<size_t>(bytes, product(inShape) * element);
}

std::vector<Workload> interp_bench::loadWorkloads() {
  std::vector<Workload> workloads;
  for (const WorkloadSpec &spec : kWorkloadSpecs) {
    Workload w;
    w.name = spec.name;
    w.label = spec.description;
    w.type = parseType(spec);
    w.inShape = spec.input;
    w.outShape = spec.output;
    std::string op = spec.op;
    if (op != "v4" && op != "v11")
      badSpec(spec, "op", spec.op);
    w.isV11 = op == "v11";
    auto coordinateTransformationMode = parse(
        spec, "coordinate_transformation_mode",
        spec.coordinateTransformationMode, symbolizeCoordinateTransformMode);
    auto nearestMode =
        parse(spec, "nearest_mode", spec.nearestMode, symbolizeNearestMode);
    auto shapeCalculationMode =
        parse(spec, "shape_calculation_mode", spec.shapeCalculationMode,
              symbolizeShapeCalcMode);
    auto setCommon = [&](auto &attrs) {
      attrs.coordinateTransformationMode = coordinateTransformationMode;
      attrs.nearestMode = nearestMode;
      attrs.shapeCalculationMode = shapeCalculationMode;
      attrs.antialias = spec.antialias;
      attrs.cubeCoeff = spec.cubeCoeff;
    };
    if (w.isV11) {
      w.v11Attrs.mode =
          parse(spec, "mode", spec.mode, symbolizeInterpolateV11Mode);
      setCommon(w.v11Attrs);
    } else {
      w.attrs.mode = parse(spec, "mode", spec.mode, symbolizeInterpolateMode);
      setCommon(w.attrs);
    }
    w.sizes = spec.sizes;
    w.scales = spec.scales;
    w.axes = spec.axes;
    w.memoryBound = spec.memoryBound;
    w.check = parseCheck(spec);
    w.cvInterpolation = parseOpenCV(spec);
    w.cvNote = spec.opencvNote;
    w.calls = callsOf(spec, rules::elementSize(w.type));
    w.kernel = spec.kernel;
    w.ompKernel = spec.ompKernel;
    workloads.push_back(std::move(w));
  }
  return workloads;
}

Buffer interp_bench::allocate(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  auto *p =
      static_cast<uint8_t *>(std::aligned_alloc(64, rounded ? rounded : 64));
  if (!p) {
    std::fprintf(stderr, "interp-bench: out of memory (%zu bytes)\n", bytes);
    std::exit(1);
  }
  return Buffer(p);
}

void interp_bench::fillRandom(void *data, ref::ElementType type, int64_t n,
                              uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(0.f, 1.f);
  std::uniform_int_distribution<int> byte(0, 255);
  ref::Tensor one = ref::Tensor::zeros(type, {1});
  size_t size = rules::elementSize(type);
  for (int64_t i = 0; i < n; ++i) {
    // The same draws as before per type: one unit() for floats, one byte()
    // for ui8; the reference's store rounds them to the element type.
    if (type == ref::ElementType::U8)
      static_cast<uint8_t *>(data)[i] = static_cast<uint8_t>(byte(rng));
    else {
      one.setFromDouble(0, unit(rng));
      std::memcpy(static_cast<uint8_t *>(data) + i * size, one.data.data(),
                  size);
    }
  }
}

double interp_bench::valueAt(const void *data, ref::ElementType type,
                             int64_t i) {
  switch (type) {
  case ref::ElementType::F32:
    return static_cast<const float *>(data)[i];
  case ref::ElementType::F16:
    return static_cast<float>(static_cast<const _Float16 *>(data)[i]);
  case ref::ElementType::U8:
    return static_cast<const uint8_t *>(data)[i];
  default:
    std::fprintf(stderr, "interp-bench: no workload has element type %s\n",
                 ref::stringifyElementType(type).str().c_str());
    std::exit(1);
  }
}
