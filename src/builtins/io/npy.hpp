// NumPy `.npy` arrays and the uncompressed ZIP archives that hold them (`.npz`), for save, load
// and whos (builtins.md §12). Byte-level codecs only: no script values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "num/matrix.hpp"

namespace llmlab::builtins::npy {

// An array as NumPy sees it: its shape (empty for a 0-d scalar) and its elements in C order,
// held in a matrix of 1 row (complex when the dtype is <c16).
struct Array {
  std::vector<std::int64_t> shape;
  num::Matrix elements;
};

// NPY version 1.0, little-endian `<f8` when every element is real, else `<c16`.
std::string encode(const num::Matrix& elements, const std::vector<std::int64_t>& shape);
// Reads NPY 1.0/2.0 with dtype `<f8` or `<c16` (C or Fortran order). Throws Error naming `what`.
Array decode(std::string_view bytes, std::string_view what);

// True for `<c16` data, from the header alone (whos).
bool is_complex_dtype(std::string_view bytes);

// A ZIP archive of stored (uncompressed) members, in order.
using Members = std::vector<std::pair<std::string, std::string>>;
std::string encode_zip(const Members& members);
// Reads every member; deflated members are an error (llmlab has no inflater).
Members decode_zip(std::string_view bytes, std::string_view what);

}  // namespace llmlab::builtins::npy
