// One text transformation applied across the shapes text comes in (issue #24: text.cpp's
// per_text and strings.cpp's map_text were two copies of this).
#pragma once

#include <string>
#include <vector>

#include "runtime/call.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// f applied to the text of argument 0, the result in the argument's shape and class: a char
// row gives a char row and a string scalar a string scalar; a string array or a cell of texts
// gives one result per text in its shape; a char matrix row by row, the rows padded again.
template <class F>
runtime::Value map_texts(runtime::Call& call, F f) {
  const runtime::Value& x = call.value(0);
  if (x.is(runtime::Kind::StringArray) || runtime::is_text_cell(x)) {
    std::vector<std::string> items = call.texts(0);
    for (std::string& item : items) item = f(std::move(item));
    return runtime::texts_shaped_like(x, std::move(items));
  }
  if (runtime::is_char_matrix(x)) {
    std::vector<std::string> rows = runtime::text_rows(x);
    for (std::string& row : rows) row = f(std::move(row));
    return runtime::char_rows(rows, runtime::RowWidths::Padded);
  }
  std::string result = f(call.string(0));
  return x.is_string_class() ? runtime::Value::string_scalar(std::move(result))
                             : runtime::Value::string(std::move(result));
}

// `result` in the class of `like` (MATLAB's "string in, string out"): when `like` is of the
// string class, text in `result` becomes strings of its shape (a char row a string scalar, a
// string array or a cell of texts a string array; of a tuple, its first output); otherwise
// `result` as it is.
inline runtime::Value in_class_of(const runtime::Value& like, runtime::Value result) {
  using runtime::Kind;
  if (!like.is_string_class() || result.is_string_class()) return result;
  if (result.is(Kind::Tuple)) {  // [sorted, index] = sort(s): the first output
    std::vector<runtime::Value> outputs = result.tuple_items();
    if (!outputs.empty()) outputs.front() = in_class_of(like, std::move(outputs.front()));
    return runtime::Value::tuple(std::move(outputs));
  }
  if (result.is(Kind::String)) return runtime::Value::string_scalar(result.string_value());
  if (result.is(Kind::StringArray)) {
    return runtime::Value::string_matrix(result.string_array_value(), 1);
  }
  if (runtime::is_text_cell(result)) {
    std::vector<std::string> texts;
    for (const runtime::Value& item : result.cell_value().items)
      texts.push_back(item.string_value());
    return runtime::Value::string_matrix(std::move(texts), result.cell_value().rows);
  }
  return result;
}

// A builtin whose result takes the class of its first argument (in_class_of).
template <runtime::Value (*F)(runtime::Call&)>
runtime::Value string_in_string_out(runtime::Call& call) {
  return in_class_of(call.value(0), F(call));
}

}  // namespace llmlab::builtins
