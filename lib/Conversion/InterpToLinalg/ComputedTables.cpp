//===- ComputedTables.cpp - run-time tables computed by linalg ops --------===//
//
// Portable lowerings cannot call the runtime library to fill the (index,
// weight) tables of axes whose lengths or scale are known at run time only,
// so these linalg ops compute them. This is a deliberate second transcription
// of the row rules of lib/Semantics/AxisTable.cpp (and of Rules.cpp's
// coordinate transform, nearest rounding and filter weights) into arith and
// math ops, specialized at compile time on the kernel and modes; the tap
// loops of AxisTable.cpp become a fixed number of columns:
//
//   - nearest 1, linear_onnx 2, cubic 4, linear without antialias 2 (the
//     triangle's two samples around the coordinate): as AxisTable.cpp;
//   - windowed kernels (linear with antialias, area, the Pillow filters):
//     rules::axisTableTapBound columns from the window's first sample, the
//     samples past the window's end with weight 0. AxisTable.cpp drops the
//     zero weights inside a linear window and puts the used taps first;
//     the sums are the same.
//
// Unused columns read a valid sample with weight 0, as AxisTable.cpp's
// shorter rows do. Every conversion to an integer is bounded first (a
// float-to-int conversion out of range is poison). The IREE differential
// test (test/Conversion/InterpToLinalg/iree_portable.py) compares results
// with the reference.
//
//===----------------------------------------------------------------------===//

#include "ResizeLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::interp;
using namespace mlir::interp::lowering;
using rules::AxisKernel;

namespace {
/// f64 and i64 arithmetic with the C++ library's semantics where the rules
/// use it (std::min/std::max as their comparisons, std::round half away
/// from zero).
struct Math {
  OpBuilder &b;
  Location loc;

  Value f(double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Value i(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value add(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::AddFOp::create(b, loc, x, y).getResult()
               : arith::AddIOp::create(b, loc, x, y).getResult();
  }
  Value sub(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::SubFOp::create(b, loc, x, y).getResult()
               : arith::SubIOp::create(b, loc, x, y).getResult();
  }
  Value mul(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::MulFOp::create(b, loc, x, y).getResult()
               : arith::MulIOp::create(b, loc, x, y).getResult();
  }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y)
                     .getResult()
               : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y)
                     .getResult();
  }
  Value le(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x, y)
                     .getResult()
               : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, x, y)
                     .getResult();
  }
  Value eq(Value x, Value y) {
    return isa<FloatType>(x.getType())
               ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y)
                     .getResult()
               : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y)
                     .getResult();
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value lor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  /// std::min(x, y) = y < x ? y : x; std::max(x, y) = x < y ? y : x.
  Value min(Value x, Value y) { return select(lt(y, x), y, x); }
  Value max(Value x, Value y) { return select(lt(x, y), y, x); }
  Value clamp(Value x, Value lo, Value hi) { return max(lo, min(x, hi)); }
  Value floor(Value x) { return math::FloorOp::create(b, loc, x); }
  Value ceil(Value x) { return math::CeilOp::create(b, loc, x); }
  Value round(Value x) { return math::RoundOp::create(b, loc, x); }
  Value trunc(Value x) { return math::TruncOp::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value toF64(Value x) {
    return arith::SIToFPOp::create(b, loc, b.getF64Type(), x);
  }
  /// Truncating conversion; `x` must be within the int64 range.
  Value toI64(Value x) {
    return arith::FPToSIOp::create(b, loc, b.getI64Type(), x);
  }

  /// rules::cubicWeight.
  Value cubicWeight(double a, Value t) {
    Value at = abs(t);
    Value inner =
        add(mul(mul(sub(mul(f(a + 2.0), at), f(a + 3.0)), at), at), f(1.0));
    Value outer =
        sub(mul(add(mul(sub(mul(f(a), at), f(5.0 * a)), at), f(8.0 * a)), at),
            f(4.0 * a));
    return select(le(at, f(1.0)), inner, select(lt(at, f(2.0)), outer, f(0.0)));
  }
  /// rules::triangleWeight.
  Value triangleWeight(Value a, Value d) {
    return max(f(0.0), sub(f(1.0), abs(mul(a, d))));
  }
};

