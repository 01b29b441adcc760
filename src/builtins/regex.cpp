// builtins.md §9 Strings, output and formatting: searching text, strfind and the simple
// forms of MATLAB's regexp and regexprep, and strsplit (by delimiters or by a pattern). Patterns
// are std::regex ECMAScript syntax, close to MATLAB's for the common cases (classes, groups,
// quantifiers, $1 in replacements). Positions are 1-based character positions, like string
// indexing.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "base/error.hpp"
#include "base/large_stack.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/language.hpp"
#include "base/messages/text_and_regex.hpp"
#include "base/text_case.hpp"
#include "base/utf8.hpp"
#include "builtins/escapes.hpp"
#include "builtins/registry.hpp"
#include "builtins/text_map.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The 1-based character position of the character that starts at byte `offset` of `text`.
double character_position(const std::string& text, std::size_t offset) {
  return static_cast<double>(character_count(std::string_view(text).substr(0, offset)) + 1);
}

// strfind(s, pattern): the 1-based start of every occurrence, overlapping ones included.
// The 1-based character positions where `pattern` starts in `text`, overlapping matches
// included unless `overlaps` is false (then the search goes on after each match).
std::vector<double> pattern_starts(const std::string& text, const std::string& pattern,
                                   bool overlaps) {
  std::vector<double> starts;
  if (pattern.empty()) return starts;
  for (std::size_t at = text.find(pattern); at != std::string::npos;
       at = text.find(pattern, at + (overlaps ? 1 : pattern.size()))) {
    starts.push_back(character_position(text, at));
  }
  return starts;
}

// strfind in matlab code, MATLAB's and Octave's forms: a cell of texts gives a cell of
// position rows; the options "overlaps" (true by default) and "forcecelloutput" (a cell even
// for one text) take a truth value each, in any letter case.
Value matlab_strfind(Call& call) {
  bool overlaps = true;
  bool force_cell = false;
  call.name_value_options(2, {{"Overlaps", [&](int k) { overlaps = call.boolean(k); }},
                              {"ForceCellOutput", [&](int k) { force_cell = call.boolean(k); }}});
  const std::string& pattern = call.string(1);
  const auto positions = [&](const std::string& text) {
    // MATLAB finds an empty pattern nowhere and says so with its 0×0 [].
    if (pattern.empty()) return Value::matrix(num::Matrix(0, 0));
    const std::vector<double> starts = pattern_starts(text, pattern, overlaps);
    if (starts.size() == 1) return Value::scalar(starts.front());  // a 1×1 array is its number
    // No match is MATLAB's 0×0 [].
    return Value::matrix(starts.empty() ? num::Matrix(0, 0) : num::Matrix::row(starts));
  };
  const Value& texts = call.value(0);
  if (texts.is(Kind::StringArray) || texts.is(Kind::Cell)) {
    runtime::CellArray out;
    if (texts.is(Kind::Cell)) {
      out = texts.cell_value();
      for (Value& item : out.items) {
        if (!item.is(Kind::String))
          call.fail(fmt::format(messages::must_hold_texts_only, "the cell"));
        item = positions(item.string_value());
      }
    } else {
      std::vector<Value> items;
      for (const std::string& text : texts.string_array_value()) items.push_back(positions(text));
      out = runtime::CellArray::row(std::move(items));
    }
    return Value::cell(std::move(out));
  }
  Value found = positions(call.string(0));
  if (!force_cell) return found;
  return Value::cell(runtime::CellArray::row({std::move(found)}));
}

Value strfind(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_strfind(call);
  if (call.has(2))
    throw Error(fmt::format(messages::wrong_argument_count, "strfind", 2, call.count()));
  const std::string& text = call.string(0);
  const std::string& pattern = call.string(1);
  return Value::vector(num::Matrix::row(pattern_starts(text, pattern, true)));
}

// std::regex matches by recursion, a few frames per character for patterns such as `(a|b)*`, so
// matching runs on a thread with a stack of its own (kRegexStack) and the text is bounded so
// that even nested alternatives stay well inside it.
constexpr std::size_t kMaxRegexText = 50000;

constexpr std::size_t kRegexStack = std::size_t{256} << 20;

const std::string& regex_text(Call& call) {
  const std::string& text = call.string(0);
  if (text.size() > kMaxRegexText) {
    call.fail(fmt::format(messages::regex_text_too_long, text.size(), kMaxRegexText));
  }
  return text;
}

