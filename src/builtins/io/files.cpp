// builtins.md §12 File input / output: save, load, whos. The byte formats live in io/npy.cpp and
// runtime/toml.cpp (which sweep files are read with too); CSV is small enough to live here.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/io.hpp"
#include "base/messages/system.hpp"
#include "base/text_case.hpp"
#include "builtins/io/npy.hpp"
#include "builtins/paths.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "runtime/display.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/predefined.hpp"
#include "runtime/printf.hpp"
#include "runtime/toml.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

enum class FileFormat { Npy, Npz, Csv, Toml };

// Chosen by extension, compared case-insensitively; anything unknown is NPY (builtins.md §12).
FileFormat file_format(const std::string& name) {
  const std::string extension = lowercase(std::filesystem::path(name).extension().string());
  if (extension == ".npz") return FileFormat::Npz;
  if (extension == ".csv") return FileFormat::Csv;
  if (extension == ".toml") return FileFormat::Toml;
  return FileFormat::Npy;
}

// Relative paths resolve as builtins/paths.hpp says (the base directory, else the working one).
std::filesystem::path resolve(const Call& call, const std::string& name) {
  return session_path(call.session(), name);
}

std::string read_file(const Call& call, const std::string& name) {
  std::string reason;
  const std::filesystem::path path = resolve(call, name);
  std::optional<std::string> bytes = llmlab::read_file(path, reason);
  if (!bytes) call.fail(cannot_read(path, reason));
  return std::move(*bytes);
}

// Through base/file's write_file: a failed save leaves the old file whole, a symlink is written
// through, and a device, fifo or folder is refused.
void write_file(const Call& call, const std::string& name, std::string_view bytes) {
  std::string reason;
  if (!llmlab::write_file(resolve(call, name), bytes, reason)) {
    call.fail(fmt::format(messages::cannot_write_file, name, reason));
  }
}

// A numeric value as NPY data: shape () for scalars, (N,) for vectors, (R, C) for matrices,
// (d1, ..., dn) in C order for N-D arrays.
std::string npy_bytes(const Call& call, const Value& value) {
  std::vector<std::int64_t> shape;
  num::Matrix elements;
  switch (value.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      elements = value.as_matrix();
      break;
    case Kind::Vector:
      elements = value.matrix_value();
      shape = {elements.size()};
      break;
    case Kind::Matrix:
      elements = value.matrix_value();
      shape = {elements.rows(), elements.columns()};
      break;
    case Kind::NdArray:  // NumPy's A[i, j, k] is MATLAB's A(i+1, j+1, k+1)
      elements = num::c_order_elements(value.nd_value());
      shape.assign(value.nd_value().dims().begin(), value.nd_value().dims().end());
      break;
    default:
      call.fail(fmt::format(messages::stores_numeric_only, "NPY", value.kind_name()));
  }
  elements.demote_if_real();
  return npy::encode(elements, shape);
}

Value npy_value(const npy::Array& array) {
  const num::Matrix& elements = array.elements;
  switch (array.shape.size()) {
    case 0:
      if (elements.is_complex()) return Value::complex(elements.complex_at(0));
      return Value::scalar(elements[0]);
    case 1:
      if (array.shape[0] == 1) {
        if (elements.is_complex()) return Value::complex(elements.complex_at(0));
        return Value::scalar(elements[0]);
      }
      return Value::vector(elements);
    case 2:
      return Value::matrix(elements.with_shape(array.shape[0], array.shape[1]));
    default:
      return runtime::nd_result(
          num::from_c_order(num::Dims(array.shape.begin(), array.shape.end()), elements));
  }
}

// One CSV cell: the shortest form of the real part, or `re+imi` / `re-imi`.
std::string csv_cell(num::Complex c) {
  if (std::fabs(c.imag()) < 1e-12) return num::format_shortest(c.real());
  std::string out = num::format_shortest(c.real());
  if (!(c.imag() < 0.0)) out.push_back('+');
  return out + num::format_shortest(c.imag()) + "i";
}

std::string csv_text(const Call& call, const Value& value) {
  if (!value.is_numeric())
    call.fail(fmt::format(messages::stores_numeric_only, "CSV", value.kind_name()));
  const num::Matrix m = value.as_matrix();
  // A vector is one element per line; a matrix R lines of C cells.
  const num::Index columns = value.is(Kind::Matrix) ? m.columns() : 1;
  std::string out;
  for (num::Index i = 0; i < m.size(); ++i) {
    out += csv_cell(m.complex_at(i));
    out += (i + 1) % columns == 0 ? "\n" : ",";
  }
  return out;
}

bool parse_double(std::string_view text, double& value) {
  if (text.empty()) return false;
  const std::string copy(text);
  char* end = nullptr;
  value = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size();
}