/// The run-time quantities of one axis's table.
struct AxisValues {
  Value in, out;         // i64
  Value inF, outF;       // f64
  Value scale;           // the coordinate scale, f64
  Value antialiasFactor; // f64
  double cubeCoeff = -0.75;
};
} // namespace

/// rules::transformCoordinate of output index `o` (f64).
static Value coordinate(Math &m, const ResizeSpec &spec, const AxisValues &v,
                        Value o) {
  Value identity = m.lor(m.eq(v.scale, m.f(1.0)), m.eq(v.out, v.in));
  Value half = m.f(0.5);
  Value c;
  switch (spec.coordinateMode) {
  case CoordinateTransformMode::HalfPixel:
    c = m.sub(m.div(m.add(o, half), v.scale), half);
    break;
  case CoordinateTransformMode::PytorchHalfPixel:
    c = m.select(m.lt(m.i(1), v.out),
                 m.sub(m.div(m.add(o, half), v.scale), half), m.f(0.0));
    break;
  case CoordinateTransformMode::Asymmetric:
    c = m.div(o, v.scale);
    break;
  case CoordinateTransformMode::TfHalfPixelForNn:
    c = m.div(m.add(o, half), v.scale);
    break;
  case CoordinateTransformMode::AlignCorners:
    c = m.select(m.eq(v.out, m.i(1)), m.f(0.0),
                 m.div(m.mul(o, m.toF64(m.sub(v.in, m.i(1)))),
                       m.toF64(m.sub(v.out, m.i(1)))));
    break;
  }
  return m.select(identity, o, c);
}

/// rules::roundNearest, bounded as it bounds.
static Value roundNearest(Math &m, NearestMode mode, Value c,
                          Value isDownsample) {
  c = m.max(m.f(-4.0), m.min(c, m.f(4.0e18)));
  Value r;
  switch (mode) {
  case NearestMode::RoundPreferFloor:
    r = m.select(m.eq(c, m.add(m.trunc(c), m.f(0.5))), m.floor(c), m.round(c));
    break;
  case NearestMode::RoundPreferCeil:
    r = m.round(c);
    break;
  case NearestMode::Floor:
    r = m.floor(c);
    break;
  case NearestMode::Ceil:
    r = m.ceil(c);
    break;
  case NearestMode::Simple:
    r = m.select(isDownsample, m.ceil(c), m.trunc(c));
    break;
  }
  return m.toI64(r);
}

namespace {
/// One table entry before normalization: the sample and its weight (f64).
struct Entry {
  Value index, weight;
};
} // namespace