// A pattern ready to match: std::regex has no named groups, so MATLAB's `(?<name>...)` is
// compiled as a plain group and its name kept by group number ("" for an unnamed group).
struct Pattern {
  std::regex regex;
  std::vector<std::string> group_names;
};

// Rewrites every `(?<name>` to `(` and lists each capturing group's name in order. Escaped
// characters and bracket expressions are passed over, so `\(` and `[(]` open no group.
std::pair<std::string, std::vector<std::string>> without_group_names(const std::string& pattern,
                                                                     bool dot_all = false) {
  std::string out;
  std::vector<std::string> names;
  bool in_brackets = false;
  for (std::size_t k = 0; k < pattern.size(); ++k) {
    const char c = pattern[k];
    if (c == '\\' && k + 1 < pattern.size()) {
      out += pattern.substr(k++, 2);
      continue;
    }
    if (in_brackets) {
      in_brackets = c != ']';
      out.push_back(c);
      continue;
    }
    if (c == '[') {
      in_brackets = true;
      // A `]` right after `[` or `[^` is a member, not the end.
      out.push_back(c);
      if (k + 1 < pattern.size() && pattern[k + 1] == '^') out.push_back(pattern[++k]);
      if (k + 1 < pattern.size() && pattern[k + 1] == ']') out.push_back(pattern[++k]);
      continue;
    }
    if (c == '(' && pattern.compare(k, 3, "(?<") == 0 && k + 3 < pattern.size() &&
        pattern[k + 3] != '=' && pattern[k + 3] != '!') {
      const std::size_t close = pattern.find('>', k + 3);
      if (close != std::string::npos) {
        names.push_back(pattern.substr(k + 3, close - k - 3));
        out.push_back('(');
        k = close;
        continue;
      }
    }
    if (c == '(' && (k + 1 >= pattern.size() || pattern[k + 1] != '?')) names.emplace_back();
    // MATLAB's "dotall": `.` matches a newline too.
    if (c == '.' && dot_all) {
      out += "[\\s\\S]";
      continue;
    }
    out.push_back(c);
  }
  return {out, names};
}

// The matching options MATLAB's regexp and regexprep take: letter case, whether `.` matches a
// newline (MATLAB's default "dotall" in matlab code; rlab keeps ECMAScript's `.`), and whether
// ^ and $ match at line ends ("lineanchors").
struct CompileFlags {
  bool ignore_case = false;
  bool dot_all = false;
  bool line_anchors = false;
};

// Takes one of the matching options into `flags`; false for any other word.
bool matching_option(const std::string& word, CompileFlags& flags) {
  if (word == "ignorecase" || word == "matchcase") {
    flags.ignore_case = word == "ignorecase";
  } else if (word == "dotall" || word == "dotexceptnewline") {
    flags.dot_all = word == "dotall";
  } else if (word == "lineanchors" || word == "stringanchors") {
    flags.line_anchors = word == "lineanchors";
  } else if (word != "literalspacing") {
    return false;
  }
  return true;
}

Pattern compile(Call& call, const std::string& pattern, CompileFlags flags = {}) {
  auto [plain, names] = without_group_names(pattern, flags.dot_all);
  auto syntax = std::regex::ECMAScript;
  if (flags.ignore_case) syntax |= std::regex::icase;
  if (flags.line_anchors) syntax |= std::regex::multiline;
  try {
    return {std::regex(plain, syntax), std::move(names)};
  } catch (const std::regex_error& error) {
    call.fail(fmt::format(messages::invalid_pattern, pattern, error.what()));
  }
}

// std::regex backtracks, so a pattern such as (a|a)*b takes exponential time on a long text,
// and a match cannot be cancelled. It runs on a thread of its own (with the large stack it
// needs) over copies of its inputs, while the caller waits, watching for an interrupt (Ctrl-C,
// a notebook block's time limit) and for a budget of kRegexSeconds. Either one abandons the
// thread, which finishes or ends with the process on its own, and the call raises the
// interrupt or a clear error: one Ctrl-C is enough, and no match runs for minutes.
constexpr int kRegexSeconds = 20;

