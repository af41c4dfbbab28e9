//===- InterpModule.cpp - the interp Python module (_interp) --------------===//
//
// interp._interp: compile an MLIR module with interp ops to native code
// (interp::execution::JitModule) and call its functions on arrays. Debian
// builds MLIR without Python bindings, so this is the project's own module,
// on nanobind (PyPI; docs/Design.md says why): arrays come in through DLPack
// (`__dlpack__`) or the buffer protocol, numpy 1.x and 2.x alike, torch
// and anything else that speaks either, and are read in place with their
// strides. Every diagnostic and every failed run-time check becomes
// interp.Error; nothing here ends the process.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Dialect/Interp/IR/InterpOps.h"
#include "interp/Execution/JitModule.h"
#include "interp/Reference/Compare.h"
#include "interp/Reference/IR/Evaluator.h"
#include "interp/Semantics/Rules.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/TargetSelect.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

namespace nb = nanobind;
using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;
using reference::Tensor;

namespace {

/// Raised to Python as interp.Error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// An array lent for reading: DLPack or the buffer protocol, on the CPU.
using InArray = nb::ndarray<nb::ro, nb::device::cpu>;
/// An array lent for writing (out=).
using OutArray = nb::ndarray<nb::device::cpu>;
using DType = nb::dlpack::dtype;
using DTypeCode = nb::dlpack::dtype_code;

/// Inputs that could not be read in place and were copied (numpy.require):
/// the tests' evidence that the others were not.
std::atomic<uint64_t> copiedInputs{0};

DType dtype(DTypeCode code, unsigned bits) {
  return DType{static_cast<uint8_t>(code), static_cast<uint8_t>(bits), 1};
}

/// The numpy name of a DLPack dtype ("float32", "bfloat16", "complex64").
std::string dtypeName(DType type) {
  std::string prefix;
  switch (static_cast<DTypeCode>(type.code)) {
  case DTypeCode::Int:
    prefix = "int";
    break;
  case DTypeCode::UInt:
    prefix = "uint";
    break;
  case DTypeCode::Float:
    prefix = "float";
    break;
  case DTypeCode::Bfloat:
    prefix = "bfloat";
    break;
  case DTypeCode::Complex:
    prefix = "complex";
    break;
  case DTypeCode::Bool:
    return "bool";
  default:
    prefix = "dlpack-code-" + std::to_string(type.code) + "-";
    break;
  }
  std::string name = prefix + std::to_string(type.bits);
  if (type.lanes != 1)
    name += "x" + std::to_string(type.lanes);
  return name;
}

/// The DLPack dtype of an element type's arrays; bf16 travels as its uint16
/// bits (numpy has no bfloat16), and is also taken as DLPack's bfloat16.
DType dtypeOf(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return dtype(DTypeCode::Float, 16);
  case ElementType::BF16:
    return dtype(DTypeCode::UInt, 16);
  case ElementType::F32:
    return dtype(DTypeCode::Float, 32);
  case ElementType::F64:
    return dtype(DTypeCode::Float, 64);
  case ElementType::I8:
    return dtype(DTypeCode::Int, 8);
  case ElementType::U8:
    return dtype(DTypeCode::UInt, 8);
  case ElementType::I32:
    return dtype(DTypeCode::Int, 32);
  case ElementType::I64:
    return dtype(DTypeCode::Int, 64);
  }
  throw Error("unknown element type");
}

bool holds(ElementType type, DType array) {
  return array == dtypeOf(type) ||
         (type == ElementType::BF16 && array == dtype(DTypeCode::Bfloat, 16));
}

std::string expected(ElementType type) {
  return dtypeName(dtypeOf(type)) +
         (type == ElementType::BF16 ? " (bf16 bits) or bfloat16" : "");
}

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? ", " : "") + std::to_string(d);
  return text + (shape.size() == 1 ? ",)" : ")");
}

nb::module_ numpy() { return nb::module_::import_("numpy"); }

template <typename Array> ArrayRef<int64_t> shapeOf(const Array &array) {
  return {array.shape_ptr(), array.ndim()};
}
template <typename Array> ArrayRef<int64_t> stridesOf(const Array &array) {
  return {array.stride_ptr(), array.ndim()};
}

