// Dialect names and the file-extension rule of language.md §14.
#include "lang/dialect.hpp"

namespace llmlab::lang {

std::string_view dialect_name(Dialect dialect) {
  return dialect == Dialect::Matlab ? "matlab" : "rlab";
}

std::optional<Dialect> dialect_named(std::string_view name) {
  if (name == "rlab") return Dialect::Rlab;
  if (name == "matlab") return Dialect::Matlab;
  return std::nullopt;
}

Dialect dialect_of_path(std::string_view path) {
  return path.ends_with(".m") ? Dialect::Matlab : Dialect::Rlab;
}

}  // namespace llmlab::lang