// `re`, `re+imi`, `re-imj`, `imi` (builtins.md §12).
num::Complex parse_csv_cell(std::string_view cell) {
  while (!cell.empty() && std::isspace(static_cast<unsigned char>(cell.front())))
    cell.remove_prefix(1);
  while (!cell.empty() && std::isspace(static_cast<unsigned char>(cell.back())))
    cell.remove_suffix(1);
  double re = 0.0;
  double im = 0.0;
  if (parse_double(cell, re)) return {re, 0.0};
  if (!cell.empty() && (cell.back() == 'i' || cell.back() == 'j')) {
    const std::string_view body = cell.substr(0, cell.size() - 1);
    // The sign that starts the imaginary part: the last + or - not opening an exponent.
    std::size_t split = std::string_view::npos;
    for (std::size_t k = body.size(); k-- > 1;) {
      if ((body[k] == '+' || body[k] == '-') && body[k - 1] != 'e' && body[k - 1] != 'E') {
        split = k;
        break;
      }
    }
    const std::string_view real_text = split == std::string_view::npos ? "" : body.substr(0, split);
    std::string_view imaginary_text = split == std::string_view::npos ? body : body.substr(split);
    if (imaginary_text == "+" || imaginary_text.empty()) imaginary_text = "1";
    if (imaginary_text == "-") imaginary_text = "-1";
    const bool real_ok = real_text.empty() || parse_double(real_text, re);
    if (real_ok && parse_double(imaginary_text, im)) return {re, im};
  }
  throw Error(fmt::format(messages::csv_cell_not_number, cell));
}

