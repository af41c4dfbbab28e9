# `cpack -G DEB` in the build directory: a Debian package of the install tree
# (tools, libraries, headers, the CMake package, InterpPlugin.so, the C API,
# libinterp_runtime.so, and the Python module when it is built), installed
# under /usr. The dependencies are Debian's LLVM 22 packages the installed
# files load (libLLVM, libMLIR and its runner utilities, libomp) or a
# consumer's find_package(Interp) needs (MLIR's and LLVM's CMake packages and
# headers, mlir-tblgen), and the libraries interp-translate loads.
# scripts/test-deb.sh builds, installs, uses and removes it.

set(CPACK_PACKAGE_NAME interp)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "interp")
set(CPACK_PACKAGE_CONTACT "interp developers <interp@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "MLIR dialect and compiler for OpenVINO's Interpolate-1/4/11")
set(CPACK_PACKAGE_DESCRIPTION
  "The interp dialect, its passes and pipelines (--interp-to-llvm), the \
OpenVINO IR and ONNX importers, interp-opt, interp-run, interp-translate, \
the C API, the runtime library, the plugin for mlir-opt and the CMake \
package find_package(Interp), built against LLVM/MLIR 22.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# interp_<version>_<arch>.deb
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
string(CONCAT CPACK_DEBIAN_PACKAGE_DEPENDS
  "libllvm22 (>= 1:22.1), libmlir-22 (>= 1:22.1), "
  "llvm-22-dev (>= 1:22.1), libmlir-22-dev (>= 1:22.1), "
  "mlir-22-tools (>= 1:22.1), libomp-22-dev (>= 1:22.1), "
  "libpugixml1v5, libonnx1, libprotobuf32, libc6, libstdc++6")
# A consumer builds with LLVM's compiler and linker (README); the Python
# module needs NumPy.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-22, lld-22, python3, python3-numpy")
# Reproducible: the same files give the same package (mtimes from
# SOURCE_DATE_EPOCH when set; scripts/test-deb.sh sets it).
set(CPACK_STRIP_FILES OFF)
set(CPACK_SET_DESTDIR OFF)

# The Python module installs into PREFIX/python_packages/interp; a .pth in
# Debian's site directory (relative to it: PREFIX/lib/python3/dist-packages)
# puts PREFIX/python_packages on sys.path, so `import interp` works with
# /usr/bin/python3 once the package is installed.
if(TARGET _interp)
  file(WRITE ${PROJECT_BINARY_DIR}/interp.pth "../../../python_packages\n")
  install(FILES ${PROJECT_BINARY_DIR}/interp.pth
    DESTINATION lib/python3/dist-packages)
endif()

include(CPack)