/// Whether the JIT can read the array where it is: its elements are
/// naturally aligned (DLPack and nanobind's buffer import already require
/// strides of whole elements).
template <typename Array> bool aligned(const Array &array) {
  return reinterpret_cast<uintptr_t>(array.data()) % array.itemsize() == 0;
}

/// `object` as an array read in place (DLPack or the buffer protocol), or
/// nothing.
std::optional<InArray> lend(nb::handle object) {
  InArray array;
  if (nb::try_cast(object, array, /*convert=*/false) && aligned(array))
    return array;
  return std::nullopt;
}

/// `object` as an array: in place when it can be, else an aligned
/// row-major numpy copy (lists, misaligned data, strides that are not whole
/// elements).
InArray lendOrCopy(nb::handle object, const std::string &where) {
  if (std::optional<InArray> array = lend(object))
    return *array;
  nb::object copy;
  try {
    copy =
        numpy().attr("require")(object, nb::none(), nb::make_tuple("C", "A"));
  } catch (nb::python_error &e) {
    throw Error(where + "not an array (" + e.what() + ")");
  }
  std::optional<InArray> array = lend(copy);
  if (!array)
    throw Error(where + "dtype " + nb::str(copy.attr("dtype")).c_str() +
                " is not an element type of interp");
  ++copiedInputs;
  return *array;
}

/// Whether no two elements of a view share memory: sorted by stride, each
/// dimension steps past everything the smaller ones span (sufficient, and
/// what every array made by slicing and transposing satisfies).
bool distinctElements(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  SmallVector<std::pair<int64_t, int64_t>> dims;
  for (auto [size, stride] : llvm::zip(shape, strides)) {
    if (size == 0)
      return true;
    if (size > 1)
      dims.push_back({std::abs(stride), size});
  }
  llvm::sort(dims);
  int64_t span = 1;
  for (auto [stride, size] : dims) {
    if (stride < span)
      return false;
    span += stride * (size - 1);
  }
  return true;
}

/// A new numpy array of an element type and shape.
nb::object emptyArray(ElementType type, ArrayRef<int64_t> shape) {
  nb::list dims;
  for (int64_t d : shape)
    dims.append(d);
  return numpy().attr("empty")(nb::tuple(dims), dtypeName(dtypeOf(type)));
}