/// Column `k` (i64) of row `o` (f64) for `kernel`.
static Entry entryOf(Math &m, const ResizeSpec &spec, const AxisValues &v,
                     bool staticNoAntialias, Value o, Value k) {
  Value last = m.sub(v.in, m.i(1));
  Value lastF = m.toF64(last);
  auto clampIndex = [&](Value index) {
    return m.max(m.i(0), m.min(index, last));
  };
  // A window of samples [first, end) (i64), column k its sample first + k.
  auto windowed = [&](Value first, Value end,
                      function_ref<Value(Value)> weightOf) -> Entry {
    Value t = m.add(first, k);
    Value used = m.land(m.lt(t, end), m.le(m.i(0), t));
    Value w = weightOf(m.toF64(t));
    return {m.select(used, t, clampIndex(first)), m.select(used, w, m.f(0.0))};
  };
  switch (spec.kernel) {
  case AxisKernel::Nearest: {
    Value c = coordinate(m, spec, v, o);
    return {clampIndex(
                roundNearest(m, spec.nearestMode, c, m.lt(v.scale, m.f(1.0)))),
            m.f(1.0)};
  }
  case AxisKernel::LinearOnnx: {
    Value c = m.max(m.f(0.0), m.min(coordinate(m, spec, v, o), lastF));
    Value i1 = m.min(m.toI64(c), last);
    Value i2 = m.min(m.add(i1, m.i(1)), last);
    Value same = m.eq(i1, i2);
    Value d1 = m.select(same, m.f(0.5), m.abs(m.sub(c, m.toF64(i1))));
    Value d2 = m.select(same, m.f(0.5), m.abs(m.sub(c, m.toF64(i2))));
    Value first = m.eq(k, m.i(0));
    return {m.select(first, i1, i2), m.select(first, d2, d1)};
  }
  case AxisKernel::Cubic: {
    Value c = m.max(m.f(-4.0),
                    m.min(coordinate(m, spec, v, o), m.add(v.inF, m.f(4.0))));
    Value base = m.floor(c);
    Value s = m.sub(c, base);
    // distances {s + 1, s, 1 - s, 2 - s} for k = 0..3.
    Value d = m.select(m.eq(k, m.i(0)), m.add(s, m.f(1.0)),
                       m.select(m.eq(k, m.i(1)), s,
                                m.select(m.eq(k, m.i(2)), m.sub(m.f(1.0), s),
                                         m.sub(m.f(2.0), s))));
    Value index = clampIndex(m.add(m.sub(m.toI64(base), m.i(1)), k));
    return {index, m.cubicWeight(v.cubeCoeff, d)};
  }
  case AxisKernel::Linear: {
    Value c = coordinate(m, spec, v, o);
    Value a = v.antialiasFactor;
    auto weightOf = [&](Value t) { return m.triangleWeight(a, m.sub(c, t)); };
    if (staticNoAntialias) {
      // The triangle of width 2 is non-zero at floor(c) and floor(c) + 1
      // only; a coordinate beyond 4 samples outside the input has no tap
      // inside it either way.
      Value bounded = m.max(m.f(-4.0), m.min(c, m.add(v.inF, m.f(4.0))));
      Value first = m.toI64(m.floor(bounded));
      Value end = m.min(m.add(first, m.i(2)), v.in);
      return windowed(first, end, weightOf);
    }
    // The window [round(c) - r, round(c) + r] clipped to the input.
    Value radius = m.select(m.lt(m.f(1.0), v.scale), m.f(2.0),
                            m.min(m.ceil(m.div(m.f(2.0), a)), m.f(4.0e18)));
    Value centre = m.round(c);
    Value firstF = m.max(m.f(0.0), m.sub(centre, radius));
    Value lastW = m.min(lastF, m.add(centre, radius));
    Value first = m.toI64(m.min(firstF, v.inF));
    Value end = m.toI64(m.add(m.max(lastW, m.f(-1.0)), m.f(1.0)));
    return windowed(first, end, weightOf);
  }
  case AxisKernel::Area: {
    Value ratio = m.div(v.inF, v.outF);
    Value lo = m.mul(o, ratio);
    Value hi = m.mul(m.add(o, m.f(1.0)), ratio);
    Value first = m.toI64(m.floor(lo));
    Value end = m.min(m.toI64(m.ceil(hi)), v.in);
    return windowed(first, end, [&](Value t) {
      Value overlap = m.sub(m.min(hi, m.add(t, m.f(1.0))), m.max(lo, t));
      return m.select(m.lt(m.f(0.0), overlap), m.div(overlap, m.sub(hi, lo)),
                      m.f(0.0));
    });
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    bool bicubic = spec.kernel == AxisKernel::BicubicPillow;
    Value scale = m.div(v.inF, v.outF);
    Value filterScale = m.max(scale, m.f(1.0));
    Value support = m.mul(m.f(bicubic ? 2.0 : 1.0), filterScale);
    Value centre = m.mul(m.add(o, m.f(0.5)), scale);
    Value lo =
        m.max(m.f(0.0), m.floor(m.add(m.sub(centre, support), m.f(0.5))));
    Value hi = m.min(v.inF, m.floor(m.add(m.add(centre, support), m.f(0.5))));
    return windowed(m.toI64(lo), m.toI64(hi), [&](Value t) {
      Value x = m.div(m.sub(m.add(t, m.f(0.5)), centre), filterScale);
      return bicubic ? m.cubicWeight(v.cubeCoeff, x)
                     : m.triangleWeight(m.f(1.0), x);
    });
  }
  }
  llvm_unreachable("unknown axis kernel");
}

