// Notebook execution: the blocks of a page in order through one PageSession.
#include "notebook/execute.hpp"

#include "base/text_escape.hpp"
#include "notebook/page_session.hpp"
#include "runtime/interpreter.hpp"

namespace llmlab::notebook {

namespace {

// While alive, the watch (when there is one) knows `interpreter` runs the page.
class WatchedInterpreter {
 public:
  WatchedInterpreter(const InterpreterWatch& watch, runtime::Interpreter& interpreter)
      : watch_(watch) {
    if (watch_) watch_(&interpreter);
  }
  ~WatchedInterpreter() {
    if (watch_) watch_(nullptr);
  }
  WatchedInterpreter(const WatchedInterpreter&) = delete;
  WatchedInterpreter& operator=(const WatchedInterpreter&) = delete;

 private:
  const InterpreterWatch& watch_;
};

// Records each prose value and marks its place in the text (ProseValue).
ValueMarker value_marker(ExecutedNotebook& notebook) {
  return [&notebook](std::string_view expression, std::optional<std::string_view> format,
                     std::string value) {
    ProseValue source{std::string(expression), std::nullopt, notebook.code_blocks - 1};
    if (format) source.format = std::string(*format);
    notebook.values.push_back(std::move(source));
    return kValueOpen + std::move(value) + kValueClose;
  };
}

}  // namespace

std::string escape_value(std::string_view text) {
  return xml_escape(text, EscapeFor::MarkdownProse);
}

ExecutedNotebook execute_notebook(const Document& document, const ExecuteOptions& options) {
  ExecutedNotebook notebook;
  notebook.title = document.page_title();
  if (notebook.title.empty()) notebook.title = options.fallback_title;
  PageSession run(options);
  const WatchedInterpreter watched(options.watch_interpreter, run.interpreter());
  int exercise = 0;
  for (const Block& block : document.blocks) {
    ExecutedBlock executed;
    switch (block.kind) {
      case BlockKind::Code:
        executed = run.run_code(block);
        ++notebook.code_blocks;
        notebook.figures += static_cast<int>(executed.figures.size());
        if (executed.error) ++notebook.errors;
        break;
      case BlockKind::Prose:
      case BlockKind::Callout:
        executed.block = block;
        executed.text = options.mark_values
                            ? run.interpolate_text(block.text, value_marker(notebook))
                            : run.interpolate_text(block.text);
        break;
      case BlockKind::ExerciseStart:
        executed.block = block;
        executed.exercise_number = ++exercise;
        break;
      case BlockKind::Mermaid:
      case BlockKind::SolutionStart:
        executed.block = block;
        executed.text = block.text;
        break;
    }
    notebook.blocks.push_back(std::move(executed));
  }
  return notebook;
}

}  // namespace llmlab::notebook