/// A compiled function of an MLIR module, callable on arrays.
class Kernel {
public:
  Kernel(const std::string &text, std::optional<std::string> function,
         unsigned numThreads, bool destinationForm)
      : text(text), function(function), numThreads(numThreads),
        destinationForm(destinationForm) {
    // Parsing, lowering and code generation touch no Python object: other
    // Python threads run meanwhile.
    nb::gil_scoped_release release;
    DialectRegistry registry;
    execution::registerJitDialects(registry);
    // Without threading: a context with it owns a thread pool (a thread per
    // core, ~2 MB each) for as long as the kernel lives, which for
    // interpolate()'s cache is until evicted; one small module's passes gain
    // little from it.
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
    std::string diagnostics;
    ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &d) {
      diagnostics += reference::formatLocation(d.getLocation()) +
                     ": error: " + d.str() + "\n";
      return success();
    });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, ParserConfig(context.get()));
    if (!module)
      throw Error("invalid MLIR:\n" + diagnostics);
    func::FuncOp func = select(*module, function);
    name = func.getName().str();
    for (Type t : func.getFunctionType().getInputs())
      inputs.push_back(cast<RankedTensorType>(t));
    for (Type t : func.getFunctionType().getResults())
      results.push_back(cast<RankedTensorType>(t));
    // The reference evaluates the IR before lowering.
    referenceModule = module->clone();
    auto compiled = execution::JitModule::compile(
        *module, numThreads, /*minParallelIterations=*/std::nullopt,
        /*profilerListeners=*/false, destinationForm);
    if (!compiled)
      throw Error("cannot compile @" + name + ": " +
                  llvm::toString(compiled.takeError()) + "\n" + diagnostics);
    jit = std::move(*compiled);
  }

  /// Whether the code was loaded from the disk cache instead of compiled.
  bool fromDiskCache() const { return jit->isFromDiskCache(); }

  /// Calls the function on the arrays as they are (no copy unless an array
  /// is misaligned or its strides are not whole elements) and writes its
  /// results into `out` (an array, or a sequence of one per result) or into
  /// new numpy arrays, or into the arrays `allocate(shape, dtype name)`
  /// returns (e.g. torch tensors; any strides). The GIL is released from
  /// the call to the last result written, but for making each new array.
  nb::list call(nb::args args, nb::handle out, nb::handle allocator) {
    if (!out.is_none() && !allocator.is_none())
      throw Error("give out= or allocate=, not both");
    SmallVector<InArray> arrays = checkedArrays(args);
    // In destination form a result shape the call decides cannot be
    // allocated first. interpolate() gives out=, but when it cannot (the
    // shape rules refuse the operands, or the array does not fit in
    // memory) the kernel is called on an empty output, and says why it
    // cannot be written (or, for a result that is that empty array,
    // writes it).
    nb::object probe;
    if (out.is_none() && jit->getSignature(name)->destinationForm &&
        !results[0].hasStaticShape()) {
      SmallVector<int64_t> shape;
      nb::list dims;
      for (int64_t d : results[0].getShape()) {
        shape.push_back(ShapedType::isDynamic(d) ? 0 : d);
        dims.append(shape.back());
      }
      probe = allocator.is_none()
                  ? emptyArray(element(results[0]), shape)
                  : allocator(nb::tuple(dims),
                              dtypeName(dtypeOf(element(results[0]))));
      out = probe;
      allocator = nb::none();
    }
    SmallVector<execution::TensorView> views;
    for (auto [i, array] : llvm::enumerate(arrays))
      views.push_back(
          {element(inputs[i]), array.data(), shapeOf(array), stridesOf(array)});
    SmallVector<OutArray> outs = checkedOuts(out);

    // Each new result becomes a numpy array as soon as its shape is known:
    // before the call for a static shape (the JIT then computes into it),
    // else after, and the JIT copies the result into it. The callback runs
    // without the GIL and must not throw: it takes the GIL to make the array,
    // and a Python error (MemoryError) is kept, with the GIL, to be raised once
    // invokeInto has freed everything.
    SmallVector<nb::object> made;
    SmallVector<OutArray> madeViews;
    std::exception_ptr pythonError;
    std::string outError;
    auto allocate = [&](unsigned index, ElementType type,
                        ArrayRef<int64_t> shape)
        -> llvm::Expected<execution::MutableTensorView> {
      if (!outs.empty()) {
        OutArray &o = outs[index];
        if (shapeOf(o) != shape) {
          outError = "out=" + resultName(index) + " has shape " +
                     shapeString(shapeOf(o)) + ", the result " +
                     shapeString(shape);
          return llvm::createStringError(outError);
        }
        return execution::MutableTensorView{type, o.data(), shapeOf(o),
                                            stridesOf(o)};
      }
      nb::gil_scoped_acquire gil;
      try {
        if (allocator.is_none()) {
          made.push_back(emptyArray(type, shape));
        } else {
          nb::list dims;
          for (int64_t d : shape)
            dims.append(d);
          made.push_back(allocator(nb::tuple(dims), dtypeName(dtypeOf(type))));
        }
        OutArray view;
        if (!nb::try_cast(made.back(), view, /*convert=*/false))
          throw Error("allocate= made no writable array on the CPU");
        if (!holds(type, view.dtype()) || shapeOf(view) != shape)
          throw Error("allocate= made an array of dtype " +
                      dtypeName(view.dtype()) + " and shape " +
                      shapeString(shapeOf(view)) + ", the result is " +
                      expected(type) + " " + shapeString(shape));
        if (!aligned(view) || !distinctElements(shapeOf(view), stridesOf(view)))
          throw Error("allocate= made a misaligned array or one whose "
                      "elements share memory");
        madeViews.push_back(std::move(view));
        return execution::MutableTensorView{type, madeViews.back().data(),
                                            shapeOf(madeViews.back()),
                                            stridesOf(madeViews.back())};
      } catch (...) {
        pythonError = std::current_exception();
        return llvm::createStringError("cannot make the array of result " +
                                       std::to_string(index));
      }
    };
    // The views handed out point into these: no reallocation.
    made.reserve(results.size());
    madeViews.reserve(results.size());
    // Into out= a kernel in destination form computes the result in place
    // where it can (JitModule::invokeInto); other kernels copy their
    // results through the callback, which checks their shapes.
    bool destination = jit->getSignature(name)->destinationForm;
    SmallVector<execution::MutableTensorView> outViews;
    for (auto [i, o] : llvm::enumerate(outs))
      outViews.push_back(
          {element(results[i]), o.data(), shapeOf(o), stridesOf(o)});
    llvm::Error error = [&] {
      nb::gil_scoped_release release;
      if (destination && !outs.empty())
        return jit->invokeInto(name, views, outViews);
      return jit->invokeInto(name, views, allocate);
    }();
    if (pythonError) {
      llvm::consumeError(std::move(error));
      std::rethrow_exception(pythonError);
    }
    if (!outError.empty()) {
      llvm::consumeError(std::move(error));
      throw Error(outError);
    }
    if (error)
      throw Error("calling @" + name +
                  " failed: " + llvm::toString(std::move(error)));
    nb::list list;
    if (outs.empty()) {
      for (nb::object &array : made)
        list.append(array);
    } else if (results.size() == 1 && !isSequence(out)) {
      list.append(out);
    } else {
      for (nb::handle o : out)
        list.append(o);
    }
    return list;
  }

  /// The reference implementation of the same function, on the IR before
  /// lowering (functions of interp ops, constants and tensor.cast).
  nb::list reference(nb::args args) {
    SmallVector<Tensor> tensors;
    for (auto [i, array] : llvm::enumerate(checkedArrays(args)))
      tensors.push_back(toTensor(element(inputs[i]), array));
    SmallVector<Tensor> outputs;
    {
      nb::gil_scoped_release release;
      // The context has no threading, hence no locks: one evaluation at a
      // time may create attributes and types in it.
      std::lock_guard<std::mutex> lock(referenceMutex);
      auto func = referenceModule->lookupSymbol<func::FuncOp>(name);
      if (Operation *op = reference::findUnsupportedOp(func))
        throw Error("the reference cannot evaluate '" +
                    op->getName().getStringRef().str() + "'");
      auto evaluation = reference::evaluateFunction(func, tensors);
      if (!evaluation)
        throw Error("the reference failed: " +
                    llvm::toString(evaluation.takeError()));
      outputs = std::move(evaluation->results);
    }
    nb::list list;
    for (Tensor &t : outputs) {
      nb::object array = emptyArray(t.type, t.shape);
      OutArray view;
      if (!nb::try_cast(array, view, /*convert=*/false))
        throw Error("numpy.empty made no writable array");
      if (!t.data.empty())
        std::memcpy(view.data(), t.data.data(), t.data.size());
      list.append(array);
    }
    return list;
  }

  const std::string &getName() const { return name; }
  /// The constructor's arguments: the kernel's pickled state (the other
  /// side compiles it again).
  std::tuple<std::string, std::optional<std::string>, unsigned, bool>
  state() const {
    return {text, function, numThreads, destinationForm};
  }
  std::vector<std::string> inputTypes() const {
    std::vector<std::string> out;
    for (RankedTensorType t : inputs)
      out.push_back(typeString(t));
    return out;
  }

