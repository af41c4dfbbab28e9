//===- InterpModule.cpp - the interp Python module (_interp) --------------===//
//
// interp._interp: compile an MLIR module with interp ops to native code
// (interp::execution::JitModule) and call its functions on numpy arrays.
// Debian builds MLIR without Python bindings, so this is the project's own
// module (pybind11: Debian packages it, and the interface is small: a
// compiled kernel, numpy in and out, errors as exceptions). Every
// diagnostic and every failed run-time check becomes interp.Error; nothing
// here ends the process.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpConstantFold.h"
#include "interp/Execution/JitModule.h"
#include "interp/Reference/Compare.h"
#include "interp/Reference/IR/Evaluator.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/TargetSelect.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

namespace py = pybind11;
using namespace mlir;
using namespace mlir::interp;
using reference::ElementType;
using reference::Tensor;

namespace {

/// Raised to Python as interp.Error.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The numpy dtype of an element type; bf16 travels as its uint16 bits.
py::dtype dtypeOf(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return py::dtype("float16");
  case ElementType::BF16:
    return py::dtype("uint16");
  case ElementType::F32:
    return py::dtype("float32");
  case ElementType::F64:
    return py::dtype("float64");
  case ElementType::I8:
    return py::dtype("int8");
  case ElementType::U8:
    return py::dtype("uint8");
  case ElementType::I32:
    return py::dtype("int32");
  case ElementType::I64:
    return py::dtype("int64");
  }
  throw Error("unknown element type");
}

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// A compiled function of an MLIR module, callable on numpy arrays.
class Kernel {
public:
  Kernel(const std::string &text, std::optional<std::string> function,
         unsigned numThreads) {
    // Parsing, lowering and code generation touch no Python object: other
    // Python threads run meanwhile.
    py::gil_scoped_release release;
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
    // The reference evaluates the IR before lowering.
    referenceModule = module->clone();
    auto compiled = execution::JitModule::compile(*module, numThreads);
    if (!compiled)
      throw Error("cannot compile @" + name + ": " +
                  llvm::toString(compiled.takeError()) + "\n" + diagnostics);
    jit = std::move(*compiled);
  }

  /// Calls the function on the arrays as they are (no copy unless a stride
  /// is not a whole number of elements or the data is misaligned) and
  /// writes its results straight into new numpy arrays.
  py::list call(py::args args) {
    SmallVector<py::array> arrays = checkedArrays(args);
    // The views point into these: no reallocation.
    SmallVector<SmallVector<int64_t>> shapes, strides;
    shapes.reserve(arrays.size());
    strides.reserve(arrays.size());
    SmallVector<execution::TensorView> views;
    for (auto [i, input] : llvm::enumerate(arrays)) {
      py::array &array = input;
      auto itemsize = static_cast<int64_t>(array.itemsize());
      bool inPlace =
          reinterpret_cast<uintptr_t>(array.data()) % itemsize == 0 &&
          llvm::all_of(llvm::seq<int64_t>(0, array.ndim()), [&](int64_t d) {
            return array.strides(d) % itemsize == 0;
          });
      if (!inPlace)
        array = py::module_::import("numpy").attr("require")(
            array, py::none(), py::make_tuple("C", "A"));
      shapes.emplace_back(array.shape(), array.shape() + array.ndim());
      strides.emplace_back();
      for (int64_t d = 0; d < array.ndim(); ++d)
        strides.back().push_back(array.strides(d) / itemsize);
      views.push_back({*toReferenceElementType(inputs[i].getElementType()),
                       array.data(), shapes.back(), strides.back()});
    }

    // Each result becomes a numpy array as soon as its shape is known, and
    // the JIT copies the result into it. The callback runs without the GIL
    // and must not throw: it takes the GIL to make the array, and a Python
    // error (MemoryError) is kept to be raised once invokeInto has freed
    // everything.
    SmallVector<py::array> results;
    SmallVector<SmallVector<int64_t>> resultShapes, resultStrides;
    std::exception_ptr pythonError;
    auto allocate = [&](unsigned index, ElementType type,
                        ArrayRef<int64_t> shape)
        -> llvm::Expected<execution::MutableTensorView> {
      try {
        py::gil_scoped_acquire gil;
        py::array array(dtypeOf(type),
                        std::vector<py::ssize_t>(shape.begin(), shape.end()));
        resultShapes.emplace_back(shape);
        resultStrides.push_back(execution::rowMajorStrides(shape));
        results.push_back(array);
        return execution::MutableTensorView{type, array.mutable_data(),
                                            resultShapes.back(),
                                            resultStrides.back()};
      } catch (...) {
        pythonError = std::current_exception();
        return llvm::createStringError("cannot make the array of result " +
                                       std::to_string(index));
      }
    };
    // The shapes and strides handed out must not move while the call runs.
    size_t numResults = jit->getSignature(name)->results.size();
    resultShapes.reserve(numResults);
    resultStrides.reserve(numResults);
    llvm::Error error = [&] {
      py::gil_scoped_release release;
      return jit->invokeInto(name, views, allocate);
    }();
    if (pythonError) {
      llvm::consumeError(std::move(error));
      std::rethrow_exception(pythonError);
    }
    if (error)
      throw Error("calling @" + name +
                  " failed: " + llvm::toString(std::move(error)));
    py::list out;
    for (py::array &array : results)
      out.append(array);
    return out;
  }

