# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "INTERP"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.interp_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibdir", config.llvm_shlib_dir))
config.substitutions.append(("%interp_src_root", config.interp_src_root))
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(config.llvm_shlib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(config.llvm_shlib_dir, "libmlir_c_runner_utils.so")))

# Every compiled interp kernel calls libinterp_runtime.so (its run-time
# checks). In a sanitizer build the library is instrumented and the
# uninstrumented mlir-runner cannot load it: mlir-runner gets the build's
# uninstrumented copy.
_sanitized = "Address" in getattr(config, "interp_sanitizers", "")
_runtime_for_runner = os.path.join(
    config.interp_obj_root, "lib",
    "libinterp_runtime_uninstrumented.so" if _sanitized else "libinterp_runtime.so")
config.substitutions.append(
    ("%interp_runtime", os.path.join(config.interp_obj_root, "lib", "libinterp_runtime.so")))
config.substitutions.append(
    ("%run_shared_libs",
     ",".join([os.path.join(config.llvm_shlib_dir, "libmlir_runner_utils.so"),
               os.path.join(config.llvm_shlib_dir, "libmlir_c_runner_utils.so"),
               _runtime_for_runner])))

config.substitutions.append(("%interp_lib_dir", os.path.join(config.interp_obj_root, "lib")))
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(
    ("%libomp", os.path.join(config.llvm_shlib_dir, "libomp.so")))

# Tests that cannot run in the sanitizer build (address-space limits, which
# the sanitizers' shadow memory exceeds; host programs linking the
# instrumented runtime) declare "UNSUPPORTED: asan"; they run in the normal
# build.
if _sanitized:
    config.available_features.add("asan")

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tools = ["interp-opt", "interp-run", "interp-translate", "interp-lsp-server",
         "interp-reduce", "interp-capi-test", "mlir-opt", "mlir-runner", "mlir-translate"]
llvm_config.add_tool_substitutions(tools, [config.interp_tools_dir, config.llvm_tools_dir])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
