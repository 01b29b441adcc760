// MATLAB's folder and name commands (issue #30): pwd, cd, ls, dir and which. Relative names go
// through builtins/paths.hpp, so `cd` moves what `load`, `save` and `fileread` read next.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/environment.hpp"
#include "base/messages/system.hpp"
#include "builtins/paths.hpp"
#include "builtins/registry.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

namespace fs = std::filesystem;
using runtime::Call;
using runtime::Value;

// pwd: the directory relative names resolve against; printed when nothing takes the result.
Value pwd(Call& call) {
  const std::string directory = working_directory(call.session()).string();
  if (call.nargout() > 0) return Value::string(directory);
  call.session().write(directory + "\n");
  return Value();
}

// cd DIR moves the working directory (and the session's base directory where it has one, so a
// notebook or kernel follows); `cd` alone prints it, as in Octave on a system without $HOME.
Value cd(Call& call) {
  if (!call.has(0)) return pwd(call);
  runtime::Session& session = call.session();
  const fs::path target = session_path(session, call.string(0));
  std::error_code error;
  if (!fs::is_directory(target, error)) {
    call.fail(fmt::format(messages::no_such_directory, full_path(target)));
  }
  fs::current_path(target, error);
  if (error) call.fail(fmt::format(messages::spoken_by, full_path(target), error.message()));
  if (!session.base_directory().empty()) session.set_base_directory(full_path(target));
  if (call.nargout() > 0) return Value::string(full_path(target));
  return Value();
}

struct Entry {
  std::string name;
  bool folder = false;
  std::uintmax_t bytes = 0;
};

// The entries of the folder named by argument 0 (default: the working directory), sorted by
// name; a file name lists itself, as MATLAB's dir does.
std::vector<Entry> entries(Call& call, fs::path& folder) {
  const runtime::Session& session = call.session();
  folder = call.has(0) ? session_path(session, call.string(0)) : working_directory(session);
  std::error_code error;
  std::vector<Entry> found;
  if (fs::is_regular_file(folder, error)) {
    found.push_back({folder.filename().string(), false, fs::file_size(folder, error)});
    folder = folder.parent_path();
    return found;
  }
  if (!fs::is_directory(folder, error)) {
    call.fail(fmt::format(messages::no_such_file_or_directory, full_path(folder)));
  }
  for (fs::directory_iterator it(folder, error), last; !error && it != last; it.increment(error)) {
    Entry entry{it->path().filename().string(), it->is_directory(error), 0};
    if (!entry.folder) entry.bytes = it->file_size(error);
    found.push_back(std::move(entry));
  }
  if (error) call.fail(fmt::format(messages::spoken_by, full_path(folder), error.message()));
  std::sort(found.begin(), found.end(),
            [](const Entry& a, const Entry& b) { return a.name < b.name; });
  return found;
}

// Names in columns as wide as the longest, as many as the display width takes (MATLAB's ls);
// folders end in `/` so they stand out without colour.
std::string columns(const std::vector<std::string>& names, int width) {
  std::size_t widest = 0;
  for (const std::string& name : names) widest = std::max(widest, name.size());
  const std::size_t column = widest + 2;
  const std::size_t per_line =
      std::max<std::size_t>(1, static_cast<std::size_t>(std::max(width, 1)) / column);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const bool last_in_line = (i + 1) % per_line == 0 || i + 1 == names.size();
    text += last_in_line ? names[i] + "\n" : fmt::format("{:<{}}", names[i], column);
  }
  return text;
}

// ls [DIR]: the names, printed; with an output, a string array of them (no `/` marks).
Value ls(Call& call) {
  fs::path folder;
  const std::vector<Entry> found = entries(call, folder);
  std::vector<std::string> names;
  for (const Entry& entry : found) names.push_back(entry.name + (entry.folder ? "/" : ""));
  if (call.nargout() > 0) {
    for (std::string& name : names) {
      if (name.ends_with('/')) name.pop_back();
    }
    return Value::string_array(std::move(names));
  }
  call.session().write(columns(names, call.session().display_width()));
  return Value();
}

// dir [DIR]: printed as ls; with an output, MATLAB's struct array (name, folder, isdir, bytes).
Value dir(Call& call) {
  if (call.nargout() == 0) return ls(call);
  fs::path folder;
  std::vector<Value> elements;
  for (const Entry& entry : entries(call, folder)) {
    Value element = Value::structure();
    element.set_field("name", Value::string(entry.name));
    element.set_field("folder", Value::string(full_path(folder)));
    element.set_field("isdir", Value::boolean(entry.folder));
    element.set_field("bytes", Value::scalar(static_cast<double>(entry.bytes)));
    elements.push_back(std::move(element));
  }
  if (elements.empty()) return Value::struct_array({});
  return runtime::make_struct_array(std::move(elements));
}

// which NAME: what the name means here, in the order a call looks (variable, user function,
// builtin), else a file of that name. With an output, the same as text ("" when nothing).
Value which(Call& call) {
  const std::string& name = call.string(0);
  const runtime::Interpreter& interpreter = call.interpreter();
  std::string meaning;
  std::string line;
  std::error_code ignored;
  const fs::path file = session_path(call.session(), name);
  if (interpreter.has_variable(name)) {
    meaning = "variable";
    line = fmt::format("'{}' is a variable", name);
  } else if (interpreter.has_user_function(name)) {
    meaning = "user function";
    line = fmt::format("'{}' is a user function", name);
  } else if (interpreter.find_builtin(name) != nullptr) {
    meaning = "built-in";
    line = fmt::format("'{}' is a built-in function", name);
  } else if (fs::exists(file, ignored)) {
    meaning = full_path(file);
    line = meaning;
  } else {
    line = fmt::format("'{}' not found", name);
  }
  if (call.nargout() > 0) return Value::string(meaning);
  call.session().write(line + "\n");
  return Value();
}

}  // namespace

extern const BuiltinTable kDirectoryBuiltins = {
    {"pwd", pwd, 0, 0,
     "The working directory, where relative file names resolve. Example: here = pwd()"},
    {"cd", cd, 0, 1,
     "cd DIR or cd(\"DIR\"): change the working directory (cd alone prints it; cd .. is the "
     "parent, cd ~ the home folder). Example: cd(\".\")"},
    {"ls", ls, 0, 1,
     "ls [DIR]: the names in a folder (folders end in /); with an output, a string array. "
     "Example: ls"},
    {"dir", dir, 0, 1,
     "dir [DIR]: as ls; with an output, a struct array with name, folder, isdir and bytes. "
     "Example: d = dir(\".\")"},
    {"which", which, 1, 1,
     "which NAME: a variable, a user function, a built-in function or a file's full path. "
     "Example: which sum"},
};

}  // namespace llmlab::builtins
