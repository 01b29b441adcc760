// Completion and inspection work on the text alone (the word around the cursor, a dotted
// path before it) and on the session's names; nothing is evaluated, so asking never runs
// user code or changes state.
#include "builtins/completion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "base/error.hpp"
#include "base/utf8.hpp"
#include "builtins/paths.hpp"
#include "lang/lexer.hpp"
#include "lang/parser.hpp"
#include "runtime/display.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins {

namespace {

bool is_name_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int code_points(std::string_view text) { return static_cast<int>(character_count(text)); }

// The start of the name that ends at byte `end`.
std::size_t name_start(std::string_view code, std::size_t end) {
  std::size_t start = end;
  while (start > 0 && is_name_byte(code[start - 1])) --start;
  return start;
}

// "s.a.b" before a `.` ending at byte `dot`: the names in order, or empty when the text before
// the dot is not a plain dotted path (a call, an index, a number).
std::vector<std::string> dotted_path_before(std::string_view code, std::size_t dot) {
  std::vector<std::string> path;
  std::size_t end = dot;
  while (true) {
    const std::size_t start = name_start(code, end);
    if (start == end) return {};
    const std::string_view name = code.substr(start, end - start);
    if (name[0] >= '0' && name[0] <= '9') return {};
    path.insert(path.begin(), std::string(name));
    if (start == 0 || code[start - 1] != '.') break;
    end = start - 1;
  }
  return path;
}

void add_prefixed(std::vector<std::string>& out, const std::vector<std::string>& names,
                  std::string_view prefix) {
  for (const std::string& name : names) {
    if (name.starts_with(prefix)) out.push_back(name);
  }
}

const runtime::Value* resolve_path(const runtime::Interpreter& interpreter,
                                   const std::vector<std::string>& path) {
  const runtime::Value* value = interpreter.variable(path.front());
  for (std::size_t i = 1; value != nullptr && i < path.size(); ++i) {
    if (!value->is(runtime::Kind::Struct)) return nullptr;
    value = value->field(path[i]);
  }
  return value;
}

// Runs `help NAME` with the session's output caught, so the text is exactly what `help` prints.
std::string builtin_help(runtime::Interpreter& interpreter, const std::string& name) {
  runtime::Session& session = interpreter.session();
  std::string captured;
  runtime::Session::OutputSink previous = session.output();
  session.set_output([&captured](std::string_view text) { captured += text; });
  try {
    interpreter.call("help", {runtime::Value::string(name)}, 0);
  } catch (const Error& error) {
    captured = error.what();
  }
  session.set_output(std::move(previous));
  return captured;
}

// Where the string literal that is still open at byte `end` starts (its opening quote), or
// npos. Only the line holding `end` counts, since a string never spans lines. A `"` always
// opens or closes a string; a `'` closes one it opened, and opens one only where no value
// ends before it (after a name, a number, a bracket or a string it is a transpose).
std::size_t open_string_start(std::string_view code, std::size_t end) {
  const std::size_t line_start = code.rfind('\n', end == 0 ? 0 : end - 1);
  std::size_t i = line_start == std::string_view::npos || line_start >= end ? 0 : line_start + 1;
  std::size_t open = std::string_view::npos;
  char quote = 0;
  char previous = ' ';  // the last character outside strings that is not a space
  for (; i < end; ++i) {
    const char c = code[i];
    if (quote != 0) {
      if (c == quote) {  // a doubled quote closes and reopens: the same result
        quote = 0;
        open = std::string_view::npos;
        previous = c;
      }
      continue;
    }
    if (c == '%' || c == '#') return std::string_view::npos;  // a comment
    const bool value_ends_before = is_name_byte(previous) || previous == ')' || previous == ']' ||
                                   previous == '}' || previous == '\'' || previous == '"';
    if (c == '"' || (c == '\'' && !value_ends_before)) {
      quote = c;
      open = i;
    }
    if (c != ' ' && c != '\t') previous = c;
  }
  return quote != 0 ? open : std::string_view::npos;
}

// The entries of the folder named by `typed` up to its last `/` whose names start with what
// follows it; dot files only when that part starts with a dot.
std::vector<std::string> file_names(const runtime::Interpreter& interpreter,
                                    std::string_view typed) {
  namespace fs = std::filesystem;
  const std::size_t slash = typed.rfind('/');
  const std::string_view folder =
      slash == std::string_view::npos ? std::string_view() : typed.substr(0, slash + 1);
  const std::string_view prefix = slash == std::string_view::npos ? typed : typed.substr(slash + 1);
  const fs::path directory = session_path(interpreter.session(), folder.empty() ? "." : folder);
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), last; !error && it != last;
       it.increment(error)) {
    std::string name = it->path().filename().string();
    if (!name.starts_with(prefix) || (name.starts_with('.') && !prefix.starts_with('.'))) {
      continue;
    }
    std::error_code ignored;
    if (it->is_directory(ignored)) name += '/';
    names.push_back(std::move(name));
  }
  return names;
}

// The commands whose words name files or folders: `cd ru<Tab>` completes as `cd("ru<Tab>` does.
constexpr std::string_view kFileCommands[] = {"cd", "ls", "dir", "load", "run", "import"};

