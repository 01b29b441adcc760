// The signature of a builtin written in C++ and its registry entry (Lua's luaL_Reg).
#pragma once

#include <string_view>

namespace llmlab::runtime {

class Call;
class Value;

struct NativeFunction {
  std::string_view name;
  Value (*function)(Call&);
  int min_args;
  int max_args;  // -1: variadic
  std::string_view help;
};

}  // namespace llmlab::runtime
