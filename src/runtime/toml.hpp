// TOML text for struct values (builtins.md §12 `save("f.toml", s)` / `load("f.toml")`, and the
// sweep files of sweep/spec): the subset a lab needs — tables, numbers, bools, strings, arrays and
// arrays of arrays. In runtime, beside the values it reads and writes, so that the sweep library
// below the builtins reads sweep files with it.
#pragma once

#include <string>
#include <string_view>

#include "runtime/value.hpp"

namespace llmlab::runtime::toml {

// A Struct as a TOML document: integral scalars as integers, other scalars as floats, vectors
// as arrays, matrices as arrays of rows, nested structs as tables. Complex values and kinds
// TOML cannot hold are errors worded for `save`.
std::string encode(const runtime::Value& structure);

// A number as TOML writes it: an integral value below 2^63 as an integer, any other as the
// shortest float that reads back exactly (with a `.0` when it has no point), NaN and ±∞ as
// TOML's `nan`, `inf`, `-inf`.
std::string number_text(double x);

// A TOML document as a Struct: integers and floats → Scalar, numeric arrays → Vector, arrays of
// equal-length numeric arrays → Matrix, string arrays → StringArray, tables → Struct. Errors are
// worded for `load` and name `what` (the file) and the line.
runtime::Value decode(std::string_view text, std::string_view what);

}  // namespace llmlab::runtime::toml
