#!/bin/sh
# Interestingness test for reduce.mlir: the module is interesting (exit 1, as
# mlir-reduce expects) while --interp-to-llvm still reports the non-constant
# axes.
"${INTERP_OPT:-interp-opt}" "$1" --interp-to-llvm 2>&1 | grep -q "cannot be lowered with non-constant 'axes'" && exit 1
exit 0
