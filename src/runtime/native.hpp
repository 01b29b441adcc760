// The signature of a builtin written in C++ and its registry entry (Lua's luaL_Reg).
#pragma once

#include <string_view>

namespace llmlab::runtime {

class Call;
class Value;

// A special form (language.md §3.6): NAME(args) with an argument count in [min_args, max_args]
// calls the builtin even where a variable has the name (so a variable named `feval` cannot
// shadow it). The compile step reads it for each call site (runtime::detail::classify_call).
struct SpecialForm {
  int min_args = -1;  // -1: not a special form
  int max_args = -1;  // -1: any count from min_args
};

struct NativeFunction {
  std::string_view name;
  Value (*function)(Call&);
  int min_args;
  int max_args;  // -1: variadic
  std::string_view help;
  SpecialForm special = {};
  // A statement that only calls this builtin shows no value (§8.10, §13.10: figure, histogram,
  // hist return a handle or counts that a bare call does not print).
  bool quiet = false;
};

}  // namespace llmlab::runtime
