// runtime::Call: what a native builtin receives. Typed getters word every argument error once
// (Lua's lauxlib.c), so no builtin words "expected scalar, got string" itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "num/matrix.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

class Interpreter;
class Session;

// One name/value option of a builtin: its name as documented, and what to do with its value
// (given the value's argument index; the handler reads it with the typed getters).
struct NameValueOption {
  std::string_view name;
  std::function<void(int value_index)> take;
};

// The name/value pairs of arguments[first..] (builtins.md §0.2), for Call::name_value_options
// and for the few readers of arguments that hold a span, not a Call (a gradient rule's): each
// handed to its option in turn, so a name given twice takes its last value. Names match in any
// letter case, and a name that begins exactly one option's name is that option (MATLAB's
// rules). The errors, each "<who>: ...", are worded here once: "argument <k>: expected an option
// name, got <kind>", "unknown option '<name>' (options: 'A', 'B')" and "option '<name>' needs a
// value" (plotting.md §3's wording).
void read_name_value_options(std::string_view who, std::span<const Value> arguments, int first,
                             std::initializer_list<NameValueOption> options);

// MATLAB's NaN flag of sum, prod, mean, min, max and the like, in any letter case as MATLAB reads
// it: "omitnan" or "includenan"; nullopt for any other value. Builtins and their gradient rules
// read it here alike.
enum class NanFlag { Omit, Include };
std::optional<NanFlag> nan_flag(const Value& value);

// Whether `value` is the option word `word` (written in lowercase here) in any letter case, as
// MATLAB reads its option words ("all", "stable", "rows"...): builtins and gradient rules alike.
bool is_word(const Value& value, std::string_view word);
// The same for option text already read: whether `text` is `word` (in lowercase) in any case.
bool same_word(std::string_view text, std::string_view word);

// One entry of a builtin's table of option words: the word (in lowercase) and what it means.
template <typename Meaning>
struct OptionWord {
  std::string_view word;
  Meaning meaning;
};

// What the option word `text` means in `table`, read in any letter case; nullopt when it is
// none of the table's words. A chain of option words is one such table, not a chain of ifs.
template <typename Meaning, std::size_t N>
std::optional<Meaning> option_word(std::string_view text, const OptionWord<Meaning> (&table)[N]) {
  for (const OptionWord<Meaning>& entry : table) {
    if (same_word(text, entry.word)) return entry.meaning;
  }
  return std::nullopt;
}

class Call {
 public:
  Call(Interpreter& interpreter, std::string_view name, std::span<const Value> arguments,
       int nargout)
      : interpreter_(interpreter), name_(name), arguments_(arguments), nargout_(nargout) {}

  std::string_view name() const { return name_; }
  int count() const { return static_cast<int>(arguments_.size()); }
  // How many outputs the caller wants: 1 in expressions, the name count in `[a, b] = f(...)`,
  // 0 for an expression statement. Builtins with several outputs return a tuple.
  int nargout() const { return nargout_; }
  bool has(int index) const { return index >= 0 && index < count(); }
  const Value& value(int index) const;  // index must be < count()
  std::span<const Value> arguments() const { return arguments_; }
  // Argument `index` by value, moved out of the call when the caller gave up its own reference
  // (`[p, s] = adamw(p, ...)` hands p's value over: the evaluator moves a variable that the same
  // statement reassigns into the call), so that a builtin can update it in place without a
  // copy-on-write clone; a copy otherwise. Take an argument only after every check that can
  // fail: a failing call puts its moved arguments back into their variables.
  Value take(int index);
  // The evaluator's: the arguments are its own buffer, and `take` may move out of it.
  void allow_take(std::span<Value> owned) { owned_ = owned; }

  // Typed getters (builtins.md §0.2). Each throws "<name>: argument <k>: expected <what>, got
  // <kind or value>" on a mismatch; index must be < count() (has() guards optional arguments).
  num::Matrix matrix(int index) const;  // any numeric value as a matrix (scalar → 1×1)
  double scalar(int index) const;       // scalar conversion; bools count as 1/0
  double scalar_or(int index, double fallback) const {
    return has(index) ? scalar(index) : fallback;
  }
  std::int64_t integer(int index) const;         // an integral scalar
  std::int64_t count_argument(int index) const;  // a non-negative integral scalar (sizes)
  const std::string& string(int index) const;
  // A text or a list of texts: a string, a string array, or a cell whose elements are all
  // strings (MATLAB's cellstr, in column-major order).
  std::vector<std::string> texts(int index) const;
  bool boolean(int index) const;            // a Bool, or a real scalar (non-zero is true)
  const Value& structure(int index) const;  // a scalar struct
  // A function to call: a lambda or handle, or (when `by_name`) a function's name as text.
  const Value& function(int index, bool by_name = false) const;
  // An option from a set: the position in `choices` of the one argument `index` names, in any
  // letter case; anything else is "<what> must be "a", "b" or "c", got <value>" (builtins.md's
  // wording), `what` being "argument <k>" unless given.
  int choice(int index, std::initializer_list<std::string_view> choices,
             std::string_view what = {}) const;
  // The optional dim argument (builtins.md §0.2): 1 or 2, nullopt when absent; anything else is
  // the error "<name>: dim must be 1 or 2, got <d>".
  std::optional<int> dim_argument(int index) const;
  // The dim argument of a builtin that works along any dim of an N-D array: a positive
  // integer, returned 0-based; anything else is "<name>: dim must be a positive integer, got
  // <d>". index must be < count().
  int nd_dim_argument(int index) const;

  using Option = NameValueOption;
  // The name/value pairs from argument `first` on: read_name_value_options over this call's
  // arguments, its errors named for the builtin.
  void name_value_options(int first, std::initializer_list<Option> options) const {
    read_name_value_options(name_, arguments_, first, options);
  }

  Session& session() const;
  Interpreter& interpreter() const { return interpreter_; }
  // Call a lambda, function handle or function name (a String) with arguments.
  Value invoke(const Value& function, std::vector<Value> arguments, int nargout = 1) const;

  // Throws Error("<name>: <message>").
  [[noreturn]] void fail(std::string_view message) const;
  // The error of a builtin that MATLAB defines on matrices only (norm, inv, chol), given an N-D
  // argument: "<name>: the argument must be 2-D (a matrix); this one is 2×3×4" ("argument 2"
  // when the call has more than one and `index`, the argument's, is known; -1 when it is not).
  [[noreturn]] void fail_not_two_dimensional(const Value& argument, int index) const;

 private:
  [[noreturn]] void fail_argument(int index, std::string_view expected, std::string_view got) const;

  Interpreter& interpreter_;
  std::string_view name_;
  std::span<const Value> arguments_;
  std::span<Value> owned_;  // arguments_ itself, mutable, when the caller allows take()
  int nargout_;
};

}  // namespace llmlab::runtime
