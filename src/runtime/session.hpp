// runtime::Session: the state one run shares between the interpreter and the builtins: where
// output goes, the `format` display mode, and a type-keyed store where builtin domains keep
// their state (RNG streams, figures, timers) — never in globals.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <typeindex>
#include <unordered_map>

#include "lang/dialect.hpp"

namespace llmlab::runtime {

// The display mode set by the `format` statement (language.md §2.14, §8.5). Short is rlab's
// default; Long, Hex and Commas are rlab's other modes; the last four are MATLAB's
// (`format short g`, ..., §13.12): numbers per element in C's %g / %e with 5 or 15 significant
// digits, every column shown, wrapped in "Columns a through b" blocks.
enum class FormatMode { Short, Long, Hex, Commas, ShortG, LongG, ShortE, LongE };

// "short", "long", "hex", "commas", "short g", "long g", "short e", "long e".
std::string_view format_mode_name(FormatMode mode);
// Whether the mode is one of MATLAB's column layouts (§13.12).
bool is_matlab_format(FormatMode mode);

class Value;

// A diagnostic: MATLAB's identifier ("" when it has none) and the text after "warning: ".
struct Warning {
  std::string identifier;
  std::string text;
};

class Session {
 public:
  using OutputSink = std::function<void(std::string_view)>;
  // Receives the value of an unsuppressed expression statement instead of its echo text, for
  // front ends that show results apart from printed output. The value's display text is
  // `text`, what the echo would have written without its newline.
  using ResultSink = std::function<void(const Value& value, std::string_view text)>;

  // Reads one line the user types for `input` (builtins.md §9): shows `prompt`, returns the
  // line without its newline, or nullopt when input has ended. The app installs one (standard
  // input for `run` and the REPL, the Jupyter stdin channel in the kernel); a source that
  // cannot ask at all throws an Error saying why.
  using InputSource = std::function<std::optional<std::string>(std::string_view prompt)>;

  Session();  // output goes to stdout
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Standard output of the script. Notebooks redirect it to capture a block's output.
  void write(std::string_view text) const { output_(text); }
  void set_output(OutputSink sink) { output_ = std::move(sink); }
  // The current sink, so a caller can redirect output for a moment and put it back.
  const OutputSink& output() const { return output_; }
  // An expression statement's value: to the result sink when one is set, else echoed.
  void write_result(const Value& value, std::string_view text) const {
    if (result_) {
      result_(value, text);
    } else {
      output_(std::string(text) + "\n");
    }
  }
  void set_result_output(ResultSink sink) { result_ = std::move(sink); }
  // Diagnostics (warnings) go to standard error unless redirected.
  void write_error(std::string_view text) const { error_output_(text); }
  void set_error_output(OutputSink sink) { error_output_ = std::move(sink); }
  // `warning: text` on the error sink, unless warning("off") or warning("off", identifier)
  // silenced it; nothing for an empty text.
  void warn(const Warning& warning) const;
  // MATLAB's warning("off"|"on"[, "all"|identifier]) (§13.12): "all" (or "") switches every
  // warning and forgets the per-identifier settings.
  void set_warning_enabled(std::string_view identifier, bool enabled);
  bool warning_enabled(std::string_view identifier) const;
  // MATLAB's lastwarn and lasterr: the text of the last warning shown and of the last error a
  // try statement caught.
  const std::string& last_warning() const { return last_warning_; }
  void set_last_warning(std::string text) const { last_warning_ = std::move(text); }
  const std::string& last_error() const { return last_error_; }
  void set_last_error(std::string text) { last_error_ = std::move(text); }

  // No source by default: `input` then fails with "no input available" (a notebook render).
  const InputSource& input() const { return input_; }
  void set_input(InputSource source) { input_ = std::move(source); }

  // The dialect of the code running now (language.md §14): the session's (rlab unless a `.m`
  // file or `--dialect matlab` chose matlab) at top level, a function's own inside it
  // (DialectScope).
  lang::Dialect dialect() const { return dialect_; }
  void set_dialect(lang::Dialect dialect) { dialect_ = dialect; }

  FormatMode format_mode() const { return format_mode_; }
  void set_format_mode(FormatMode mode) { format_mode_ = mode; }
  // The line width MATLAB's column layouts wrap at: the terminal's width when standard output
  // is a terminal (the app sets it), 80 otherwise.
  int display_width() const { return display_width_; }
  void set_display_width(int width) { display_width_ = width; }
  // How many rows and columns (vector elements) the default mode's echo and disp show
  // (`format("rows", n)`, `format("cols", n)`; 8 each, §8.2). print always shows 8.
  std::int64_t shown_rows() const { return shown_rows_; }
  std::int64_t shown_columns() const { return shown_columns_; }
  void set_shown_limits(std::int64_t rows, std::int64_t columns) {
    shown_rows_ = rows;
    shown_columns_ = columns;
  }

  // The directory relative paths in `run`/`import`/builtin file arguments resolve against when
  // the script gives no better one (a notebook's directory; the working directory otherwise).
  const std::string& base_directory() const { return base_directory_; }
  void set_base_directory(std::string directory) { base_directory_ = std::move(directory); }

  // The state of one builtin domain, default-constructed on first use.
  template <class T>
  T& extension() {
    auto& slot = extensions_[std::type_index(typeid(T))];
    if (!slot) slot = std::make_shared<T>();
    return *static_cast<T*>(slot.get());
  }

 private:
  OutputSink output_;
  OutputSink error_output_;
  ResultSink result_;
  InputSource input_;
  lang::Dialect dialect_ = lang::Dialect::Rlab;
  FormatMode format_mode_ = FormatMode::Short;
  int display_width_ = 80;
  std::int64_t shown_rows_ = 8;
  std::int64_t shown_columns_ = 8;
  std::string base_directory_;
  // Every warning off (warning off), and the identifiers set apart from that default.
  bool warnings_off_ = false;
  // warn() is const (a diagnostic does not change the session's state for the program) but
  // lastwarn reads what it said last.
  mutable std::string last_warning_;
  std::string last_error_;
  std::set<std::string, std::less<>> warning_exceptions_;
  std::unordered_map<std::type_index, std::shared_ptr<void>> extensions_;
};

// Runs a function or a file in the dialect it was read in and gives the caller's back on the
// way out, errors included: the dialect belongs to the code, not the session (language.md §14).
class DialectScope {
 public:
  DialectScope(Session& session, lang::Dialect dialect)
      : session_(session), callers_(session.dialect()) {
    session.set_dialect(dialect);
  }
  ~DialectScope() { session_.set_dialect(callers_); }
  DialectScope(const DialectScope&) = delete;
  DialectScope& operator=(const DialectScope&) = delete;

 private:
  Session& session_;
  lang::Dialect callers_;
};

}  // namespace llmlab::runtime
