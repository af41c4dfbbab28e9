//===- Npy.cpp - read and write NumPy .npy files --------------------------===//
//
// The header is a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 3), }
// padded with spaces and ended by '\n'. It is parsed with a tiny
// recursive-descent parser that accepts exactly the literals NumPy writes
// (strings, True/False, tuples of non-negative integers) and rejects anything
// else with a message.
//
//===----------------------------------------------------------------------===//

#include "interp/Reference/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <limits>
#include <optional>

using namespace mlir::interp;
using namespace mlir::interp::reference;
using llvm::StringRef;

static llvm::Error makeError(StringRef name, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 ("'" + name + "': " + message).str());
}

int64_t NpyArray::numElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

std::string reference::describeDType(StringRef dtype) {
  if (dtype.size() < 2)
    return dtype.str();
  StringRef kind;
  switch (dtype[0]) {
  case 'f':
    kind = "float";
    break;
  case 'i':
    kind = "int";
    break;
  case 'u':
    kind = "uint";
    break;
  case 'c':
    kind = "complex";
    break;
  case 'b':
    return dtype == "b1" ? "bool" : dtype.str();
  default:
    return dtype.str();
  }
  unsigned bytes;
  if (dtype.drop_front().getAsInteger(10, bytes))
    return dtype.str();
  return (kind + llvm::Twine(bytes * 8)).str();
}

//===----------------------------------------------------------------------===//
// Header parsing
//===----------------------------------------------------------------------===//

namespace {
/// A value of the header dict.
struct HeaderValue {
  enum Kind { String, Bool, Tuple } kind;
  std::string string;
  bool boolean = false;
  llvm::SmallVector<int64_t> tuple;
};

class HeaderParser {
public:
  HeaderParser(StringRef text, StringRef name) : text(text), name(name) {}

  /// Parses the dict into `descr`, `fortranOrder` and `shape`.
  llvm::Error parse(std::string &descr, bool &fortranOrder,
                    llvm::SmallVector<int64_t> &shape) {
    bool haveDescr = false, haveOrder = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return error("expected '{' at the start of the header");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (auto err = parseString(key))
        return err;
      skipSpace();
      if (!consume(':'))
        return error("expected ':' after key '" + key + "'");
      skipSpace();
      HeaderValue value;
      if (auto err = parseValue(value))
        return err;
      if (key == "descr") {
        if (value.kind != HeaderValue::String)
          return error("'descr' must be a string; structured dtypes are not "
                       "supported");
        descr = value.string;
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (value.kind != HeaderValue::Bool)
          return error("'fortran_order' must be True or False");
        fortranOrder = value.boolean;
        haveOrder = true;
      } else if (key == "shape") {
        if (value.kind != HeaderValue::Tuple)
          return error("'shape' must be a tuple of integers");
        shape = value.tuple;
        haveShape = true;
      } else {
        return error("unexpected key '" + key + "' in the header");
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (!consume('}'))
        return error("expected ',' or '}' in the header");
      break;
    }
    skipSpace();
    if (pos != text.size())
      return error("unexpected text after the header dict");
    if (!haveDescr || !haveOrder || !haveShape)
      return error("the header must have the keys 'descr', 'fortran_order' "
                   "and 'shape'");
    return llvm::Error::success();
  }

private:
  llvm::Error error(const llvm::Twine &message) {
    return makeError(name, "invalid .npy header: " + message);
  }
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool consume(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool consumeWord(StringRef word) {
    if (text.substr(pos).starts_with(word)) {
      pos += word.size();
      return true;
    }
    return false;
  }
  llvm::Error parseString(std::string &out) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return error("expected a quoted string");
    char quote = text[pos++];
    size_t end = text.find(quote, pos);
    if (end == StringRef::npos)
      return error("unterminated string");
    out = text.slice(pos, end).str();
    pos = end + 1;
    return llvm::Error::success();
  }
  llvm::Error parseValue(HeaderValue &value) {
    if (pos >= text.size())
      return error("expected a value");
    char c = text[pos];
    if (c == '\'' || c == '"') {
      value.kind = HeaderValue::String;
      return parseString(value.string);
    }
    if (consumeWord("True")) {
      value.kind = HeaderValue::Bool;
      value.boolean = true;
      return llvm::Error::success();
    }
    if (consumeWord("False")) {
      value.kind = HeaderValue::Bool;
      value.boolean = false;
      return llvm::Error::success();
    }
    if (c == '[')
      return error("structured dtypes are not supported");
    if (!consume('('))
      return error("unexpected value in the header");
    value.kind = HeaderValue::Tuple;
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t start = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      int64_t dim;
      if (start == pos || text.slice(start, pos).getAsInteger(10, dim))
        return error("shape entries must be non-negative integers");
      consume('L'); // Python 2 long suffix.
      value.tuple.push_back(dim);
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (!consume(')'))
        return error("expected ',' or ')' in the shape");
      return llvm::Error::success();
    }
  }

