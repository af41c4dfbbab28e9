# The CMake functions interp's libraries and tools are declared with: the
# upstream add_mlir_* functions, plus the install rules and the export set
# (InterpTargets) of interp's own package. add_mlir_library would put every
# library into upstream's MLIRTargets export set (AddMLIR.cmake), which this
# project does not own, so they are declared DISABLE_INSTALL and installed
# here instead (CIRCT does the same).

include(GNUInstallDirs)

# Include directories that travel with an exported target: the source and
# generated headers in the build tree, PREFIX/include once installed, and
# MLIR's and LLVM's headers (upstream's imported targets carry none), so a
# consumer that links Interp::* writes no include_directories of its own.
function(interp_add_usage_requirements name)
  target_include_directories(${name} SYSTEM INTERFACE
    ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
  target_include_directories(${name} INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endfunction()

# Installs a library target into PREFIX/lib and the InterpTargets export set.
function(interp_install_library name)
  interp_add_usage_requirements(${name})
  install(TARGETS ${name}
    EXPORT InterpTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY INTERP_EXPORTED_LIBRARIES ${name})
endfunction()

function(add_interp_library name)
  add_mlir_library(${name} ${ARGN} DISABLE_INSTALL)
  interp_install_library(${name})
endfunction()

function(add_interp_dialect_library name)
  set_property(GLOBAL APPEND PROPERTY MLIR_DIALECT_LIBS ${name})
  add_interp_library(${name} ${ARGN} DEPENDS mlir-headers)
endfunction()

function(add_interp_conversion_library name)
  set_property(GLOBAL APPEND PROPERTY MLIR_CONVERSION_LIBS ${name})
  add_interp_library(${name} ${ARGN} DEPENDS mlir-headers)
endfunction()

# A tool installed into PREFIX/bin, finding libinterp_runtime.so in
# PREFIX/lib and LLVM's shared libraries (the runner utilities the JIT
# loads) where LLVM is installed.
function(interp_install_tool name)
  set_target_properties(${name} PROPERTIES
    INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
