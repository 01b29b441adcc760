// runtime::Session: the state one run shares between the interpreter and the builtins: where
// output goes, the `format` display mode, and a type-keyed store where builtin domains keep
// their state (RNG streams, figures, timers) — never in globals.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <typeindex>
#include <unordered_map>

namespace llmlab::runtime {

// The display mode set by the `format` statement (language.md §2.14, §8.5).
enum class FormatMode { Short, Long, Hex, Commas };

std::string_view format_mode_name(FormatMode mode);  // "short", "long", "hex", "commas"

class Value;

class Session {
 public:
  using OutputSink = std::function<void(std::string_view)>;
  // Receives the value of an unsuppressed expression statement instead of its echo text, for
  // front ends that show results apart from printed output. The value's display text is
  // `text`, what the echo would have written without its newline.
  using ResultSink = std::function<void(const Value& value, std::string_view text)>;

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

  FormatMode format_mode() const { return format_mode_; }
  void set_format_mode(FormatMode mode) { format_mode_ = mode; }

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
  FormatMode format_mode_ = FormatMode::Short;
  std::string base_directory_;
  std::unordered_map<std::type_index, std::shared_ptr<void>> extensions_;
};

}  // namespace llmlab::runtime