template <class Result, class Work>
Result run_regex(Call& call, Work work) {
  if (!threads_available()) {
    // The build without threads (WebAssembly) matches on the caller's thread: a runaway match
    // there is ended from outside, by the page's Stop (which restarts its worker) or by ending
    // llmlab-node.
    Result result{};
    run_on_large_stack(kRegexStack, [&] { result = work(); });
    return result;
  }
  struct Shared {
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    Result result{};
    std::exception_ptr failure;
  };
  auto shared = std::make_shared<Shared>();
  std::thread([shared, work = std::move(work)]() mutable {
    Result result{};
    std::exception_ptr failure;
    try {
      run_on_large_stack(kRegexStack, [&] { result = work(); });
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(shared->mutex);
    shared->result = std::move(result);
    shared->failure = failure;
    shared->done = true;
    shared->finished.notify_all();
  }).detach();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kRegexSeconds);
  std::unique_lock lock(shared->mutex);
  while (!shared->done) {
    shared->finished.wait_for(lock, std::chrono::milliseconds(50));
    if (shared->done) break;
    runtime::Interpreter& interpreter = call.interpreter();
    if (interpreter.interrupt_requested()) {
      lock.unlock();
      interpreter.raise_interrupt();
    }
    if (std::chrono::steady_clock::now() > deadline) {
      lock.unlock();
      call.fail(fmt::format(messages::regex_timed_out, kRegexSeconds));
    }
  }
  if (shared->failure) std::rethrow_exception(shared->failure);
  return std::move(shared->result);
}

// regexprep(s, pattern, replacement): every match replaced; $0, $1, ... insert groups.
// MATLAB's replacement text for one match: $N is group N ($0 the match), a backslash escape
// is its character (\n a newline, \$ a dollar, \. a dot).
std::string replacement_for(const std::string& replacement, const std::smatch& match) {
  std::string out;
  for (std::size_t k = 0; k < replacement.size(); ++k) {
    const char c = replacement[k];
    if (c == '$' && k + 1 < replacement.size() &&
        std::isdigit(static_cast<unsigned char>(replacement[k + 1]))) {
      std::size_t end = k + 1;
      while (end < replacement.size() &&
             std::isdigit(static_cast<unsigned char>(replacement[end]))) {
        ++end;
      }
      const std::size_t group = std::stoul(replacement.substr(k + 1, end - k - 1));
      if (group < match.size()) out += match[group].str();
      k = end - 1;
      continue;
    }
    if (c == '\\' && k + 1 < replacement.size()) {
      const char next = replacement[++k];
      // \0 stays as written (MATLAB gives it no meaning in a replacement).
      if (next == '0') {
        out += "\\0";
        continue;
      }
      out.push_back(next == 'n' ? '\n' : next == 't' ? '\t' : next == 'r' ? '\r' : next);
      continue;
    }
    out.push_back(c);
  }
  return out;
}

// regexprep in matlab code: MATLAB's options ("once", "emptymatch", "ignorecase", "dotall",
// "lineanchors"; "tokenize" and "warnings" accepted and ignored) and replacement text; a
// zero-length match is replaced only with "emptymatch".
Value matlab_regexprep(Call& call) {
  const std::string& text = regex_text(call);
  CompileFlags flags;
  flags.dot_all = true;
  bool once = false;
  bool empty_matches = false;
  for (int k = 3; k < call.count(); ++k) {
    const std::string word = lowercase(call.string(k));
    if (matching_option(word, flags)) continue;
    if (word == "once") {
      once = true;
    } else if (word == "emptymatch" || word == "noemptymatch") {
      empty_matches = word == "emptymatch";
    } else if (word != "tokenize" && word != "warnings") {
      call.fail(fmt::format(messages::unsupported_regexprep_option, call.string(k)));
    }
  }
  const std::regex pattern = compile(call, call.string(1), flags).regex;
  const std::string replacement = call.string(2);
  return Value::string(
      run_regex<std::string>(call, [text, pattern, replacement, once, empty_matches] {
        std::string out;
        std::size_t from = 0;
        for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
             it != std::sregex_iterator(); ++it) {
          if (it->length() == 0 && !empty_matches) continue;
          const auto at = static_cast<std::size_t>(it->position());
          out += text.substr(from, at - from);
          out += replacement_for(replacement, *it);
          from = at + static_cast<std::size_t>(it->length());
          if (once) break;
        }
        return out + text.substr(from);
      }));
}

bool is_texts(const Value& v) { return v.is(Kind::StringArray) || v.is(Kind::Cell); }

