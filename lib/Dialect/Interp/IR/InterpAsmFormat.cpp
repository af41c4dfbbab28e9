//===- InterpAsmFormat.cpp - textual form of the interp ops ---------------===//
//
// The ops print like a declarative `operands attr-dict : functional-type`
// format, except that enum attributes appear as bare keywords in the
// attribute dictionary (`{mode = linear}`), as tosa.resize prints its mode.
// The generic attribute parser cannot read a bare keyword as an attribute
// value without knowing the attribute's type, hence this small custom
// parser; the generic op form (`#interp<mode linear>`) still round-trips.
//
//===----------------------------------------------------------------------===//

#include "interp/Dialect/Interp/IR/InterpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::interp;

namespace {
/// Builds the enum attribute named `name` from `keyword`, or returns null if
/// `name` is not an enum attribute of the op.
using EnumAttrBuilder = function_ref<FailureOr<Attribute>(
    StringRef name, StringRef keyword, bool &isEnumName)>;
} // namespace

template <typename EnumT, typename AttrT>
static FailureOr<Attribute>
buildEnum(MLIRContext *context, StringRef keyword,
          std::optional<EnumT> (*symbolize)(StringRef)) {
  std::optional<EnumT> value = symbolize(keyword);
  if (!value)
    return failure();
  return Attribute(AttrT::get(context, *value));
}

/// Parses `{name = value, ...}`; enum attributes take a bare keyword.
static ParseResult parseAttrDict(OpAsmParser &parser, NamedAttrList &attrs,
                                 EnumAttrBuilder buildEnumAttr) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::OptionalBraces, [&]() -> ParseResult {
        std::string name;
        SMLoc nameLoc = parser.getCurrentLocation();
        if (parser.parseKeywordOrString(&name))
          return failure();
        if (attrs.get(name))
          return parser.emitError(nameLoc, "duplicate attribute '")
                 << name << "'";
        if (parser.parseOptionalEqual()) {
          attrs.append(name, parser.getBuilder().getUnitAttr());
          return success();
        }
        SMLoc valueLoc = parser.getCurrentLocation();
        StringRef keyword;
        bool isEnumName = false;
        // Only asks whether `name` is an enum attribute; the empty keyword
        // is never a valid value.
        (void)buildEnumAttr(name, "", isEnumName);
        if (isEnumName && succeeded(parser.parseOptionalKeyword(&keyword))) {
          FailureOr<Attribute> attr = buildEnumAttr(name, keyword, isEnumName);
          if (failed(attr))
            return parser.emitError(valueLoc, "invalid value '")
                   << keyword << "' for enum attribute '" << name << "'";
          attrs.append(name, *attr);
          return success();
        }
        Attribute attr;
        if (parser.parseAttribute(attr))
          return failure();
        attrs.append(name, attr);
        return success();
      });
}

/// Parses `operands attr-dict : (types) -> type` for an op with
/// `numRequired` operands followed by `numOptional` optional ones.
static ParseResult parseInterpOp(OpAsmParser &parser, OperationState &result,
                                 unsigned numRequired, unsigned numOptional,
                                 EnumAttrBuilder buildEnumAttr) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.size() < numRequired ||
      operands.size() > numRequired + numOptional)
    return parser.emitError(operandsLoc, "expected ")
           << numRequired
           << (numOptional ? " or " + std::to_string(numRequired + numOptional)
                           : std::string())
           << " operands, got " << operands.size();
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parseAttrDict(parser, result.attributes, buildEnumAttr))
    return failure();
  if (failed(result.name.verifyInherentAttrs(result.attributes, [&]() {
        return parser.emitError(attrLoc)
               << "'" << result.name.getStringRef() << "' op ";
      })))
    return failure();
  FunctionType type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColonType(type))
    return failure();
  if (type.getNumResults() != 1)
    return parser.emitError(typeLoc, "expected one result type, got ")
           << type.getNumResults();
  result.addTypes(type.getResults());
  return parser.resolveOperands(operands, type.getInputs(), operandsLoc,
                                result.operands);
}

/// Prints everything but attributes at their default value; enum attributes
/// print as bare keywords.
static void
printInterpOp(OpAsmPrinter &p, Operation *op,
              function_ref<bool(NamedAttribute)> isDefault,
              function_ref<std::optional<StringRef>(Attribute)> enumKeyword) {
  p << ' ';
  p.printOperands(op->getOperands());
  SmallVector<NamedAttribute> attrs;
  if (auto props =
          dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute()))
    llvm::append_range(attrs, props.getValue());
  llvm::append_range(attrs, op->getDiscardableAttrDictionary().getValue());
  llvm::sort(attrs, [](NamedAttribute a, NamedAttribute b) {
    return a.getName().strref() < b.getName().strref();
  });
  llvm::erase_if(attrs, isDefault);
  if (!attrs.empty()) {
    p << " {";
    llvm::interleaveComma(attrs, p, [&](NamedAttribute attr) {
      p.printKeywordOrString(attr.getName().strref());
      if (isa<UnitAttr>(attr.getValue()))
        return;
      p << " = ";
      if (std::optional<StringRef> keyword = enumKeyword(attr.getValue()))
        p << *keyword;
      else
        p.printAttribute(attr.getValue());
    });
    p << "}";
  }
  p << " : ";
  p.printFunctionalType(op);
}

static bool isEmptyArray(Attribute attr) {
  auto array = dyn_cast<DenseI64ArrayAttr>(attr);
  return array && array.empty();
}

