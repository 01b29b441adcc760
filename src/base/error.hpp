// The one error type for user errors (bad scripts, bad arguments, bad files). Programmer
// mistakes are LLMLAB_ASSERT instead. num/, nn/, plot/ throw without a location; the
// evaluator attaches the call site on the way out.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/source.hpp"

namespace llmlab {

enum class ErrorKind { Syntax, Runtime };

class Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::optional<SourceLoc> where = {},
                 ErrorKind kind = ErrorKind::Runtime);

  const std::optional<SourceLoc>& where() const { return where_; }
  ErrorKind kind() const { return kind_; }
  void set_where_if_missing(const SourceLoc& loc);
  // Call chain, innermost first: "in function 'f' called at file:3:5".
  const std::vector<std::string>& trace() const { return trace_; }
  void add_trace(std::string frame) { trace_.push_back(std::move(frame)); }
  // MATLAB's message identifier ("pkg:name"), empty unless error(id, fmt, ...) gave one; a
  // catch block sees it as err.identifier.
  const std::string& identifier() const { return identifier_; }
  void set_identifier(std::string identifier) { identifier_ = std::move(identifier); }

 private:
  std::optional<SourceLoc> where_;
  ErrorKind kind_;
  std::vector<std::string> trace_;
  std::string identifier_;
};

// "file:line:column: error: message", the source line and a caret under the column, then the
// call chain. Without a location: "error: message".
std::string format_error_report(const Error& error);

// "file:line:column" (or "line L, column C" without a file name).
std::string format_location(const SourceLoc& loc);

[[noreturn]] void assertion_failed(const char* expression, const char* file, int line);

}  // namespace llmlab

#define LLMLAB_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::llmlab::assertion_failed(#condition, __FILE__, __LINE__))