// regexprep(str, pat, rep) with cells (MATLAB): each pattern in turn with its replacement (one
// replacement serves every pattern), on each text of a cell str, which gives a cell back.
Value matlab_regexprep_cells(Call& call) {
  const std::vector<std::string> patterns = call.texts(1);
  const std::vector<std::string> replacements = call.texts(2);
  if (replacements.size() != 1 && replacements.size() != patterns.size()) {
    call.fail(messages::bad_replacement_count);
  }
  auto replaced = [&](std::string text) {
    for (std::size_t k = 0; k < patterns.size(); ++k) {
      std::vector<Value> arguments = {
          Value::string(std::move(text)), Value::string(patterns[k]),
          Value::string(replacements[replacements.size() == 1 ? 0 : k])};
      for (int extra = 3; extra < call.count(); ++extra) arguments.push_back(call.value(extra));
      runtime::Call inner(call.interpreter(), call.name(), arguments, 1);
      text = matlab_regexprep(inner).string_value();
    }
    return text;
  };
  if (!is_texts(call.value(0))) return Value::string(replaced(call.string(0)));
  std::vector<std::string> results;
  for (const std::string& text : call.texts(0)) results.push_back(replaced(text));
  if (call.value(0).is(Kind::StringArray)) return Value::string_array(std::move(results));
  runtime::CellArray cells = call.value(0).cell_value();
  for (std::size_t k = 0; k < cells.items.size(); ++k) cells.items[k] = Value::string(results[k]);
  return Value::cell(std::move(cells));
}

Value regexprep(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) {
    const bool cells =
        is_texts(call.value(0)) || is_texts(call.value(1)) || is_texts(call.value(2));
    return cells ? matlab_regexprep_cells(call) : matlab_regexprep(call);
  }
  if (call.has(3)) {
    throw Error(fmt::format(messages::wrong_argument_count, "regexprep", 3, call.count()));
  }
  const std::string& text = regex_text(call);
  const std::regex pattern = compile(call, call.string(1)).regex;
  return Value::string(run_regex<std::string>(call, [text, pattern, replacement = call.string(2)] {
    return std::regex_replace(text, pattern, replacement);
  }));
}

struct Match {
  std::string text;
  std::size_t start;                // 0-based
  std::vector<std::string> groups;  // the capture groups' texts, "" for one that took no part
  // Each group's byte offset, or npos for a group that took no part.
  std::vector<std::size_t> group_starts;
};

// Every match, left to right; an empty match only when `empty_matches` (MATLAB's
// "emptymatch"; by default regexp skips them).
std::vector<Match> matches_of(Call& call, const std::string& text, const std::regex& pattern,
                              bool empty_matches = false) {
  return run_regex<std::vector<Match>>(call, [text, pattern, empty_matches] {
    std::vector<Match> found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
         it != std::sregex_iterator(); ++it) {
      if (it->length() == 0 && !empty_matches) continue;
      Match match{it->str(), static_cast<std::size_t>(it->position()), {}, {}};
      for (std::size_t g = 1; g < it->size(); ++g) {
        match.groups.push_back((*it)[g].str());
        match.group_starts.push_back((*it)[g].matched ? static_cast<std::size_t>(it->position(g))
                                                      : std::string::npos);
      }
      found.push_back(std::move(match));
    }
    return found;
  });
}

enum class Output { Start, End, TokenExtents, Match, Tokens, Names, Split };

// MATLAB's order of regexp's outputs when no option names them.
constexpr Output kDefaultOutputs[] = {Output::Start, Output::End,    Output::TokenExtents,
                                      Output::Match, Output::Tokens, Output::Names,
                                      Output::Split};

std::optional<Output> output_option(const std::string& option) {
  static constexpr runtime::OptionWord<Output> kOutputs[] = {
      {"match", Output::Match}, {"start", Output::Start},   {"end", Output::End},
      {"split", Output::Split}, {"tokens", Output::Tokens}, {"tokenextents", Output::TokenExtents},
      {"names", Output::Names}};
  return runtime::option_word(option, kOutputs);
}