private:
  static ElementType element(RankedTensorType type) {
    return *toReferenceElementType(type.getElementType());
  }

  static bool isSequence(nb::handle object) {
    return nb::isinstance<nb::tuple>(object) ||
           nb::isinstance<nb::list>(object);
  }

  std::string resultName(size_t index) const {
    return results.size() == 1 ? "" : "[" + std::to_string(index) + "]";
  }

  static func::FuncOp select(ModuleOp module,
                             const std::optional<std::string> &function) {
    if (function) {
      auto func = module.lookupSymbol<func::FuncOp>(*function);
      if (!func)
        throw Error("no function @" + *function + " in the module");
      if (std::string why = execution::whyNotCallable(func); !why.empty())
        throw Error("@" + *function + " cannot be called: " + why);
      return func;
    }
    if (auto main = module.lookupSymbol<func::FuncOp>("main"))
      if (execution::whyNotCallable(main).empty())
        return main;
    for (auto func : module.getOps<func::FuncOp>())
      if (execution::whyNotCallable(func).empty())
        return func;
    throw Error("the module has no callable function (public, with ranked "
                "tensor arguments and results of interp's element types)");
  }

  /// Checks an array against a tensor type: element type, rank and static
  /// sizes.
  template <typename Array>
  static void checkType(const Array &array, RankedTensorType type,
                        const std::string &where) {
    ElementType e = element(type);
    if (!holds(e, array.dtype()))
      throw Error(where + "dtype " + dtypeName(array.dtype()) + ", expected " +
                  expected(e));
    if (static_cast<int64_t>(array.ndim()) != type.getRank())
      throw Error(where + "rank " + std::to_string(array.ndim()));
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!type.isDynamicDim(d) && type.getDimSize(d) != array.shape_ptr()[d])
        throw Error(where + "dimension " + std::to_string(d) + " is " +
                    std::to_string(array.shape_ptr()[d]));
  }

  /// The arguments as arrays of the function's element types, ranks and
  /// static sizes, with any strides.
  SmallVector<InArray> checkedArrays(const nb::args &args) const {
    if (args.size() != inputs.size())
      throw Error("@" + name + " takes " + std::to_string(inputs.size()) +
                  " argument(s), got " + std::to_string(args.size()));
    SmallVector<InArray> arrays;
    for (size_t i = 0; i < args.size(); ++i) {
      std::string where = "argument " + std::to_string(i) + " (" +
                          typeString(inputs[i]) + "): ";
      InArray array = lendOrCopy(args[i], where);
      checkType(array, inputs[i], where);
      arrays.push_back(std::move(array));
    }
    return arrays;
  }

  /// out=: nothing, or one writable array per result, of its element type,
  /// rank and static sizes, whose elements do not share memory.
  SmallVector<OutArray> checkedOuts(nb::handle out) const {
    SmallVector<OutArray> outs;
    if (out.is_none())
      return outs;
    SmallVector<nb::handle> objects;
    if (isSequence(out)) {
      for (nb::handle o : out)
        objects.push_back(o);
    } else {
      objects.push_back(out);
    }
    if (objects.size() != results.size())
      throw Error("out= gives " + std::to_string(objects.size()) +
                  " array(s), @" + name + " has " +
                  std::to_string(results.size()) + " result(s)");
    for (auto [i, object] : llvm::enumerate(objects)) {
      std::string where =
          "out=" + resultName(i) + " (" + typeString(results[i]) + "): ";
      OutArray array;
      if (!nb::try_cast(object, array, /*convert=*/false))
        throw Error(where + "not a writable array on the CPU");
      if (!aligned(array))
        throw Error(where + "misaligned data");
      checkType(array, results[i], where);
      if (!distinctElements(shapeOf(array), stridesOf(array)))
        throw Error(where + "elements that share memory (a broadcast view)");
      outs.push_back(std::move(array));
    }
    return outs;
  }

  /// A row-major copy of an array, for the reference.
  static Tensor toTensor(ElementType type, const InArray &array) {
    Tensor t;
    t.type = type;
    t.shape.assign(array.shape_ptr(), array.shape_ptr() + array.ndim());
    size_t itemsize = array.itemsize();
    size_t count = array.size();
    t.data.resize(count * itemsize);
    const auto *base = static_cast<const uint8_t *>(array.data());
    SmallVector<int64_t> index(array.ndim(), 0);
    for (size_t n = 0; n < count; ++n) {
      int64_t offset = 0;
      for (size_t d = 0; d < array.ndim(); ++d)
        offset += index[d] * array.stride(d);
      std::memcpy(t.data.data() + n * itemsize, base + offset * itemsize,
                  itemsize);
      for (size_t d = array.ndim(); d-- > 0;) {
        if (++index[d] < array.shape_ptr()[d])
          break;
        index[d] = 0;
      }
    }
    return t;
  }

  /// What the kernel was compiled from: its pickled state.
  std::string text;
  std::optional<std::string> function;
  unsigned numThreads;
  bool destinationForm;
  std::unique_ptr<MLIRContext> context;
  std::mutex referenceMutex;
  OwningOpRef<ModuleOp> referenceModule;
  std::unique_ptr<execution::JitModule> jit;
  std::string name;
  SmallVector<RankedTensorType> inputs, results;
};

} // namespace

