// MATLAB's file streams (fopen, fclose, fgetl, fgets, fputs, fseek, ftell, frewind, feof),
// tempname, tempdir and unlink. Text goes through C stdio: MATLAB's and Octave's streams are
// byte streams with these exact seek and end-of-file rules.
#include "builtins/io/file_streams.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

#include "base/messages/io.hpp"
#include "base/text_case.hpp"
#include "builtins/paths.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

OpenFiles::~OpenFiles() { close_all(); }

int OpenFiles::open(const std::string& path, const std::string& mode, std::string& reason) {
  std::FILE* stream = std::fopen(path.c_str(), mode.c_str());
  if (stream == nullptr) {
    reason = std::strerror(errno);
    return -1;
  }
  const int id = next_++;
  files_.emplace(id, File{path, mode, stream});
  return id;
}

OpenFiles::File* OpenFiles::find(int id) {
  const auto it = files_.find(id);
  return it == files_.end() ? nullptr : &it->second;
}

bool OpenFiles::close(int id) {
  const auto it = files_.find(id);
  if (it == files_.end()) return false;
  std::fclose(it->second.stream);
  files_.erase(it);
  return true;
}

void OpenFiles::close_all() {
  for (auto& [id, file] : files_) std::fclose(file.stream);
  files_.clear();
}