static std::optional<StringRef> keywordOf(Attribute attr) {
  if (auto a = dyn_cast<InterpolateModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<InterpolateV1ModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<InterpolateV11ModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<ShapeCalcModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<CoordinateTransformModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<NearestModeAttr>(attr))
    return stringifyEnum(a.getValue());
  if (auto a = dyn_cast<IntegerArithmeticAttr>(attr))
    return stringifyEnum(a.getValue());
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// InterpolateV4Op
//===----------------------------------------------------------------------===//

/// The enum attributes Interpolate-4 and -11 share (their `mode`s differ).
static FailureOr<Attribute> buildSharedEnum(MLIRContext *context,
                                            StringRef name, StringRef keyword,
                                            bool &isEnumName) {
  isEnumName = true;
  if (name == "shape_calculation_mode")
    return buildEnum<ShapeCalcMode, ShapeCalcModeAttr>(context, keyword,
                                                       symbolizeShapeCalcMode);
  if (name == "coordinate_transformation_mode")
    return buildEnum<CoordinateTransformMode, CoordinateTransformModeAttr>(
        context, keyword, symbolizeCoordinateTransformMode);
  if (name == "nearest_mode")
    return buildEnum<NearestMode, NearestModeAttr>(context, keyword,
                                                   symbolizeNearestMode);
  isEnumName = false;
  return failure();
}

/// Interpolate-4's and -11's attributes at their default values.
static bool isV4LikeDefault(NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  Attribute value = attr.getValue();
  if (name == "coordinate_transformation_mode")
    return cast<CoordinateTransformModeAttr>(value).getValue() ==
           CoordinateTransformMode::HalfPixel;
  if (name == "nearest_mode")
    return cast<NearestModeAttr>(value).getValue() ==
           NearestMode::RoundPreferFloor;
  if (name == "antialias")
    return !cast<BoolAttr>(value).getValue();
  if (name == "pads_begin" || name == "pads_end")
    return isEmptyArray(value);
  if (name == "cube_coeff")
    return cast<FloatAttr>(value).getValueAsDouble() == -0.75;
  return false;
}

ParseResult InterpolateV4Op::parse(OpAsmParser &parser,
                                   OperationState &result) {
  MLIRContext *context = parser.getContext();
  auto buildEnumAttr = [&](StringRef name, StringRef keyword,
                           bool &isEnumName) -> FailureOr<Attribute> {
    if (name == "mode") {
      isEnumName = true;
      return buildEnum<InterpolateMode, InterpolateModeAttr>(
          context, keyword, symbolizeInterpolateMode);
    }
    return buildSharedEnum(context, name, keyword, isEnumName);
  };
  return parseInterpOp(parser, result, /*numRequired=*/3, /*numOptional=*/1,
                       buildEnumAttr);
}

void InterpolateV4Op::print(OpAsmPrinter &p) {
  printInterpOp(p, getOperation(), isV4LikeDefault, keywordOf);
}

//===----------------------------------------------------------------------===//
// InterpolateV1Op
//===----------------------------------------------------------------------===//

ParseResult InterpolateV1Op::parse(OpAsmParser &parser,
                                   OperationState &result) {
  MLIRContext *context = parser.getContext();
  auto buildEnumAttr = [&](StringRef name, StringRef keyword,
                           bool &isEnumName) -> FailureOr<Attribute> {
    isEnumName = name == "mode";
    if (!isEnumName)
      return failure();
    return buildEnum<InterpolateV1Mode, InterpolateV1ModeAttr>(
        context, keyword, symbolizeInterpolateV1Mode);
  };
  return parseInterpOp(parser, result, /*numRequired=*/2, /*numOptional=*/0,
                       buildEnumAttr);
}

void InterpolateV1Op::print(OpAsmPrinter &p) {
  auto isDefault = [](NamedAttribute attr) {
    StringRef name = attr.getName().strref();
    Attribute value = attr.getValue();
    if (name == "align_corners")
      return cast<BoolAttr>(value).getValue();
    if (name == "antialias")
      return !cast<BoolAttr>(value).getValue();
    if (name == "pads_begin" || name == "pads_end")
      return isEmptyArray(value);
    return false;
  };
  printInterpOp(p, getOperation(), isDefault, keywordOf);
}

//===----------------------------------------------------------------------===//
// InterpolateV11Op
//===----------------------------------------------------------------------===//

ParseResult InterpolateV11Op::parse(OpAsmParser &parser,
                                    OperationState &result) {
  MLIRContext *context = parser.getContext();
  auto buildEnumAttr = [&](StringRef name, StringRef keyword,
                           bool &isEnumName) -> FailureOr<Attribute> {
    if (name == "mode") {
      isEnumName = true;
      return buildEnum<InterpolateV11Mode, InterpolateV11ModeAttr>(
          context, keyword, symbolizeInterpolateV11Mode);
    }
    if (name == "integer_arithmetic") {
      isEnumName = true;
      return buildEnum<IntegerArithmetic, IntegerArithmeticAttr>(
          context, keyword, symbolizeIntegerArithmetic);
    }
    return buildSharedEnum(context, name, keyword, isEnumName);
  };
  return parseInterpOp(parser, result, /*numRequired=*/2, /*numOptional=*/1,
                       buildEnumAttr);
}

void InterpolateV11Op::print(OpAsmPrinter &p) {
  auto isDefault = [](NamedAttribute attr) {
    if (attr.getName().strref() == "integer_arithmetic")
      return cast<IntegerArithmeticAttr>(attr.getValue()).getValue() ==
             IntegerArithmetic::Pillow;
    return isV4LikeDefault(attr);
  };
  printInterpOp(p, getOperation(), isDefault, keywordOf);
}
