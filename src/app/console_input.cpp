// The descriptor is read directly (not through stdin's FILE buffer) so that poll() tells the
// truth about whether a line is waiting; the bytes after a line stay in our own buffer.
#include "app/console_input.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

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

}  // namespace

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