/// The project's tolerance (interp/Reference/Compare.h) for results of
/// `element` ("f32", "bf16", "ui8", ...) computed from inputs of largest
/// magnitude `magnitude`: |got - want| <= abs + rel * |want|.
static std::pair<double, double> tolerance(const std::string &element,
                                           double magnitude) {
  for (ElementType type :
       {ElementType::F16, ElementType::BF16, ElementType::F32, ElementType::F64,
        ElementType::I8, ElementType::U8, ElementType::I32, ElementType::I64})
    if (reference::stringifyElementType(type) == element) {
      reference::Tolerance t = reference::resultTolerance(type, magnitude);
      return {t.abs, t.rel};
    }
  throw Error("unknown element type '" + element + "'");
}

/// The attribute names of interp.interpolate_v<version>, from its ODS.
static std::vector<std::string> attributeNames(int version) {
  ArrayRef<StringRef> names;
  if (version == 1)
    names = InterpolateV1Op::getAttributeNames();
  else if (version == 4)
    names = InterpolateV4Op::getAttributeNames();
  else if (version == 11)
    names = InterpolateV11Op::getAttributeNames();
  else
    throw Error("no interpolate_v" + std::to_string(version));
  return std::vector<std::string>(names.begin(), names.end());
}

/// The result shape of interpolate_v<version> on an input of `shape` (the
/// rules of the verifier and of shape inference: interp/Semantics/Rules.h);
/// the torch fake tensors' shapes. Arguments as interp.interpolate takes
/// them, checked there.
static std::vector<int64_t>
resultShape(int version, const std::vector<int64_t> &shape,
            const std::vector<int64_t> &axes,
            std::optional<std::vector<int64_t>> sizes,
            std::optional<std::vector<float>> scales,
            const std::vector<int64_t> &padsBegin,
            const std::vector<int64_t> &padsEnd) {
  int64_t rank = shape.size();
  for (int64_t d : shape)
    if (d < 0)
      throw Error("the shape " + shapeString(shape) + " has a negative size");
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || axis >= rank)
      throw Error("axis " + std::to_string(axis) + " out of range for rank " +
                  std::to_string(rank));
    if (llvm::is_contained(ArrayRef<int64_t>(axes).take_front(i), axis))
      throw Error("axis " + std::to_string(axis) + " given twice");
  }
  size_t values = sizes ? sizes->size() : scales ? scales->size() : 0;
  if (values != axes.size())
    throw Error(std::to_string(values) + " sizes or scales for " +
                std::to_string(axes.size()) + " axes");
  if (sizes)
    for (int64_t v : *sizes)
      if (v < 0)
        throw Error("sizes must be non-negative, got " + std::to_string(v));
  if (scales)
    for (float v : *scales)
      if (!rules::isValidScale(v))
        throw Error("scales must be finite and > 0, got " + std::to_string(v));
  SmallVector<int64_t> result;
  if (version == 1) {
    if (!sizes)
      throw Error("Interpolate-1 takes sizes");
    result = rules::inferV1Shape(shape, axes, ArrayRef<int64_t>(*sizes));
  } else {
    auto begin = rules::resizePads(padsBegin, rank);
    auto end = rules::resizePads(padsEnd, rank);
    std::optional<ArrayRef<int64_t>> s;
    std::optional<ArrayRef<float>> c;
    if (sizes)
      s = ArrayRef<int64_t>(*sizes);
    if (scales)
      c = ArrayRef<float>(*scales);
    result = rules::inferV4Shape(
        shape, begin, end, ArrayRef<int64_t>(axes),
        sizes ? ShapeCalcMode::Sizes : ShapeCalcMode::Scales, s, c);
  }
  for (int64_t d : result)
    if (d == rules::kDynamic || d < 0)
      throw Error("the result shape of this resize of " + shapeString(shape) +
                  " is not valid");
  return std::vector<int64_t>(result.begin(), result.end());
}

