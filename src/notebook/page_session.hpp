// One page's session (notebook.md §2): the code blocks of a page run one at a time in one
// interpreter, each block's printed text, error and figures captured on their own, and `${…}`
// values evaluated in the same session. `execute_notebook` runs a whole page through it; a
// front end that runs blocks as a reader asks (the runnable book page) holds one per page.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "notebook/document.hpp"
#include "notebook/execute.hpp"
#include "notebook/executed.hpp"
#include "notebook/interpolate.hpp"

namespace llmlab::runtime {
class Interpreter;
}

namespace llmlab::notebook {

class PageSession {
 public:
  explicit PageSession(ExecuteOptions options);
  ~PageSession();
  PageSession(const PageSession&) = delete;
  PageSession& operator=(const PageSession&) = delete;

  runtime::Interpreter& interpreter();

  // Runs one code block. Its error (`line N: message`, lines counted from the block's first
  // line; a syntax error with its source line and a caret) is in the result, never thrown: the
  // session goes on. A Stop other than the block's time limit (Ctrl-C) is rethrown.
  ExecutedBlock run_code(const Block& block);

  // One `${expression}` or `${expression:format}` value as it goes into the prose, escaped.
  // Throws Error with the text to show when the expression fails.
  std::string value_text(std::string_view expression, std::optional<std::string_view> format);

  // A prose block's text with every `${…}` replaced by its value (values outside math through
  // `mark`, when given: interpolate.hpp).
  std::string interpolate_text(const std::string& text, const ValueMarker& mark = {});

 private:
  class State;
  std::unique_ptr<State> state_;
};

}  // namespace llmlab::notebook