  StringRef text;
  StringRef name;
  size_t pos = 0;
};
} // namespace

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

static uint32_t readLittleEndian(const char *bytes, unsigned count) {
  uint32_t value = 0;
  for (unsigned i = 0; i < count; ++i)
    value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])) << (8 * i);
  return value;
}

/// Where the header of the .npy file in `buffer` starts and how long it is,
/// from the preamble (magic, version, header length).
static llvm::Expected<std::pair<size_t, size_t>> locateHeader(StringRef buffer,
                                                              StringRef name) {
  static constexpr char kMagic[] = "\x93NUMPY";
  if (!buffer.starts_with(StringRef(kMagic, 6)))
    return makeError(name, buffer.size() < 6
                               ? "not a .npy file (too short)"
                               : "not a .npy file (no \\x93NUMPY magic)");
  if (buffer.size() < 10)
    return makeError(name, "truncated .npy header");
  unsigned major = static_cast<uint8_t>(buffer[6]);
  unsigned minor = static_cast<uint8_t>(buffer[7]);
  size_t headerStart, headerLength;
  if (major == 1) {
    headerStart = 10;
    headerLength = readLittleEndian(buffer.data() + 8, 2);
  } else if (major == 2 || major == 3) {
    if (buffer.size() < 12)
      return makeError(name, "truncated .npy header");
    headerStart = 12;
    headerLength = readLittleEndian(buffer.data() + 8, 4);
  } else {
    return makeError(name, "unsupported .npy format version " +
                               llvm::Twine(major) + "." + llvm::Twine(minor) +
                               " (supported: 1.0, 2.0, 3.0)");
  }
  if (headerLength > buffer.size() - headerStart)
    return makeError(name, "truncated .npy header (the header claims " +
                               llvm::Twine(headerLength) +
                               " bytes, the file "
                               "has " +
                               llvm::Twine(buffer.size() - headerStart) +
                               " after the preamble)");
  return std::pair(headerStart, headerLength);
}

/// Sets `array`'s dtype and item size from the header's descr: [byte
/// order] kind itemsize, e.g. "<f4", "|u1". Data this host cannot read as
/// it is stored is an error.
static llvm::Error parseDType(StringRef descr, StringRef name,
                              NpyArray &array) {
  StringRef rest = descr;
  char order = '|';
  if (!rest.empty() && StringRef("<>|=").contains(rest.front())) {
    order = rest.front();
    rest = rest.drop_front();
  }
  unsigned itemSize = 0;
  if (rest.size() < 2 || !StringRef("fiubc").contains(rest.front()) ||
      rest.drop_front().getAsInteger(10, itemSize) || itemSize == 0 ||
      itemSize > 16)
    return makeError(name, "unsupported dtype '" + descr +
                               "' (expected a numeric dtype such as '<f4')");
  array.dtype = rest.str();
  array.itemSize = itemSize;
  if (order == '>' && itemSize > 1)
    return makeError(name, "big-endian data ('" + descr +
                               "') is not supported; save it little-endian, "
                               "e.g. with a.astype('<" +
                               array.dtype + "')");
  if ((order == '<' || order == '=') && !llvm::sys::IsLittleEndianHost)
    return makeError(name, "little-endian data on a big-endian host is not "
                           "supported");
  return llvm::Error::success();
}

/// Checks that the `available` bytes after the header are exactly the data
/// `array`'s shape and dtype describe.
static llvm::Error checkDataSize(const NpyArray &array, uint64_t available,
                                 StringRef name) {
  uint64_t dataBytes = array.itemSize;
  bool overflow = false;
  for (int64_t dim : array.shape) {
    if (dim == 0) {
      dataBytes = 0;
      overflow = false;
      break;
    }
    if (!overflow && static_cast<uint64_t>(dim) >
                         std::numeric_limits<int64_t>::max() / dataBytes)
      overflow = true;
    if (!overflow)
      dataBytes *= static_cast<uint64_t>(dim);
  }
  if (overflow || dataBytes > available)
    return makeError(
        name,
        "truncated .npy file: shape " +
            llvm::Twine(llvm::join(
                llvm::map_range(array.shape,
                                [](int64_t d) { return std::to_string(d); }),
                "x")) +
            " of " + describeDType(array.dtype) + " needs " +
            (overflow ? std::string("more") : std::to_string(dataBytes)) +
            " bytes of data, the file has " + llvm::Twine(available));
  if (dataBytes < available)
    return makeError(name, "the file has " + llvm::Twine(available) +
                               " bytes of data, but its header describes " +
                               llvm::Twine(dataBytes));
  return llvm::Error::success();
}