  /// The reference implementation of the same function, on the IR before
  /// lowering (functions of interp ops, constants and tensor.cast).
  py::list reference(py::args args) {
    SmallVector<Tensor> tensors = toTensors(args);
    SmallVector<Tensor> results;
    {
      py::gil_scoped_release release;
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
      results = std::move(evaluation->results);
    }
    return toArrays(results);
  }

  const std::string &getName() const { return name; }
  std::vector<std::string> inputTypes() const {
    std::vector<std::string> out;
    for (RankedTensorType t : inputs)
      out.push_back(typeString(t));
    return out;
  }

private:
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

  /// The arguments as numpy arrays of the function's element types, ranks
  /// and static sizes, with any strides.
  SmallVector<py::array> checkedArrays(const py::args &args) const {
    if (args.size() != inputs.size())
      throw Error("@" + name + " takes " + std::to_string(inputs.size()) +
                  " argument(s), got " + std::to_string(args.size()));
    SmallVector<py::array> arrays;
    for (auto [i, arg] : llvm::enumerate(args)) {
      RankedTensorType type = inputs[i];
      ElementType element = *toReferenceElementType(type.getElementType());
      auto array = py::array::ensure(arg);
      std::string where =
          "argument " + std::to_string(i) + " (" + typeString(type) + "): ";
      if (!array)
        throw Error(where + "not an array");
      if (!array.dtype().is(dtypeOf(element)))
        throw Error(where + "dtype " +
                    py::str(array.dtype()).cast<std::string>() + ", expected " +
                    py::str(dtypeOf(element)).cast<std::string>() +
                    (element == ElementType::BF16 ? " (bf16 bits)" : ""));
      if (array.ndim() != type.getRank())
        throw Error(where + "rank " + std::to_string(array.ndim()));
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (!type.isDynamicDim(d) && type.getDimSize(d) != array.shape(d))
          throw Error(where + "dimension " + std::to_string(d) + " is " +
                      std::to_string(array.shape(d)));
      arrays.push_back(std::move(array));
    }
    return arrays;
  }

  /// Row-major copies of the arguments, for the reference.
  SmallVector<Tensor> toTensors(const py::args &args) const {
    SmallVector<Tensor> tensors;
    for (auto [i, checked] : llvm::enumerate(checkedArrays(args))) {
      auto array = py::array::ensure(checked, py::array::c_style);
      if (!array)
        throw py::error_already_set();
      Tensor t;
      t.type = *toReferenceElementType(inputs[i].getElementType());
      t.shape.assign(array.shape(), array.shape() + array.ndim());
      const auto *bytes = static_cast<const uint8_t *>(array.data());
      t.data.assign(bytes, bytes + array.nbytes());
      tensors.push_back(std::move(t));
    }
    return tensors;
  }

  /// The tensors as numpy arrays that own their bytes (no copy). On any
  /// error (numpy's MemoryError included) every byte is freed: the bytes not
  /// yet handed over by their tensors, the rest by the arrays' capsules.
  static py::list toArrays(MutableArrayRef<Tensor> tensors) {
    py::list out;
    for (Tensor &t : tensors) {
      std::vector<py::ssize_t> shape(t.shape.begin(), t.shape.end());
      if (t.data.empty()) {
        out.append(py::array(dtypeOf(t.type), shape));
        continue;
      }
      using Bytes = std::vector<uint8_t>;
      auto bytes = std::make_unique<Bytes>(std::move(t.data));
      py::capsule owner(bytes.get(),
                        [](void *p) { delete static_cast<Bytes *>(p); });
      const uint8_t *data = bytes.release()->data();
      out.append(py::array(dtypeOf(t.type), shape, data, owner));
    }
    return out;
  }

  std::unique_ptr<MLIRContext> context;
  std::mutex referenceMutex;
  OwningOpRef<ModuleOp> referenceModule;
  std::unique_ptr<execution::JitModule> jit;
  std::string name;
  SmallVector<RankedTensorType> inputs;
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

PYBIND11_MODULE(_interp, m) {
  m.doc() = "interp: OpenVINO's Interpolate ops compiled to native code";
  py::register_exception<Error>(m, "Error", PyExc_RuntimeError);
  // Once, here, with the GIL held: kernels compile without it, on any
  // thread, and LLVM's target registration is not meant to race with itself.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  py::class_<Kernel>(m, "Kernel")
      .def(
          py::init<const std::string &, std::optional<std::string>, unsigned>(),
          py::arg("mlir_text"), py::arg("function") = py::none(),
          py::arg("num_threads") = 1)
      .def("__call__", &Kernel::call)
      .def("reference", &Kernel::reference)
      .def_property_readonly("name", &Kernel::getName)
      .def_property_readonly("input_types", &Kernel::inputTypes);
  m.def("tolerance", &tolerance, py::arg("element_type"), py::arg("magnitude"),
        "The project's comparison tolerance (abs, rel) for results of this "
        "element type from inputs of this largest magnitude");
}