// The 1-based first and last character of each token of `match` (MATLAB's tokenExtents): a
// row per group, [start, start - 1] for a group that took no part; 0×2 when the pattern has no
// groups (Octave's answer).
num::Matrix token_extents(const std::string& text, const Match& match) {
  const auto extent = [&](std::size_t start, std::size_t length) {
    const double first = character_position(text, start);
    const auto characters = character_count(std::string_view(text).substr(start, length));
    return std::pair{first, first + static_cast<double>(characters) - 1.0};
  };
  num::Matrix extents(static_cast<num::Index>(match.groups.size()), 2);
  for (std::size_t g = 0; g < match.groups.size(); ++g) {
    const bool took_part = match.group_starts[g] != std::string::npos;
    const auto [first, last] = took_part ? extent(match.group_starts[g], match.groups[g].size())
                                         : std::pair{character_position(text, match.start),
                                                     character_position(text, match.start) - 1.0};
    extents.set(static_cast<num::Index>(g), 0, first);
    extents.set(static_cast<num::Index>(g), 1, last);
  }
  return extents;
}

// A struct of the named tokens of `match`: a field per named group.
Value named_tokens(const Pattern& pattern, const Match& match) {
  runtime::StructFields fields;
  for (std::size_t g = 0; g < pattern.group_names.size() && g < match.groups.size(); ++g) {
    if (!pattern.group_names[g].empty()) {
      fields.insert_or_assign(pattern.group_names[g], Value::string(match.groups[g]));
    }
  }
  return Value::structure(std::move(fields));
}

// One output of regexp for the matches found; `once` keeps only the first match and gives a
// String or Scalar (an empty string, an empty vector when there is none).
Value regexp_output(Output output, const std::string& text, const Pattern& pattern,
                    const std::vector<Match>& found, bool once) {
  const std::size_t count = once ? std::min<std::size_t>(found.size(), 1) : found.size();
  std::vector<std::string> strings;
  std::vector<double> numbers;
  for (std::size_t k = 0; k < count; ++k) {
    const Match& match = found[k];
    if (output == Output::Match) strings.push_back(match.text);
    if (output == Output::Start) numbers.push_back(character_position(text, match.start));
    if (output == Output::End) {
      numbers.push_back(character_position(text, match.start + match.text.size()) - 1.0);
    }
  }
  if (output == Output::Tokens) {
    // With "once", the first match's groups as a string array (MATLAB's cell of strings);
    // without, a 1×N cell of them, one per match.
    if (once) {
      return Value::string_array(found.empty() ? std::vector<std::string>{} : found.front().groups);
    }
    std::vector<Value> groups;
    for (const Match& match : found) groups.push_back(Value::string_array(match.groups));
    return Value::cell(runtime::CellArray::row(std::move(groups)));
  }
  if (output == Output::TokenExtents) {
    if (once) {
      return Value::matrix(found.empty() ? num::Matrix(0, 2) : token_extents(text, found.front()));
    }
    std::vector<Value> extents;
    for (const Match& match : found) extents.push_back(Value::matrix(token_extents(text, match)));
    return Value::cell(runtime::CellArray::row(std::move(extents)));
  }
  if (output == Output::Names) {
    std::vector<Value> structs;
    for (std::size_t k = 0; k < count; ++k) structs.push_back(named_tokens(pattern, found[k]));
    // No match: an empty struct array (MATLAB's is 0×0 with the names as fields).
    if (structs.empty()) return Value::struct_array({});
    return runtime::make_struct_array(std::move(structs));
  }
  if (output == Output::Split) {
    std::size_t from = 0;
    for (std::size_t k = 0; k < count; ++k) {
      strings.push_back(text.substr(from, found[k].start - from));
      from = found[k].start + found[k].text.size();
    }
    strings.push_back(text.substr(from));
    return Value::string_array(std::move(strings));
  }
  if (output == Output::Match) {
    if (once) return Value::string(strings.empty() ? std::string() : strings[0]);
    return Value::string_array(std::move(strings));
  }
  if (once && !numbers.empty()) return Value::scalar(numbers[0]);
  return Value::vector(num::Matrix::row(numbers));
}

// A cell whose empty string arrays become 1×0 cells (MATLAB's tokens of a match without
// groups).
Value with_empty_rows(Value cell) {
  runtime::CellArray cells = cell.cell_value();
  for (Value& item : cells.items) {
    if (item.is(Kind::StringArray) && item.string_array_value().empty()) {
      runtime::CellArray none;
      none.rows = 1;
      item = Value::cell(std::move(none));
    }
  }
  return Value::cell(std::move(cells));
}

