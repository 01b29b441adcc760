// The files a script opens with fopen (MATLAB's file ids, language.md §14): ids from 3 up, each
// a C stream the session owns, closed by fclose or when the session ends. Ids 0, 1 and 2 are
// standard input, output and error, which the session's front end provides.
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/call.hpp"

namespace llmlab::builtins {

class OpenFiles {
 public:
  struct File {
    std::string name;
    std::string mode;
    std::FILE* stream = nullptr;
  };
  OpenFiles() = default;
  OpenFiles(const OpenFiles&) = delete;
  OpenFiles& operator=(const OpenFiles&) = delete;
  ~OpenFiles();

  // The new file's id, or -1 with the system's reason in `reason`.
  int open(const std::string& path, const std::string& mode, std::string& reason);
  File* find(int id);
  bool close(int id);
  void close_all();

 private:
  std::map<int, File> files_;
  int next_ = 3;
};

// fprintf's, fputs' and fdisp's output to file id argument `index`: the session's output for 1,
// its error output for 2, an open file's stream for an id fopen gave; an error otherwise.
void write_to_file_id(const runtime::Call& call, int index, std::string_view text);

}  // namespace llmlab::builtins
