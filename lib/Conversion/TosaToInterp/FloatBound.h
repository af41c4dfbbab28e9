//===- FloatBound.h - float BILINEAR within a proven bound ------*- C++ -*-===//
//
// Private to lib/Conversion/TosaToInterp. The float-tolerance-ulps rule:
// float BILINEAR resizes whose weights interp cannot reproduce bit for bit
// become one interp `linear` op when, for finite data, every output provably
// differs from what upstream's lowering computes by at most the tolerance.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TOSATOINTERP_FLOATBOUND_H
#define LIB_CONVERSION_TOSATOINTERP_FLOATBOUND_H

#include "interp/Conversion/TosaToInterp/TosaResizeRule.h"

namespace mlir::interp::tosa_resize {

/// The candidate mapping with the smallest proven bound, as one `linear` op
/// over the axes that are not TOSA's identity, when that bound is at most
/// `toleranceUlps`; the rewrite's errorBoundUlps is the bound. Otherwise the
/// reason, with the best bound found. `resize` is a float BILINEAR whose
/// axes passed checkAxisArithmetic.
Decision decideFloatBilinearWithin(const Resize &resize, double toleranceUlps);

} // namespace mlir::interp::tosa_resize

#endif // LIB_CONVERSION_TOSATOINTERP_FLOATBOUND_H