/// (dtype name, shape) of an object read in place as an array (DLPack or
/// the buffer protocol), or None.
static nb::object describe(nb::handle object) {
  InArray array;
  if (!nb::try_cast(object, array, /*convert=*/false))
    return nb::none();
  nb::list shape;
  for (int64_t d : shapeOf(array))
    shape.append(d);
  return nb::make_tuple(dtypeName(array.dtype()), nb::tuple(shape));
}

NB_MODULE(_interp, m) {
  m.doc() = "interp: OpenVINO's Interpolate ops compiled to native code";
  nb::exception<Error>(m, "Error", PyExc_RuntimeError);
  // Once, here, with the GIL held: kernels compile without it, on any
  // thread, and LLVM's target registration is not meant to race with itself.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  nb::class_<Kernel>(m, "Kernel")
      .def(nb::init<const std::string &, std::optional<std::string>, unsigned,
                    bool>(),
           nb::arg("mlir_text"), nb::arg("function") = nb::none(),
           nb::arg("num_threads") = 1, nb::arg("destination_form") = false,
           "destination_form: a function returning one interp resize writes "
           "its result straight into out= (JitModule::compile's "
           "destinationForms); its calls then need out= or a static result "
           "shape")
      .def("__call__", &Kernel::call, nb::arg("args"), nb::kw_only(),
           nb::arg("out") = nb::none(), nb::arg("allocate") = nb::none())
      .def("__getstate__", &Kernel::state)
      .def("__setstate__",
           [](Kernel &kernel, const nb::tuple &state) {
             // (text, function, num_threads[, destination_form]): pickles
             // from before destination forms have three.
             if (state.size() != 3 && state.size() != 4)
               throw Error("a Kernel's pickled state has 3 or 4 items, got " +
                           std::to_string(state.size()));
             new (&kernel)
                 Kernel(nb::cast<std::string>(state[0]),
                        nb::cast<std::optional<std::string>>(state[1]),
                        nb::cast<unsigned>(state[2]),
                        state.size() == 4 && nb::cast<bool>(state[3]));
           })
      .def_prop_ro("text",
                   [](const Kernel &k) { return std::get<0>(k.state()); })
      .def_prop_ro("num_threads",
                   [](const Kernel &k) { return std::get<2>(k.state()); })
      .def("reference", &Kernel::reference, nb::arg("args"))
      .def_prop_ro("from_disk_cache", &Kernel::fromDiskCache)
      .def_prop_ro("name", &Kernel::getName)
      .def_prop_ro("input_types", &Kernel::inputTypes);
  m.def("tolerance", &tolerance, nb::arg("element_type"), nb::arg("magnitude"),
        "The project's comparison tolerance (abs, rel) for results of this "
        "element type from inputs of this largest magnitude");
  m.def("attribute_names", &attributeNames, nb::arg("version"),
        "The attribute names of interp.interpolate_v<version> (its ODS)");
  m.def("result_shape", &resultShape, nb::arg("version"), nb::arg("shape"),
        nb::arg("axes"), nb::arg("sizes").none(), nb::arg("scales").none(),
        nb::arg("pads_begin"), nb::arg("pads_end"),
        "The result shape of interpolate_v<version> (interp's shape rules)");
  m.def("describe", &describe, nb::arg("array"),
        "(dtype name, shape) of an array read in place (DLPack or the buffer "
        "protocol), or None");
  m.def(
      "set_disk_cache",
      [](std::optional<std::string> directory) {
        execution::setDiskCacheDirectory(std::move(directory));
      },
      nb::arg("directory").none(),
      "The directory of the on-disk cache of compiled objects: a path turns "
      "it on there, \"\" off, None back to $INTERP_CACHE_DIR (off when "
      "unset or empty)");
  m.def("disk_cache_directory", &execution::getDiskCacheDirectory,
        "The directory of the disk cache in use, or \"\" when it is off");
  m.def(
      "disk_cache_stats",
      [] {
        execution::DiskCacheStats stats = execution::getDiskCacheStats();
        nb::dict d;
        d["loads"] = stats.loads;
        d["stores"] = stats.stores;
        d["rejected"] = stats.rejected;
        d["write_errors"] = stats.writeErrors;
        return d;
      },
      "What the disk cache did in this process: loads, stores, rejected "
      "(corrupt entries compiled again), write_errors");
  m.def(
      "copied_inputs", [] { return copiedInputs.load(); },
      "How many inputs could not be read in place and were copied");
  m.def("copied_results", &execution::getCopiedResultCount,
        "How many results were copied into their arrays instead of computed "
        "there (JitModule's destination form)");
}