// regexp(s, pattern): with no option, MATLAB's outputs in order (start, end, tokenExtents,
// match, tokens, names, split); options "match", "start", "end", "tokenExtents", "tokens",
// "names", "split" choose outputs in the order given; "once" keeps the first match only;
// "emptymatch" keeps zero-length matches ("noemptymatch", the default, skips them).
Value regexp(Call& call) {
  const std::string& text = regex_text(call);
  std::vector<Output> outputs;
  bool once = false;
  bool empty_matches = false;
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  CompileFlags flags;
  flags.dot_all = matlab;
  for (int k = 2; k < call.count(); ++k) {
    const std::string& option = call.string(k);
    const std::string word = lowercase(option);
    if (matlab && matching_option(word, flags)) continue;  // matlab code's options
    if (word == "once") {
      once = true;
    } else if (word == "emptymatch" || word == "noemptymatch") {
      empty_matches = word == "emptymatch";
    } else if (const std::optional<Output> output = output_option(option)) {
      outputs.push_back(*output);
    } else {
      call.fail(matlab ? fmt::format(messages::unsupported_regexp_option_matlab, option)
                       : fmt::format(messages::unsupported_regexp_option, option));
    }
  }
  const Pattern pattern = compile(call, call.string(1), flags);
  if (outputs.empty()) outputs.assign(std::begin(kDefaultOutputs), std::end(kDefaultOutputs));
  const std::vector<Match> found = matches_of(call, text, pattern.regex, empty_matches);
  const std::size_t wanted = std::max<std::size_t>(static_cast<std::size_t>(call.nargout()), 1);
  if (wanted > outputs.size()) {
    call.fail(fmt::format(messages::too_many_regexp_outputs, wanted, outputs.size()));
  }
  // MATLAB's empty cell answers (no match) are 1×0, cell(1, 0).
  const auto output = [&](Output which) {
    Value value = regexp_output(which, text, pattern, found, once);
    if (matlab && which == Output::Tokens && value.is(Kind::Cell)) {
      value = with_empty_rows(std::move(value));  // a match without groups: cell(1, 0)
    }
    const bool empty_texts = value.is(Kind::StringArray) && value.string_array_value().empty();
    if (matlab && ((value.is(Kind::Cell) && value.cell_value().items.empty()) || empty_texts)) {
      runtime::CellArray none;
      none.rows = 1;
      return Value::cell(std::move(none));
    }
    return value;
  };
  if (wanted == 1) return output(outputs[0]);
  std::vector<Value> values;
  for (std::size_t k = 0; k < wanted; ++k) values.push_back(output(outputs[k]));
  return Value::tuple(std::move(values));
}

// strsplit's delimiters and how they apply (MATLAB's and Octave's options).
struct SplitRule {
  std::vector<std::string> delimiters;
  bool collapse = true;  // a run of delimiters splits once
  bool regular_expression = false;
};

// An option's value given as any prefix of its name, in any case (Octave reads "r" as
// "RegularExpression").
bool names_option(const std::string& word, std::string_view name) {
  return !word.empty() && word.size() <= name.size() &&
         lowercase(word) == lowercase(name.substr(0, word.size()));
}

bool flag_value(Call& call, int index) {
  const Value& value = call.value(index);
  if (!value.is(Kind::Bool) && !value.is(Kind::Scalar)) {
    call.fail(fmt::format(messages::not_true_or_false, index + 1, value.kind_name()));
  }
  return value.bool_value();
}

