// libedit's completion hook, answered by the completion engine the Jupyter kernel uses.
#include "app/tab_completion.hpp"

#include <editline/readline.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.hpp"
#include "builtins/completion.hpp"

namespace llmlab::app {

namespace {

const runtime::Interpreter* completing_for = nullptr;

// libedit frees what the completion hook returns, so every string is malloc'd.
char* malloc_copy(std::string_view text) {
  auto* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy == nullptr) std::abort();
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

std::string_view common_prefix(const std::vector<std::string>& texts) {
  std::string_view prefix = texts.front();
  for (const std::string& text : texts) {
    std::size_t same = 0;
    while (same < prefix.size() && same < text.size() && prefix[same] == text[same]) ++same;
    prefix = prefix.substr(0, same);
  }
  return prefix;
}

// libedit's hook. It replaces the word from byte `start` (cut at kWordBreaks) to the cursor;
// the engine's span (after a `.` or `/`) begins at or after it, so each match gets the part
// of the word in front of its span. The array is libedit's: the text to insert (the matches'
// common prefix), then the matches to list, then null.
char** complete_at_cursor(const char* /*word*/, int start, int end) {
  rl_attempted_completion_over = 1;  // no file-name fallback: the engine decides
  rl_completion_append_character = '\0';
  if (completing_for == nullptr || start < 0 || end < start) return nullptr;
  const std::string_view line(rl_line_buffer, static_cast<std::size_t>(end));
  const builtins::Completions found =
      builtins::complete(*completing_for, line, static_cast<int>(character_count(line)));
  if (found.matches.empty()) return nullptr;
  const std::size_t span = builtins::byte_offset(line, found.start);
  const std::size_t word = static_cast<std::size_t>(start);
  std::vector<std::string> replacements;
  for (const std::string& match : found.matches) {
    replacements.push_back(span >= word ? std::string(line.substr(word, span - word)) + match
                                        : match.substr(std::min(match.size(), word - span)));
  }
  auto** array = static_cast<char**>(std::malloc((replacements.size() + 2) * sizeof(char*)));
  if (array == nullptr) std::abort();
  array[0] = malloc_copy(common_prefix(replacements));
  for (std::size_t i = 0; i < replacements.size(); ++i) {
    array[i + 1] = malloc_copy(replacements[i]);
  }
  array[replacements.size() + 1] = nullptr;
  return array;
}

// Characters that end a word for libedit. `.` and `/` are not among them, so `s.fi` and
// `"runs/lo` reach the hook whole and the engine finds the struct or the folder.
constexpr const char* kWordBreaks = " \t\n\"'`@$><=;|&{}()[],+-*^~!:\\";

}  // namespace

void complete_on_tab(const runtime::Interpreter& interpreter) {
  completing_for = &interpreter;
  rl_basic_word_break_characters = kWordBreaks;
  rl_completer_word_break_characters = const_cast<char*>(kWordBreaks);
  rl_attempted_completion_function = complete_at_cursor;
}

}  // namespace llmlab::app
