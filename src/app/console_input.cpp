// The descriptor is read directly (not through stdin's FILE buffer) so that poll() tells the
// truth about whether a line is waiting; the bytes after a line stay in our own buffer.
#include "app/console_input.hpp"

#include <editline/readline.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/utf8.hpp"
#include "builtins/completion.hpp"
#include "runtime/session.hpp"

namespace llmlab::app {

namespace {

constexpr int kPollMilliseconds = 100;

void show_prompt(runtime::Session& session, std::string_view prompt) {
  session.write(prompt);
  std::fflush(stdout);
  std::cout.flush();
}

class DescriptorLines {
 public:
  explicit DescriptorLines(runtime::Interpreter& interpreter) : interpreter_(interpreter) {}

  std::optional<std::string> next() {
    while (true) {
      if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
        std::string line = pending_.substr(0, end);
        pending_.erase(0, end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (ended_) {
        if (pending_.empty()) return std::nullopt;
        return std::exchange(pending_, std::string());  // a last line without its newline
      }
      wait_for_input();
      char buffer[4096];
      const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
      if (got > 0) {
        pending_.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ended_ = true;  // end of file, or a descriptor that cannot be read (closed)
      }
    }
  }

 private:
  // Returns when the descriptor has something to read (or has ended); raises the interrupt if
  // Ctrl-C comes first.
  void wait_for_input() {
    pollfd descriptor{STDIN_FILENO, POLLIN, 0};
    while (true) {
      if (interpreter_.interrupt_requested()) interpreter_.raise_interrupt();
      const int ready = ::poll(&descriptor, 1, kPollMilliseconds);
      // Checked again: the signal may come with the input (or its end) in one wake-up.
      if (interpreter_.interrupt_requested()) interpreter_.raise_interrupt();
      if (ready != 0 && !(ready < 0 && errno == EINTR)) return;
    }
  }

  runtime::Interpreter& interpreter_;
  std::string pending_;
  bool ended_ = false;
};

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

void read_input_from_terminal(runtime::Interpreter& interpreter) {
  auto lines = std::make_shared<DescriptorLines>(interpreter);
  runtime::Session& session = interpreter.session();
  session.set_input([lines, &session](std::string_view prompt) {
    show_prompt(session, prompt);
    return lines->next();
  });
}

void read_input_from_stream(runtime::Interpreter& interpreter, std::istream& stream) {
  runtime::Session& session = interpreter.session();
  session.set_input([&stream, &session](std::string_view prompt) -> std::optional<std::string> {
    show_prompt(session, prompt);
    std::string line;
    if (!std::getline(stream, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  });
}

}  // namespace llmlab::app
