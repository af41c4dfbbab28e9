//===- InterpInterfaces.td - interp op interfaces ----------*- tablegen -*-===//

#ifndef INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_TD
#define INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_TD

include "mlir/IR/OpBase.td"

def Interp_ResizeOpInterface : OpInterface<"ResizeOpInterface"> {
  let description = [{
    An op that resizes its data, whatever its version: what it computes in
    the terms of the rules, as a `rules::ResizeProblem`
    (`interp/Semantics/ResizeProblem.h`): the separable kernel and its
    modes, the resized axes, the pads, every dimension's padded input and
    output length where static, the constant scales, what the element type
    means for the arithmetic. An Interpolate-1 op other than `area` and an
    Interpolate-11 op in an Interpolate-4 mode describe the Interpolate-4
    op they legalize to. The lowering's planner decides from it alone
    (`--interp-annotate-plans`).
  }];
  let cppNamespace = "::mlir::interp";
  let methods = [
    InterfaceMethod<[{
        The resize this op computes; std::nullopt when it cannot be
        described (unranked data or result, non-constant axes).
      }],
      "std::optional<::mlir::interp::rules::ResizeProblem>",
      "getResizeProblem">,
  ];
}

#endif // INTERP_DIALECT_INTERP_IR_INTERPINTERFACES_TD