// strsplit(s), strsplit(s, delimiters), then optionally a logical (collapse) and the options
// "CollapseDelimiters" and "DelimiterType" ("simple" or "regularexpression").
SplitRule split_rule(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  SplitRule rule;
  int next = 1;
  if (call.has(1) && call.value(1).is(Kind::StringArray)) {
    rule.delimiters = call.value(1).string_array_value();
    next = 2;
  } else if (call.has(1) && call.value(1).is(Kind::String)) {
    rule.delimiters.push_back(call.string(1));
    next = 2;
  } else if (matlab) {
    rule.delimiters = {" ", "\f", "\n", "\r", "\t", "\v"};  // MATLAB's default: whitespace
  } else {
    rule.delimiters = {" "};  // rlab's default (builtins.md §9)
  }
  if (call.has(next) && !call.value(next).is(Kind::String))
    rule.collapse = flag_value(call, next++);
  call.name_value_options(
      next, {{"CollapseDelimiters", [&](int k) { rule.collapse = flag_value(call, k); }},
             {"DelimiterType", [&](int k) {
                const std::string& type = call.string(k);
                if (names_option(type, "RegularExpression")) {
                  rule.regular_expression = true;
                } else if (names_option(type, "Simple")) {
                  rule.regular_expression = false;
                } else {
                  call.fail(fmt::format(messages::bad_delimiter_type, type));
                }
              }}});
  if (rule.delimiters.empty())
    call.fail(fmt::format(messages::must_not_be_empty, "argument 2 (delimiter)"));
  for (std::string& delimiter : rule.delimiters) {
    if (delimiter.empty())
      call.fail(fmt::format(messages::must_not_be_empty, "argument 2 (delimiter)"));
    if (matlab && !rule.regular_expression) delimiter = with_matlab_escapes(delimiter);
  }
  return rule;
}

// The delimiters found in `text`, left to right, each where a piece ends: the longest
// delimiter where several start together, a run of them as one when collapsing.
std::vector<Match> simple_delimiters(const std::string& text, const SplitRule& rule) {
  const auto delimiter_at = [&](std::size_t at) {
    std::size_t longest = 0;
    for (const std::string& delimiter : rule.delimiters) {
      if (text.compare(at, delimiter.size(), delimiter) == 0) {
        longest = std::max(longest, delimiter.size());
      }
    }
    return longest;
  };
  std::vector<Match> found;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t length = delimiter_at(at);
    if (length == 0) {
      ++at;
      continue;
    }
    const std::size_t start = at;
    at += length;
    while (rule.collapse && at < text.size() && (length = delimiter_at(at)) > 0) at += length;
    found.push_back({text.substr(start, at - start), start, {}, {}});
  }
  return found;
}

// strsplit: the pieces of s between its delimiters (a leading or trailing delimiter leaves an
// empty piece), and as a second output the delimiters as they were matched.
Value strsplit(Call& call) {
  const SplitRule rule = split_rule(call);
  const std::string& text = rule.regular_expression ? regex_text(call) : call.string(0);
  std::vector<Match> found;
  if (rule.regular_expression) {
    std::string pattern = fmt::format("{}", fmt::join(rule.delimiters, "|"));
    if (rule.collapse) pattern = "(?:" + pattern + ")+";
    found = matches_of(call, text, compile(call, pattern).regex);
  } else {
    found = simple_delimiters(text, rule);
  }
  std::vector<std::string> pieces, delimiters;
  std::size_t from = 0;
  for (const Match& match : found) {
    pieces.push_back(text.substr(from, match.start - from));
    delimiters.push_back(match.text);
    from = match.start + match.text.size();
  }
  pieces.push_back(text.substr(from));
  if (call.nargout() < 2) return Value::string_array(std::move(pieces));
  return Value::tuple(
      {Value::string_array(std::move(pieces)), Value::string_array(std::move(delimiters))});
}

}  // namespace

extern const BuiltinTable kRegexBuiltins = {
    {"strfind", strfind, 2, 6,
     "1-based starts of every occurrence of pattern in s. Example: strfind(\"abcabc\", \"bc\")"},
    {"regexprep", string_in_string_out<regexprep>, 3, -1,
     "Replace every regular-expression match: $1 inserts group 1. Example: regexprep(\"a1b22\", "
     "\"(\\\\d+)\", \"<$1>\")"},
    {"strsplit", string_in_string_out<strsplit>, 1, -1,
     "strsplit(s, delimiter): the pieces of s (default: space; MATLAB code: whitespace); "
     "options CollapseDelimiters (default true) and DelimiterType (\"simple\" or "
     "\"regularexpression\"); [pieces, delimiters] = strsplit(...). Example: "
     "strsplit(\"a,b,c\", \",\")"},
    {"regexp", regexp, 2, -1,
     "Regular-expression matches: [s, e, te, match, tokens, names, split] = regexp(s, pat); "
     "options \"match\", \"start\", \"end\", \"tokenExtents\", \"tokens\", \"names\" "
     "((?<name>...) groups), \"split\", \"once\", \"emptymatch\". Example: "
     "regexp(\"a1b22\", \"\\\\d+\", \"match\")"},
};

}  // namespace llmlab::builtins