namespace {

OpenFiles& open_files(const Call& call) { return call.session().extension<OpenFiles>(); }

// The id at argument `index`: a whole number.
int file_id(const Call& call, int index) {
  const double id = call.scalar(index);
  if (id != static_cast<double>(static_cast<int>(id))) {
    call.fail(fmt::format(messages::invalid_file_id, num::format_shortest(id)));
  }
  return static_cast<int>(id);
}

// The open file behind argument `index` (ids 0-2 are not files a script opened).
OpenFiles::File& open_file(const Call& call, int index) {
  const int id = file_id(call, index);
  OpenFiles::File* file = open_files(call).find(id);
  if (file == nullptr) call.fail(fmt::format(messages::invalid_stream_number, id));
  return *file;
}

// MATLAB's modes: r, w, a, each with + and with b or t (which C stdio on POSIX ignores). The
// mode as Octave reports it: binary, "w+b".
std::string checked_mode(const Call& call, const std::string& given) {
  std::string mode = given;
  std::erase_if(mode, [](char c) { return c == 't' || c == 'b'; });
  static constexpr std::string_view kModes[] = {"r", "w", "a", "r+", "w+", "a+"};
  for (const std::string_view known : kModes) {
    if (mode == known) return mode + "b";
  }
  call.fail(fmt::format(messages::invalid_file_mode, given));
}

// [fid, msg] = fopen(name[, mode]); [name, mode, arch, encoding] = fopen(fid).
Value fopen_builtin(Call& call) {
  if (call.value(0).is_numeric()) {
    const int id = file_id(call, 0);
    std::string name, mode;
    if (id >= 0 && id <= 2) {
      name = id == 0 ? "stdin" : id == 1 ? "stdout" : "stderr";
      mode = id == 0 ? "r" : "w";
    } else if (const OpenFiles::File* file = open_files(call).find(id)) {
      name = file->name;
      mode = file->mode;
    } else {
      return call.nargout() < 2 ? Value::string("")
                                : Value::tuple({Value::string(""), Value::string(""),
                                                Value::string(""), Value::string("")});
    }
    if (call.nargout() < 2) return Value::string(name);
    return Value::tuple({Value::string(name), Value::string(mode), Value::string("native"),
                         Value::string("utf-8")});
  }
  const std::string mode = checked_mode(call, call.has(1) ? call.string(1) : std::string("r"));
  const std::string path = session_path(call.session(), call.string(0)).string();
  std::string reason;
  const int id = open_files(call).open(path, mode, reason);
  if (call.nargout() < 2) return Value::scalar(id);
  return Value::tuple({Value::scalar(id), Value::string(reason)});
}

// fclose(fid) or fclose("all"): 0, or an error for an id no fopen gave.
Value fclose_builtin(Call& call) {
  if (call.value(0).is(Kind::String)) {
    if (!runtime::is_word(call.value(0), "all")) call.fail(messages::expected_file_id_or_all);
    open_files(call).close_all();
    return Value::scalar(0.0);
  }
  const int id = file_id(call, 0);
  if (id >= 0 && id <= 2) return Value::scalar(0.0);  // the standard streams stay open
  if (!open_files(call).close(id)) call.fail(fmt::format(messages::invalid_stream_number, id));
  return Value::scalar(0.0);
}

// The next line of the file, with its newline (fgets) or without (fgetl); -1 at the end.
Value read_line(Call& call, bool keep_newline) {
  std::FILE* stream = open_file(call, 0).stream;
  std::string line;
  int c = 0;
  while ((c = std::fgetc(stream)) != EOF) {
    line += static_cast<char>(c);
    if (c == '\n') break;
  }
  if (line.empty() && c == EOF) return Value::scalar(-1.0);
  if (!keep_newline && !line.empty() && line.back() == '\n') line.pop_back();
  return Value::string(std::move(line));
}

Value fgetl_builtin(Call& call) { return read_line(call, false); }
Value fgets_builtin(Call& call) { return read_line(call, true); }

Value fputs_builtin(Call& call) {
  write_to_file_id(call, 0, call.string(1));
  return Value::scalar(0.0);
}

// fseek(fid, offset, origin): origin "bof"/-1, "cof"/0 or "eof"/1; 0, or -1 when it cannot.
Value fseek_builtin(Call& call) {
  std::FILE* stream = open_file(call, 0).stream;
  const auto offset = static_cast<long>(call.has(1) ? call.scalar(1) : 0.0);
  int origin = SEEK_SET;
  if (call.has(2)) {
    const Value& given = call.value(2);
    const std::string name =
        given.is(Kind::String) ? lowercase(given.string_value()) : std::string();
    const double number = given.is(Kind::String) ? 2.0 : call.scalar(2);
    if (name == "cof" || number == 0.0) origin = SEEK_CUR;
    if (name == "eof" || number == 1.0) origin = SEEK_END;
    if (!given.is(Kind::String) && number != -1.0 && number != 0.0 && number != 1.0) {
      call.fail(messages::invalid_seek_origin);
    }
    if (given.is(Kind::String) && name != "bof" && name != "cof" && name != "eof") {
      call.fail(messages::invalid_seek_origin);
    }
  }
  return Value::scalar(std::fseek(stream, offset, origin) == 0 ? 0.0 : -1.0);
}

Value ftell_builtin(Call& call) {
  return Value::scalar(static_cast<double>(std::ftell(open_file(call, 0).stream)));
}

Value frewind_builtin(Call& call) {
  std::rewind(open_file(call, 0).stream);
  return Value::none();
}

// feof(fid): true once a read has met the end (as C's feof, MATLAB's and Octave's rule).
Value feof_builtin(Call& call) { return Value::boolean(std::feof(open_file(call, 0).stream) != 0); }

std::string temporary_directory() {
  const char* from_environment = std::getenv("TMPDIR");
  return from_environment != nullptr && *from_environment != '\0' ? from_environment : "/tmp";
}

Value tempdir_builtin(Call&) { return Value::string(temporary_directory()); }

// tempname([dir[, prefix]]): a path in dir (tempdir) that names no file yet; nothing is created.
Value tempname_builtin(Call& call) {
  const std::filesystem::path folder =
      call.has(0) && !call.string(0).empty() ? call.string(0) : temporary_directory();
  const std::string prefix = call.has(1) ? call.string(1) : std::string("llmlab-");
  static constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device source;
  std::uniform_int_distribution<std::size_t> pick(0, kLetters.size() - 1);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = prefix;
    for (int k = 0; k < 8; ++k) name += kLetters[pick(source)];
    const std::filesystem::path candidate = folder / name;
    std::error_code ignored;
    if (!std::filesystem::exists(candidate, ignored)) return Value::string(candidate.string());
  }
  call.fail(messages::no_unused_file_name);
}

