// builtins.md §12 File input / output: the NPY and ZIP byte formats. NPY: the NumPy format spec
// (numpy.lib.format, version 1.0/2.0). ZIP: PKWARE APPNOTE 6.3 — local headers, central directory,
// end record; ZIP64 sizes read.
#include "builtins/io/npy.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <bit>
#include <cstring>

#include "base/error.hpp"
#include "base/messages/io.hpp"
#include "num/ops.hpp"

namespace llmlab::builtins::npy {

namespace {

static_assert(std::endian::native == std::endian::little, "NPY/ZIP codecs assume little-endian");

constexpr std::string_view kMagic = "\x93NUMPY";

void put16(std::string& out, std::uint32_t value) {
  out.push_back(static_cast<char>(value & 0xFF));
  out.push_back(static_cast<char>((value >> 8) & 0xFF));
}
void put32(std::string& out, std::uint32_t value) {
  put16(out, value & 0xFFFF);
  put16(out, value >> 16);
}

std::uint64_t get(std::string_view bytes, std::size_t offset, int width, std::string_view what) {
  if (offset + static_cast<std::size_t>(width) > bytes.size()) {
    throw Error(fmt::format(messages::load_truncated, what));
  }
  std::uint64_t value = 0;
  for (int i = width - 1; i >= 0; --i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[offset + static_cast<std::size_t>(i)]);
  }
  return value;
}

// The shape as the .npy header writes it: a Python tuple, `(3,)` for one dimension.
std::string python_tuple(const std::vector<std::int64_t>& shape) {
  if (shape.empty()) return "()";
  if (shape.size() == 1) return fmt::format("({},)", shape[0]);
  return fmt::format("({})", fmt::join(shape, ", "));
}

// The value of `'key': ` in the header dictionary, up to the next top-level `,` or `}`.
std::string_view header_field(std::string_view header, std::string_view key,
                              std::string_view what) {
  const std::string quoted = fmt::format("'{}'", key);
  std::size_t position = header.find(quoted);
  if (position == std::string_view::npos) {
    throw Error(fmt::format(messages::npy_header_lacks_key, what, key));
  }
  position = header.find(':', position + quoted.size());
  if (position == std::string_view::npos) throw Error(fmt::format(messages::npy_bad_header, what));
  ++position;
  while (position < header.size() && header[position] == ' ') ++position;
  std::size_t end = position;
  int depth = 0;
  while (end < header.size()) {
    const char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
    ++end;
  }
  while (end > position && header[end - 1] == ' ') --end;
  return header.substr(position, end - position);
}

std::vector<std::int64_t> parse_shape(std::string_view text, std::string_view what) {
  std::vector<std::int64_t> shape;
  if (text.empty() || text.front() != '(' || text.back() != ')') {
    throw Error(fmt::format(messages::npy_bad_shape, what, text));
  }
  std::int64_t value = -1;
  for (const char c : text.substr(1, text.size() - 2)) {
    if (c >= '0' && c <= '9') {
      value = (value < 0 ? 0 : value) * 10 + (c - '0');
      if (value > (std::int64_t{1} << 40)) throw Error(fmt::format(messages::load_too_large, what));
    } else if (c == ',') {
      if (value >= 0) shape.push_back(value);
      value = -1;
    } else if (c != ' ' && c != 'L') {
      throw Error(fmt::format(messages::npy_bad_shape, what, text));
    }
  }
  if (value >= 0) shape.push_back(value);
  return shape;
}

// CRC-32 (IEEE 802.3, reflected), as ZIP requires.
std::uint32_t crc32(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> entries{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entries[i] = c;
    }
    return entries;
  }();
  std::uint32_t crc = 0xFFFFFFFFu;
  for (const char byte : bytes) {
    crc = table[(crc ^ static_cast<unsigned char>(byte)) & 0xFF] ^ (crc >> 8);
  }
  return crc ^ 0xFFFFFFFFu;
}

// The element count by checked multiplication: a shape such as (2^32, 2^32) would otherwise
// overflow to a matrix that claims 2^64 elements and holds none. No file can hold more
// elements than it has bytes, so a count past that is an error before any allocation.
std::int64_t element_count(const std::vector<std::int64_t>& shape, std::size_t file_size,
                           std::string_view what) {
  std::int64_t count = 1;
  for (const std::int64_t extent : shape) {
    if (extent != 0 && count > static_cast<std::int64_t>(file_size) / extent) {
      throw Error(fmt::format(messages::npy_shape_exceeds_file, what, num::shape_text(shape)));
    }
    count *= extent;
  }
  return count;
}