llvm::Expected<NpyArray> reference::parseNpy(StringRef buffer, StringRef name) {
  auto location = locateHeader(buffer, name);
  if (!location)
    return location.takeError();
  auto [headerStart, headerLength] = *location;
  StringRef header = buffer.substr(headerStart, headerLength);

  NpyArray array;
  std::string descr;
  bool fortranOrder = false;
  HeaderParser parser(header, name);
  if (llvm::Error err = parser.parse(descr, fortranOrder, array.shape))
    return std::move(err);
  if (llvm::Error err = parseDType(descr, name, array))
    return std::move(err);

  // Fortran order is the same layout as C order when at most one dimension
  // is longer than 1.
  if (fortranOrder &&
      llvm::count_if(array.shape, [](int64_t dim) { return dim > 1; }) > 1)
    return makeError(name, "Fortran-ordered arrays are not supported; save "
                           "a C-ordered copy (np.ascontiguousarray)");

  size_t dataStart = headerStart + headerLength;
  if (llvm::Error err = checkDataSize(array, buffer.size() - dataStart, name))
    return std::move(err);
  array.data.assign(buffer.bytes_begin() + dataStart, buffer.bytes_end());
  return array;
}

llvm::Expected<NpyArray> reference::readNpy(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError(path, "cannot read: " + buffer.getError().message());
  return parseNpy((*buffer)->getBuffer(), path);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

std::string reference::serializeNpy(StringRef descr,
                                    llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<uint8_t> data) {
  std::string dict =
      "{'descr': '" + descr.str() + "', 'fortran_order': False, 'shape': (";
  for (auto [i, dim] : llvm::enumerate(shape))
    dict += (i ? ", " : "") + std::to_string(dim);
  if (shape.size() == 1)
    dict += ",";
  dict += "), }";
  // Pad with spaces so that the data starts on a 64-byte boundary; the
  // header ends with '\n'.
  size_t preamble = 10;
  size_t total = preamble + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  bool version2 = padded - preamble > std::numeric_limits<uint16_t>::max();
  if (version2) {
    preamble = 12;
    total = preamble + dict.size() + 1;
    padded = (total + 63) / 64 * 64;
  }
  dict.append(padded - total, ' ');
  dict.push_back('\n');

  std::string file("\x93NUMPY", 6);
  file.push_back(version2 ? 2 : 1);
  file.push_back(0);
  size_t headerLength = dict.size();
  for (unsigned i = 0; i < (version2 ? 4u : 2u); ++i)
    file.push_back(static_cast<char>((headerLength >> (8 * i)) & 0xff));
  file += dict;
  file.append(reinterpret_cast<const char *>(data.data()), data.size());
  return file;
}

llvm::Error reference::writeNpy(StringRef path, StringRef descr,
                                llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<uint8_t> data) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return makeError(path, "cannot write: " + ec.message());
  os << serializeNpy(descr, shape, data);
  os.close();
  if (os.has_error())
    return makeError(path, "cannot write: " + os.error().message());
  return llvm::Error::success();
}

llvm::StringRef reference::npyDType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f2";
  case ElementType::BF16:
    return "u2";
  case ElementType::F32:
    return "f4";
  case ElementType::F64:
    return "f8";
  case ElementType::I8:
    return "i1";
  case ElementType::U8:
    return "u1";
  case ElementType::I32:
    return "i4";
  case ElementType::I64:
    return "i8";
  }
  llvm_unreachable("unknown element type");
}

llvm::Error reference::writeNpy(StringRef path, const Tensor &tensor) {
  StringRef dtype = npyDType(tensor.type);
  // One-byte types have no byte order.
  std::string descr = (dtype.ends_with("1") ? "|" : "<") + dtype.str();
  return writeNpy(path, descr, tensor.shape, tensor.data);
}
