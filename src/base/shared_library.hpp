// A shared object opened at run time (dlopen): the plot backend module and OpenBLAS are loaded
// on first use, so that a script which needs neither starts without them (issue #18).
#pragma once

#include <cstring>
#include <optional>
#include <string>

namespace llmlab {

class SharedLibrary {
 public:
  // Opens `file` (a path, or a soname the loader searches for) with every symbol bound now, so
  // that a missing dependency is reported here rather than as a crash at the first call. On
  // failure: nullopt, and `why` holds the loader's reason.
  static std::optional<SharedLibrary> open(const std::string& file, std::string& why);

  // The function `name` as a pointer of type F, or nullptr if the library has no such symbol.
  template <class F>
  F function(const char* name) const {
    void* address = symbol(name);
    F result = nullptr;
    static_assert(sizeof result == sizeof address);
    // dlsym returns an object pointer; POSIX guarantees it converts to a function pointer.
    std::memcpy(&result, &address, sizeof result);
    return result;
  }

  // Unloads the library: for one that turned out unusable. A library in use stays loaded for the
  // life of the process, since pointers into it are held.
  void close();

 private:
  explicit SharedLibrary(void* handle) : handle_(handle) {}
  void* symbol(const char* name) const;

  void* handle_;
};

}  // namespace llmlab
