// nargin(f) and nargout(f): how many arguments and outputs a function declares, MATLAB's
// introspection of a function named by text, by handle, or an anonymous function. A trailing
// varargin (varargout) counts as one and makes the count negative, MATLAB's way of saying "this
// many or more".
#include <fmt/format.h>

#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/function_handles.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The declared count, negated when the list ends in `list` (varargin, varargout).
template <class Names, class TextOf>
double declared_count(const Names& names, std::string_view list, TextOf text_of) {
  const auto count = static_cast<double>(names.size());
  return !names.empty() && text_of(names.back()) == list ? -count : count;
}

// The user function that `f` names (text or handle); an error for a builtin or no function.
const lang::FunctionDef& named_function(Call& call, const std::string& name) {
  if (const lang::FunctionDef* function = call.interpreter().user_function(name)) {
    return *function;
  }
  if (call.interpreter().find_builtin(name) != nullptr) {
    call.fail(fmt::format(messages::builtin_counts_undeclared, name));
  }
  call.fail(fmt::format(messages::no_function_named, name));
}

std::string function_name(Call& call) {
  const Value& f = call.value(0);
  if (f.is(Kind::FunctionHandle)) return f.handle_name();
  if (f.is(Kind::String)) return call.string(0);
  call.fail(fmt::format(messages::not_function_name_or_handle, f.kind_name()));
}

Value nargin_of(Call& call) {
  const Value& f = call.value(0);
  if (f.is(Kind::Lambda)) {
    return Value::scalar(declared_count(f.lambda_value().parameters, "varargin",
                                        [](const std::string& name) { return name; }));
  }
  const lang::FunctionDef& function = named_function(call, function_name(call));
  return Value::scalar(declared_count(function.params, "varargin",
                                      [](const lang::Name& name) { return name.text; }));
}

Value nargout_of(Call& call) {
  // An anonymous function gives what its body gives: MATLAB and Octave answer -1.
  if (call.value(0).is(Kind::Lambda)) return Value::scalar(-1);
  const lang::FunctionDef& function = named_function(call, function_name(call));
  return Value::scalar(declared_count(function.outputs, "varargout",
                                      [](const lang::Name& name) { return name.text; }));
}

}  // namespace

extern const BuiltinTable kFunctionInfoBuiltins = {
    {"nargin", nargin_of, 1, 1,
     "nargin(f): the number of arguments function f declares, negative when the last is "
     "varargin (inside a function, nargin alone is its call's count). Example: nargin(@(x, y) x)"},
    {"nargout", nargout_of, 1, 1,
     "nargout(f): the number of outputs function f declares, negative when the last is "
     "varargout (-1 for an anonymous function). Example: nargout(@(x) x)"},
};

}  // namespace llmlab::builtins
