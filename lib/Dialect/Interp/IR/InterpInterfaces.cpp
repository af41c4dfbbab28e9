//===- InterpInterfaces.cpp - interp op interfaces ------------------------===//

#include "interp/Dialect/Interp/IR/InterpInterfaces.h"

#include "interp/Dialect/Interp/IR/InterpInterfaces.cpp.inc"
