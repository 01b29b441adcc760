#include "base/shared_library.hpp"

#include <dlfcn.h>

namespace llmlab {

std::optional<SharedLibrary> SharedLibrary::open(const std::string& file, std::string& why) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* message = dlerror();
    why = message != nullptr ? message : "dlopen failed";
    return std::nullopt;
  }
  return SharedLibrary(handle);
}

void* SharedLibrary::symbol(const char* name) const { return dlsym(handle_, name); }

void SharedLibrary::close() {
  if (handle_ != nullptr) dlclose(handle_);
  handle_ = nullptr;
}

}  // namespace llmlab
