// MATLAB's numeric classes (language.md §14; issue #26): double, single, the eight integer
// classes and logical, as one tag carried by numeric Values whose storage stays double. This
// module owns every rule about them: the names, the conversion to a class (integers round
// halves away from zero and saturate, NaN becoming 0; single rounds to the nearest float32),
// and the class of a binary operation's or a concatenation's result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace llmlab::num {
class Matrix;
}

namespace llmlab::runtime {

// Ordered so that "a class of its own" (single or an integer) is one comparison: >= Single.
// Char marks a char matrix of several rows (runtime/char_matrix.hpp): its arithmetic is double
// arithmetic, so it is no class of its own in that sense. String marks a text value (a String or
// a StringArray) as MATLAB's string class rather than char (issue #26): the tag, not the kind,
// tells the string scalar "abc" from the char row 'abc'.
enum class NumClass : std::uint8_t {
  Double,
  Logical,
  Char,
  String,
  Single,
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
};

// "double", "single", "int8", ... "logical", "char", "string": what class() prints.
std::string_view class_name(NumClass cls);
// The numeric class a name spells; nullopt for any other text (including "char", "string", "cell",
// ...).
std::optional<NumClass> class_from_name(std::string_view name);

inline bool is_integer_class(NumClass cls) { return cls >= NumClass::Int8; }
inline bool is_float_class(NumClass cls) {
  return cls == NumClass::Double || cls == NumClass::Single;
}
// Single or an integer: a value whose arithmetic is not plain double arithmetic.
inline bool is_special_class(NumClass cls) { return cls >= NumClass::Single; }

// The range of an integer class, as doubles (int64's and uint64's limits are the nearest
// doubles, 2^63 and 2^64: storage is double, see docs/octave_conformance.md).
double integer_lowest(NumClass cls);
double integer_highest(NumClass cls);

// The digits an element of an integer class shows. int64 and uint64 values saturated at the top
// (stored as 2^63 and 2^64, the nearest doubles) show the true limits.
std::string integer_text(double x, NumClass cls);

// x converted to the class: an integer class rounds halves away from zero, saturates at its
// limits and takes NaN to 0; single rounds to the nearest float32 (ties to even, overflow to
// ±Inf); double and logical leave x as it is.
double to_class(double x, NumClass cls);
// The same, element by element (a complex element part by part), in place.
void convert_to_class(num::Matrix& values, NumClass cls);

// The class of `a op b` for an arithmetic operator (MATLAB's rules): an integer class wins over
// double, single and logical (two different integer classes are an error), single wins over
// double and logical, and anything else is double. Throws base::Error with MATLAB's message
// for two integer classes.
NumClass arithmetic_class(NumClass a, NumClass b);

// The class of [a, b] for numeric parts (MATLAB's concatenation): char, else the leftmost
// integer class, else single, else double; logical only when both are logical.
NumClass concatenation_class(NumClass a, NumClass b);

}  // namespace llmlab::runtime