// The `count` elements of `data` (an NPY file's data, after its header) as one row in C order,
// `<c16` pairs when complex. Fortran order: element (i0, i1, ...) sits at
// i0 + n0*(i1 + n1*...); reverse the index.
num::Matrix read_elements(std::string_view data, const std::vector<std::int64_t>& shape,
                          std::int64_t count, bool complex, bool fortran, std::string_view what) {
  const std::size_t element_size = complex ? 16 : 8;
  num::Matrix elements(1, count,
                       complex ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  const std::size_t rank = shape.size();
  std::vector<std::int64_t> index(rank, 0);
  for (std::int64_t i = 0; i < count; ++i) {
    std::int64_t source = i;
    if (fortran && rank > 1) {
      // `index` is the C-order multi-index of i.
      std::int64_t rest = i;
      for (std::size_t d = rank; d-- > 0;) {
        index[d] = rest % shape[d];
        rest /= shape[d];
      }
      source = 0;
      for (std::size_t d = rank; d-- > 0;) source = source * shape[d] + index[d];
    }
    const std::size_t offset = static_cast<std::size_t>(source) * element_size;
    const double re = std::bit_cast<double>(get(data, offset, 8, what));
    if (complex) {
      const double im = std::bit_cast<double>(get(data, offset + 8, 8, what));
      elements.set(i, num::Complex(re, im));
    } else {
      elements.set(i, re);
    }
  }
  return elements;
}

// The position of the ZIP end record: the last 22 bytes plus a comment of up to 65535 bytes.
std::size_t end_record(std::string_view bytes, std::string_view what) {
  if (bytes.size() < 22) throw Error(fmt::format(messages::not_zip_archive, what));
  std::size_t end = bytes.size() - 22;
  const std::size_t lowest = bytes.size() > 22 + 65535 ? bytes.size() - 22 - 65535 : 0;
  while (get(bytes, end, 4, what) != 0x06054b50) {
    if (end == lowest) throw Error(fmt::format(messages::not_zip_archive, what));
    --end;
  }
  return end;
}

// ZIP64: the sizes and offset of the central directory entry at `entry` that read 0xFFFFFFFF
// live in its extra field 0x0001, in that order; `size` and `local` take them from there.
void read_zip64_extra(std::string_view bytes, std::size_t entry, std::size_t name_length,
                      std::size_t extra_length, std::uint64_t& size, std::uint64_t& local,
                      std::string_view what) {
  const std::uint64_t compressed_marker = get(bytes, entry + 20, 4, what);
  const std::uint64_t uncompressed_marker = get(bytes, entry + 24, 4, what);
  std::size_t extra = entry + 46 + name_length;
  const std::size_t extra_end = extra + extra_length;
  while (extra + 4 <= extra_end) {
    const auto id = get(bytes, extra, 2, what);
    const std::size_t length = get(bytes, extra + 2, 2, what);
    if (id == 0x0001) {
      std::size_t field = extra + 4;
      if (uncompressed_marker == 0xFFFFFFFFu) field += 8;
      if (compressed_marker == 0xFFFFFFFFu) {
        size = get(bytes, field, 8, what);
        field += 8;
      }
      if (local == 0xFFFFFFFFu) local = get(bytes, field, 8, what);
    }
    extra += 4 + length;
  }
}

// The stored bytes of the member whose local header is at `local`.
std::string member_bytes(std::string_view bytes, std::uint64_t local, std::uint64_t size,
                         std::string_view what) {
  const std::size_t local_name = get(bytes, static_cast<std::size_t>(local) + 26, 2, what);
  const std::size_t local_extra = get(bytes, static_cast<std::size_t>(local) + 28, 2, what);
  const std::size_t data = static_cast<std::size_t>(local) + 30 + local_name + local_extra;
  if (data > bytes.size() || bytes.size() - data < size) {
    throw Error(fmt::format(messages::load_truncated, what));
  }
  return std::string(bytes.substr(data, static_cast<std::size_t>(size)));
}

}  // namespace

std::string encode(const num::Matrix& elements, const std::vector<std::int64_t>& shape) {
  const bool complex = elements.is_complex();
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}",
                                   complex ? "<c16" : "<f8", python_tuple(shape));
  // Pad with spaces and a final newline so the data starts on a 64-byte boundary.
  const std::size_t unpadded = kMagic.size() + 2 + 2 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::string out(kMagic);
  out.push_back('\x01');
  out.push_back('\x00');
  put16(out, static_cast<std::uint32_t>(header.size()));
  out += header;
  if (complex) {
    const auto values = elements.complex_values();
    out.append(reinterpret_cast<const char*>(values.data()), values.size_bytes());
  } else {
    for (num::Index i = 0; i < elements.size(); ++i) {
      const auto bits = std::bit_cast<std::uint64_t>(elements[i]);
      put32(out, static_cast<std::uint32_t>(bits & 0xFFFFFFFFu));
      put32(out, static_cast<std::uint32_t>(bits >> 32));
    }
  }
  return out;
}

bool is_complex_dtype(std::string_view bytes) {
  return bytes.substr(0, 128).find("'<c16'") != std::string_view::npos;
}

