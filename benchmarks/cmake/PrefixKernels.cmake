# cmake -DIN=workloads.mlir -DOUT=workloads_omp.mlir -DPREFIX=omp_ -P PrefixKernels.cmake
# Copies the kernels with every public function renamed @<name> ->
# @<PREFIX><name>, so a second, differently compiled copy of them can be
# linked into the same binary.
file(READ "${IN}" text)
string(REGEX REPLACE "func\\.func @([A-Za-z0-9_]+)" "func.func @${PREFIX}\\1" text "${text}")
file(WRITE "${OUT}" "${text}")