// Where the word being typed starts when it is an argument of a file command in command syntax
// (`cd runs/a`, `load da`: the line's first word, a space, then words without quotes,
// parentheses or `=`), else npos.
std::size_t command_argument_start(std::string_view code, std::size_t end) {
  const std::size_t newline = code.rfind('\n', end == 0 ? 0 : end - 1);
  std::size_t line = newline == std::string_view::npos || newline >= end ? 0 : newline + 1;
  while (line < end && (code[line] == ' ' || code[line] == '\t')) ++line;
  std::size_t word_end = line;
  while (word_end < end && is_name_byte(code[word_end])) ++word_end;
  if (word_end == end || code[word_end] != ' ') return std::string_view::npos;
  const std::string_view command = code.substr(line, word_end - line);
  if (std::find(std::begin(kFileCommands), std::end(kFileCommands), command) ==
      std::end(kFileCommands)) {
    return std::string_view::npos;
  }
  const std::string_view rest = code.substr(word_end, end - word_end);
  if (rest.find_first_of("\"'()=;,%") != std::string_view::npos) return std::string_view::npos;
  return code.rfind(' ', end - 1) + 1;
}

constexpr std::size_t kLongestValueText = 4000;

std::string describe_value(runtime::Interpreter& interpreter, const std::string& name,
                           const runtime::Value& value) {
  std::string size;
  try {
    size = runtime::display(interpreter.call("size", {value}));
  } catch (const Error&) {
    size = "?";
  }
  std::string text = runtime::display(value);
  if (text.size() > kLongestValueText) {
    text.resize(kLongestValueText);
    text += "\n…";
  }
  return fmt::format("{}: {}, size {}\n{}\n", name, value.kind_name(), size, text);
}

}  // namespace

std::size_t byte_offset(std::string_view text, int index) {
  std::size_t offset = 0;
  int seen = 0;
  for (const std::string_view character : characters_of(text)) {
    if (seen == index) break;
    offset += character.size();
    ++seen;
  }
  return offset;
}

Completions complete(const runtime::Interpreter& interpreter, std::string_view code, int cursor) {
  const std::size_t end = byte_offset(code, cursor);
  Completions result;
  result.end = code_points(code.substr(0, end));
  std::size_t typed_start = open_string_start(code, end);
  if (typed_start != std::string_view::npos) {
    ++typed_start;  // after the quote
  } else {
    typed_start = command_argument_start(code, end);
  }
  if (typed_start != std::string_view::npos) {
    const std::string_view typed = code.substr(typed_start, end - typed_start);
    const std::size_t slash = typed.rfind('/');
    const std::size_t start =
        slash == std::string_view::npos ? typed_start : typed_start + slash + 1;
    result.start = code_points(code.substr(0, start));
    result.matches = file_names(interpreter, typed);
    std::sort(result.matches.begin(), result.matches.end());
    return result;
  }
  const std::size_t start = name_start(code, end);
  const std::string_view prefix = code.substr(start, end - start);
  result.start = code_points(code.substr(0, start));
  if (start > 0 && code[start - 1] == '.') {
    const std::vector<std::string> path = dotted_path_before(code, start - 1);
    if (path.empty()) return result;
    const runtime::Value* value = resolve_path(interpreter, path);
    if (value == nullptr || !value->is(runtime::Kind::Struct)) return result;
    for (const auto& field : value->struct_fields()) {
      if (std::string_view(field.first).starts_with(prefix)) result.matches.push_back(field.first);
    }
  } else {
    if (!prefix.empty() && prefix[0] >= '0' && prefix[0] <= '9') return result;
    add_prefixed(result.matches, interpreter.variable_names(), prefix);
    add_prefixed(result.matches, interpreter.user_function_names(), prefix);
    add_prefixed(result.matches, interpreter.builtin_names(), prefix);
    for (const std::string_view word : lang::keyword_names()) {
      if (word.starts_with(prefix)) result.matches.emplace_back(word);
    }
  }
  std::sort(result.matches.begin(), result.matches.end());
  result.matches.erase(std::unique(result.matches.begin(), result.matches.end()),
                       result.matches.end());
  return result;
}

std::optional<std::string> describe(runtime::Interpreter& interpreter, std::string_view code,
                                    int cursor) {
  std::size_t end = byte_offset(code, cursor);
  while (end < code.size() && is_name_byte(code[end])) ++end;
  const std::size_t start = name_start(code, end);
  if (start == end) return std::nullopt;
  const std::string name(code.substr(start, end - start));
  if (start > 0 && code[start - 1] == '.') {
    const std::vector<std::string> path = dotted_path_before(code, end);
    if (path.empty()) return std::nullopt;
    const runtime::Value* value = resolve_path(interpreter, path);
    if (value == nullptr) return std::nullopt;
    std::string joined = path.front();
    for (std::size_t i = 1; i < path.size(); ++i) joined += "." + path[i];
    return describe_value(interpreter, joined, *value);
  }
  if (const runtime::Value* value = interpreter.variable(name)) {
    return describe_value(interpreter, name, *value);
  }
  if (interpreter.has_user_function(name)) {
    return fmt::format("{}: a function defined in this session\n", name);
  }
  if (interpreter.find_builtin(name) != nullptr) return builtin_help(interpreter, name);
  return std::nullopt;
}

Readiness readiness(std::string_view code, lang::Dialect dialect) {
  auto file = std::make_shared<const SourceFile>("cell", std::string(code));
  if (lang::check_completeness(file, dialect) == lang::Completeness::Incomplete) {
    return Readiness::Incomplete;
  }
  try {
    lang::parse_program(file, dialect);
  } catch (const Error&) {
    return Readiness::Invalid;
  }
  return Readiness::Complete;
}

}  // namespace llmlab::builtins