// [err, msg] = unlink(name): 0 and "", or -1 and the system's reason.
Value unlink_builtin(Call& call) {
  const std::string path = session_path(call.session(), call.string(0)).string();
  const bool removed = ::unlink(path.c_str()) == 0;
  const std::string reason = removed ? std::string() : std::strerror(errno);
  if (call.nargout() < 2) return Value::scalar(removed ? 0.0 : -1.0);
  return Value::tuple({Value::scalar(removed ? 0.0 : -1.0), Value::string(reason)});
}

}  // namespace

void write_to_file_id(const Call& call, int index, std::string_view text) {
  const int id = file_id(call, index);
  if (id == 1) return call.session().write(text);
  if (id == 2) return call.session().write_error(text);
  OpenFiles::File* file = open_files(call).find(id);
  if (file == nullptr) call.fail(fmt::format(messages::invalid_stream_number, id));
  if (std::fwrite(text.data(), 1, text.size(), file->stream) != text.size()) {
    call.fail(fmt::format(messages::cannot_write_to_stream, file->name, std::strerror(errno)));
  }
}

extern const BuiltinTable kFileStreamBuiltins = {
    // name     function        min max  help
    {"fopen", fopen_builtin, 1, 3,
     "[fid, msg] = fopen(name, mode): open a file (modes r, w, a, r+, w+, a+); fid -1 and the "
     "reason when it cannot. fopen(fid) gives its name and mode. Example: f = tempname(); fid = "
     "fopen(f, \"w\"); fclose(fid); unlink(f)"},
    {"fclose", fclose_builtin, 1, 1,
     "fclose(fid) or fclose(\"all\"). Example: f = tempname(); fid = fopen(f, \"w\"); fclose(fid); "
     "unlink(f)"},
    {"fgetl", fgetl_builtin, 1, 1,
     "The next line of an open file without its newline; -1 at the end. Example: f = tempname(); "
     "fid = fopen(f, \"w+\"); fputs(fid, \"a\\nb\\n\"); frewind(fid); line = fgetl(fid); "
     "fclose(fid); unlink(f)"},
    {"fgets", fgets_builtin, 1, 2,
     "The next line of an open file with its newline; -1 at the end. Example: f = tempname(); fid "
     "= fopen(f, \"w+\"); fputs(fid, \"a\\nb\\n\"); frewind(fid); line = fgets(fid); fclose(fid); "
     "unlink(f)"},
    {"fputs", fputs_builtin, 2, 2, "Write text to a file id. Example: fputs(stdout, \"hi\\n\")"},
    {"fseek", fseek_builtin, 1, 3,
     "fseek(fid, offset, origin): origin \"bof\", \"cof\" or \"eof\"; 0, or -1. Example: "
     "f = tempname(); fid = fopen(f, \"w+\"); fputs(fid, \"a\\nb\\n\"); fseek(fid, 0, \"bof\"); "
     "fclose(fid); unlink(f)"},
    {"ftell", ftell_builtin, 1, 1,
     "The position in an open file, in bytes. Example: f = tempname(); fid = fopen(f, \"w+\"); "
     "fputs(fid, \"a\\nb\\n\"); frewind(fid); fgetl(fid); p = ftell(fid); fclose(fid); unlink(f)"},
    {"frewind", frewind_builtin, 1, 1,
     "Back to the start of an open file. Example: f = tempname(); fid = fopen(f, \"w+\"); "
     "fputs(fid, \"a\\nb\\n\"); frewind(fid); fgetl(fid); frewind(fid); fclose(fid); unlink(f)"},
    {"feof", feof_builtin, 1, 1,
     "True once a read has met the end of the file. Example: f = tempname(); fid = fopen(f, "
     "\"w+\"); fputs(fid, \"a\\nb\\n\"); frewind(fid); fgetl(fid); fgetl(fid); fgetl(fid); e = "
     "feof(fid); fclose(fid); unlink(f)"},
    {"tempdir", tempdir_builtin, 0, 0,
     "The folder for temporary files ($TMPDIR or /tmp). Example: tempdir()"},
    {"tempname", tempname_builtin, 0, 2,
     "A path in tempdir that names no file yet (nothing is created). Example: f = tempname()"},
    {"unlink", unlink_builtin, 1, 1,
     "[err, msg] = unlink(name): delete a file. Example: unlink(tempname())"},
};

}  // namespace llmlab::builtins
