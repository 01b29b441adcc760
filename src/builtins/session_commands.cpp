// MATLAB's session commands a new user types first (language.md §13.12): `exit`/`quit`,
// `who`, `doc NAME` (help), `lookfor WORD` (a search of every builtin's help text), and the
// `format` modes with the `disp` that follows them.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "base/messages/environment.hpp"
#include "base/text_case.hpp"
#include "builtins/registry.hpp"
#include "runtime/display.hpp"
#include "runtime/predefined.hpp"

namespace llmlab::builtins {

namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// exit / quit [status]: the status is an integer 0..255 (a process exit code).
Value exit_session(Call& call) {
  int status = 0;
  if (call.has(0)) {
    const std::int64_t requested = call.integer(0);
    if (requested < 0 || requested > 255) {
      call.fail(fmt::format(messages::bad_exit_status, requested));
    }
    status = static_cast<int>(requested);
  }
  throw runtime::ExitRequest{status};
}

// who: the variable names, sorted, as MATLAB prints them (a heading, then the names in rows).
Value who(Call& call) {
  std::vector<std::string> names;
  for (const std::string& name : call.interpreter().variable_names()) {
    const Value* value = call.interpreter().variable(name);
    if (value != nullptr && !runtime::is_untouched_predefined(name, *value)) names.push_back(name);
  }
  if (names.empty()) return Value();
  std::string text = "Your variables are:\n\n";
  std::string line;
  for (const std::string& name : names) {
    if (!line.empty() && line.size() + 2 + name.size() > 78) {
      text += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : "  ") + name;
  }
  text += line + "\n\n";
  call.session().write(text);
  return Value();
}

// doc NAME: llmlab has no browser documentation; its help text is the documentation.
Value doc(Call& call) {
  const runtime::NativeFunction* help = call.interpreter().find_builtin("help");
  if (help == nullptr) call.fail(messages::help_not_installed);
  return help->function(call);
}

// lookfor WORD: every builtin whose name or help text contains WORD (case-insensitive), one
// line each: the name and the first line of its help.
Value lookfor(Call& call) {
  const std::string word = lowercase(call.string(0));
  if (word.empty()) call.fail(messages::lookfor_needs_word);
  std::vector<std::string> names = call.interpreter().builtin_names();
  std::sort(names.begin(), names.end());
  std::string text;
  for (const std::string& name : names) {
    const runtime::NativeFunction* function = call.interpreter().find_builtin(name);
    if (function == nullptr) continue;
    const std::string help(function->help);
    if (lowercase(name).find(word) == std::string::npos &&
        lowercase(help).find(word) == std::string::npos) {
      continue;
    }
    std::string summary = help.substr(0, std::min(help.find('\n'), help.find(" Example: ")));
    if (summary.size() > 100) summary = summary.substr(0, 97) + "...";
    text += fmt::format("{:<16} {}\n", name, summary);
  }
  if (text.empty()) text = fmt::format("no builtin mentions '{}'\n", call.string(0));
  call.session().write(text);
  return Value();
}

// disp(x): ⟨x⟩ in the default mode (with `format rows/cols` limits), MATLAB's columns in its
// modes (§13.12).
Value disp(Call& call) {
  call.session().write(runtime::disp_display(call.value(0), call.session()) + "\n");
  return Value();
}

std::string lowercase_words(Call& call, int first) {
  std::string words;
  for (int k = first; k < call.count(); ++k) words += call.string(k);
  return lowercase(words);
}

// `format rows N` / `format cols N` (N a count, or `all`): how much of a vector or matrix the
// default mode's echo and disp show. Returns the message format prints.
std::string set_limit(Call& call, bool rows) {
  if (!call.has(1)) call.fail(fmt::format(messages::format_needs_count, call.string(0)));
  std::int64_t count = 0;
  const Value& argument = call.value(1);
  if (argument.is(Kind::String)) {
    const std::string& word = argument.string_value();
    if (runtime::same_word(word, "all") || runtime::same_word(word, "inf")) {
      count = std::numeric_limits<std::int64_t>::max();
    } else {
      char* end = nullptr;
      const long long parsed = std::strtoll(word.c_str(), &end, 10);
      if (word.empty() || *end != '\0' || parsed < 1) {
        call.fail(fmt::format(messages::format_bad_count_or_all, call.string(0), word));
      }
      count = parsed;
    }
  } else {
    const double n = call.scalar(1);
    if (std::isinf(n) && n > 0) {
      count = std::numeric_limits<std::int64_t>::max();
    } else {
      count = call.integer(1);
      if (count < 1) call.fail(fmt::format(messages::format_bad_count, call.string(0), count));
    }
  }
  runtime::Session& session = call.session();
  if (rows) {
    session.set_shown_limits(count, session.shown_columns());
  } else {
    session.set_shown_limits(session.shown_rows(), count);
  }
  const auto text = [](std::int64_t n) {
    return n == std::numeric_limits<std::int64_t>::max() ? std::string("all") : std::to_string(n);
  };
  return fmt::format("format: showing {} rows and {} columns", text(session.shown_rows()),
                     text(session.shown_columns()));
}

// `format [MODE]` (language.md §2.14, §13.12): rlab's short/default, long, hex, commas; MATLAB's
// short g, long g, short e, long e (also written shortG, "short", "g", ...); rows/cols limits;
// compact/loose (no effect). Prints the mode, as rlab does (not in the matlab dialect). Bare
// `format` restores the default (short, 8 rows and columns), as in MATLAB and Octave; rlab printed
// the current mode instead, which left a user who typed `format` after `format long` still in long
// (issue #30).
Value format(Call& call) {
  runtime::Session& session = call.session();
  using runtime::FormatMode;
  if (call.has(0)) {
    const std::string first = lowercase(call.string(0));
    if (first == "rows" || first == "cols" || first == "columns") {
      session.write(set_limit(call, first == "rows") + "\n");
      return Value();
    }
    // Each mode's words; compact and loose (MATLAB's blank-line spacing) name no mode: rlab's
    // display has no blank lines.
    static constexpr runtime::OptionWord<std::optional<FormatMode>> kModes[] = {
        {"short", FormatMode::Short},     {"default", FormatMode::Short},
        {"long", FormatMode::Long},       {"hex", FormatMode::Hex},
        {"commas", FormatMode::Commas},   {"shortg", FormatMode::ShortG},
        {"longg", FormatMode::LongG},     {"shorte", FormatMode::ShortE},
        {"shorteng", FormatMode::ShortE}, {"longe", FormatMode::LongE},
        {"longeng", FormatMode::LongE},   {"compact", std::nullopt},
        {"loose", std::nullopt}};
    const auto mode = runtime::option_word(lowercase_words(call, 0), kModes);
    if (!mode) {
      std::string words = call.string(0);
      for (int k = 1; k < call.count(); ++k) words += " " + call.string(k);
      call.fail(fmt::format(messages::unknown_format_mode, words));
    }
    if (!*mode) return Value();
    session.set_format_mode(**mode);
    if (**mode == FormatMode::Short) session.set_shown_limits(8, 8);
  } else {
    session.set_format_mode(FormatMode::Short);
    session.set_shown_limits(8, 8);
  }
  // rlab confirms the mode (language.md §4); MATLAB and Octave change it silently.
  if (session.dialect() != lang::Dialect::Matlab) {
    session.write(fmt::format("format: {}\n", runtime::format_mode_name(session.format_mode())));
  }
  return Value();
}

}  // namespace

const BuiltinTable kSessionCommandBuiltins = {
    {"exit", exit_session, 0, 1,
     "exit(status): end the session; a script's process exits with the status (0 by default). "
     "Example: exit(0)"},
    {"quit", exit_session, 0, 1, "quit(status): the same as exit. Example: quit(0)"},
    {"who", who, 0, 0, "Lists the names of the variables you defined. Example: x = 1; who"},
    {"doc", doc, 0, 1,
     "Shows the help text of a builtin (the same as help NAME). Example: doc sum"},
    {"disp", disp, 1, 1,
     "Writes the display of its argument (MATLAB's columns under format short g and the like). "
     "Example: disp([1, 2, 3])"},
    {"format", format, 0, 3,
     "format MODE: short (rlab's default), long, hex, commas, or MATLAB's short g, long g, "
     "short e, long e; format rows N / format cols N: how much of an array the default mode "
     "shows; bare format restores the default. Example: format short g"},
    {"lookfor", lookfor, 1, 1,
     "Lists every builtin whose name or help text mentions a word, one line each. "
     "Example: lookfor norm"},
};

}  // namespace llmlab::builtins
