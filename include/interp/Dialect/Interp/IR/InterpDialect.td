//===- InterpDialect.td - interp dialect definition --------*- tablegen -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPDIALECT_TD
#define INTERP_DIALECT_INTERP_IR_INTERPDIALECT_TD

include "mlir/IR/OpBase.td"

def Interp_Dialect : Dialect {
  let name = "interp";
  let cppNamespace = "::mlir::interp";
  let summary = "OpenVINO Interpolate-1 and Interpolate-4 as MLIR operations";
  let description = [{
    The `interp` dialect models OpenVINO's tensor resize operations,
    Interpolate-1 (`interp.interpolate_v1`) and Interpolate-4
    (`interp.interpolate_v4`), with every attribute of their specifications.
    The semantics are those of `docs/Semantics.md`: OpenVINO's C++ reference
    behaviour, with a few documented decisions (float64 coordinates,
    round-to-nearest-even integer stores, and an `area` mode of interp's own).

    The ops work on tensors, verify every rule of the specification with a
    diagnostic that names the offending attribute or operand, infer their
    result shapes (static and dynamic), and are lowered to `linalg` by the
    passes in this project.
  }];
  // Shape computations (InterpShapes.h) build arith, math and tensor ops.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect"];
  // Attributes the lowering leaves on the ops it creates, for interp's own
  // passes further down the pipeline.
  let discardableAttrs = (ins
    // On an op whose i1 result chooses a computation specialized for what
    // the data turned out to be (a tap run of one ratio, say) over the
    // general one: false is always correct, so a pass may put false there
    // and drop the specialized code where it is not worth its compile time.
    "::mlir::UnitAttr":$fast_path_condition
  );
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

class Interp_Op<string mnemonic, list<Trait> traits = []>
    : Op<Interp_Dialect, mnemonic, traits>;

#endif // INTERP_DIALECT_INTERP_IR_INTERPDIALECT_TD