/// rules::axisTableTapBound as an i64 value, at least 1.
static Value columnBound(Math &m, const ResizeSpec &spec, const AxisValues &v) {
  Value bound;
  Value one = m.i(1);
  switch (spec.kernel) {
  case AxisKernel::Linear: {
    Value radius =
        m.select(m.lt(m.f(1.0), v.scale), m.i(2),
                 m.toI64(m.min(m.ceil(m.div(m.f(2.0), v.antialiasFactor)),
                               m.f(4.0e18))));
    bound = m.select(m.le(v.in, radius), v.in,
                     m.min(m.add(m.mul(radius, m.i(2)), one), v.in));
    break;
  }
  case AxisKernel::Area: {
    Value ratio = m.div(v.inF, m.toF64(m.max(v.out, one)));
    bound = m.min(m.add(m.toI64(m.min(m.ceil(ratio), m.f(4.0e18))), one), v.in);
    break;
  }
  case AxisKernel::BilinearPillow:
  case AxisKernel::BicubicPillow: {
    Value ratio = m.div(v.inF, m.toF64(m.max(v.out, one)));
    double width = spec.kernel == AxisKernel::BicubicPillow ? 2.0 : 1.0;
    Value support = m.mul(m.f(width), m.max(ratio, m.f(1.0)));
    bound = m.min(
        m.add(m.toI64(m.min(m.ceil(m.mul(m.f(2.0), support)), m.f(4.0e18))),
              one),
        v.in);
    break;
  }
  default:
    llvm_unreachable("kernel with a length-independent tap count");
  }
  return m.max(bound, one);
}