Value csv_value(std::string_view text) {
  std::vector<std::vector<num::Complex>> rows;
  bool complex = false;
  std::size_t position = 0;
  while (position <= text.size()) {
    std::size_t end = text.find('\n', position);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(position, end - position);
    position = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (std::all_of(line.begin(), line.end(),
                    [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
      continue;
    }
    std::vector<num::Complex>& row = rows.emplace_back();
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      row.push_back(parse_csv_cell(line.substr(
          start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
      complex = complex || row.back().imag() != 0.0;
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (row.size() != rows.front().size()) throw Error(std::string(messages::csv_ragged_rows));
  }
  const auto row_count = static_cast<num::Index>(rows.size());
  const auto column_count = rows.empty() ? num::Index{0} : static_cast<num::Index>(rows[0].size());
  num::Matrix m(row_count, column_count,
                complex ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index r = 0; r < row_count; ++r) {
    for (num::Index c = 0; c < column_count; ++c) {
      const num::Complex z = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (complex) {
        m.set(r, c, z);
      } else {
        m.set(r, c, z.real());
      }
    }
  }
  if (m.size() == 1) {
    return complex ? Value::complex(m.complex_at(0)) : Value::scalar(m[0]);
  }
  if (row_count == 1 || column_count == 1) return Value::vector(std::move(m));
  return Value::matrix(std::move(m));
}

void expect_one_value(const Call& call, std::string_view format_name) {
  if (call.count() != 2) call.fail(fmt::format(messages::format_takes_one_value, format_name));
}

// save("f.npy", x), save("f.npz", "a", a, ...), save("f.csv", x), save("f.toml", s).
Value save(Call& call) {
  const std::string& name = call.string(0);
  switch (file_format(name)) {
    case FileFormat::Npy:
      expect_one_value(call, "NPY");
      write_file(call, name, npy_bytes(call, call.value(1)));
      break;
    case FileFormat::Npz: {
      if (call.count() % 2 != 1) call.fail(messages::npz_needs_name_value_pairs);
      npy::Members members;
      for (int i = 1; i < call.count(); i += 2) {
        if (!call.value(i).is(Kind::String)) {
          call.fail(messages::npz_needs_name_value_pairs);
        }
        members.emplace_back(call.value(i).string_value() + ".npy",
                             npy_bytes(call, call.value(i + 1)));
      }
      write_file(call, name, npy::encode_zip(members));
      break;
    }
    case FileFormat::Csv:
      expect_one_value(call, "CSV");
      write_file(call, name, csv_text(call, call.value(1)));
      break;
    case FileFormat::Toml:
      expect_one_value(call, "TOML");
      if (!call.value(1).is(Kind::Struct)) {
        call.fail(fmt::format(messages::toml_needs_struct, call.value(1).kind_name()));
      }
      write_file(call, name, runtime::toml::encode(call.value(1)));
      break;
  }
  return Value::none();
}

// The member of an archive called `name` (with or without `.npy`).
std::string member_stem(const std::string& member) {
  return member.ends_with(".npy") ? member.substr(0, member.size() - 4) : member;
}

// load("f.npz") as a bare statement defines every member as a variable and returns the
// message, which the statement's echo prints unless `;` suppresses it (language.md §8.1).
Value load_archive(Call& call, const std::string& name, const std::string& bytes) {
  const npy::Members members = npy::decode_zip(bytes, name);
  if (call.has(1)) {
    const std::string& wanted = call.string(1);
    for (const auto& [member, data] : members) {
      if (member_stem(member) == wanted) return npy_value(npy::decode(data, name));
    }
    call.fail(fmt::format(messages::archive_has_no_member, name, wanted));
  }
  if (call.nargout() >= 1) {
    runtime::StructFields fields;
    for (const auto& [member, data] : members) {
      fields[member_stem(member)] = npy_value(npy::decode(data, name));
    }
    return Value::structure(std::move(fields));
  }
  std::vector<std::string> names;
  for (const auto& [member, data] : members) {
    names.push_back(member_stem(member));
    call.interpreter().set_variable(names.back(), npy_value(npy::decode(data, name)));
  }
  return Value::string(fmt::format("loaded: {}", fmt::join(names, ", ")));
}

Value load(Call& call) {
  const std::string& name = call.string(0);
  const std::string bytes = read_file(call, name);
  switch (file_format(name)) {
    case FileFormat::Npy:
      return npy_value(npy::decode(bytes, name));
    case FileFormat::Npz:
      return load_archive(call, name, bytes);
    case FileFormat::Csv:
      return csv_value(bytes);
    case FileFormat::Toml:
      return runtime::toml::decode(bytes, name);
  }
  return Value::none();
}

// fileread(name): the whole file as one string, bytes as they are (MATLAB's fileread), so a
// lesson can train on a text corpus. A missing or unreadable file names the path and the
// system's reason.
Value fileread(Call& call) {
  const std::string& name = call.string(0);
  std::string reason;
  const std::filesystem::path path = resolve(call, name);
  std::optional<std::string> bytes = llmlab::read_file(path, reason);
  if (!bytes) call.fail(cannot_read(path, reason));
  return Value::string(std::move(*bytes));
}

std::string whos_table(const std::vector<std::array<std::string, 3>>& rows) {
  std::string out = "\n";
  out += fmt::format("  {:<20} {:<10} {}\n", "Name", "Type", "Size");
  out += "  ";
  for (int i = 0; i < 44; ++i) out += "\u2500";
  out += "\n";
  for (const auto& [name, type, size] : rows) {
    out += fmt::format("  {:<20} {:<10} {}\n", name, type, size);
  }
  out += "\n";
  return out;
}

std::string size_text(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
      return fmt::format("1\u00d7{}", value.matrix_value().size());
    case Kind::Matrix:
      return fmt::format("{}\u00d7{}", value.matrix_value().rows(), value.matrix_value().columns());
    case Kind::String:
      return fmt::format("1\u00d7{}", value.element_count());
    case Kind::StringArray:
      return fmt::format("1\u00d7{}", value.string_array_value().size());
    case Kind::StructArray:
      return fmt::format("1\u00d7{}", value.element_count());
    default:
      return "1\u00d71";
  }
}

// whos("f.npz"): the archive's members; whos(): the variables the user defined (MATLAB).
Value whos(Call& call) {
  std::vector<std::array<std::string, 3>> rows;
  if (!call.has(0)) {
    for (const std::string& name : call.interpreter().variable_names()) {
      const Value* value = call.interpreter().variable(name);
      if (value == nullptr || runtime::is_untouched_predefined(name, *value)) continue;
      rows.push_back({name, std::string(value->kind_name()), size_text(*value)});
    }
  } else {
    const std::string& name = call.string(0);
    if (file_format(name) != FileFormat::Npz) {
      call.fail(fmt::format(messages::only_npz_archives, name));
    }
    for (const auto& [member, data] : npy::decode_zip(read_file(call, name), name)) {
      const npy::Array array = npy::decode(data, name);
      std::string shape = fmt::format("{}", fmt::join(array.shape, "\u00d7"));
      if (array.shape.empty()) shape = "1\u00d71";
      rows.push_back(
          {member_stem(member), npy::is_complex_dtype(data) ? "complex" : "real", shape});
    }
  }
  call.session().write(whos_table(rows));
  return Value::none();
}

}  // namespace

extern const BuiltinTable kIoBuiltins = {
    {"save", save, 1, -1,
     "save(file, x): write x as .npy, .csv or .toml; save(f.npz, name, x, ...). Example: "
     "save(\"x.csv\", [1, 2; 3, 4])"},
    {"load", load, 1, 2,
     "load(file) or load(f.npz, name): read a saved .npy/.npz/.csv/.toml file. Example: "
     "save(\"x.npy\", [1, 2, 3]); y = load(\"x.npy\")"},
    {"fileread", fileread, 1, 1,
     "fileread(file): the whole text file as one string. Example: save(\"x.csv\", [1, 2]); "
     "t = fileread(\"x.csv\")"},
    {"whos", whos, 0, 1,
     "whos(f.npz): list an archive's members; whos(): list the variables. Example: x = 1; whos()"},
};

}  // namespace llmlab::builtins