Array decode(std::string_view bytes, std::string_view what) {
  if (bytes.substr(0, kMagic.size()) != kMagic) {
    throw Error(fmt::format(messages::not_npy_file, what));
  }
  const auto major = static_cast<int>(get(bytes, 6, 1, what));
  const int length_width = major == 1 ? 2 : 4;
  const std::size_t header_length = get(bytes, 8, length_width, what);
  const std::size_t data_offset = 8 + static_cast<std::size_t>(length_width) + header_length;
  if (data_offset > bytes.size()) throw Error(fmt::format(messages::load_truncated, what));
  const std::string_view header =
      bytes.substr(8 + static_cast<std::size_t>(length_width), header_length);

  std::string_view descr = header_field(header, "descr", what);
  if (descr.size() >= 2) descr = descr.substr(1, descr.size() - 2);
  const bool complex = descr == "<c16";
  if (descr != "<f8" && !complex) {
    throw Error(fmt::format(messages::npy_unsupported_dtype, descr));
  }
  const bool fortran = header_field(header, "fortran_order", what) == "True";
  Array array;
  array.shape = parse_shape(header_field(header, "shape", what), what);
  const std::int64_t count = element_count(array.shape, bytes.size(), what);
  const std::size_t element_size = complex ? 16 : 8;
  if (bytes.size() - data_offset < static_cast<std::size_t>(count) * element_size) {
    throw Error(fmt::format(messages::load_truncated, what));
  }
  array.elements =
      read_elements(bytes.substr(data_offset), array.shape, count, complex, fortran, what);
  return array;
}

std::string encode_zip(const Members& members) {
  std::string out;
  std::string directory;
  for (const auto& [name, data] : members) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    const std::uint32_t crc = crc32(data);
    const auto size = static_cast<std::uint32_t>(data.size());
    // Local file header: version 2.0, no flags, stored, 1980-01-01 00:00.
    put32(out, 0x04034b50);
    put16(out, 20);
    put16(out, 0);
    put16(out, 0);
    put16(out, 0);
    put16(out, 0x21);
    put32(out, crc);
    put32(out, size);
    put32(out, size);
    put16(out, static_cast<std::uint32_t>(name.size()));
    put16(out, 0);
    out += name;
    out += data;
    // Central directory entry.
    put32(directory, 0x02014b50);
    put16(directory, 20);
    put16(directory, 20);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0x21);
    put32(directory, crc);
    put32(directory, size);
    put32(directory, size);
    put16(directory, static_cast<std::uint32_t>(name.size()));
    put16(directory, 0);  // extra
    put16(directory, 0);  // comment
    put16(directory, 0);  // disk
    put16(directory, 0);  // internal attributes
    put32(directory, 0);  // external attributes
    put32(directory, offset);
    directory += name;
  }
  const auto directory_offset = static_cast<std::uint32_t>(out.size());
  out += directory;
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<std::uint32_t>(members.size()));
  put16(out, static_cast<std::uint32_t>(members.size()));
  put32(out, static_cast<std::uint32_t>(directory.size()));
  put32(out, directory_offset);
  put16(out, 0);
  return out;
}

Members decode_zip(std::string_view bytes, std::string_view what) {
  const std::size_t end = end_record(bytes, what);
  const std::size_t count = get(bytes, end + 10, 2, what);
  std::size_t entry = get(bytes, end + 16, 4, what);
  Members members;
  for (std::size_t k = 0; k < count; ++k) {
    if (get(bytes, entry, 4, what) != 0x02014b50) {
      throw Error(fmt::format(messages::zip_directory_corrupt, what));
    }
    const auto method = get(bytes, entry + 10, 2, what);
    std::uint64_t size = get(bytes, entry + 20, 4, what);
    const std::size_t name_length = get(bytes, entry + 28, 2, what);
    const std::size_t extra_length = get(bytes, entry + 30, 2, what);
    const std::size_t comment_length = get(bytes, entry + 32, 2, what);
    std::uint64_t local = get(bytes, entry + 42, 4, what);
    if (entry + 46 + name_length > bytes.size())
      throw Error(fmt::format(messages::load_truncated, what));
    std::string name(bytes.substr(entry + 46, name_length));
    read_zip64_extra(bytes, entry, name_length, extra_length, size, local, what);
    if (method != 0) {
      throw Error(fmt::format(messages::npz_member_compressed, what, name));
    }
    std::string content = member_bytes(bytes, local, size, what);
    // A corrupted byte would otherwise load as a silently different value.
    if (crc32(content) != static_cast<std::uint32_t>(get(bytes, entry + 16, 4, what))) {
      throw Error(fmt::format(messages::npz_member_fails_crc, what, name));
    }
    members.emplace_back(std::move(name), std::move(content));
    entry += 46 + name_length + extra_length + comment_length;
  }
  return members;
}

}  // namespace llmlab::builtins::npy