AxisTables lowering::buildComputedTables(OpBuilder &b, Location loc,
                                         const ResizeSpec &spec,
                                         ValueRange params,
                                         OpFoldResult outLength,
                                         Value antialias, FloatType accType) {
  // params: runtimeTableParams' (kernel, coordinate, nearest, shape mode,
  // scale, in, out, antialias, cube); the modes are the spec's constants.
  // Every f64 quantity is computed inside the generics' bodies from the
  // i64 lengths, the f32 scale and the i1 antialias flag: a compiler with a
  // host/device split (IREE) runs scalar ops outside them on its host VM,
  // which has no f64 to i64 conversion.
  Value inLength = params[5], outLength64 = params[6], givenScale = params[4];
  auto valuesIn = [&](Math &nm) {
    AxisValues v;
    v.in = inLength;
    v.out = outLength64;
    v.inF = nm.toF64(v.in);
    v.outF = nm.toF64(v.out);
    v.scale =
        spec.shapeMode == ShapeCalcMode::Scales
            ? arith::ExtFOp::create(nm.b, nm.loc, nm.b.getF64Type(), givenScale)
                  .getResult()
            : nm.div(v.outF, v.inF);
    v.antialiasFactor = nm.select(antialias, v.scale, nm.f(1.0));
    v.cubeCoeff = spec.kernel == AxisKernel::BicubicPillow
                      ? spec.cubeCoeff
                      : static_cast<double>(static_cast<float>(spec.cubeCoeff));
    return v;
  };

  std::optional<int64_t> antialiasConstant = getConstantIntValue(antialias);
  bool staticNoAntialias = antialiasConstant && *antialiasConstant == 0;
  std::optional<int64_t> taps = rules::lengthIndependentTaps(
      spec.kernel, /*antialiasActive=*/!staticNoAntialias);
  int64_t dyn = ShapedType::kDynamic;
  Value rows = asIndexValue(b, loc, outLength);
  SmallVector<Value> dynamicSizes = {rows};
  if (!taps) {
    // In a 0-d generic for the same reason.
    Value boundInit =
        tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, b.getI64Type());
    auto boundOp = linalg::GenericOp::create(
        b, loc, boundInit.getType(), ValueRange{}, ValueRange{boundInit},
        ArrayRef<AffineMap>{AffineMap::get(b.getContext())},
        ArrayRef<utils::IteratorType>{},
        [&](OpBuilder &nb, Location nloc, ValueRange) {
          Math nm{nb, nloc};
          linalg::YieldOp::create(nb, nloc,
                                  columnBound(nm, spec, valuesIn(nm)));
        });
    Value bound =
        tensor::ExtractOp::create(b, loc, boundOp.getResult(0), ValueRange{});
    dynamicSizes.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), bound));
  }
  int64_t columns = taps ? *taps : dyn;
  auto tableType = [&](Type element) {
    return RankedTensorType::get({dyn, columns}, element);
  };
  Type i64 = b.getI64Type(), f64 = b.getF64Type();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  auto parallel = utils::IteratorType::parallel;

  Value indexInit =
      tensor::EmptyOp::create(b, loc, tableType(i64), dynamicSizes);
  Value rawInit = tensor::EmptyOp::create(b, loc, tableType(f64), dynamicSizes);
  auto entries = linalg::GenericOp::create(
      b, loc, TypeRange{tableType(i64), tableType(f64)}, ValueRange{},
      ValueRange{indexInit, rawInit}, ArrayRef<AffineMap>{identity, identity},
      ArrayRef<utils::IteratorType>{parallel, parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        Math nm{nb, nloc};
        auto indexI64 = [&](int64_t d) -> Value {
          return arith::IndexCastOp::create(
              nb, nloc, i64, linalg::IndexOp::create(nb, nloc, d));
        };
        Value o = nm.toF64(indexI64(0));
        Entry e =
            entryOf(nm, spec, valuesIn(nm), staticNoAntialias, o, indexI64(1));
        linalg::YieldOp::create(nb, nloc, ValueRange{e.index, e.weight});
      });
  Value indices = entries.getResult(0);
  Value raw = entries.getResult(1);

  // Linear and the Pillow filters normalize each row by its weight sum
  // (linear: a zero sum makes the row 0; Pillow: leaves it).
  bool normalized = spec.kernel == AxisKernel::Linear ||
                    spec.kernel == AxisKernel::BilinearPillow ||
                    spec.kernel == AxisKernel::BicubicPillow;
  Value sums;
  AffineMap rowMap = AffineMap::get(2, 0, {b.getAffineDimExpr(0)}, ctx);
  if (normalized) {
    Value sumEmpty = tensor::EmptyOp::create(
        b, loc, RankedTensorType::get({dyn}, f64), ValueRange{rows});
    Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0.0));
    Value sumInit =
        linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{sumEmpty})
            .getResult(0);
    sums = linalg::GenericOp::create(
               b, loc, sumInit.getType(), ValueRange{raw}, ValueRange{sumInit},
               ArrayRef<AffineMap>{identity, rowMap},
               ArrayRef<utils::IteratorType>{parallel,
                                             utils::IteratorType::reduction},
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(
                     nb, nloc,
                     arith::AddFOp::create(nb, nloc, args[1], args[0])
                         .getResult());
               })
               .getResult(0);
  }
  SmallVector<Value> inputs = {raw};
  SmallVector<AffineMap> maps = {identity};
  if (sums) {
    inputs.push_back(sums);
    maps.push_back(rowMap);
  }
  maps.push_back(identity);
  Value weightInit =
      tensor::EmptyOp::create(b, loc, tableType(accType), dynamicSizes);
  Value weights =
      linalg::GenericOp::create(
          b, loc, tableType(accType), inputs, ValueRange{weightInit}, maps,
          ArrayRef<utils::IteratorType>{parallel, parallel},
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Math nm{nb, nloc};
            Value w = args[0];
            if (sums) {
              Value sum = args[1];
              Value zeroSum = nm.eq(sum, nm.f(0.0));
              Value scaled = nm.div(w, sum);
              w = spec.kernel == AxisKernel::Linear
                      ? nm.select(zeroSum, nm.f(0.0), scaled)
                      : nm.select(zeroSum, w, scaled);
            }
            if (!accType.isF64())
              w = arith::TruncFOp::create(nb, nloc, accType, w);
            linalg::YieldOp::create(nb, nloc, w);
          })
          .getResult(0);

  AxisTables tables;
  tables.indices = indices;
  tables.weights = weights;
  return tables;
}
